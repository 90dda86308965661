/**
 * The tolerant field readers of `visitor_state::json` (`flag`, `text`, `small_number`,
 * `text_list`) over values from the platform's `JSON.parse`, and the compact JSON the
 * rules write.
 *
 * The browser reads only JSON the site itself wrote (the sign-on cookie comes from our
 * server, stored user info and saved products from this code), so the platform's JSON is
 * enough; the Rust crate stays the tolerant reader of record. The two differ only on input
 * the site never writes: numbers JavaScript cannot hold exactly or writes otherwise (a
 * number read as text is `String(n)`: `1.0` gives `"1"` where Rust gives `"1.0"`), repeated
 * keys (where Rust reads each one into a type, as for saved products), and nesting 128
 * deep or lone surrogate escapes, which `serde_json` refuses.
 *
 * Helper shared by signOn, userInfo and savedProducts; checked through their tables.
 */

import { asciiLowercase, trim } from "./text";

/** A JSON object as `JSON.parse` gives it. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** Whether `value` is a JSON object (an object, not `null` or an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `JSON.parse(text)`, or `undefined` when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Compact JSON of a record as the Rust `Serialize` writes it, members in the record's
 * order, leaving out absent values (`null`), false flags and empty lists.
 */
export function compactJson(fields: object): string {
  return JSON.stringify(fields, (_key, value: unknown) =>
    value === null || value === false || (Array.isArray(value) && value.length === 0) ? undefined : value,
  );
}

const TRUE_WORDS = ["1", "true", "y", "yes", "on"];

/**
 * Reads a flag: `true`, a non-zero number, or a string that is `1`, `true`, `y`, `yes` or
 * `on` (trimmed, ASCII case ignored); everything else is false (`json::flag`).
 */
export function readFlag(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return Math.abs(value) > 0;
  return typeof value === "string" && TRUE_WORDS.includes(asciiLowercase(trim(value)));
}

/** Reads a text: a non-empty string as is, a number as its text; otherwise absent (`json::text`). */
export function readText(value: unknown): string | null {
  if (typeof value === "string") return value === "" ? null : value;
  return typeof value === "number" ? String(value) : null;
}

/**
 * Reads a non-negative integer no larger than `max`: an integer number, or a string
 * holding one (trimmed; an optional leading `+`, as Rust's `u64` parser allows)
 * (`json::small_number`).
 */
export function readSmallNumber(value: unknown, max: number): number | null {
  const text = typeof value === "string" ? trim(value) : "";
  const n = typeof value === "number" ? value : /^\+?[0-9]+$/.test(text) ? Number(text) : null;
  return n !== null && Number.isInteger(n) && n >= 0 && n <= max ? n : null;
}

/**
 * Reads a text list: an array whose items are read as text (unusable items skipped), or
 * one string split on commas (items trimmed, empty ones skipped) (`json::text_list`).
 */
export function readTextList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(readText).filter((item): item is string => item !== null);
  if (typeof value !== "string") return [];
  return value
    .split(",")
    .map((item) => trim(item))
    .filter((item) => item !== "");
}
