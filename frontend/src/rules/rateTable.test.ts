import { describe, expect, it } from "vitest";

import { dec, decimalToString } from "./decimal";
import { type RateTiers, balanceEarnings, blendedApyRounded, isOpenEnded, parseRateInfo } from "./rateTable";
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

describe("rate table details", () => {
  it("gives what a balance field shows", () => {
    const earnings = balanceEarnings("0|999.99|1|1,1000|99999999|4|4", "4000");
    expect(earnings?.kind === "earns" && [decimalToString(earnings.apy), decimalToString(earnings.dollars)]).toEqual(["3.25", "130.00"]);
    const below = balanceEarnings("500|999.99|1|1", "10");
    expect(below?.kind === "belowMinimum" && decimalToString(below.minimum)).toBe("500");
    expect(balanceEarnings("0|999.99|1|1,1000|99999999|4|4", "abc")).toBeNull();
    expect(balanceEarnings("0|x|1|1", "10")).toBeNull();
    expect(balanceEarnings("", "10")).toBeNull();
  });
});
