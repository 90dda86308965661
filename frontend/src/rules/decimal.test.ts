import { describe, expect, it } from "vitest";

import {
  type Decimal,
  MAX_MANTISSA,
  add,
  compare,
  dec,
  decimalToString,
  div,
  mul,
  normalize,
  parseDecimal,
  parseDecimalExact,
  rescale,
  roundDp,
  sub,
} from "./decimal";

/** `Decimal::MAX`, 79228162514264337593543950335. */
const DECIMAL_MAX: Decimal = { mantissa: MAX_MANTISSA, scale: 0 };

const text = (value: ReturnType<typeof dec> | null): string | null => (value === null ? null : decimalToString(value));

describe("exact decimals", () => {
  // Expected values below were produced by rust_decimal 1.43 itself.
  it("parses like Decimal::from_str and keeps the written scale", () => {
    expect(text(parseDecimal("4.30"))).toBe("4.30");
    expect(text(parseDecimal("-.5"))).toBe("-0.5");
    expect(text(parseDecimal("5."))).toBe("5");
    expect(text(parseDecimal("+2"))).toBe("2");
    expect(text(parseDecimal("1e3"))).toBe("1000");
    expect(text(parseDecimal("4.2e-1"))).toBe("0.42");
    expect(parseDecimal("")).toBeNull();
    expect(parseDecimal(" 1")).toBeNull();
    expect(parseDecimal("79228162514264337593543950336")).toBeNull();
    expect(text(parseDecimal("12345678901234567890.123456789012345"))).toBe("12345678901234567890.123456789");
    expect(parseDecimal("79228162514264337593543950335.5")).toBeNull();
    expect(text(parseDecimal("79228162514264337593543950335.4"))).toBe("79228162514264337593543950335");
    expect(text(parseDecimal("7922816251426433759354395033.55"))).toBe("7922816251426433759354395034");
    expect(text(parseDecimal("0.00000000000000000000000000005"))).toBe("0.0000000000000000000000000001");
    expect(text(parseDecimal("-1.00000000000000000000000000005"))).toBe("-1.0000000000000000000000000001");
    expect(text(parseDecimal("1.000000000000000000000000000049"))).toBe("1.0000000000000000000000000000");
  });

  it("parses like Decimal::from_str_exact", () => {
    expect(text(parseDecimalExact(".5"))).toBe("0.5");
    expect(parseDecimalExact("1e3")).toBeNull();
    expect(parseDecimalExact("0.00000000000000000000000000005")).toBeNull();
    expect(parseDecimalExact("79228162514264337593543950336")).toBeNull();
  });

  it("compares by value", () => {
    expect(compare(dec("4.5"), dec("4.50"))).toBe(0);
    expect(compare(dec("-1"), dec("0"))).toBe(-1);
  });

  it("rounds half away from zero, half to even and toward zero", () => {
    expect(text(roundDp(dec("2.345"), 2, "halfAwayFromZero"))).toBe("2.35");
    expect(text(roundDp(dec("-2.345"), 2, "halfAwayFromZero"))).toBe("-2.35");
    expect(text(roundDp(dec("2.345"), 2, "halfEven"))).toBe("2.34");
    expect(text(roundDp(dec("-1.99"), 0, "towardZero"))).toBe("-1");
    expect(text(rescale(dec("1.5"), 3))).toBe("1.500");
    expect(text(normalize(dec("100.00")))).toBe("100");
  });

  it("overflows where rust_decimal's checked operations do", () => {
    expect(add(DECIMAL_MAX, dec("1"))).toBeNull();
    expect(text(add(DECIMAL_MAX, dec("0.4")))).toBe(decimalToString(DECIMAL_MAX));
    expect(mul(DECIMAL_MAX, dec("1000000000000000"))).toBeNull();
    expect(text(sub(dec("0"), DECIMAL_MAX))).toBe(`-${decimalToString(DECIMAL_MAX)}`);
    expect(div(dec("1"), dec("0"))).toBeNull();
  });

  it("divides to 28 digits, rounding half to even, and keeps exact quotients' scale", () => {
    expect(text(div(dec("1"), dec("3")))).toBe(`0.${"3".repeat(28)}`);
    expect(text(div(dec("2"), dec("3")))).toBe(`0.${"6".repeat(27)}7`);
    expect(text(div(dec("10.00"), dec("2")))).toBe("5.00");
    expect(text(div(dec("1"), dec("4")))).toBe("0.25");
    expect(text(div(dec("100"), dec("0.01")))).toBe("10000");
    expect(text(div(dec("130"), dec("4000")))).toBe("0.0325");
    expect(text(div(dec("1"), dec("7")))).toBe("0.1428571428571428571428571429");
    expect(text(div(DECIMAL_MAX, dec("7")))).toBe("11318308930609191084791992905");
    expect(text(div(dec("22.5"), dec("7.3")))).toBe("3.0821917808219178082191780822");
    expect(text(div(dec("99999.99"), dec("0.07")))).toBe("1428571.2857142857142857142857");
    expect(text(div(dec("0.0000000000000000000000000001"), dec("3")))).toBe("0");
  });

  it("multiplies and adds with half-to-even rounding past 28 decimals", () => {
    expect(text(mul(dec("1.5"), dec("0.0000000000000000000000000015")))).toBe("0.0000000000000000000000000022");
    expect(text(mul(dec("1.2345678901234567890123456789"), dec("3.3333333333333333333333333333")))).toBe(
      "4.1152263004115226300411522630",
    );
    const third = div(dec("1"), dec("3"));
    const twoThirds = div(dec("2"), dec("3"));
    expect(text(third === null ? null : mul(third, dec("3")))).toBe("0.9999999999999999999999999999");
    expect(text(third === null || twoThirds === null ? null : add(third, twoThirds))).toBe("1.0000000000000000000000000000");
  });
});
