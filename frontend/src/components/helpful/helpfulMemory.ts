import { pageOf, rememberedVote, type HelpfulVoteValue, type StoredHelpfulVote } from "../../rules/helpful";

/** Local-storage name of the vote given on `page` (one entry per page). */
const key = (page: string) => `helpful_vote:${page}`;

/** The vote remembered for the page at `address`, if any (unreadable entries count as none). */
export function readHelpfulVote(address: string, nowMs = Date.now()): HelpfulVoteValue | null {
  try {
    const raw = localStorage.getItem(key(pageOf(address)));
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredHelpfulVote>;
    if (typeof stored.votedOn !== "string" || (stored.vote !== 0 && stored.vote !== 1) || typeof stored.votedAtMs !== "number") return null;
    return rememberedVote(stored as StoredHelpfulVote, address, nowMs);
  } catch {
    return null;
  }
}

/** Remembers the vote given on the page at `address`. */
export function rememberHelpfulVote(address: string, vote: HelpfulVoteValue, nowMs = Date.now()): void {
  const page = pageOf(address);
  try {
    localStorage.setItem(key(page), JSON.stringify({ votedOn: page, vote, votedAtMs: nowMs } satisfies StoredHelpfulVote));
  } catch {
    // Storage full or refused: the widget will simply ask again next time.
  }
}
