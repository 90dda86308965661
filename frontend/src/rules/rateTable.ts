/**
 * The balance-tiered rate table of a deposit account, `RATE_INFO_STR`, and the blended
 * APY a balance earns from it (site-core §3 "RATE_INFO_STR"; community §9 "Card rate table
 * entries").
 *
 * Mirrors `offer_model::rate_tiers` (`RateTiers::parse`, `blended_apy`,
 * `blended_apy_rounded`, `yearly_earnings`; crates/offer-model/src/rate_tiers.rs). Checked
 * by `offer-model.json` tables `rateInfo` and `blendedApy`.
 *
 * Format: entries separated by `,`, each `low|high|rate|apy`; a high of 99999999 or more
 * is open-ended. Blanks around entries and fields and blank entries are ignored (entry
 * positions in errors still count them). Each field is a plain decimal (digits, optionally
 * a point and digits) kept at its written scale. Tiers must ascend by low balance.
 *
 * Blended APY: each part of the balance earns the APY of the tier it falls in, weighted by
 * amount. A tier covers from its low up to the next tier's low; the last tier up to its
 * high (inclusive) unless open-ended; the part above a closed last high earns 0%. The
 * first tier's low is the minimum to open or to earn, a condition and not a tier: a balance
 * under it is `belowMinimum`, and from it the first tier earns from the first dollar. The shown value is rounded to 2 decimals, half away from zero. All
 * arithmetic is exact decimal arithmetic (`rules/decimal`), overflowing where
 * `rust_decimal` would.
 */

import {
  type Decimal,
  ZERO,
  add,
  compare,
  div,
  mul,
  parseDecimal,
  parseDecimalExact,
  rescale,
  roundDp,
  sub,
} from "./decimal";
import { trim } from "./text";

/** "A high balance of 99999999 or more is shown as open-ended" (`OPEN_ENDED_HIGH`). */
export const OPEN_ENDED_HIGH: Decimal = { mantissa: 99_999_999n, scale: 0 };
/** Separates the entries (`ENTRY_SEPARATOR`). */
export const ENTRY_SEPARATOR = ",";
/** Separates the fields of one entry (`FIELD_SEPARATOR`). */
export const FIELD_SEPARATOR = "|";
/** Fields in one entry: low balance, high balance, rate, apy (`FIELDS_PER_ENTRY`). */
export const FIELDS_PER_ENTRY = 4;
/** Decimals of the blended APY as shown (`BLENDED_APY_DECIMALS`). */
export const BLENDED_APY_DECIMALS = 2;

/** One row of the rate table (`RateTier`): balances from `low` to `high` earn `rate` and `apy`, in percent, as written. */
export interface RateTier {
  readonly low: Decimal;
  readonly high: Decimal;
  readonly rate: Decimal;
  readonly apy: Decimal;
}

/** A parsed `RATE_INFO_STR`: tiers in ascending order of low balance (`RateTiers`). */
export type RateTiers = readonly RateTier[];

/** The kind of a `RATE_INFO_STR` problem (`RateInfoError::kind`). */
export type RateInfoErrorKind =
  | "wrongFieldCount"
  | "notANumber"
  | "negative"
  | "unrepresentable"
  | "lowAboveHigh"
  | "notAscending";

/** Why a `RATE_INFO_STR` could not be read: the kind, and the faulty entry by 1-based position and trimmed text. */
export interface RateInfoError {
  readonly kind: RateInfoErrorKind;
  readonly position: number;
  readonly entry: string;
}

/** Why a blended APY could not be computed (`BlendError::kind`). */
export type BlendError = "noTiers" | "notPositive" | "belowMinimum" | "overflow";

/** True when the high balance is 99999999 or more: shown as "and above" (`RateTier::is_open_ended`). */
export function isOpenEnded(tier: RateTier): boolean {
  return compare(tier.high, OPEN_ENDED_HIGH) >= 0;
}

function isPlainDecimal(text: string): boolean {
  return /^[0-9]+(?:\.[0-9]+)?$/.test(text);
}

type FieldResult = { ok: true; value: Decimal } | { ok: false; kind: "notANumber" | "negative" | "unrepresentable" };

function parseField(text: string): FieldResult {
  const negative = text.startsWith("-");
  const unsigned = negative ? text.slice(1) : text;
  if (!isPlainDecimal(unsigned)) return { ok: false, kind: "notANumber" };
  if (negative) return { ok: false, kind: "negative" };
  const value = parseDecimalExact(unsigned);
  return value === null ? { ok: false, kind: "unrepresentable" } : { ok: true, value };
}

function parseEntry(position: number, entry: string): { ok: true; tier: RateTier } | { ok: false; error: RateInfoError } {
  const fields = entry.split(FIELD_SEPARATOR).map((field) => trim(field));
  if (fields.length !== FIELDS_PER_ENTRY) return { ok: false, error: { kind: "wrongFieldCount", position, entry } };
  const values: Decimal[] = [];
  for (const field of fields) {
    const parsed = parseField(field);
    if (!parsed.ok) return { ok: false, error: { kind: parsed.kind, position, entry } };
    values.push(parsed.value);
  }
  const [low = ZERO, high = ZERO, rate = ZERO, apy = ZERO] = values;
  if (compare(low, high) > 0) return { ok: false, error: { kind: "lowAboveHigh", position, entry } };
  return { ok: true, tier: { low, high, rate, apy } };
}

