/**
 * Validation while typing for the question-and-answer box, the guest flow, replies, search,
 * the text-message dialog and the helpful widget (community §5 "Validation rules", §9).
 *
 * Mirrors `qna_validation` (`question::QuestionText::parse`, `question::remaining_chars`,
 * `category::select_category`, `category::preselected_category`,
 * `guest::GuestEmail::parse`, `guest::OneTimeCode::parse`,
 * `reply::Reply::parse`, `review::ReviewText::parse`, `search::search_mode`, `text_message::UsPhone::parse`,
 * `helpful::FeedbackReason::parse`, and the messages of `constants`;
 * crates/qna-validation/src). Checked by `qna-validation.json` tables `question`,
 * `questionRemaining`, `category`, `guestEmail`, `oneTimeCode`,
 * `reply`, `search`, `usPhone` and `feedbackReason`.
 *
 * Characters are Unicode scalar values and white space is Unicode `White_Space`, as in
 * `rules/text` (not `String.prototype.length`, `trim()` or `\s`). Each validator gives
 * `{ ok: value }` (the normalised value) or `{ error: message }` (the exact user-visible
 * message, or an error code where the spec gives no message).
 */

import { charCount, collapseWhiteSpace, isWhiteSpaceCode, trim, wordCount } from "./text";

/** A validator's outcome: the normalised value, or the message to show. */
export type Validated<T> = { readonly ok: T } | { readonly error: string };

/** "Question: at least 3 words" (`QUESTION_MIN_WORDS`). */
export const QUESTION_MIN_WORDS = 3;
/** "at most 140 characters" (`QUESTION_MAX_CHARS`). */
export const QUESTION_MAX_CHARS = 140;
/** (`QUESTION_MIN_WORDS_MESSAGE`) */
export const QUESTION_MIN_WORDS_MESSAGE = "Question must have at least 3 words.";
/** The spec's message with its typo fixed, per DECISIONS.md (`QUESTION_MAX_CHARS_MESSAGE`). */
export const QUESTION_MAX_CHARS_MESSAGE = "Question cannot have more than 140 chars.";
/** (`CATEGORY_REQUIRED_MESSAGE`) */
export const CATEGORY_REQUIRED_MESSAGE = "Please select a category.";
/** (`GUEST_EMAIL_MESSAGE`) */
export const GUEST_EMAIL_MESSAGE = "Please enter a correct Email Address.";
/** Longest guest e-mail address, in characters (`GUEST_EMAIL_MAX_CHARS`). */
export const GUEST_EMAIL_MAX_CHARS = 254;
/** Longest label of the e-mail domain (`EMAIL_LABEL_MAX_CHARS`). */
export const EMAIL_LABEL_MAX_CHARS = 63;
/** "One-time code: 6 digits" (`ONE_TIME_CODE_DIGITS`). */
export const ONE_TIME_CODE_DIGITS = 6;
/** (`ONE_TIME_CODE_MESSAGE`) */
export const ONE_TIME_CODE_MESSAGE = "Please enter the 6-digit numerical code that we sent to your email.";
/** "Reply: at least 30 characters" (`REPLY_MIN_CHARS`). */
export const REPLY_MIN_CHARS = 30;
/** (`REPLY_MIN_CHARS_MESSAGE`) */
export const REPLY_MIN_CHARS_MESSAGE = "Content must have 30 characters.";
/** "Search: minimum 2 characters" (`SEARCH_MIN_CHARS`). */
export const SEARCH_MIN_CHARS = 2;
/** "debounce 200 ms" (`SEARCH_DEBOUNCE_MS`). */
export const SEARCH_DEBOUNCE_MS = 200;
/** "Phone: 10 digits" (`US_PHONE_DIGITS`). */
export const US_PHONE_DIGITS = 10;
/** The country code removed from the start of a typed number (`US_COUNTRY_CODE_PREFIX`). */
export const US_COUNTRY_CODE_PREFIX = "+1";
/** (`US_PHONE_MESSAGE`) */
export const US_PHONE_MESSAGE = "Please enter a valid US number";
/** "Minimum feedback length 10" (`FEEDBACK_REASON_MIN_CHARS`). */
export const FEEDBACK_REASON_MIN_CHARS = 10;
/** The message says 10, per DECISIONS.md (`FEEDBACK_REASON_MESSAGE`). */
export const FEEDBACK_REASON_MESSAGE = "Content must have at least 10 characters.";

/**
 * A question (`QuestionText::parse`): trimmed; at least 3 words (checked first), at most
 * 140 characters.
 */
export function validateQuestion(raw: string): Validated<string> {
  const text = trim(raw);
  if (wordCount(text) < QUESTION_MIN_WORDS) return { error: QUESTION_MIN_WORDS_MESSAGE };
  if (charCount(text) > QUESTION_MAX_CHARS) return { error: QUESTION_MAX_CHARS_MESSAGE };
  return { ok: text };
}

/** Characters left for a question, 140 minus the trimmed length; negative when over (`remaining_chars`). */
export function questionRemaining(raw: string): number {
  return QUESTION_MAX_CHARS - charCount(trim(raw));
}

/** A category a question can be asked in (`Category`). */
export interface Category {
  readonly id: number;
  readonly name: string;
}

/** The category to preselect: the only one offered, if there is exactly one (`preselected_category`). */
export function preselectedCategory(available: readonly Category[]): number | null {
  return available.length === 1 ? (available[0]?.id ?? null) : null;
}

/**
 * The category a question is asked in (`select_category`): a chosen id must be offered
 * (else the code `unknownCategory`); with none chosen, no categories give `null`, one gives
 * that id, several give the message.
 */
