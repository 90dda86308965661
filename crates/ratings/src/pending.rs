//! A guest's rating carried through the light sign-up: the stars a visitor chose before
//! they had an account, kept with the e-mailed sign-in link and cast when the link signs
//! them in, so the vote is not lost (issue "Nothing untrue on the page").
//!
//! On the wire it is one text, `product:<id>:<stars>` or `institution:<id>:<stars>`, the
//! `vote` parameter of the light sign-up's address and form. The id is everything between
//! the first and the last `:`, so an id may hold a `:` itself.

use std::fmt;

use crate::StarCount;

#[cfg(test)]
mod tests;

/// Longest target id a pending vote takes, in characters (the visitor state's id cap).
pub const MAX_TARGET_CHARS: usize = 128;

/// What the vote is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PendingKind {
    /// A product (`Details.SetRate`).
    Product,
    /// An institution (`Reviews.SetInstRate`).
    Institution,
}

impl PendingKind {
    /// The word the wire form starts with.
    pub fn key(self) -> &'static str {
        match self {
            Self::Product => "product",
            Self::Institution => "institution",
        }
    }
}

/// A rating chosen by a guest, to cast once they are signed in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PendingVote {
    /// What the vote is on.
    pub kind: PendingKind,
    /// The product's or institution's id.
    pub target: String,
    /// The stars chosen.
    pub stars: StarCount,
}

/// Why a text is not a pending vote.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PendingVoteError {
    /// Not `kind:id:stars`, or a kind other than `product` and `institution`.
    #[error("a vote is product:<id>:<stars> or institution:<id>:<stars>")]
    Malformed,
    /// The id is empty, too long or holds a control character.
    #[error("the id of a vote is 1 to {MAX_TARGET_CHARS} characters without control characters")]
    BadTarget,
    /// The stars are not a whole number from 1 to 5.
    #[error("the stars of a vote are a whole number from 1 to 5")]
    BadStars,
}

impl PendingVote {
    /// Reads the wire form.
    ///
    /// ```
    /// use ratings::pending::{PendingKind, PendingVote};
    /// let vote = PendingVote::parse("product:chase-sapphire:3")?;
    /// assert_eq!((vote.kind, vote.target.as_str(), vote.stars.get()), (PendingKind::Product, "chase-sapphire", 3));
    /// assert_eq!(vote.to_string(), "product:chase-sapphire:3");
    /// assert!(PendingVote::parse("product:x:6").is_err());
    /// # Ok::<(), ratings::pending::PendingVoteError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Self, PendingVoteError> {
        let (kind, rest) = text.split_once(':').ok_or(PendingVoteError::Malformed)?;
        let (target, stars) = rest.rsplit_once(':').ok_or(PendingVoteError::Malformed)?;
        let kind = match kind {
            "product" => PendingKind::Product,
            "institution" => PendingKind::Institution,
            _ => return Err(PendingVoteError::Malformed),
        };
        let chars = target.chars().count();
        if chars == 0 || chars > MAX_TARGET_CHARS || target.chars().any(char::is_control) {
            return Err(PendingVoteError::BadTarget);
        }
        let stars = StarCount::parse(stars).map_err(|_| PendingVoteError::BadStars)?;
        Ok(Self {
            kind,
            target: target.to_owned(),
            stars,
        })
    }
}

impl fmt::Display for PendingVote {
    /// Writes the wire form, `kind:id:stars`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.kind.key(), self.target, self.stars)
    }
}