/** Reads a `RATE_INFO_STR` (`RateTiers::parse`); a blank string is a table with no tiers. */
export function parseRateInfo(raw: string): { ok: true; tiers: RateTiers } | { ok: false; error: RateInfoError } {
  const tiers: RateTier[] = [];
  const parts = raw.split(ENTRY_SEPARATOR);
  for (const [index, part] of parts.entries()) {
    const entry = trim(part);
    if (entry === "") continue;
    const position = index + 1;
    const parsed = parseEntry(position, entry);
    if (!parsed.ok) return parsed;
    const previous = tiers[tiers.length - 1];
    if (previous !== undefined && compare(parsed.tier.low, previous.low) <= 0) {
      return { ok: false, error: { kind: "notAscending", position, entry } };
    }
    tiers.push(parsed.tier);
  }
  return { ok: true, tiers };
}

/** Where tier `index` stops covering balances: the next tier's low, the last tier's high, or `null` when open-ended. */
function coverageEnd(tiers: RateTiers, index: number): Decimal | null {
  const next = tiers[index + 1];
  if (next !== undefined) return next.low;
  const tier = tiers[index];
  return tier === undefined || isOpenEnded(tier) ? null : tier.high;
}

/** The APY a balance earns in all, unrounded (`blended_apy`). */
export function blendedApy(tiers: RateTiers, balance: Decimal): { ok: true; apy: Decimal } | { ok: false; error: BlendError } {
  const first = tiers[0];
  if (first === undefined) return { ok: false, error: "noTiers" };
  if (compare(balance, ZERO) <= 0) return { ok: false, error: "notPositive" };
  if (compare(balance, first.low) < 0) return { ok: false, error: "belowMinimum" };
  const overflow = { ok: false, error: "overflow" } as const;
  let earned: Decimal = ZERO;
  for (const [index, tier] of tiers.entries()) {
    // The minimum is a condition, not a tier: the first tier earns from zero.
    const low = index === 0 ? ZERO : tier.low;
    if (compare(balance, low) <= 0) break;
    const end = coverageEnd(tiers, index);
    const top = end === null || compare(balance, end) <= 0 ? balance : end;
    if (compare(top, low) <= 0) continue;
    const part = sub(top, low);
    if (part === null) return overflow;
    const interest = mul(part, tier.apy);
    if (interest === null) return overflow;
    const sum = add(earned, interest);
    if (sum === null) return overflow;
    earned = sum;
  }
  const apy = div(earned, balance);
  return apy === null ? overflow : { ok: true, apy };
}

/** The blended APY rounded to 2 decimals, half away from zero, written with exactly 2 (`blended_apy_rounded`). */
export function blendedApyRounded(
  tiers: RateTiers,
  balance: Decimal,
): { ok: true; apy: Decimal } | { ok: false; error: BlendError } {
  const exact = blendedApy(tiers, balance);
  if (!exact.ok) return exact;
  return { ok: true, apy: rescale(roundDp(exact.apy, BLENDED_APY_DECIMALS, "halfAwayFromZero"), BLENDED_APY_DECIMALS) };
}

/** The interest a balance earns in a year at its blended APY, in dollars, rounded to cents
 * half away from zero (`yearly_earnings`). */
export function yearlyEarnings(tiers: RateTiers, balance: Decimal): { ok: true; dollars: Decimal } | { ok: false; error: BlendError } {
  const apy = blendedApy(tiers, balance);
  if (!apy.ok) return apy;
  const product = mul(balance, apy.apy);
  const hundred = parseDecimal("100");
  const dollars = product === null || hundred === null ? null : div(product, hundred);
  if (dollars === null) return { ok: false, error: "overflow" };
  return { ok: true, dollars: rescale(roundDp(dollars, 2, "halfAwayFromZero"), 2) };
}

/** What a balance typed by a visitor gets from a `RATE_INFO_STR`: the blended APY and the
 * dollars a year, or the minimum it falls under; `null` when nothing can be read. */
export type BalanceEarnings =
  | { kind: "earns"; apy: Decimal; dollars: Decimal }
  | { kind: "belowMinimum"; minimum: Decimal };

export function balanceEarnings(rateInfo: string, balance: string): BalanceEarnings | null {
  const tiers = parseRateInfo(rateInfo);
  const amount = parseDecimal(balance);
  if (!tiers.ok || amount === null) return null;
  const apy = blendedApyRounded(tiers.tiers, amount);
  const first = tiers.tiers[0];
  if (!apy.ok) return apy.error === "belowMinimum" && first ? { kind: "belowMinimum", minimum: first.low } : null;
  const dollars = yearlyEarnings(tiers.tiers, amount);
  return dollars.ok ? { kind: "earns", apy: apy.apy, dollars: dollars.dollars } : null;
}
