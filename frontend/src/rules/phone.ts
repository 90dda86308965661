/**
 * Phone numbers written as `(###) ###-####` (site-core §5 "phoneformat (ten digits as
 * (###) ###-####)", community §9 "Phone: 10 digits").
 *
 * Mirrors `formatting::format_phone` and `formatting::PhoneNumber::parse`
 * (crates/formatting/src/phone.rs). Checked by `formatting.json` table `phoneformat`.
 *
 * The separators people type (space, `-`, `.`, `(`, `)`) are ignored; exactly ten ASCII
 * digits must remain. A country code, letters and non-ASCII digits are errors. The form's
 * own message for a bad number lives in `rules/validation` (`usPhone`).
 */

/** "Phone: 10 digits" (`PHONE_DIGITS`). */
export const PHONE_DIGITS = 10;

/** Characters ignored in a phone number (`PHONE_SEPARATORS`). */
export const PHONE_SEPARATORS: readonly string[] = [" ", "-", ".", "(", ")"];

/** Why a text is not a ten-digit phone number (`PhoneFormatError`). */
export type PhoneFormatError =
  | { readonly kind: "invalidCharacter"; readonly character: string }
  | { readonly kind: "wrongDigitCount"; readonly digits: number };

/** Reads the ten digits of a phone number (`PhoneNumber::parse`). */
export function parsePhoneDigits(input: string): { ok: true; digits: string } | { ok: false; error: PhoneFormatError } {
  let digits = "";
  let count = 0;
  for (const character of input) {
    if (character >= "0" && character <= "9") {
      count += 1;
      if (count <= PHONE_DIGITS) digits += character;
    } else if (!PHONE_SEPARATORS.includes(character)) {
      return { ok: false, error: { kind: "invalidCharacter", character } };
    }
  }
  return count === PHONE_DIGITS ? { ok: true, digits } : { ok: false, error: { kind: "wrongDigitCount", digits: count } };
}

/** Writes ten digits as `(###) ###-####` (`format_phone`, phoneformat). */
export function formatPhone(input: string): { ok: true; text: string } | { ok: false; error: PhoneFormatError } {
  const parsed = parsePhoneDigits(input);
  if (!parsed.ok) return parsed;
  const d = parsed.digits;
  return { ok: true, text: `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` };
}
