//! A guest's up or down vote on a question, an answer or a review, carried through the light
//! sign-up like a guest's rating (`ratings::pending`): chosen before the visitor had an
//! account, kept with the e-mailed sign-in link and cast when the link signs them in, so
//! the vote is not lost.
//!
//! On the wire it is one text, `<kind>:<id>:<up|down>` with kind `question`, `answer` or
//! `review` and a positive whole-number id: `answer:12:up`. It travels in the same `vote`
//! parameter as a pending rating; the two forms never overlap, because a rating's kind is
//! `product` or `institution`.
//!
//! ```
//! use qna_validation::pending_vote::{PendingItem, PendingQnaVote, VoteDirection};
//! let vote = PendingQnaVote::parse("answer:12:up")?;
//! assert_eq!((vote.item, vote.id, vote.direction), (PendingItem::Answer, 12, VoteDirection::Up));
//! assert_eq!(vote.to_string(), "answer:12:up");
//! assert!(PendingQnaVote::parse("product:card:3").is_err());
//! # Ok::<(), qna_validation::pending_vote::PendingQnaVoteError>(())
//! ```

use std::fmt;

#[cfg(test)]
mod tests;

/// What is voted on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PendingItem {
    /// A question.
    Question,
    /// An answer.
    Answer,
    /// A written review (its helpful votes).
    Review,
}

impl PendingItem {
    /// The word the wire form starts with.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Self::Question => "question",
            Self::Answer => "answer",
            Self::Review => "review",
        }
    }
}

/// Up or down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VoteDirection {
    /// An up vote.
    Up,
    /// A down vote.
    Down,
}

impl VoteDirection {
    /// The word the wire form ends with.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Self::Up => "up",
            Self::Down => "down",
        }
    }
}

/// An up or down vote chosen by a guest, to cast once they are signed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PendingQnaVote {
    /// What is voted on.
    pub item: PendingItem,
    /// The question's, answer's or review's id.
    pub id: i64,
    /// Up or down.
    pub direction: VoteDirection,
}

/// Why a text is not a pending up or down vote.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PendingQnaVoteError {
    /// Not three parts, or a kind other than `question`, `answer` and `review`.
    #[error("a vote is question:<id>:<up|down>, answer:<id>:<up|down> or review:<id>:<up|down>")]
    Malformed,
    /// The id is not a positive whole number.
    #[error("the id of a vote is a positive whole number")]
    BadId,
    /// The direction is neither `up` nor `down`.
    #[error("a vote is up or down")]
    BadDirection,
}

impl PendingQnaVote {
    /// Reads the wire form.
    ///
    /// # Errors
    /// [`PendingQnaVoteError`] when the text is not `<kind>:<id>:<up|down>`.
    pub fn parse(text: &str) -> Result<Self, PendingQnaVoteError> {
        let mut parts = text.split(':');
        let (Some(kind), Some(id), Some(direction), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(PendingQnaVoteError::Malformed);
        };
        let item = match kind {
            "question" => PendingItem::Question,
            "answer" => PendingItem::Answer,
            "review" => PendingItem::Review,
            _ => return Err(PendingQnaVoteError::Malformed),
        };
        let id = id
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| id.parse::<i64>().ok())
            .flatten()
            .filter(|id| *id > 0)
            .ok_or(PendingQnaVoteError::BadId)?;
        let direction = match direction {
            "up" => VoteDirection::Up,
            "down" => VoteDirection::Down,
            _ => return Err(PendingQnaVoteError::BadDirection),
        };
        Ok(Self {
            item,
            id,
            direction,
        })
    }
}

impl fmt::Display for PendingQnaVote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}",
            self.item.key(),
            self.id,
            self.direction.key()
        )
    }
}
