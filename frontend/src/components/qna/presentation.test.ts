import { describe, expect, it } from "vitest";
import { showsInFull, startsOpen } from "./presentation";

describe("answer presentation modes", () => {
  it("the default shows the first answer in full and the rest shortened, open", () => {
    expect([0, 1, 2].map((i) => showsInFull({ kind: "firstFull" }, i))).toEqual([true, false, false]);
    expect(startsOpen({ kind: "firstFull" })).toBe(true);
  });

  it("all short shortens every answer, open", () => {
    expect([0, 1].map((i) => showsInFull({ kind: "allShort" }, i))).toEqual([false, false]);
    expect(startsOpen({ kind: "allShort" })).toBe(true);
  });

  it("collapsed starts closed", () => {
    expect(startsOpen({ kind: "collapsed" })).toBe(false);
    expect(showsInFull({ kind: "collapsed" }, 0)).toBe(false);
  });

  it("some full shows the first N in full, none for 0", () => {
    expect([0, 1, 2, 3].map((i) => showsInFull({ kind: "someFull", full: 3 }, i))).toEqual([true, true, true, false]);
    expect(showsInFull({ kind: "someFull", full: 0 }, 0)).toBe(false);
  });
});
