/**
 * Missing values: site-core §5 "Missing values show N/A or None".
 *
 * Mirrors `formatting::FieldKind::missing_label` and `formatting::or_missing`
 * (crates/formatting/src/missing.rs). Checked by `formatting.json` tables `missingLabel`
 * and `orMissing`.
 *
 * `None` claims the product has none of the thing, so only a perk (rewards, a bonus, an
 * intro APR) shows it; every other kind of field shows `N/A` (unknown). A blank value is
 * missing; a zero is a value.
 */

import { trim } from "./text";

/** The kind of a displayed field (`FieldKind`), which decides the label of a missing value. */
export type FieldKind = "rate" | "fee" | "amount" | "term" | "requirement" | "perk";

/** Every kind, in table order (`FieldKind::ALL`). */
export const FIELD_KINDS: readonly FieldKind[] = ["rate", "fee", "amount", "term", "requirement", "perk"];

/** Label of a missing value the product should have (`NOT_AVAILABLE`). */
export const NOT_AVAILABLE = "N/A";
/** Label of a missing perk: the product has none (`NONE`). */
export const NONE = "None";

/** The label of a missing field of this kind (`FieldKind::missing_label`): `None` for a perk, `N/A` otherwise. */
export function missingLabel(kind: FieldKind): string {
  return kind === "perk" ? NONE : NOT_AVAILABLE;
}

/** The value when present and not blank, else the missing label of its kind (`or_missing`). */
export function orMissing(value: string | null | undefined, kind: FieldKind): string {
  return value !== null && value !== undefined && trim(value) !== "" ? value : missingLabel(kind);
}
