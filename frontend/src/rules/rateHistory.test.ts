import { describe, expect, it } from "vitest";
import type { FigureChange } from "../api/generated/FigureChange";
import { apyPoints, overSameMonths, percent } from "./rateHistory";

const change = (date: string, field: string, old: string | undefined, now: string | undefined): FigureChange => ({ date, field, label: field, old, new: now, first: false });

describe("rate history", () => {
  it("reads the catalogue's rates and nothing else", () => {
    expect(percent("3.00%")).toBe(3);
    expect(percent(" 4.5 ")).toBe(4.5);
    expect(percent("Variable")).toBeNull();
    expect(percent(undefined)).toBeNull();
  });

  it("takes one APY a day, the day's last, oldest first, and skips other figures", () => {
    const points = apyPoints([
      change("2026-03-01T00:00:00Z", "APY", undefined, "3.30%"),
      change("2026-01-08T00:00:00Z", "APY", undefined, "3.40%"),
      change("2026-03-01T12:00:00Z", "APY", "3.30%", "3.20%"),
      change("2026-04-02T09:00:00Z", "MONTHLY_FEE", "$5", "$0"),
      change("2026-05-02T09:00:00Z", "APY", "3.20%", undefined),
    ]);
    expect(points).toEqual([
      ["2026-01-08", 3.4],
      ["2026-03-01", 3.2],
    ]);
  });

  it("keeps the national points from the month the product's history starts to its end", () => {
    const national = [
      ["2025-12-01", 0.4],
      ["2026-01-01", 0.41],
      ["2026-02-01", 0.42],
      ["2026-04-01", 0.43],
    ] as const;
    expect(overSameMonths(national, [["2026-01-08", 3.4], ["2026-03-01", 3.2]])).toEqual([
      ["2026-01-01", 0.41],
      ["2026-02-01", 0.42],
    ]);
    expect(overSameMonths(national, [])).toEqual([]);
  });
});
