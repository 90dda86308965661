import { describe, expect, it } from "vitest";
import { formatDate, formatMonthYear } from "./dates";

// Every 37th day over 1999-2040, against the JavaScript runtime's own en-US formatting.
const days = Array.from({ length: 420 }, (_, i) => new Date(Date.UTC(1999, 0, 1 + i * 37)));

describe("dates", () => {
  it("writes a date as en-US does, in UTC", () => {
    for (const date of days) {
      const expected = date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
      expect(formatDate(date.toISOString())).toBe(expected);
    }
    expect(formatDate("2025-02-01T23:30:00-05:00")).toBe("Feb 2, 2025");
  });

  it("writes a month and year as en-US does", () => {
    for (const date of days) {
      const expected = date.toLocaleDateString("en-US", { year: "numeric", month: "short", timeZone: "UTC" });
      expect(formatMonthYear(date.toISOString().slice(0, 10))).toBe(expected);
    }
  });

  it("gives back text that is not a date", () => {
    expect(formatDate("yesterday")).toBe("yesterday");
    expect(formatMonthYear("2025-13-45")).toBe("2025-13-45");
  });
});
