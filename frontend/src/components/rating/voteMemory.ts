/** The visitor's own votes, remembered on this device (site-core §4: 7 days). The expiry
 * rule is rules/voteMachine's; this only stores. */
import { readRememberedVote, type RememberedVote } from "../../rules/voteMachine";
import type { StarCount } from "../../rules/stars";

const KEY = "votes";

function all(): Record<string, unknown> {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function write(votes: Record<string, unknown>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(votes));
  } catch {
    // Storage full or disabled: the vote still counts on the server.
  }
}

/** The remembered vote, if what is stored reads as one (storage is the visitor's to edit). */
export function recallVote(key: string): RememberedVote | null {
  return readRememberedVote(all()[key]);
}

export function rememberVote(key: string, stars: StarCount, nowMs: number): void {
  write({ ...all(), [key]: { stars, votedAtMs: nowMs } });
}
