/**
 * The helpful widget's vote memory (community §4 "Helpful widget": "The vote is remembered
 * 7 days per page (value 1 helpful, 0 not helpful)"; §9 "Feedback vote cookie: 7 days").
 *
 * Mirrors `qna_validation::helpful::remembered_vote` (crates/qna-validation/src/helpful).
 * Checked by `qna-validation.json` table `helpfulVoteMemory`. The page is the address before
 * the first `?` or `#`, compared exactly.
 */

import { isLive } from "./lifetime";

/** How long a helpful vote is remembered: 7 days (`HELPFUL_VOTE_MEMORY_MS`). */
export const HELPFUL_VOTE_MEMORY_MS = 604_800_000;

/** A stored vote: 1 helpful, 0 not helpful. */
export type HelpfulVoteValue = 0 | 1;

/** A vote as kept: the page it was given on, its value and when. */
export interface StoredHelpfulVote {
  readonly votedOn: string;
  readonly vote: HelpfulVoteValue;
  readonly votedAtMs: number;
}

/** The address of a page without its query or fragment. */
export function pageOf(address: string): string {
  return address.split(/[?#]/, 1)[0] ?? address;
}

/** The vote remembered for the page at `address` at `nowMs`, or null. */
export function rememberedVote(stored: StoredHelpfulVote, address: string, nowMs: number): HelpfulVoteValue | null {
  if (pageOf(stored.votedOn) !== pageOf(address)) return null;
  return isLive(stored.votedAtMs, nowMs, HELPFUL_VOTE_MEMORY_MS) ? stored.vote : null;
}
