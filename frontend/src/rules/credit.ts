/**
 * Credit-score bands, minimum scores, the min-credit class and approval odds (site-core
 * §3 "Eligibility", §5 "Min-credit class", §9 "Credit score bands", "Minimum score by
 * label", "Approval-odds score breakpoints").
 *
 * Mirrors `offer_model::credit` (`CreditScore::new`, `CreditScore::parse`,
 * `CreditBand::of`, `CreditLabel::parse`, `minimum_score`, `min_credit_class`,
 * `approval_odds_text`; crates/offer-model/src/credit.rs). Checked by `offer-rules.json`
 * tables `scoreBand`, `minCreditClass`, `minimumScore` and `approvalOddsText`.
 *
 * Scores are self-reported VantageScore 3.0 values from 300 to 850; the site pulls no
 * credit report.
 */

import { asciiLowercase, trim } from "./text";

/** The lowest score (`MIN_CREDIT_SCORE`). */
export const MIN_CREDIT_SCORE = 300;
/** The highest score (`MAX_CREDIT_SCORE`). */
export const MAX_CREDIT_SCORE = 850;
/** "Limited credit means under 3 years of history" (`LIMITED_HISTORY_YEARS`). */
export const LIMITED_HISTORY_YEARS = 3;
/** Minimum score of a bad-credit secured card (`MIN_SCORE_BAD_SECURED`). */
export const MIN_SCORE_BAD_SECURED = 300;
/** Minimum score of a bad-credit card that is not secured (`MIN_SCORE_BAD_UNSECURED`). */
export const MIN_SCORE_BAD_UNSECURED = 500;
/** Minimum score for fair (`MIN_SCORE_FAIR`). */
export const MIN_SCORE_FAIR = 640;
/** Minimum score for good (`MIN_SCORE_GOOD`). */
export const MIN_SCORE_GOOD = 700;
/** Minimum score for excellent (`MIN_SCORE_EXCELLENT`). */
export const MIN_SCORE_EXCELLENT = 750;
/** "Approval-odds score breakpoints", highest first (`APPROVAL_ODDS_BREAKPOINTS`). */
export const APPROVAL_ODDS_BREAKPOINTS: readonly number[] = [795, 765, 750, 735, 720, 700, 685, 665, 640, 620, 570, 300];

/** A VantageScore 3.0 score, a whole number from 300 to 850 (`CreditScore`). */
export type CreditScore = number & { readonly __creditScore: true };

/** A credit-score band, also its label (`CreditBand`). */
export type CreditBand = "Excellent" | "Good" | "Fair" | "Bad";

/** The bands best first with their scores, both ends included (`CreditBand::ALL`, `scores`). */
export const SCORE_BANDS: ReadonlyArray<{
  readonly band: CreditBand;
  readonly label: CreditBand;
  readonly min: number;
  readonly max: number;
  /** The range as shown, such as `750-850`. */
  readonly range: string;
}> = [
  { band: "Excellent", label: "Excellent", min: 750, max: 850, range: "750-850" },
  { band: "Good", label: "Good", min: 700, max: 749, range: "700-749" },
  { band: "Fair", label: "Fair", min: 640, max: 699, range: "640-699" },
  { band: "Bad", label: "Bad", min: 300, max: 639, range: "300-639" },
];

/** Accepts a whole number from 300 to 850 (`CreditScore::new`). */
export function creditScore(value: number): CreditScore | null {
  return Number.isInteger(value) && value >= MIN_CREDIT_SCORE && value <= MAX_CREDIT_SCORE ? (value as CreditScore) : null;
}

/** Why a typed score was refused (`CreditScoreError`). */
export type CreditScoreError = "notANumber" | "outOfRange";

/**
 * Reads a score typed by a visitor (`CreditScore::parse`): a whole number (an optional
 * `+` or `-`, ASCII digits, as Rust's `i64` parser reads it), surrounding blanks ignored.
 */
export function parseCreditScore(raw: string): { ok: true; score: CreditScore } | { ok: false; error: CreditScoreError } {
  const text = trim(raw);
  if (!/^[+-]?[0-9]+$/.test(text)) return { ok: false, error: "notANumber" };
  const value = BigInt(text.replace(/^\+/, ""));
  if (value > 9223372036854775807n || value < -9223372036854775808n) return { ok: false, error: "notANumber" };
  const score = value >= 0n && value <= 1000n ? creditScore(Number(value)) : null;
  return score === null ? { ok: false, error: "outOfRange" } : { ok: true, score };
}

