import { describe, expect, it } from "vitest";

import { type CalendarDate, fillDatePlaceholders, isoDate, parseIsoDate, placeholderDate } from "./datePlaceholders";
import { table } from "./vectorTables";

function date(text: string): CalendarDate {
  const parsed = parseIsoDate(text);
  if (parsed === null) throw new Error(`${text} is not a date`);
  return parsed;
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
  it("refuses days that do not exist and keeps years below 100", () => {
    expect(parseIsoDate("2023-02-29")).toBeNull();
    expect(parseIsoDate("2024-13-01")).toBeNull();
    expect(isoDate(placeholderDate(date("0099-12-30")))).toBe("0100-01-13");
  });
});
