//! The article helpful widget (community §3, §4, §5, §8, §9): the reason
//! given after "No", and the vote remembered for 7 days per page.
//!
//! **Reason rule.** The reason is *cleaned* — trimmed, and every inner run of
//! white space replaced by one space ([`crate::text::collapse_white_space`]) —
//! and the cleaned text must have at least [`FEEDBACK_REASON_MIN_CHARS`]
//! characters. The cleaned text is what is sent.
//!
//! **Vote memory.** A vote is stored with its page and the time it was cast
//! (milliseconds since the Unix epoch, as JavaScript's `Date.now()`). The
//! memory is the one stored-lifetime rule of [`visitor_state::lifetime`] with a
//! lifetime of [`HELPFUL_VOTE_MEMORY_MS`] (7 days): the vote is remembered on
//! the same page while `now − voted_at < 7 days`; at exactly 7 days it is
//! forgotten (half-open, like a cookie that expires then), and a vote stamped
//! in the future (the clock moved back, or clocks differ between devices) is
//! still remembered, so the visitor is not asked again. The page is the address
//! without query or hash ([`crate::links::address_without_query_or_hash`]),
//! compared exactly.

use std::fmt;

use serde::{Deserialize, Serialize};
use visitor_state::lifetime;

use crate::constants::{
    FEEDBACK_REASON_MESSAGE, FEEDBACK_REASON_MIN_CHARS, HELPFUL_VOTE_MEMORY_MS,
};
use crate::links::address_without_query_or_hash;
use crate::text::{char_count, collapse_white_space};

#[cfg(test)]
mod tests;

/// Why a feedback reason is refused; displays the message users see.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FeedbackReasonError {
    /// The cleaned reason has fewer than [`FEEDBACK_REASON_MIN_CHARS`] characters.
    #[error("{}", FEEDBACK_REASON_MESSAGE)]
    TooShort {
        /// How many characters the cleaned reason has.
        chars: usize,
    },
}

/// A cleaned feedback reason of at least ten characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct FeedbackReason(String);

impl FeedbackReason {
    /// Cleans `raw` and checks its length.
    ///
    /// ```
    /// use qna_validation::helpful::FeedbackReason;
    /// assert_eq!(
    ///     FeedbackReason::parse("  too \n\n vague ok ").unwrap().as_str(),
    ///     "too vague ok"
    /// );
    /// assert_eq!(
    ///     FeedbackReason::parse("too   short").unwrap_err().to_string(),
    ///     "Content must have at least 10 characters."
    /// );
    /// ```
    pub fn parse(raw: &str) -> Result<Self, FeedbackReasonError> {
        let cleaned = collapse_white_space(raw);
        let chars = char_count(&cleaned);
        if chars < FEEDBACK_REASON_MIN_CHARS {
            return Err(FeedbackReasonError::TooShort { chars });
        }
        Ok(Self(cleaned))
    }

    /// The cleaned reason.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for FeedbackReason {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for FeedbackReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for FeedbackReason {
    type Error = FeedbackReasonError;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<FeedbackReason> for String {
    fn from(reason: FeedbackReason) -> Self {
        reason.0
    }
}

/// A vote of the helpful widget; stored as 1 (helpful) or 0 (not helpful).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum HelpfulVote {
    /// "Yes": stored as 1.
    Helpful,
    /// "No": stored as 0.
    NotHelpful,
}

/// A stored vote value other than 0 or 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HelpfulVoteError {
    /// The value is neither 1 (helpful) nor 0 (not helpful).
    #[error("helpful vote value {value} is neither 1 nor 0")]
    UnknownValue {
        /// The stored value.
        value: u8,
    },
}

impl HelpfulVote {
    /// The stored value: 1 for helpful, 0 for not helpful.
    #[must_use]
    pub fn value(self) -> u8 {
        match self {
            Self::Helpful => 1,
            Self::NotHelpful => 0,
        }
    }

    /// The `helpful` boolean sent with the feedback.
    #[must_use]
    pub fn is_helpful(self) -> bool {
        self == Self::Helpful
    }
}

impl From<HelpfulVote> for u8 {
    fn from(vote: HelpfulVote) -> Self {
        vote.value()
    }
}

impl TryFrom<u8> for HelpfulVote {
    type Error = HelpfulVoteError;

    fn try_from(value: u8) -> Result<Self, Self::Error> {
        match value {
            1 => Ok(Self::Helpful),
            0 => Ok(Self::NotHelpful),
            value => Err(HelpfulVoteError::UnknownValue { value }),
        }
    }
}

/// A remembered helpful vote: which page, which vote, when.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VoteRecord {
    /// The page voted on, without query or hash.
    pub page: String,
    /// The vote.
    pub vote: HelpfulVote,
    /// When the vote was cast, in milliseconds since the Unix epoch.
    pub voted_at_ms: i64,
}

impl VoteRecord {
    /// Records `vote` on the page at `address` (query and hash are dropped).
    #[must_use]
    pub fn new(address: &str, vote: HelpfulVote, voted_at_ms: i64) -> Self {
        Self {
            page: address_without_query_or_hash(address).to_owned(),
            vote,
            voted_at_ms,
        }
    }

    /// The first instant at which the vote is forgotten: `voted_at_ms` plus
    /// [`HELPFUL_VOTE_MEMORY_MS`], saturating at `i64::MAX` (a vote cast within 7 days
    /// of `i64::MAX` is never forgotten at any representable instant).
    #[must_use]
    pub fn expires_at_ms(&self) -> i64 {
        self.voted_at_ms.saturating_add(HELPFUL_VOTE_MEMORY_MS)
    }

    /// Whether the vote is still remembered at `now_ms`, whatever the page:
    /// [`visitor_state::lifetime::is_live`] with the lifetime
    /// [`HELPFUL_VOTE_MEMORY_MS`] (`now − voted_at < 7 days`; a vote stamped in the
    /// future is remembered).
    ///
    /// ```
    /// use qna_validation::helpful::{HelpfulVote, VoteRecord};
    /// const DAY: i64 = 86_400_000;
    /// let record = VoteRecord::new("/blog/apr", HelpfulVote::Helpful, DAY);
    /// assert!(record.is_remembered_at(8 * DAY - 1));
    /// assert!(!record.is_remembered_at(8 * DAY));
    /// assert!(record.is_remembered_at(0)); // stamped in the future: the clock moved back
    /// ```
    #[must_use]
    pub fn is_remembered_at(&self, now_ms: i64) -> bool {
        lifetime::is_live(self.voted_at_ms, now_ms, HELPFUL_VOTE_MEMORY_MS)
    }

    /// The remembered vote for the page at `address` at time `now_ms`, if any: the
    /// same page (without query or hash) and [`VoteRecord::is_remembered_at`].
    ///
    /// ```
    /// use qna_validation::helpful::{HelpfulVote, VoteRecord};
    /// const DAY: i64 = 86_400_000;
    /// let record = VoteRecord::new("/blog/apr?x=1", HelpfulVote::Helpful, 0);
    /// assert_eq!(record.vote_for("/blog/apr#top", 7 * DAY - 1), Some(HelpfulVote::Helpful));
    /// assert_eq!(record.vote_for("/blog/apr", 7 * DAY), None);
    /// assert_eq!(record.vote_for("/blog/other", 0), None);
    /// ```
    #[must_use]
    pub fn vote_for(&self, address: &str, now_ms: i64) -> Option<HelpfulVote> {
        let same_page =
            address_without_query_or_hash(address) == address_without_query_or_hash(&self.page);
        (same_page && self.is_remembered_at(now_ms)).then_some(self.vote)
    }
}
