/**
 * Which rating a card shows: the user-review score and the full rating (site-core §5:
 * "User review score is shown only when votes are 10 or more. The full rating is shown
 * when there is no user review, fewer than 10 votes and no editor rating").
 *
 * Mirrors `ratings::RatingSources::visibility` and `votes_allow_user_score`
 * (crates/ratings/src/visibility.rs). Checked by `ratings.json` table `displayDecision`.
 *
 * The two decisions are independent, so some cards show neither.
 */

import type { Rating } from "./stars";

/** "User review score is shown only when votes are 10 or more" (`MIN_VOTES_FOR_USER_SCORE`). */
export const MIN_VOTES_FOR_USER_SCORE = 10;

/** The rating sources of one card (`RatingSources`). */
export interface RatingSources {
  /** The user-reviews rating, if the card has one. */
  readonly userReview: Rating | null;
  /** The number of votes (the card's `REVIEWS` field). */
  readonly votes: number;
  /** The editor rating (`EDITORS_RATING`), if the card has one. */
  readonly editorRating: Rating | null;
}

/** The outcome of the §5 display rules for one card (`RatingVisibility`). */
export interface RatingVisibility {
  readonly showUserReviewScore: boolean;
  readonly showFullRating: boolean;
}

/** The 10-vote rule on its own (`votes_allow_user_score`): 10 → true, 9 → false. */
export function votesAllowUserScore(votes: number): boolean {
  return votes >= MIN_VOTES_FOR_USER_SCORE;
}

/**
 * Both decisions (`RatingSources::visibility`): the user-review score shows when a
 * user-review rating exists and votes are 10 or more; the full rating shows when there is
 * no user-review rating, fewer than 10 votes and no editor rating.
 */
export function displayDecision(sources: RatingSources): RatingVisibility {
  const enoughVotes = votesAllowUserScore(sources.votes);
  return {
    showUserReviewScore: sources.userReview !== null && enoughVotes,
    showFullRating: sources.userReview === null && !enoughVotes && sources.editorRating === null,
  };
}
