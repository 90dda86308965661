/**
 * Approval-odds text to display class (site-core §5: "very good = high; good = medium;
 * fair = low; excellent, pre-selected, pre-approved, outstanding = ultra; anything else =
 * limited").
 *
 * Mirrors `ratings::ApprovalOddsClass::from_text` (crates/ratings/src/approval_odds.rs).
 * Checked by `ratings.json` table `approvalOdds`.
 *
 * The whole text is compared after trimming and lowercasing: "very good" is high, never
 * medium, and "good odds" is limited. Inner spacing and hyphens must match exactly.
 */

import { trim } from "./text";

/** The display class of an approval-odds text (`ApprovalOddsClass`), also its class name. */
export type ApprovalOddsClass = "ultra" | "high" | "medium" | "low" | "limited";

/** Texts of the ultra class (`APPROVAL_ODDS_ULTRA_TEXTS`). */
export const APPROVAL_ODDS_ULTRA_TEXTS: readonly string[] = ["excellent", "pre-selected", "pre-approved", "outstanding"];
/** Text of the high class (`APPROVAL_ODDS_HIGH_TEXT`). */
export const APPROVAL_ODDS_HIGH_TEXT = "very good";
/** Text of the medium class (`APPROVAL_ODDS_MEDIUM_TEXT`). */
export const APPROVAL_ODDS_MEDIUM_TEXT = "good";
/** Text of the low class (`APPROVAL_ODDS_LOW_TEXT`). */
export const APPROVAL_ODDS_LOW_TEXT = "fair";

/** Classifies an approval-odds text: trimmed, Unicode-lowercased, whole text (`ApprovalOddsClass::from_text`). */
export function approvalOddsClass(text: string): ApprovalOddsClass {
  const key = trim(text).toLowerCase();
  if (APPROVAL_ODDS_ULTRA_TEXTS.includes(key)) return "ultra";
  if (key === APPROVAL_ODDS_HIGH_TEXT) return "high";
  if (key === APPROVAL_ODDS_MEDIUM_TEXT) return "medium";
  if (key === APPROVAL_ODDS_LOW_TEXT) return "low";
  return "limited";
}
