/**
 * Characters, words and white space, counted exactly as the Rust crates count them.
 *
 * Mirrors `qna_validation::text` (`is_white_space`, `trim`, `char_count`, `word_count`,
 * `collapse_white_space`) and the standard-library rules every crate relies on:
 * `char::is_whitespace` and `str::trim` (the same Unicode `White_Space` list),
 * `char::is_control` (general category Cc) and UTF-8 (`str::len`, `String::from_utf8`).
 * Checked by `qna-validation.json` tables `whiteSpace`, `charCount` and `wordCount`.
 *
 * JavaScript's own `String.prototype.trim` and `\s` differ from Rust (they add U+FEFF and
 * miss U+0085), and `String.prototype.length` counts UTF-16 units, so every rule module
 * uses these helpers instead.
 */

/** Whether the code point has the Unicode `White_Space` property (Rust `char::is_whitespace`). */
export function isWhiteSpaceCode(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** Whether the code point is a control character, general category Cc (Rust `char::is_control`). */
export function isControlCode(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** The number of characters (Unicode scalar values) in `text` (`char_count`, Rust `chars().count()`). */
export function charCount(text: string): number {
  return Array.from(text).length;
}

/** `text` without white space at its start (Rust `str::trim_start`). */
export function trimStart(text: string): string {
  let index = 0;
  while (index < text.length) {
    const code = text.codePointAt(index) ?? 0;
    if (!isWhiteSpaceCode(code)) break;
    index += code > 0xffff ? 2 : 1;
  }
  return text.slice(index);
}

/** `text` without white space at its end (Rust `str::trim_end`). */
export function trimEnd(text: string): string {
  let end = text.length;
  while (end > 0) {
    // Every white-space character is in the Basic Multilingual Plane.
    const code = text.charCodeAt(end - 1);
    if (!isWhiteSpaceCode(code)) break;
    end -= 1;
  }
  return text.slice(0, end);
}

/** `text` without white space at either end (`qna_validation::text::trim`, Rust `str::trim`). */
export function trim(text: string): string {
  return trimEnd(trimStart(text));
}

/** The runs of non-white-space characters of `text`, in order. */
export function words(text: string): string[] {
  const found: string[] = [];
  let current = "";
  for (const char of text) {
    if (isWhiteSpaceCode(char.codePointAt(0) ?? 0)) {
      if (current !== "") found.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  if (current !== "") found.push(current);
  return found;
}

/** The number of words (runs of non-white-space characters) in `text` (`word_count`). */
export function wordCount(text: string): number {
  return words(text).length;
}

/** `text` trimmed with every inner white-space run replaced by one space (`collapse_white_space`). */
export function collapseWhiteSpace(text: string): string {
  return words(text).join(" ");
}

/** ASCII-only lowercase (Rust `to_ascii_lowercase`): other characters are kept. */
export function asciiLowercase(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** Whether `a` and `b` are equal ignoring ASCII case (Rust `eq_ignore_ascii_case`). */
export function eqIgnoreAsciiCase(a: string, b: string): boolean {
  return a.length === b.length && asciiLowercase(a) === asciiLowercase(b);
}

/**
 * The UTF-8 bytes of `text` (Rust `str::as_bytes`). A lone surrogate, which a Rust string
 * cannot hold, is written as U+FFFD, as `TextEncoder` does.
 */
export function utf8Encode(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    let code = char.codePointAt(0) ?? 0xfffd;
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) {
      bytes.push(code);
    } else if (code < 0x800) {
      bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    } else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
    }
  }
  return Uint8Array.from(bytes);
}

/** The length of `text` in UTF-8 bytes (Rust `str::len`). */
export function utf8Length(text: string): number {
  return utf8Encode(text).length;
}

/**
 * Strictly decodes UTF-8 (Rust `String::from_utf8`): overlong forms, surrogates, code
 * points above U+10FFFF and truncated sequences give `null`.
 */
export function utf8Decode(bytes: ArrayLike<number>): string | null {
  let out = "";
  let index = 0;
  const at = (i: number): number => (i < bytes.length ? (bytes[i] ?? -1) : -1);
  const continuation = (i: number): boolean => {
    const b = at(i);
    return b >= 0x80 && b <= 0xbf;
  };
  while (index < bytes.length) {
    const first = at(index);
    let code: number;
    let size: number;
    if (first < 0x80) {
      code = first;
      size = 1;
    } else if (first >= 0xc2 && first <= 0xdf) {
      if (!continuation(index + 1)) return null;
      code = ((first & 0x1f) << 6) | (at(index + 1) & 0x3f);
      size = 2;
    } else if (first >= 0xe0 && first <= 0xef) {
      const second = at(index + 1);
      const low = first === 0xe0 ? 0xa0 : 0x80;
      const high = first === 0xed ? 0x9f : 0xbf;
      if (second < low || second > high || !continuation(index + 2)) return null;
      code = ((first & 0x0f) << 12) | ((second & 0x3f) << 6) | (at(index + 2) & 0x3f);
      size = 3;
    } else if (first >= 0xf0 && first <= 0xf4) {
      const second = at(index + 1);
      const low = first === 0xf0 ? 0x90 : 0x80;
      const high = first === 0xf4 ? 0x8f : 0xbf;
      if (second < low || second > high || !continuation(index + 2) || !continuation(index + 3)) {
        return null;
      }
      code =
        ((first & 0x07) << 18) |
        ((second & 0x3f) << 12) |
        ((at(index + 2) & 0x3f) << 6) |
        (at(index + 3) & 0x3f);
      size = 4;
    } else {
      return null;
    }
    out += String.fromCodePoint(code);
    index += size;
  }
  return out;
}

/** Compares two strings by code point, the order of Rust's `str` and `BTreeMap<String, _>`. */
export function compareCodePoints(a: string, b: string): number {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done === true) return y.done === true ? 0 : -1;
    if (y.done === true) return 1;
    const diff = (x.value.codePointAt(0) ?? 0) - (y.value.codePointAt(0) ?? 0);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
}
