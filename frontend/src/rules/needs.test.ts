import { describe, expect, it } from "vitest";

import { NEED_KEYS, isBusinessNeed, needLabel, needLabelOf, parseNeedKey, personalNeed } from "./needs";
import { table } from "./vectorTables";

describe("offer-rules.json needLabel", () => {
  const cases = table<string, string | null>("offer-rules", "needLabel");

  it("lists every need key with a label", () => {
    expect(cases.filter(([, c]) => c.expected !== null)).toHaveLength(NEED_KEYS.length);
  });

  it.each(cases)("%s", (_, { input, expected }) => {
    expect(needLabelOf(input)).toBe(expected);
  });
});

describe("need details", () => {
  it("knows business variants and their personal need", () => {
    const key = parseNeedKey("businessLoweringDebt");
    expect(key).not.toBeNull();
    if (key === null) return;
    expect(isBusinessNeed(key)).toBe(true);
    expect(personalNeed(key)).toBe("lowerDebt");
    expect(needLabel("travel")).toBe("Travel Rewards");
    expect(isBusinessNeed("travel")).toBe(false);
  });
});
