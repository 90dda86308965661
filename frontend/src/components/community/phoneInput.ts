/**
 * The phone field of the text-message dialog: the digits shown as `(###) ###-####` while
 * they are typed (community §9 "Phone: 10 digits"), with the caret kept where the visitor
 * was typing.
 */
import { formatPhone, PHONE_DIGITS } from "../../rules/phone";
import { validateUsPhone } from "../../rules/validation";

const isDigit = (c: string) => c >= "0" && c <= "9";

/** The digits typed so far, as far as they go: "(555", "(555) 01", "(555) 010-4". */
export function formatPartialPhone(digits: string): string {
  const d = digits.slice(0, PHONE_DIGITS);
  const full = formatPhone(d);
  if (full.ok) return full.text;
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** At most ten digits of a typed or pasted text; a pasted "+1 555 010 4567" loses its country code. */
export function phoneDigits(text: string): string {
  const whole = validateUsPhone(text);
  if ("ok" in whole) return whole.ok;
  return [...text].filter(isDigit).join("").slice(0, PHONE_DIGITS);
}

/** Where the caret goes in `text`: just after its `count`-th digit (before the first when 0). */
function caretAfterDigits(text: string, count: number): number {
  if (count <= 0) return text.search(/[0-9]/) === -1 ? text.length : text.search(/[0-9]/);
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (isDigit(text.charAt(i))) seen += 1;
    if (seen === count) return i + 1;
  }
  return text.length;
}

export interface PhoneEdit {
  text: string;
  caret: number;
}

/**
 * The field after an edit: `raw` is what the input now holds, `caret` where its caret is,
 * `before` what it held. Deleting only a `(`, `)`, space or `-` would be undone by the
 * formatting, so the digit beside it goes instead and Backspace never gets stuck.
 */
export function editPhone(raw: string, caret: number, before: string, deleting: "backward" | "forward" | null): PhoneEdit {
  let digits = phoneDigits(raw);
  let typedBefore = Math.min([...raw.slice(0, caret)].filter(isDigit).length, digits.length);
  if (deleting !== null && digits === phoneDigits(before)) {
    const at = deleting === "backward" ? typedBefore - 1 : typedBefore;
    if (at >= 0 && at < digits.length) {
      digits = digits.slice(0, at) + digits.slice(at + 1);
      typedBefore = at;
    }
  }
  const text = formatPartialPhone(digits);
  return { text, caret: caretAfterDigits(text, typedBefore) };
}