/** The band of a score (`CreditBand::of`). */
export function creditBand(score: CreditScore): CreditBand {
  if (score >= 750) return "Excellent";
  if (score >= 700) return "Good";
  if (score >= 640) return "Fair";
  return "Bad";
}

/** The credit label an offer names as the least it needs (`CreditLabel`); other labels are kept as written. */
export type CreditLabel =
  | { readonly kind: "Excellent" | "Good" | "Fair" | "Bad" | "Limited History" }
  | { readonly kind: "other"; readonly label: string };

/** Reads a label, ignoring ASCII case and surrounding blanks (`CreditLabel::parse`); never fails. */
export function parseCreditLabel(raw: string): CreditLabel {
  const trimmed = trim(raw);
  switch (asciiLowercase(trimmed)) {
    case "excellent":
      return { kind: "Excellent" };
    case "good":
      return { kind: "Good" };
    case "fair":
      return { kind: "Fair" };
    case "bad":
      return { kind: "Bad" };
    case "limited history":
    case "limited":
      return { kind: "Limited History" };
    default:
      return { kind: "other", label: trimmed };
  }
}

/** The least credit a label asks for (`MinimumScore`). */
export type MinimumScore =
  | { readonly kind: "score"; readonly score: CreditScore }
  | { readonly kind: "limitedHistory" }
  | { readonly kind: "notStated" };

/**
 * The minimum score of a label (`CreditLabel::minimum_score`): limited history, no score;
 * bad 300 for secured cards and 500 otherwise; fair 640; good 700; excellent 750; any
 * other label, not stated.
 */
export function minimumScore(label: CreditLabel, secured: boolean): MinimumScore {
  const score = (value: number): MinimumScore => ({ kind: "score", score: value as CreditScore });
  switch (label.kind) {
    case "Excellent":
      return score(MIN_SCORE_EXCELLENT);
    case "Good":
      return score(MIN_SCORE_GOOD);
    case "Fair":
      return score(MIN_SCORE_FAIR);
    case "Bad":
      return score(secured ? MIN_SCORE_BAD_SECURED : MIN_SCORE_BAD_UNSECURED);
    case "Limited History":
      return { kind: "limitedHistory" };
    case "other":
      return { kind: "notStated" };
  }
}

/** An approval-odds text (`approval_odds_text`); its class is `approvalOddsClass` of it. */
export type ApprovalOddsText = "Excellent" | "Very Good" | "Good" | "Fair" | "Limited";

/**
 * The approval-odds text of a self-reported score for a card that asks for `minimum`
 * (`approval_odds_text`), or `null` when the card states no minimum: the breakpoints the
 * score stands above the minimum's, 4 or more "Excellent", 3 "Very Good", 1 or 2 "Good",
 * none "Fair"; below the minimum "Limited". Limited history asks for no score (300).
 */
export function approvalOddsText(score: CreditScore, minimum: MinimumScore): ApprovalOddsText | null {
  if (minimum.kind === "notStated") return null;
  const least = minimum.kind === "score" ? minimum.score : MIN_CREDIT_SCORE;
  if (score < least) return "Limited";
  const position = (value: number) => {
    const index = APPROVAL_ODDS_BREAKPOINTS.findIndex((breakpoint) => breakpoint <= value);
    return index < 0 ? APPROVAL_ODDS_BREAKPOINTS.length - 1 : index;
  };
  const above = Math.max(0, position(least) - position(score));
  if (above === 0) return "Fair";
  if (above <= 2) return "Good";
  if (above === 3) return "Very Good";
  return "Excellent";
}

/** The min-credit class (`MinCreditClass`): "Excellent is ultra-approval class, Good is high, all others medium". */
export type MinCreditClass = "ultra-approval" | "high" | "medium";

/** The min-credit class of a label (`CreditLabel::min_credit_class`). */
export function minCreditClass(label: CreditLabel): MinCreditClass {
  return label.kind === "Excellent" ? "ultra-approval" : label.kind === "Good" ? "high" : "medium";
}
