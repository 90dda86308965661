import { describe, expect, it } from "vitest";

import { dec } from "./decimal";
import { type Truncation, formatMoney, formatNr, formatPercent, groupThousands } from "./money";
import { table } from "./vectorTables";

interface MoneyInput {
  amount: string;
  symbol: boolean;
  decimals: number;
  truncation: Truncation;
}

describe("formatting.json moneyformat", () => {
  it.each(table<MoneyInput, string>("formatting", "moneyformat"))("%s", (_, { input, expected }) => {
    const { amount, ...options } = input;
    expect(formatMoney(dec(amount), options)).toBe(expected);
  });
});

describe("formatting.json percent", () => {
  it.each(table<string, string>("formatting", "percent"))("%s", (_, { input, expected }) => {
    expect(formatPercent(dec(input))).toBe(expected);
  });
});

describe("formatting.json formatnr", () => {
  it.each(table<string, string>("formatting", "formatnr"))("%s", (_, { input, expected }) => {
    expect(formatNr(dec(input))).toBe(expected);
  });
});

describe("money details", () => {
  it("groups digits by three from the right", () => {
    expect(groupThousands("1234567")).toBe("1,234,567");
    expect(groupThousands("123")).toBe("123");
  });

  it("uses dollars and cents by default and clamps the decimals to 28", () => {
    expect(formatMoney(dec("1234.5"))).toBe("$1,234.50");
    expect(formatMoney(dec("0.1"), { symbol: false, decimals: 40, truncation: "off" })).toBe(`0.1${"0".repeat(27)}`);
  });
});
