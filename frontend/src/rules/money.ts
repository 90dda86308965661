/**
 * Money amounts, rates and abbreviated numbers (site-core §5 "moneyformat (thousands and
 * decimal separators, optional truncation)", "formatnr (abbreviates with k, m, g
 * suffixes)"; rates of §3).
 *
 * Mirrors `formatting::format_money`, `format_percent` and `format_nr` with their shared
 * digit handling (crates/formatting/src/money.rs, percent.rs, abbreviate.rs, digits.rs).
 * Checked by `formatting.json` tables `moneyformat`, `percent` and `formatnr`.
 *
 * US separators; rounding is half away from zero (`0.005` → `0.01`); a value that rounds
 * to zero never shows a minus sign; a negative amount is written `-$5.00`.
 */

import {
  type Decimal,
  MAX_SCALE,
  absolute,
  compare,
  decimalToString,
  isNegative,
  isZero,
  negate,
  roundDp,
  trunc,
} from "./decimal";

/** Thousands separator (`THOUSANDS_SEPARATOR`). */
export const THOUSANDS_SEPARATOR = ",";
/** Decimal separator (`DECIMAL_SEPARATOR`). */
export const DECIMAL_SEPARATOR = ".";
/** Currency symbol written before an amount (`CURRENCY_SYMBOL`). */
export const CURRENCY_SYMBOL = "$";
/** Minus sign, written before the currency symbol (`MINUS_SIGN`). */
export const MINUS_SIGN = "-";
/** Decimals of a money amount unless asked otherwise (`MONEY_DECIMALS`). */
export const MONEY_DECIMALS = 2;
/** Decimals of every rate, APR and APY (`PERCENT_DECIMALS`). */
export const PERCENT_DECIMALS = 2;
/** Decimals an abbreviated number keeps at most (`ABBREVIATED_DECIMALS`). */
export const ABBREVIATED_DECIMALS = 1;

/** The "optional truncation" of moneyformat (`Truncation`). */
export type Truncation = "off" | "dropZeroCents" | "wholeUnits";

/** How `formatMoney` writes an amount (`MoneyOptions`). */
export interface MoneyOptions {
  /** Whether the currency symbol `$` is written. */
  readonly symbol: boolean;
  /** Decimals after rounding half away from zero; above 28 counts as 28. */
  readonly decimals: number;
  /** The optional truncation. */
  readonly truncation: Truncation;
}

/** Dollars and cents with the symbol, no truncation: `$1,234.50` (`MoneyOptions::default`). */
export const DEFAULT_MONEY_OPTIONS: MoneyOptions = { symbol: true, decimals: MONEY_DECIMALS, truncation: "off" };

/** A decimal rounded to fixed places, split into its written parts (`digits::Fixed`). */
interface Fixed {
  readonly negative: boolean;
  readonly integer: string;
  readonly fraction: string;
}

/** Inserts a thousands separator every three digits from the right (`group_thousands`). */
export function groupThousands(digits: string): string {
  let out = "";
  for (let position = 0; position < digits.length; position += 1) {
    const remaining = digits.length - position;
    if (position > 0 && remaining % 3 === 0) out += THOUSANDS_SEPARATOR;
    out += digits[position] ?? "";
  }
  return out;
}

function split(rounded: Decimal, decimals: number): Fixed {
  const text = decimalToString(absolute(rounded));
  const point = text.indexOf(".");
  const integer = point < 0 ? text : text.slice(0, point);
  const fraction = (point < 0 ? "" : text.slice(point + 1)).slice(0, decimals).padEnd(decimals, "0");
  return { negative: isNegative(rounded) && !isZero(rounded), integer: integer === "" ? "0" : integer, fraction };
}

function clampDecimals(decimals: number): number {
  return Math.min(Math.max(Math.trunc(decimals), 0), MAX_SCALE);
}

/** Rounds half away from zero to `decimals` places and splits the result (`digits::fixed`). */
function fixed(value: Decimal, decimals: number): Fixed {
  const places = clampDecimals(decimals);
  return split(roundDp(value, places, "halfAwayFromZero"), places);
}

const sign = (fixedValue: Fixed): string => (fixedValue.negative ? MINUS_SIGN : "");
const groupedMagnitude = (fixedValue: Fixed): string =>
  fixedValue.fraction === ""
    ? groupThousands(fixedValue.integer)
    : `${groupThousands(fixedValue.integer)}${DECIMAL_SEPARATOR}${fixedValue.fraction}`;
const fractionIsZero = (fixedValue: Fixed): boolean => /^0*$/.test(fixedValue.fraction);

/** Writes an amount with separators, an optional `$` and an optional truncation (`format_money`, moneyformat). */
export function formatMoney(amount: Decimal, options: MoneyOptions = DEFAULT_MONEY_OPTIONS): string {
  let shown: Fixed;
  switch (options.truncation) {
    case "off":
      shown = fixed(amount, options.decimals);
      break;
    case "dropZeroCents": {
      const rounded = fixed(amount, options.decimals);
      shown = fractionIsZero(rounded) ? { ...rounded, fraction: "" } : rounded;
      break;
    }
    case "wholeUnits":
      shown = split(trunc(amount), 0);
      break;
  }
  return `${sign(shown)}${options.symbol ? CURRENCY_SYMBOL : ""}${groupedMagnitude(shown)}`;
}

/** A rate, APR or APY with exactly two decimals and `%` (`format_percent`): `4.3` → `4.30%`. */
export function formatPercent(rate: Decimal): string {
  const rounded = fixed(rate, PERCENT_DECIMALS);
  return `${sign(rounded)}${groupedMagnitude(rounded)}%`;
}

/** The units of formatnr, smallest first: (power of ten, suffix) (`UNITS`). */
const UNITS: ReadonlyArray<readonly [number, string]> = [
  [0, ""],
  [3, "k"],
  [6, "m"],
  [9, "g"],
];

const ROLLOVER: Decimal = { mantissa: 1000n, scale: 0 };

/**
 * Abbreviates with a `k`, `m` or `g` suffix and at most one decimal, half away from zero,
 * dropping a trailing `.0` (`format_nr`): `1500` → `1.5k`, `999950` → `1m`, `-0.04` → `0`.
 * The unit is chosen after rounding, and `g` is the largest (`2,500g`).
 */
export function formatNr(value: Decimal): string {
  const magnitude = absolute(value);
  let index = 0;
  UNITS.forEach(([power], i) => {
    if (compare(magnitude, { mantissa: 10n ** BigInt(power), scale: 0 }) >= 0) index = i;
  });
  for (;;) {
    const [power, suffix] = UNITS[index] ?? [0, ""];
    // Dividing by a power of ten only moves the point; it always fits a Decimal's 28
    // decimals because a value large enough to divide has few decimals.
    const scaled: Decimal = { mantissa: magnitude.mantissa, scale: magnitude.scale + power };
    const hasLargerUnit = index + 1 < UNITS.length;
    if (hasLargerUnit && compare(roundDp(scaled, ABBREVIATED_DECIMALS, "halfAwayFromZero"), ROLLOVER) >= 0) {
      index += 1;
      continue;
    }
    const rounded = fixed(isNegative(value) ? negate(scaled) : scaled, ABBREVIATED_DECIMALS);
    const digits = fractionIsZero(rounded) ? groupThousands(rounded.integer) : groupedMagnitude(rounded);
    return `${sign(rounded)}${digits}${suffix}`;
  }
}
