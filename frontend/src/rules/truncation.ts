/**
 * Text limits of the truncated text block and the editor notes (site-core §9 "Truncation
 * breakpoint 768 px. Word limits by viewport width: under 416 gives 35, 541 gives 50, 769
 * gives 70, 1282 gives 90, 1901 gives 100, 2048 gives 150. Editor note break widths
 * 768:50, 2048:500"; the show more / show less block of §2).
 *
 * Mirrors `formatting::text_limits` (`word_limit`, `editor_note_char_limit`,
 * `starts_collapsed`, `truncate_words`, `truncate_chars`; crates/formatting/src/text_limits.rs).
 * Checked by `formatting.json` tables `wordLimit`, `editorNoteCharLimit`,
 * `startsCollapsed`, `truncateWords` and `truncateChars`.
 *
 * A word is a run of non-white-space characters; characters are Unicode scalar values, so
 * a cut never splits one. The cut text is a prefix of the input without trailing white
 * space; the ellipsis and the toggle belong to the block, not to the text.
 */

import { isWhiteSpaceCode, trim, trimEnd } from "./text";

/** "Truncation breakpoint 768 px" (`TRUNCATION_BREAKPOINT_PX`). */
export const TRUNCATION_BREAKPOINT_PX = 768;

/** Word limits as (width the viewport is under, limit), narrowest first (`WORD_LIMITS`). */
export const WORD_LIMITS: ReadonlyArray<readonly [number, number]> = [
  [416, 35],
  [541, 50],
  [769, 70],
  [1282, 90],
  [1901, 100],
  [2048, 150],
];

/** Word limit at 2048 px and wider (`WIDEST_WORD_LIMIT`). */
export const WIDEST_WORD_LIMIT = 150;

/** Editor note limits as (widest viewport, characters), narrowest first (`EDITOR_NOTE_LIMITS`). */
export const EDITOR_NOTE_LIMITS: ReadonlyArray<readonly [number, number]> = [
  [768, 50],
  [2048, 500],
];

/** Editor note limit wider than 2048 px (`WIDEST_EDITOR_NOTE_LIMIT`). */
export const WIDEST_EDITOR_NOTE_LIMIT = 500;

/** The word limit at a viewport width in CSS pixels (`word_limit`): "under" breakpoints, 150 from 2048 px. */
export function wordLimit(viewportWidth: number): number {
  return WORD_LIMITS.find(([under]) => viewportWidth < under)?.[1] ?? WIDEST_WORD_LIMIT;
}

/** The editor note character limit (`editor_note_char_limit`): "up to" breakpoints, 500 above 2048 px. */
export function editorNoteCharLimit(viewportWidth: number): number {
  return EDITOR_NOTE_LIMITS.find(([upTo]) => viewportWidth <= upTo)?.[1] ?? WIDEST_EDITOR_NOTE_LIMIT;
}

/** Whether a truncated block starts collapsed: at 768 px or narrower (`starts_collapsed`). */
export function startsCollapsed(viewportWidth: number): boolean {
  return viewportWidth <= TRUNCATION_BREAKPOINT_PX;
}

/** A text cut to a limit (`Truncated`): a prefix of the input, and whether anything was cut. */
export interface Truncated {
  readonly text: string;
  readonly cut: boolean;
}

const whole = (text: string): Truncated => ({ text, cut: false });
const cutTo = (text: string): Truncated => ({ text: trimEnd(text), cut: true });

/** Keeps the first `limit` words, cutting before the next word (`truncate_words`). */
export function truncateWords(text: string, limit: number): Truncated {
  let words = 0;
  let inWord = false;
  for (let index = 0; index < text.length; ) {
    const code = text.codePointAt(index) ?? 0;
    if (isWhiteSpaceCode(code)) {
      inWord = false;
    } else if (!inWord) {
      inWord = true;
      if (words === limit) return cutTo(text.slice(0, index));
      words += 1;
    }
    index += code > 0xffff ? 2 : 1;
  }
  return whole(text);
}

/**
 * Keeps at most `limit` characters, ending at a word boundary when one fits
 * (`truncate_chars`): cut before the first word that does not fit whole; only a first
 * word longer than the limit is cut inside. A text whose characters past the limit are
 * all white space is returned whole.
 */
export function truncateChars(text: string, limit: number): Truncated {
  // Find the UTF-16 offset of character number `limit` (0-based), if there is one.
  let end = 0;
  let count = 0;
  while (end < text.length && count < limit) {
    end += (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
    count += 1;
  }
  if (end >= text.length) return whole(text);
  const kept = text.slice(0, end);
  if (trim(text.slice(end)) === "") return whole(text);
  if (isWhiteSpaceCode(text.codePointAt(end) ?? 0)) return cutTo(kept);
  // Inside a word: back off to the white space before it, unless no whole word would remain.
  let space = -1;
  for (let i = kept.length - 1; i >= 0; i -= 1) {
    if (isWhiteSpaceCode(kept.charCodeAt(i))) {
      space = i;
      break;
    }
  }
  if (space >= 0 && trim(kept.slice(0, space)) !== "") return cutTo(kept.slice(0, space));
  return cutTo(kept);
}
