/**
 * Identifiers carried in visitor state: the group id and product ids (site-core §3
 * "Signed-in session data", "Saved-product data"; community §3 "Stored user info").
 *
 * Mirrors `visitor_state::ids` (`validate_id`, `GroupId::parse`, `ProductId::parse`;
 * crates/visitor-state/src/ids.rs). Checked through `visitor-state.json` `signOnDecode`,
 * `savedProducts` and `userInfoHelpers`.
 *
 * An id is any text of 1 to 128 characters without control characters, after trimming.
 */

import { charCount, isControlCode, trim } from "./text";

/** Longest accepted id, in characters (`MAX_ID_CHARS`). */
export const MAX_ID_CHARS = 128;

/** Why a text is not a valid id (`InvalidId`). */
export type InvalidId = "empty" | "tooLong" | "controlCharacter";

/** A group id (`GroupId`): saved products are kept per group. */
export type GroupId = string & { readonly __groupId: true };

/** A product id in the saved and skipped lists (`ProductId`). */
export type ProductId = string & { readonly __productId: true };

/** Checks the shared id rules and returns the trimmed text (`validate_id`). */
export function validateId(raw: string): { ok: true; id: string } | { ok: false; error: InvalidId } {
  const trimmed = trim(raw);
  if (trimmed === "") return { ok: false, error: "empty" };
  if (charCount(trimmed) > MAX_ID_CHARS) return { ok: false, error: "tooLong" };
  for (const char of trimmed) {
    if (isControlCode(char.codePointAt(0) ?? 0)) return { ok: false, error: "controlCharacter" };
  }
  return { ok: true, id: trimmed };
}

/** Parses a group id (`GroupId::parse`); `null` when it breaks the id rules. */
export function parseGroupId(raw: string): GroupId | null {
  const checked = validateId(raw);
  return checked.ok ? (checked.id as GroupId) : null;
}

/** Parses a product id (`ProductId::parse`); `null` when it breaks the id rules. */
export function parseProductId(raw: string): ProductId | null {
  const checked = validateId(raw);
  return checked.ok ? (checked.id as ProductId) : null;
}
