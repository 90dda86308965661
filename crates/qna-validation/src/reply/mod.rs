//! Replies to a question (community §5, §9): after trimming, at least
//! [`REPLY_MIN_CHARS`] characters (see [`crate::text`] for what a character is).
//! The spec gives no upper limit, so there is none here.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::constants::{REPLY_MIN_CHARS, REPLY_MIN_CHARS_MESSAGE};
use crate::text::{char_count, trim};

#[cfg(test)]
mod tests;

/// Why a reply is refused; displays the message users see.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplyError {
    /// The trimmed reply has fewer than [`REPLY_MIN_CHARS`] characters.
    #[error("{}", REPLY_MIN_CHARS_MESSAGE)]
    TooShort {
        /// How many characters the trimmed reply has.
        chars: usize,
    },
}

/// A reply of at least 30 characters, trimmed, inner white space kept.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Reply(String);

impl Reply {
    /// Trims `raw` and checks its length.
    ///
    /// ```
    /// use qna_validation::reply::Reply;
    /// let text = "  Yes, I had this card for two years.  ";
    /// assert_eq!(Reply::parse(text).unwrap().as_str(), text.trim());
    /// assert_eq!(
    ///     Reply::parse("Yes.").unwrap_err().to_string(),
    ///     "Content must have 30 characters."
    /// );
    /// ```
    pub fn parse(raw: &str) -> Result<Self, ReplyError> {
        let text = trim(raw);
        let chars = char_count(text);
        if chars < REPLY_MIN_CHARS {
            return Err(ReplyError::TooShort { chars });
        }
        Ok(Self(text.to_owned()))
    }

    /// The trimmed reply text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Reply {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for Reply {
    type Error = ReplyError;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<Reply> for String {
    fn from(reply: Reply) -> Self {
        reply.0
    }
}
