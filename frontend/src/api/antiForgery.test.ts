// @vitest-environment node
import { describe, expect, it } from "vitest";
import { windowSession } from "./antiForgery";
import { request } from "./request";
import { configureApi } from "./settings";
import { useMockServer } from "./testing/harness";
import { json, text, TOKEN, WINDOW_ID, type Seen } from "./testing/mockServer";

const h = useMockServer();

const write = (extra = {}) => request({ url: "/sign-out", xsrf: true, ...extra });
const tokenSteps = (): Seen[] => h.server.to("/home/rpc").filter((s) => s.query.get("action") === "get-csrf-token");
const csrfRefusal = json(400, { error: true, code: "csrf", message: "bad token" });

describe("anti-forgery steps", () => {
  it("step 1 fetches a window id from /sid.php with a and buster", async () => {
    h.server.on("/sign-out", json(200, { ok: true }));
    await write();
    const [sid] = h.server.to("/sid.php");
    expect(sid?.method).toBe("GET");
    expect(sid?.query.get("a")).toBeTruthy();
    expect(Number(sid?.query.get("buster"))).toBeGreaterThan(0);
  });

  it("step 2 fetches the token with the window id header and a text content type", async () => {
    h.server.on("/sign-out", json(200, { ok: true }));
    await write();
    const [step] = tokenSteps();
    expect(step?.method).toBe("GET");
    expect(step?.headers["x-xsrf-whid"]).toBe(WINDOW_ID);
    expect(step?.headers["content-type"]).toBe("text/plain");
    expect(Number(step?.query.get("buster"))).toBeGreaterThan(0);
  });

  it("the request carries the token and the window id, and no retry header the first time", async () => {
    h.server.on("/sign-out", json(200, { ok: true }));
    await write();
    const [sent] = h.server.to("/sign-out");
    expect(sent?.headers["x-xsrf-token"]).toBe(TOKEN);
    expect(sent?.headers["x-xsrf-whid"]).toBe(WINDOW_ID);
    expect(sent?.headers["x-xsrf-retry"]).toBeUndefined();
  });

  it("keeps the window id for the page's life, with its site colour", async () => {
    h.server.on("/sid.php", json(200, { __whid: WINDOW_ID, site_color: "teal" }));
    h.server.on("/sign-out", json(200, { ok: true }));
    await write();
    await write();
    expect(h.server.to("/sid.php")).toHaveLength(1);
    expect(windowSession()).toEqual({ windowId: WINDOW_ID, siteColor: "teal" });
  });

  it("reads the token from the XSRF-TOKEN cookie instead of step 2", async () => {
    configureApi({ readCookie: (name) => (name === "XSRF-TOKEN" ? "cookie-token" : undefined) });
    h.server.on("/sign-out", json(200, { ok: true }));
    await write();
    expect(tokenSteps()).toHaveLength(0);
    expect(h.server.to("/sign-out")[0]?.headers["x-xsrf-token"]).toBe("cookie-token");
  });

  it("sends X-XSRF-RETRY: 1 on a retry", async () => {
    h.server.queue("/sign-out", json(500, { error: true, code: "internal", message: "x" }), json(200, { ok: true }));
    await write();
    const [first, second] = h.server.to("/sign-out");
    expect(first?.headers["x-xsrf-retry"]).toBeUndefined();
    expect(second?.headers["x-xsrf-retry"]).toBe("1");
  });

  it("after a 400 csrf, refetches the token (skipping the cookie) and retries once", async () => {
    configureApi({ readCookie: () => "stale-token" });
    h.server.queue("/sign-out", csrfRefusal, json(200, { ok: true }));
    await expect(write()).resolves.toEqual({ ok: true });
    const [first, second] = h.server.to("/sign-out");
    expect(first?.headers["x-xsrf-token"]).toBe("stale-token");
    expect(tokenSteps()).toHaveLength(1);
    expect(second?.headers["x-xsrf-token"]).toBe(TOKEN);
    expect(second?.headers["x-xsrf-retry"]).toBe("1");
  });

  it("a second 400 csrf is rejected as it is, after one retry only", async () => {
    h.server.on("/sign-out", csrfRefusal);
    await expect(write()).rejects.toMatchObject({ status: 400, type: "failed request", data: { code: "csrf" } });
    expect(h.server.to("/sign-out")).toHaveLength(2);
  });

  it("a 400 csrf on a request without anti-forgery is not retried", async () => {
    h.server.on("/sign-out", csrfRefusal);
    await expect(request({ url: "/sign-out" })).rejects.toMatchObject({ status: 400 });
    expect(h.server.to("/sign-out")).toHaveLength(1);
  });
});

describe("anti-forgery step failures", () => {
  it("a failing window-id step is retried once, then rejected as whiderror with status -1", async () => {
    h.server.on("/sid.php", json(400, { error: true, code: "bad_request", message: "x" }));
    await expect(write()).rejects.toMatchObject({ status: -1, type: "whiderror" });
    expect(h.server.to("/sid.php")).toHaveLength(2);
    expect(h.server.to("/sign-out")).toHaveLength(0);
  });

  it("a window-id answer without __whid is a window-id failure", async () => {
    h.server.on("/sid.php", json(200, { something: "else" }));
    await expect(write()).rejects.toMatchObject({ status: -1, type: "whiderror" });
  });

  it("a silent request gets silentwhiderror", async () => {
    h.server.on("/sid.php", text(200, "not json"));
    await expect(write({ silent: true })).rejects.toMatchObject({ status: -1, type: "silentwhiderror" });
  });

  it("a failing token step is retried once, then rejected as csrferror with status 400", async () => {
    h.server.on("/home/rpc", json(400, { error: true, code: "csrf", message: "who are you" }));
    await expect(write()).rejects.toMatchObject({ status: 400, type: "csrferror" });
    expect(tokenSteps()).toHaveLength(2);
    expect(h.server.to("/sign-out")).toHaveLength(0);
  });

  it("an empty token is a token failure", async () => {
    h.server.on("/home/rpc", text(200, ""));
    await expect(write()).rejects.toMatchObject({ status: 400, type: "csrferror" });
  });

  it("a step failure shows the default toast", async () => {
    h.server.on("/home/rpc", text(500, ""));
    await expect(write()).rejects.toMatchObject({ type: "csrferror" });
    expect(h.eventNames()).toEqual(["toast"]);
  });
});
