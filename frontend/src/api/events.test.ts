import { describe, expect, it } from "vitest";
import { captchaBlock, clearCaptchaBlock } from "./captchaBlock";
import { DEFAULT_TOAST, emitApiEvent, onApiEvent } from "./events";
import "./request";

describe("api event bus", () => {
  it("delivers a payload to each subscriber until it unsubscribes", () => {
    const seen: string[] = [];
    const stop = onApiEvent("banned", (p) => seen.push(`a:${p.trace}`));
    onApiEvent("banned", (p) => seen.push(`b:${p.trace}`))();
    emitApiEvent("banned", { trace: "t1", status: 403 });
    stop();
    emitApiEvent("banned", { trace: "t2", status: 403 });
    expect(seen).toEqual(["a:t1"]);
  });

  it("keeps events apart by name", () => {
    const seen: string[] = [];
    const stop = onApiEvent("no-internet", () => seen.push("offline"));
    emitApiEvent("device-insecure", {});
    stop();
    expect(seen).toEqual([]);
  });

  it("the default toast is the spec's message for 2500 ms", () => {
    expect(DEFAULT_TOAST).toEqual({ message: "something went wrong, please retry", durationMs: 2500 });
  });

  it("the request layer receives the captcha-block event and marks it", () => {
    clearCaptchaBlock();
    expect(captchaBlock()).toBeNull();
    emitApiEvent("captcha-block", { trace: "t9" });
    expect(captchaBlock()).toEqual({ trace: "t9" });
    clearCaptchaBlock();
  });
});
