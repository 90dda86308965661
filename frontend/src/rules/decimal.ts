/**
 * Exact decimal numbers for the browser, the counterpart of the `rust_decimal::Decimal`
 * the Rust crates compute with. Nothing here uses binary floating point.
 *
 * A `Decimal` is `mantissa × 10^-scale` with a BigInt mantissa. Like `rust_decimal`, a
 * value must fit a 96-bit mantissa with a scale of at most 28: `add`, `sub`, `mul` and
 * `div` round a result that needs more digits (half to even, as `rust_decimal` does) and
 * give `null` where `rust_decimal`'s `checked_*` operations give `None` (the integer part
 * does not fit, or division by zero). A quotient keeps as many digits as fit, up to 28
 * decimals, like `rust_decimal`'s division.
 *
 * Helper shared by the rule modules (stars, money, rateTable, savedProducts); the decimal
 * strings of every vectors table are read with `parseDecimal`.
 */

/** An exact decimal: `mantissa × 10^-scale`. Two decimals with different scales may be equal (`4.5`, `4.50`). */
export interface Decimal {
  readonly mantissa: bigint;
  readonly scale: number;
}

/** The most decimals a `rust_decimal::Decimal` holds. */
export const MAX_SCALE = 28;

/** The largest mantissa a `rust_decimal::Decimal` holds: 2^96 − 1. */
export const MAX_MANTISSA = (1n << 96n) - 1n;

/** Zero. */
export const ZERO: Decimal = { mantissa: 0n, scale: 0 };

/** One. */
export const ONE: Decimal = { mantissa: 1n, scale: 0 };

/** How a value is rounded to fewer decimals (the `rust_decimal::RoundingStrategy` variants the crates use). */
export type Rounding = "halfAwayFromZero" | "halfEven" | "towardZero";

const TEN = 10n;

function pow10(exponent: number): bigint {
  return TEN ** BigInt(exponent);
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/** `numerator / denominator` rounded to an integer (denominator > 0). */
function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const negative = numerator < 0n;
  const magnitude = abs(numerator);
  let quotient = magnitude / denominator;
  const remainder = magnitude % denominator;
  if (remainder !== 0n && rounding !== "towardZero") {
    const twice = remainder * 2n;
    const up =
      twice > denominator ||
      (twice === denominator && (rounding === "halfAwayFromZero" || quotient % 2n === 1n));
    if (up) quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

/** A decimal from its parts; `null` when it does not fit (mantissa over 96 bits or scale over 28). */
export function decimalFromParts(mantissa: bigint, scale: number): Decimal | null {
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) return null;
  if (abs(mantissa) > MAX_MANTISSA) return null;
  return { mantissa, scale };
}

/** A decimal holding a whole number; `null` when it does not fit. */
export function decimalFromInteger(value: number | bigint): Decimal | null {
  if (typeof value === "number" && !Number.isSafeInteger(value)) return null;
  return decimalFromParts(BigInt(value), 0);
}

const DECIMAL_PATTERN = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/;

/** The sign, digits and scale of decimal text (exponent applied), or `null` when it is not decimal text. */
function readDecimalText(text: string, allowExponent: boolean): { mantissa: bigint; scale: number } | null {
  const match = DECIMAL_PATTERN.exec(text);
  if (match === null) return null;
  const [, sign = "", whole = "", fraction = "", exponentText] = match;
  if (whole === "" && fraction === "") return null;
  if (exponentText !== undefined && !allowExponent) return null;
  const digits = `${whole}${fraction}`;
  let mantissa = BigInt(digits);
  let scale = fraction.length;
  if (exponentText !== undefined) {
    const exponent = Number(exponentText);
    if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 1000) return null;
    scale -= exponent;
    if (scale < 0) {
      mantissa *= pow10(-scale);
      scale = 0;
    }
  }
  return { mantissa: sign === "-" ? -mantissa : mantissa, scale };
}

/**
 * Reads decimal text as `Decimal::from_str` does: an optional sign, digits with an
 * optional point (`4.30`, `.5`, `5.`), and an optional exponent (`4.2e-1`); no white
 * space. Keeps the written scale (`4.30` has scale 2). Digits beyond what a `Decimal`
 * holds are rounded half away from zero (at most 28 decimals, 96 bits); `null` for
 * anything else or a number whose integer part does not fit. (Rust also skips `_`
 * digit separators; this reader does not accept them.)
 */
export function parseDecimal(text: string): Decimal | null {
  const read = readDecimalText(text, true);
  return read === null ? null : fit(read.mantissa, read.scale, "halfAwayFromZero");
}

/**
 * Reads decimal text as `Decimal::from_str_exact` does: like `parseDecimal` without an
 * exponent, and `null` instead of rounding when the number does not fit exactly.
 */
export function parseDecimalExact(text: string): Decimal | null {
  const read = readDecimalText(text, false);
  return read === null ? null : decimalFromParts(read.mantissa, read.scale);
}

/** Like `parseDecimal` for text known to be valid (constants in code); throws otherwise. */
export function dec(text: string): Decimal {
  const value = parseDecimal(text);
  if (value === null) throw new RangeError(`not a decimal: ${JSON.stringify(text)}`);
  return value;
}

/** The value at scale `scale` (≥ the decimal's own scale): the same number with more trailing zeros. */
function mantissaAt(value: Decimal, scale: number): bigint {
  return value.mantissa * pow10(scale - value.scale);
}