export function selectCategory(available: readonly Category[], chosen: number | null): Validated<number | null> {
  if (chosen !== null) return available.some((c) => c.id === chosen) ? { ok: chosen } : { error: "unknownCategory" };
  if (available.length === 0) return { ok: null };
  if (available.length === 1) return { ok: available[0]?.id ?? null };
  return { error: CATEGORY_REQUIRED_MESSAGE };
}

const LOCAL_PUNCTUATION = ".!#$%&'*+/=?^_`{|}~-";

function isAsciiAlphanumeric(char: string): boolean {
  return /^[A-Za-z0-9]$/.test(char);
}

function isDomainLabel(label: string): boolean {
  const first = label[0];
  const last = label[label.length - 1];
  return (
    first !== undefined &&
    last !== undefined &&
    isAsciiAlphanumeric(first) &&
    isAsciiAlphanumeric(last) &&
    label.length <= EMAIL_LABEL_MAX_CHARS &&
    /^[A-Za-z0-9-]+$/.test(label)
  );
}

/**
 * A guest's e-mail address (`GuestEmail::parse`): trimmed; not empty; at most 254
 * characters; the WHATWG valid e-mail address with at least one dot in the domain
 * (the regular expression `GUEST_EMAIL_JS_PATTERN`, which qna-validation.json quotes).
 */
export function validateGuestEmail(raw: string): Validated<string> {
  const email = trim(raw);
  const refused = { error: GUEST_EMAIL_MESSAGE };
  if (email === "" || charCount(email) > GUEST_EMAIL_MAX_CHARS) return refused;
  const at = email.indexOf("@");
  if (at < 0) return refused;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local === "" || ![...local].every((c) => isAsciiAlphanumeric(c) || LOCAL_PUNCTUATION.includes(c))) return refused;
  if (!domain.split(".").every(isDomainLabel) || !domain.includes(".")) return refused;
  return { ok: email };
}

/** The one-time code (`OneTimeCode::parse`): trimmed, exactly 6 ASCII digits. */
export function validateOneTimeCode(raw: string): Validated<string> {
  const code = trim(raw);
  return charCount(code) === ONE_TIME_CODE_DIGITS && /^[0-9]+$/.test(code) ? { ok: code } : { error: ONE_TIME_CODE_MESSAGE };
}

/** A review's shortest text (`REVIEW_MIN_CHARS`). */
export const REVIEW_MIN_CHARS = 30;
/** (`REVIEW_MIN_CHARS_MESSAGE`) */
export const REVIEW_MIN_CHARS_MESSAGE = "A review must have at least 30 characters.";
/** A review's longest text (`REVIEW_MAX_CHARS`). */
export const REVIEW_MAX_CHARS = 2000;
/** (`REVIEW_MAX_CHARS_MESSAGE`) */
export const REVIEW_MAX_CHARS_MESSAGE = "A review cannot have more than 2,000 characters.";

/** A review's text (`ReviewText::parse`): line breaks made `\n`, other control characters
 * dropped, trimmed, 30 to 2,000 characters. */
export function validateReview(raw: string): Validated<string> {
  const cleaned = raw.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, "");
  const text = trim(cleaned);
  const chars = charCount(text);
  if (chars < REVIEW_MIN_CHARS) return { error: REVIEW_MIN_CHARS_MESSAGE };
  if (chars > REVIEW_MAX_CHARS) return { error: REVIEW_MAX_CHARS_MESSAGE };
  return { ok: text };
}

/** A reply (`Reply::parse`): trimmed, at least 30 characters. */
export function validateReply(raw: string): Validated<string> {
  const text = trim(raw);
  return charCount(text) < REPLY_MIN_CHARS ? { error: REPLY_MIN_CHARS_MESSAGE } : { ok: text };
}

/** The search query to run, or `null` for the normal list (`search_mode`): trimmed, searched from 2 characters. */
export function searchQuery(raw: string): string | null {
  const text = trim(raw);
  return charCount(text) < SEARCH_MIN_CHARS ? null : text;
}

/** Whether a character is removed from a typed phone number: white space, `-`, `.`, `(`, `)` (`is_phone_separator`). */
export function isPhoneSeparator(char: string): boolean {
  return isWhiteSpaceCode(char.codePointAt(0) ?? 0) || char === "-" || char === "." || char === "(" || char === ")";
}

/**
 * A US phone number for the text-message dialog (`UsPhone::parse`): separators removed
 * anywhere, then one leading `+1` removed; exactly 10 ASCII digits must remain (a bare
 * leading 1 is not removed). The value is the 10 digits.
 */
export function validateUsPhone(raw: string): Validated<string> {
  const kept = [...raw].filter((char) => !isPhoneSeparator(char)).join("");
  const number = kept.startsWith(US_COUNTRY_CODE_PREFIX) ? kept.slice(US_COUNTRY_CODE_PREFIX.length) : kept;
  return /^[0-9]*$/.test(number) && number.length === US_PHONE_DIGITS ? { ok: number } : { error: US_PHONE_MESSAGE };
}

/**
 * The helpful widget's reason (`FeedbackReason::parse`): trimmed with inner white-space
 * runs replaced by one space; at least 10 characters. The value is the cleaned text.
 */
export function validateFeedbackReason(raw: string): Validated<string> {
  const cleaned = collapseWhiteSpace(raw);
  return charCount(cleaned) < FEEDBACK_REASON_MIN_CHARS ? { error: FEEDBACK_REASON_MESSAGE } : { ok: cleaned };
}
