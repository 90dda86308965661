/**
 * The 0 to 5 rating and how it is drawn: five stars, the one-decimal text and the bar width
 * (site-core §5 "Star display", community §3 "Ratings on a card").
 *
 * Mirrors `ratings::Rating` (`Rating::parse`, `Rating::new`, `Rating::clamped`,
 * `rounded_to_half`, `one_decimal`, `bar_width_percent`, `stars`),
 * `ratings::StarPiece::for_fraction` and `ratings::StarCount` (`StarCount::word`)
 * (crates/ratings/src/rating.rs, display.rs, star_count.rs). Checked by `ratings.json`
 * tables `starPieces`, `halfRounding`, `oneDecimalText`, `barWidth`, `ratingParse`,
 * `ratingClamped` and `popupWords`.
 *
 * All arithmetic is exact decimal arithmetic: a rating of 4.12 draws a quarter star and
 * 4.11 an empty one, which binary floating point cannot promise at the thresholds.
 */

import {
  type Decimal,
  ONE,
  ZERO,
  clamp,
  compare,
  dec,
  decimalToString,
  div,
  mul,
  normalize,
  rescale,
  roundDp,
  sub,
} from "./decimal";
import { trim } from "./text";

/** A rating on the 0 to 5 scale: an exact, normalised decimal. Build one with `parseRating`, `ratingFromDecimal` or `clampRating`. */
export type Rating = Decimal & { readonly __rating: true };

/** Why a text or number is not a rating (`RatingError`). */
export type RatingError = "notANumber" | "outOfRange";

/** One drawn star (`StarPiece`), with the value it draws: 1, 0.75, 0.5, 0.25, 0. */
export type StarPiece = "full" | "threeQuarter" | "half" | "quarter" | "empty";

/** The two drawings of site-core §5 (`StarMode`): rounded to halves, or exact with quarter pieces. */
export type StarMode = "halfStars" | "fractional";

/** Lowest rating: "Scale 0 to 5" (`RATING_MIN`). */
export const RATING_MIN: Decimal = ZERO;
/** Highest rating: "Scale 0 to 5" (`RATING_MAX`). */
export const RATING_MAX: Decimal = dec("5");
/** Number of stars drawn (`STARS_SHOWN`). */
export const STARS_SHOWN = 5;
/** "bar width is 20 percent per point" (`BAR_WIDTH_PERCENT_PER_POINT`). */
export const BAR_WIDTH_PERCENT_PER_POINT: Decimal = dec("20");
/** "one decimal shown" (`DISPLAY_DECIMALS`). */
export const DISPLAY_DECIMALS = 1;
/** From this fraction a star is a quarter star (`QUARTER_STAR_THRESHOLD`). */
export const QUARTER_STAR_THRESHOLD: Decimal = dec("0.12");
/** From this fraction a star is a half star (`HALF_STAR_THRESHOLD`). */
export const HALF_STAR_THRESHOLD: Decimal = dec("0.38");
/** From this fraction a star is a three-quarter star (`THREE_QUARTER_STAR_THRESHOLD`). */
export const THREE_QUARTER_STAR_THRESHOLD: Decimal = dec("0.62");
/** From this fraction a star is full (`FULL_STAR_THRESHOLD`). */
export const FULL_STAR_THRESHOLD: Decimal = dec("0.87");

/** Decimal places kept when parsing; further digits are dropped (`MAX_PARSED_DECIMALS`). */
const MAX_PARSED_DECIMALS = 28;

const TWO = dec("2");

function asRating(value: Decimal): Rating {
  return normalize(value) as Rating;
}

/** Accepts a decimal in 0..=5 (`Rating::new`). */
export function ratingFromDecimal(value: Decimal): Rating | null {
  if (compare(value, RATING_MIN) < 0 || compare(value, RATING_MAX) > 0) return null;
  return asRating(value);
}

/**
 * Strictly parses rating text (`Rating::parse`): surrounding white space is trimmed, then
 * an optional `+` or `-`, ASCII digits with at most one `.`, and at least one digit
 * (`4`, `4.3`, `.5`, `4.`). Exponents, separators, `NaN` and empty text are `notANumber`;
 * numbers below 0 or above 5 are `outOfRange`; `-0` is 0. Decimals beyond the 28th are dropped.
 */
