/**
 * The experts gallery's rules (community §2 "Experts gallery", §4, §5 "Experts hashtag
 * matching is case-insensitive", §9 "Experts per page … 6", "Scroll offset -100").
 *
 * Mirrors `qna_validation::experts` (crates/qna-validation/src/experts). Checked by
 * `qna-validation.json` tables `hashtagMatch`, `expertFragment`, `expertFromFragment`,
 * `expertsNextPage`, `expertsOnPage` and `expertScrollTarget`.
 */

import { percentDecodeComponent, percentEncodeComponent } from "./links";

/** Experts on one page of the grid (`EXPERTS_PER_PAGE`). */
export const EXPERTS_PER_PAGE = 6;
/** Where a selected expert is scrolled to, relative to its top (`EXPERTS_SCROLL_OFFSET_PX`). */
export const EXPERTS_SCROLL_OFFSET_PX = -100;
/** The address-fragment key of a deep link to one expert (`EXPERT_FRAGMENT_KEY`). */
export const EXPERT_FRAGMENT_KEY = "expert";

function stripHash(hashtag: string): string {
  return hashtag.startsWith("#") ? hashtag.slice(1) : hashtag;
}

/** Whether `requested` names the expert `hashtag`: one leading `#` and case ignored. */
export function hashtagMatches(hashtag: string, requested: string): boolean {
  const own = stripHash(hashtag);
  return own !== "" && own.toLowerCase() === stripHash(requested).toLowerCase();
}

/** The fragment of a deep link to the expert: `expert={hashtag without #}`, encoded. */
export function expertFragment(hashtag: string): string {
  return `${EXPERT_FRAGMENT_KEY}=${percentEncodeComponent(stripHash(hashtag))}`;
}

/** The hashtag a fragment such as `#sp=1&expert=JaneDoe` asks for, if any. */
export function expertFromFragment(fragment: string): string | null {
  for (const entry of stripHash(fragment).split("&")) {
    const at = entry.indexOf("=");
    if (at < 0 || entry.slice(0, at) !== EXPERT_FRAGMENT_KEY) continue;
    const hashtag = percentDecodeComponent(entry.slice(at + 1));
    return hashtag ? hashtag : null;
  }
  return null;
}

function effectivePerPage(perPage: number): number {
  return perPage === 0 ? EXPERTS_PER_PAGE : perPage;
}

/** The page after `current`; "More" wraps to the first page after the last. */
export function nextExpertsPage(current: number, total: number, perPage: number): number {
  return current < Math.ceil(total / effectivePerPage(perPage)) ? current + 1 : 1;
}

/** The experts of page `page` (1-based; 0 reads as 1), as a `[start, end)` range. */
export function expertsOnPage(page: number, total: number, perPage: number): { start: number; end: number } {
  const size = effectivePerPage(perPage);
  const start = Math.max(page - 1, 0) * size;
  return start < total ? { start, end: Math.min(start + size, total) } : { start: total, end: total };
}

/** Where to scroll for an expert whose top is at `topPx`. */
export function expertScrollTarget(topPx: number): number {
  return topPx + EXPERTS_SCROLL_OFFSET_PX;
}
