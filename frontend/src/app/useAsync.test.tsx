import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type Load, useAsync } from "./useAsync";

describe("useAsync", () => {
  it("never renders the last key's answer as the new key's, even before the new load starts", async () => {
    let resolve: (value: string) => void = () => {};
    const renders: { key: string; load: Load<string> }[] = [];
    const { rerender } = renderHook(
      ({ key }) => {
        const [load] = useAsync(key, () => new Promise<string>((r) => (resolve = r)), key === "a" ? "answer a" : null);
        renders.push({ key, load });
        return load;
      },
      { initialProps: { key: "a" } },
    );
    rerender({ key: "b" });
    await act(async () => resolve("answer b"));
    const stale = renders.filter((r) => r.key === "b" && r.load.state === "ready" && r.load.data === "answer a" && !r.load.refreshing);
    expect(stale).toEqual([]);
    expect(renders.at(-1)?.load).toEqual({ state: "ready", data: "answer b" });
  });
});
