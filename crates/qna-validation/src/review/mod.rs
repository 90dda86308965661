//! A member's written review of a product: after cleaning and trimming, from
//! [`REVIEW_MIN_CHARS`] to [`REVIEW_MAX_CHARS`] characters (see [`crate::text`] for what
//! a character is).
//!
//! Cleaning makes every line break a `\n` and drops every other control character
//! (Unicode category Cc: U+0000–U+001F and U+007F–U+009F, tabs included), so a review
//! is plain lines of text; it is stored so and escaped wherever it is shown.

use std::fmt;

use crate::constants::{
    REVIEW_MAX_CHARS, REVIEW_MAX_CHARS_MESSAGE, REVIEW_MIN_CHARS, REVIEW_MIN_CHARS_MESSAGE,
};
use crate::text::{char_count, trim};

#[cfg(test)]
mod tests;

/// Why a review is refused; displays the message users see.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// The cleaned review has fewer than [`REVIEW_MIN_CHARS`] characters.
    #[error("{}", REVIEW_MIN_CHARS_MESSAGE)]
    TooShort {
        /// How many characters it has.
        chars: usize,
    },
    /// The cleaned review has more than [`REVIEW_MAX_CHARS`] characters.
    #[error("{}", REVIEW_MAX_CHARS_MESSAGE)]
    TooLong {
        /// How many characters it has.
        chars: usize,
    },
}

/// A review's text: cleaned, trimmed, of an allowed length.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReviewText(String);

impl ReviewText {
    /// Cleans, trims and checks `raw`.
    ///
    /// ```
    /// use qna_validation::review::ReviewText;
    /// let text = " Low fee,\r\nbut the app\u{0} is slow to load each morning. ";
    /// assert_eq!(
    ///     ReviewText::parse(text).unwrap().as_str(),
    ///     "Low fee,\nbut the app is slow to load each morning."
    /// );
    /// assert_eq!(
    ///     ReviewText::parse("Great.").unwrap_err().to_string(),
    ///     "A review must have at least 30 characters."
    /// );
    /// ```
    pub fn parse(raw: &str) -> Result<Self, ReviewError> {
        let cleaned: String = raw
            .replace("\r\n", "\n")
            .replace('\r', "\n")
            .chars()
            .filter(|c| *c == '\n' || !c.is_control())
            .collect();
        let text = trim(&cleaned);
        let chars = char_count(text);
        if chars < REVIEW_MIN_CHARS {
            return Err(ReviewError::TooShort { chars });
        }
        if chars > REVIEW_MAX_CHARS {
            return Err(ReviewError::TooLong { chars });
        }
        Ok(Self(text.to_owned()))
    }

    /// The review's text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for ReviewText {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ReviewText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
