import { describe, expect, it } from "vitest";

import {
  type MinCreditClass,
  approvalOddsText,
  creditBand,
  creditScore,
  minCreditClass,
  minimumScore,
  parseCreditLabel,
  parseCreditScore,
} from "./credit";
import { table } from "./vectorTables";

describe("offer-rules.json scoreBand", () => {
  it.each(table<number, string | null>("offer-rules", "scoreBand"))("%s", (_, { input, expected }) => {
    const score = creditScore(input);
    expect(score === null ? null : creditBand(score)).toBe(expected);
  });
});

describe("offer-rules.json minCreditClass", () => {
  it.each(table<string, MinCreditClass>("offer-rules", "minCreditClass"))("%s", (_, { input, expected }) => {
    expect(minCreditClass(parseCreditLabel(input))).toBe(expected);
  });
});

describe("offer-rules.json minimumScore", () => {
  it.each(table<{ label: string; secured: boolean }, unknown>("offer-rules", "minimumScore"))(
    "%s",
    (_, { input, expected }) => {
      expect(minimumScore(parseCreditLabel(input.label), input.secured)).toEqual(expected);
    },
  );
});

describe("offer-rules.json approvalOddsText", () => {
  it.each(table<{ score: number; label: string; secured: boolean }, unknown>("offer-rules", "approvalOddsText"))(
    "%s",
    (_, { input, expected }) => {
      const score = creditScore(input.score);
      expect(score).not.toBeNull();
      expect(approvalOddsText(score!, minimumScore(parseCreditLabel(input.label), input.secured))).toEqual(expected);
    },
  );
});

describe("credit details", () => {
  it("reads typed scores as whole numbers", () => {
    expect(parseCreditScore(" 705 ")).toEqual({ ok: true, score: 705 });
    expect(parseCreditScore("+705")).toEqual({ ok: true, score: 705 });
    expect(parseCreditScore("7.5")).toEqual({ ok: false, error: "notANumber" });
    expect(parseCreditScore("99999999999999999999")).toEqual({ ok: false, error: "notANumber" });
    expect(parseCreditScore("-300")).toEqual({ ok: false, error: "outOfRange" });
  });
});