export function parseRating(input: string): { ok: true; rating: Rating } | { ok: false; error: RatingError } {
  const trimmed = trim(input);
  let negative = false;
  let unsigned = trimmed;
  if (trimmed.startsWith("-")) {
    negative = true;
    unsigned = trimmed.slice(1);
  } else if (trimmed.startsWith("+")) {
    unsigned = trimmed.slice(1);
  }
  const point = unsigned.indexOf(".");
  const wholeText = point < 0 ? unsigned : unsigned.slice(0, point);
  const fractionText = point < 0 ? "" : unsigned.slice(point + 1);
  const digits = /^[0-9]*$/;
  if (
    (wholeText === "" && fractionText === "") ||
    !digits.test(wholeText) ||
    !digits.test(fractionText)
  ) {
    return { ok: false, error: "notANumber" };
  }
  const whole = wholeText.replace(/^0+/, "");
  const fraction = fractionText.replace(/0+$/, "");
  if (whole === "" && fraction === "") return { ok: true, rating: asRating(ZERO) };
  if (negative || whole.length > 1) return { ok: false, error: "outOfRange" };
  const wholeDigit = whole === "" ? 0 : Number(whole);
  if (wholeDigit > 5 || (wholeDigit === 5 && fraction !== "")) {
    return { ok: false, error: "outOfRange" };
  }
  const kept = fraction.slice(0, MAX_PARSED_DECIMALS);
  const value: Decimal = { mantissa: BigInt(`${wholeDigit}${kept}`), scale: kept.length };
  return { ok: true, rating: asRating(value) };
}

/** Pins any decimal into the scale for display (`Rating::clamped`): below 0 gives 0, above 5 gives 5. */
export function clampRating(value: Decimal): Rating {
  return asRating(clamp(value, RATING_MIN, RATING_MAX));
}

// A rating is at most 5, so none of the products below can overflow.
function exact(value: Decimal | null): Decimal {
  if (value === null) throw new RangeError("rating arithmetic overflowed");
  return value;
}

/** The rating rounded to the nearest half, midpoint away from zero (`rounded_to_half`: 4.25 → 4.5, 4.24 → 4). */
export function roundedToHalf(rating: Rating): Rating {
  const doubled = roundDp(exact(mul(rating, TWO)), 0, "halfAwayFromZero");
  return clampRating(exact(div(doubled, TWO)));
}

/** The text shown to visitors: exactly one decimal, half away from zero (`one_decimal`: 4.25 → "4.3", 5 → "5.0"). */
export function oneDecimal(rating: Rating): string {
  return decimalToString(rescale(roundDp(rating, DISPLAY_DECIMALS, "halfAwayFromZero"), DISPLAY_DECIMALS));
}

/** The bar width in percent, 20 per point, unrounded and normalised (`bar_width_percent`: 4.33 → 86.6). */
export function barWidthPercent(rating: Rating): Decimal {
  return normalize(exact(mul(rating, BAR_WIDTH_PERCENT_PER_POINT)));
}

/**
 * The piece for one star's fraction (`StarPiece::for_fraction`); each threshold belongs
 * to the larger piece: below 0.12 empty, below 0.38 quarter, below 0.62 half, below 0.87
 * three-quarter, else full.
 */
export function starPieceForFraction(fraction: Decimal): StarPiece {
  if (compare(fraction, QUARTER_STAR_THRESHOLD) < 0) return "empty";
  if (compare(fraction, HALF_STAR_THRESHOLD) < 0) return "quarter";
  if (compare(fraction, THREE_QUARTER_STAR_THRESHOLD) < 0) return "half";
  if (compare(fraction, FULL_STAR_THRESHOLD) < 0) return "threeQuarter";
  return "full";
}

/**
 * The five stars left to right (`Rating::stars`): star `i` draws
 * `clamp(rating − i, 0, 1)`; in `halfStars` mode the rating is first rounded to halves.
 */
export function starPieces(rating: Rating, mode: StarMode): StarPiece[] {
  const drawn = mode === "halfStars" ? roundedToHalf(rating) : rating;
  return Array.from({ length: STARS_SHOWN }, (_, index) =>
    starPieceForFraction(clamp(exact(sub(drawn, dec(String(index)))), ZERO, ONE)),
  );
}

/** Everything a rating display needs (`RatingDisplay`). */
export interface RatingDisplay {
  readonly rating: Rating;
  readonly text: string;
  readonly barWidthPercent: Decimal;
  readonly halfStars: StarPiece[];
  readonly fractionalStars: StarPiece[];
}

/** The display text, bar width and both star drawings of a rating (`Rating::display`). */
export function ratingDisplay(rating: Rating): RatingDisplay {
  return {
    rating,
    text: oneDecimal(rating),
    barWidthPercent: barWidthPercent(rating),
    halfStars: starPieces(rating, "halfStars"),
    fractionalStars: starPieces(rating, "fractional"),
  };
}

// Votes: 1 to 5 whole stars (site-core §5 "Rating popup wording", §7 "Rating").

/** A vote of 1 to 5 whole stars (`StarCount`). */
export type StarCount = 1 | 2 | 3 | 4 | 5;

/** Popup words: "1 Bad, 2 Below Average, 3 Average, 4 Good, 5 Excellent" (`POPUP_WORD_*`). */
export const POPUP_WORDS: Readonly<Record<StarCount, string>> = {
  1: "Bad",
  2: "Below Average",
  3: "Average",
  4: "Good",
  5: "Excellent",
};

/** Accepts 1 to 5 (`StarCount::new`); `null` for anything else. */
export function starCount(value: number): StarCount | null {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5 ? value : null;
}

/** The popup word of a vote (`StarCount::word`): 4 → "Good". */
export function popupWord(stars: StarCount): string {
  return POPUP_WORDS[stars];
}
