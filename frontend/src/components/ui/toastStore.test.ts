import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_TOAST_MESSAGE, showToast, useToastStore } from "./toastStore";

describe("toast store", () => {
  beforeEach(() => useToastStore.getState().clear());

  it("defaults to the generic message and 2500 ms", () => {
    showToast();
    expect(useToastStore.getState().toasts).toEqual([
      expect.objectContaining({ message: "something went wrong, please retry", durationMs: 2500 }),
    ]);
    expect(DEFAULT_TOAST_MESSAGE).toBe("something went wrong, please retry");
  });

  it("keeps the duration it is given", () => {
    showToast("Could not send the text message.", 2200);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ durationMs: 2200 });
  });

  it("restarts a message already on screen instead of stacking a copy", () => {
    const first = showToast("Network error");
    showToast("Other");
    const again = showToast("Network error");
    const { toasts } = useToastStore.getState();
    expect(toasts.map((t) => t.message)).toEqual(["Other", "Network error"]);
    expect(again).not.toBe(first);
  });

  it("dismisses by id", () => {
    const id = showToast("a");
    showToast("b");
    useToastStore.getState().dismiss(id);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(["b"]);
  });
});
