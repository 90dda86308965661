import { describe, expect, it } from "vitest";

import { type CalendarDate, fillDatePlaceholders, placeholderDate } from "./datePlaceholders";
import { table } from "./vectorTables";

/** Reads the vectors' `YYYY-MM-DD` (years 0 to 9999); a day that does not exist fails the test. */
function date(text: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) throw new Error(`${text} is not a date`);
  const parsed = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = new Date(0);
  check.setUTCFullYear(parsed.year, parsed.month - 1, parsed.day);
  if (check.getUTCFullYear() !== parsed.year || check.getUTCMonth() !== parsed.month - 1 || check.getUTCDate() !== parsed.day) {
    throw new Error(`${text} is not a day`);
  }
  return parsed;
}

/** The date as `YYYY-MM-DD`, as chrono's `%Y-%m-%d` writes it (a sign before years after 9999 or before 0). */
function isoDate(value: CalendarDate): string {
  const pad = (part: number, width: number): string => String(part).padStart(width, "0");
  const year = value.year > 9999 ? `+${value.year}` : value.year < 0 ? `-${pad(-value.year, 4)}` : pad(value.year, 4);
  return `${year}-${pad(value.month, 2)}-${pad(value.day, 2)}`;
}

describe("formatting.json placeholderDate", () => {
  it.each(table<string, string>("formatting", "placeholderDate"))("%s", (_, { input, expected }) => {
    expect(isoDate(placeholderDate(date(input)))).toBe(expected);
  });
});

describe("formatting.json fillDatePlaceholders", () => {
  it.each(table<{ text: string; today: string }, string>("formatting", "fillDatePlaceholders"))(
    "%s",
    (_, { input, expected }) => {
      expect(fillDatePlaceholders(input.text, date(input.today))).toBe(expected);
    },
  );
});

describe("calendar dates", () => {
  it("keeps years below 100", () => {
    expect(isoDate(placeholderDate(date("0099-12-30")))).toBe("0100-01-13");
  });
});
