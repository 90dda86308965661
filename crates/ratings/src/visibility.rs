//! Which rating a card shows: the user-review score and the full rating.
//!
//! Implements site-core §5: "User review score is shown only when votes are 10 or more.
//! The full rating is shown when there is no user review, fewer than 10 votes and no
//! editor rating."
//!
//! Settled reading: the user-review score shows when a user-review rating exists **and**
//! votes ≥ [`MIN_VOTES_FOR_USER_SCORE`] (there is nothing to show without a rating). The
//! full rating shows when all three hold: no user-review rating, votes < 10, no editor
//! rating. The two are independent, so some inputs show neither; the table below is
//! exhaustive:
//!
//! | user review | votes | editor rating | user-review score | full rating |
//! |---|---|---|---|---|
//! | yes | ≥ 10 | any | shown | hidden |
//! | yes | < 10 | any | hidden | hidden |
//! | no | ≥ 10 | any | hidden | hidden |
//! | no | < 10 | yes | hidden | hidden |
//! | no | < 10 | no | hidden | shown |

use serde::{Deserialize, Serialize};

use crate::{constants::MIN_VOTES_FOR_USER_SCORE, rating::Rating};

#[cfg(test)]
mod tests;

/// The 10-vote rule on its own: true when `votes` is at least
/// [`MIN_VOTES_FOR_USER_SCORE`] (10 → true, 9 → false).
pub fn votes_allow_user_score(votes: u64) -> bool {
    votes >= MIN_VOTES_FOR_USER_SCORE
}

/// The rating sources of one card that decide what is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RatingSources {
    /// The user-reviews rating, if the card has one.
    pub user_review: Option<Rating>,
    /// The number of votes (the card's `REVIEWS` field).
    pub votes: u64,
    /// The editor rating (`EDITORS_RATING`), if the card has one.
    pub editor_rating: Option<Rating>,
}

/// The outcome of the §5 display rules for one card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RatingVisibility {
    /// Whether the user-review score is shown.
    pub show_user_review_score: bool,
    /// Whether the full rating is shown.
    pub show_full_rating: bool,
}

impl RatingSources {
    /// True when the user-review score is shown: a user-review rating exists and votes
    /// are 10 or more.
    pub fn shows_user_review_score(&self) -> bool {
        self.user_review.is_some() && votes_allow_user_score(self.votes)
    }

    /// True when the full rating is shown: no user-review rating, fewer than 10 votes and
    /// no editor rating.
    pub fn shows_full_rating(&self) -> bool {
        self.user_review.is_none()
            && !votes_allow_user_score(self.votes)
            && self.editor_rating.is_none()
    }

    /// Both decisions at once.
    ///
    /// ```
    /// use ratings::{Rating, RatingSources};
    ///
    /// let sources = RatingSources { user_review: Some(Rating::MAX), votes: 10, editor_rating: None };
    /// let visibility = sources.visibility();
    /// assert!(visibility.show_user_review_score);
    /// assert!(!visibility.show_full_rating);
    /// ```
    pub fn visibility(&self) -> RatingVisibility {
        RatingVisibility {
            show_user_review_score: self.shows_user_review_score(),
            show_full_rating: self.shows_full_rating(),
        }
    }
}
