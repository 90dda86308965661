import { describe, expect, it } from "vitest";

import { dec, decimalToString, normalize } from "./decimal";
import {
  type Rating,
  type StarMode,
  type StarPiece,
  barWidthPercent,
  clampRating,
  oneDecimal,
  parseRating,
  popupWord,
  ratingDisplay,
  starCount,
  roundedToHalf,
  starPieces,
} from "./stars";
import { table } from "./vectorTables";

function rating(text: string): Rating {
  const parsed = parseRating(text);
  if (!parsed.ok) throw new Error(`${text} is not a rating`);
  return parsed.rating;
}

/** Decimal text compared as an exact value: "4.5" equals "4.50". */
function same(text: string): string {
  return decimalToString(normalize(dec(text)));
}

describe("ratings.json starPieces", () => {
  it.each(table<{ rating: string; mode: StarMode }, StarPiece[]>("ratings", "starPieces"))(
    "%s",
    (_, { input, expected }) => {
      expect(starPieces(rating(input.rating), input.mode)).toEqual(expected);
    },
  );
});

describe("ratings.json halfRounding", () => {
  it.each(table<string, string>("ratings", "halfRounding"))("%s", (_, { input, expected }) => {
    expect(decimalToString(roundedToHalf(rating(input)))).toBe(same(expected));
  });
});

describe("ratings.json oneDecimalText", () => {
  it.each(table<string, string>("ratings", "oneDecimalText"))("%s", (_, { input, expected }) => {
    expect(oneDecimal(rating(input))).toBe(expected);
  });
});

describe("ratings.json barWidth", () => {
  it.each(table<string, string>("ratings", "barWidth"))("%s", (_, { input, expected }) => {
    expect(decimalToString(barWidthPercent(rating(input)))).toBe(same(expected));
  });
});

describe("ratings.json ratingParse", () => {
  it.each(table<string, { ok: string } | { error: string }>("ratings", "ratingParse"))(
    "%s",
    (_, { input, expected }) => {
      const parsed = parseRating(input);
      const actual = parsed.ok ? { ok: decimalToString(parsed.rating) } : { error: parsed.error };
      const wanted = "ok" in expected ? { ok: same(expected.ok) } : expected;
      expect(actual).toEqual(wanted);
    },
  );
});

describe("ratings.json ratingClamped", () => {
  it.each(table<string, string>("ratings", "ratingClamped"))("%s", (_, { input, expected }) => {
    expect(decimalToString(clampRating(dec(input)))).toBe(same(expected));
  });
});

describe("ratings.json popupWords", () => {
  it.each(table<number, string>("ratings", "popupWords"))("%s", (_, { input, expected }) => {
    const stars = starCount(input);
    expect(stars === null ? null : popupWord(stars)).toBe(expected);
  });
});

describe("rating display", () => {
  it("gathers the text, the bar and both drawings", () => {
    const display = ratingDisplay(rating("3.7"));
    expect(display.text).toBe("3.7");
    expect(decimalToString(display.barWidthPercent)).toBe("74");
    expect(display.halfStars).toEqual(["full", "full", "full", "half", "empty"]);
    expect(display.fractionalStars).toEqual(["full", "full", "full", "threeQuarter", "empty"]);
  });

  it("keeps 28 decimals and drops the rest", () => {
    expect(decimalToString(rating(`0.${"1".repeat(30)}`))).toBe(`0.${"1".repeat(28)}`);
  });
});