/** -1, 0 or 1 as `a` is below, equal to or above `b` (by value, whatever the scales). */
export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const left = mantissaAt(a, scale);
  const right = mantissaAt(b, scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** `value` pinned into `[low, high]` (`Decimal::clamp`). */
export function clamp(value: Decimal, low: Decimal, high: Decimal): Decimal {
  return compare(value, low) < 0 ? low : compare(value, high) > 0 ? high : value;
}

/** Whether the value is zero. */
export function isZero(value: Decimal): boolean {
  return value.mantissa === 0n;
}

/** Whether the value is below zero. */
export function isNegative(value: Decimal): boolean {
  return value.mantissa < 0n;
}

/** The value without its sign. */
export function absolute(value: Decimal): Decimal {
  return { mantissa: abs(value.mantissa), scale: value.scale };
}

/** The value with its sign flipped. */
export function negate(value: Decimal): Decimal {
  return { mantissa: -value.mantissa, scale: value.scale };
}

/**
 * Rounds an exact `mantissa × 10^-scale` (any size, any scale) into a `Decimal`: fewer
 * decimals while the mantissa is over 96 bits or the scale over 28, rounding half to
 * even (or as asked) once; `null` when even scale 0 does not fit.
 */
function fit(mantissa: bigint, scale: number, rounding: Rounding = "halfEven"): Decimal | null {
  let exact = mantissa;
  let exactScale = scale;
  if (exactScale < 0) {
    exact *= pow10(-exactScale);
    exactScale = 0;
  }
  for (let drop = Math.max(0, exactScale - MAX_SCALE); drop <= exactScale; drop += 1) {
    const rounded = drop === 0 ? exact : divideRounded(exact, pow10(drop), rounding);
    if (abs(rounded) <= MAX_MANTISSA) return { mantissa: rounded, scale: exactScale - drop };
  }
  return null;
}

/** `a + b` (`Decimal::checked_add`); `null` on overflow. */
export function add(a: Decimal, b: Decimal): Decimal | null {
  const scale = Math.max(a.scale, b.scale);
  return fit(mantissaAt(a, scale) + mantissaAt(b, scale), scale);
}

/** `a - b` (`Decimal::checked_sub`); `null` on overflow. */
export function sub(a: Decimal, b: Decimal): Decimal | null {
  return add(a, negate(b));
}

/** `a × b` (`Decimal::checked_mul`); `null` on overflow. */
export function mul(a: Decimal, b: Decimal): Decimal | null {
  if (isZero(a) || isZero(b)) return ZERO;
  return fit(a.mantissa * b.mantissa, a.scale + b.scale);
}

/**
 * `a ÷ b` (`Decimal::checked_div`): the exact quotient when it fits, otherwise rounded
 * half to even at the most decimals (up to 28) that fit 96 bits, without trailing
 * zeros. `null` when dividing by zero or when the integer part does not fit. The value
 * is `rust_decimal`'s; its written scale may differ (`rust_decimal` strips a quotient's
 * trailing zeros only greedily, giving `609.20` for 3046 ÷ 5), so compare quotients by
 * value or round them before writing them.
 */
export function div(a: Decimal, b: Decimal): Decimal | null {
  if (isZero(b)) return null;
  if (isZero(a)) return ZERO;
  // a / b = (ma × 10^sb) / (mb × 10^sa)
  let numerator = a.mantissa * pow10(b.scale);
  let denominator = b.mantissa * pow10(a.scale);
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const natural = Math.max(a.scale - b.scale, 0);
  const scaled = numerator * pow10(natural);
  if (scaled % denominator === 0n) {
    const exact = fit(scaled / denominator, natural);
    if (exact !== null && exact.scale === natural) return exact;
  }
  for (let scale = MAX_SCALE; scale >= 0; scale -= 1) {
    const rounded = divideRounded(numerator * pow10(scale), denominator, "halfEven");
    if (abs(rounded) <= MAX_MANTISSA) return normalize({ mantissa: rounded, scale });
  }
  return null;
}

/**
 * Rounds to at most `decimals` decimals (`Decimal::round_dp_with_strategy`); a value with
 * fewer decimals is returned as it is.
 */
export function roundDp(value: Decimal, decimals: number, rounding: Rounding): Decimal {
  if (value.scale <= decimals) return value;
  const mantissa = divideRounded(value.mantissa, pow10(value.scale - decimals), rounding);
  return { mantissa, scale: decimals };
}

/** The value cut to whole units, toward zero (`Decimal::trunc`). */
export function trunc(value: Decimal): Decimal {
  return roundDp(value, 0, "towardZero");
}

/**
 * The value written with exactly `decimals` decimals (`Decimal::rescale`): trailing zeros
 * are added, or the value is rounded half away from zero when it has more.
 */
export function rescale(value: Decimal, decimals: number): Decimal {
  if (value.scale > decimals) return roundDp(value, decimals, "halfAwayFromZero");
  return { mantissa: mantissaAt(value, decimals), scale: decimals };
}

/** The value without trailing zeros (`Decimal::normalize`): `4.30` → `4.3`, `100` stays `100`. */
export function normalize(value: Decimal): Decimal {
  let { mantissa, scale } = value;
  if (mantissa === 0n) return ZERO;
  while (scale > 0 && mantissa % TEN === 0n) {
    mantissa /= TEN;
    scale -= 1;
  }
  return { mantissa, scale };
}

/**
 * The value as Rust's `Decimal` `Display` writes it: plain digits, a `.` followed by
 * exactly `scale` decimals, and `-` for a negative value (`4.30`, `-0.5`, `100`).
 */
export function decimalToString(value: Decimal): string {
  const digits = abs(value.mantissa).toString().padStart(value.scale + 1, "0");
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale);
  const sign = value.mantissa < 0n ? "-" : "";
  return fraction === "" ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}
