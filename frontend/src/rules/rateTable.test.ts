import { describe, expect, it } from "vitest";

import { dec, decimalToString } from "./decimal";
import {
  type RateTiers,
  blendedApyRounded,
  blendedApyText,
  isOpenEnded,
  maxApy,
  minApy,
  parseRateInfo,
  rateInfoString,
  tierIndexFor,
} from "./rateTable";
import { table } from "./vectorTables";

function tiers(raw: string): RateTiers {
  const parsed = parseRateInfo(raw);
  if (!parsed.ok) throw new Error(`tiers ${raw} must parse`);
  return parsed.tiers;
}

type BalanceInput = { tiers: string; balance: string };

describe("offer-model.json rateInfo", () => {
  it.each(table<string, unknown>("offer-model", "rateInfo"))("%s", (_, { input, expected }) => {
    const parsed = parseRateInfo(input);
    const actual = parsed.ok
      ? {
          tiers: parsed.tiers.map((tier) => ({
            low: decimalToString(tier.low),
            high: decimalToString(tier.high),
            rate: decimalToString(tier.rate),
            apy: decimalToString(tier.apy),
            openEnded: isOpenEnded(tier),
          })),
        }
      : { error: parsed.error.kind, position: parsed.error.position };
    expect(actual).toEqual(expected);
    // Valid tables print back to a string that reads as the same table.
    if (parsed.ok) expect(parseRateInfo(rateInfoString(parsed.tiers))).toEqual(parsed);
  });
});

describe("offer-model.json blendedApy", () => {
  it.each(table<BalanceInput, { apy: string } | { error: string }>("offer-model", "blendedApy"))(
    "%s",
    (_, { input, expected }) => {
      const apy = blendedApyRounded(tiers(input.tiers), dec(input.balance));
      expect(apy.ok ? { apy: decimalToString(apy.apy) } : { error: apy.error }).toEqual(expected);
    },
  );
});

describe("offer-model.json tierFor", () => {
  it.each(table<BalanceInput, number | null>("offer-model", "tierFor"))("%s", (_, { input, expected }) => {
    expect(tierIndexFor(tiers(input.tiers), dec(input.balance))).toBe(expected);
  });
});

describe("rate table details", () => {
  it("gives the text a balance field shows", () => {
    expect(blendedApyText("0|999.99|1|1,1000|99999999|4|4", "4000")).toBe("3.25");
    expect(blendedApyText("0|999.99|1|1,1000|99999999|4|4", "abc")).toBeNull();
    expect(blendedApyText("0|x|1|1", "10")).toBeNull();
    expect(blendedApyText("", "10")).toBeNull();
  });

  it("finds the lowest and highest APY", () => {
    const table = tiers("0|100|1|1.5,101|200|2|0.5");
    expect(decimalToString(minApy(table) ?? dec("-1"))).toBe("0.5");
    expect(decimalToString(maxApy(table) ?? dec("-1"))).toBe("1.5");
    expect(minApy([])).toBeNull();
  });
});
