//! The [`StarCount`] a visitor votes with, and its popup word.
//!
//! Implements site-core §5 "Rating popup wording" ("1 Bad, 2 Below Average, 3 Average,
//! 4 Good, 5 Excellent"), §7 "Rating" (the vote value `rtg` or `rating`) and §2 (the
//! Write full review link's `r` query parameter).

use std::{fmt, str::FromStr};

use serde::{Deserialize, Serialize};

use crate::{
    constants::{
        POPUP_WORD_AVERAGE, POPUP_WORD_BAD, POPUP_WORD_BELOW_AVERAGE, POPUP_WORD_EXCELLENT,
        POPUP_WORD_GOOD,
    },
    rating::Rating,
};

#[cfg(test)]
mod tests;

/// Why a value is not a star count.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StarCountError {
    /// The text is not a whole number written with ASCII digits.
    #[error("star count is not a whole number: {input:?}")]
    NotAWholeNumber {
        /// The text as given.
        input: String,
    },
    /// The number is not between 1 and 5.
    #[error("star count {value} is not between 1 and 5")]
    OutOfRange {
        /// The number as given (trimmed text or the integer's text).
        value: String,
    },
}

/// A vote of 1 to 5 whole stars.
///
/// Serialises as a JSON number; deserialises from one and rejects values outside 1..=5.
///
/// ```
/// use ratings::StarCount;
///
/// let stars = StarCount::parse("4")?;
/// assert_eq!(stars.get(), 4);
/// assert_eq!(stars.word(), "Good");
/// assert!(StarCount::parse("0").is_err());
/// # Ok::<(), ratings::StarCountError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct StarCount(u8);

impl StarCount {
    /// One star ("Bad").
    pub const ONE: StarCount = StarCount(1);
    /// Two stars ("Below Average").
    pub const TWO: StarCount = StarCount(2);
    /// Three stars ("Average").
    pub const THREE: StarCount = StarCount(3);
    /// Four stars ("Good").
    pub const FOUR: StarCount = StarCount(4);
    /// Five stars ("Excellent").
    pub const FIVE: StarCount = StarCount(5);
    /// All star counts, lowest first: the order of the stars in the widget.
    pub const ALL: [StarCount; 5] = [
        StarCount::ONE,
        StarCount::TWO,
        StarCount::THREE,
        StarCount::FOUR,
        StarCount::FIVE,
    ];

    /// Accepts 1 to 5; anything else is [`StarCountError::OutOfRange`].
    pub fn new(value: u8) -> Result<StarCount, StarCountError> {
        if (crate::constants::MIN_STARS..=crate::constants::MAX_STARS).contains(&value) {
            Ok(StarCount(value))
        } else {
            Err(StarCountError::OutOfRange {
                value: value.to_string(),
            })
        }
    }

    /// Parses the text of a vote or of the `r` query parameter: surrounding whitespace is
    /// trimmed, then the text must be ASCII digits (leading zeros allowed, no sign, no
    /// decimal point) with a value from 1 to 5.
    pub fn parse(input: &str) -> Result<StarCount, StarCountError> {
        let trimmed = input.trim();
        if trimmed.is_empty() || !trimmed.bytes().all(|byte| byte.is_ascii_digit()) {
            return Err(StarCountError::NotAWholeNumber {
                input: input.to_owned(),
            });
        }
        let significant = trimmed.trim_start_matches('0');
        match significant.as_bytes() {
            [digit @ b'1'..=b'5'] => Ok(StarCount(digit - b'0')),
            _ => Err(StarCountError::OutOfRange {
                value: trimmed.to_owned(),
            }),
        }
    }

    /// The number of stars, 1 to 5.
    pub fn get(self) -> u8 {
        self.0
    }

    /// The popup word: 1 Bad, 2 Below Average, 3 Average, 4 Good, 5 Excellent.
    pub fn word(self) -> &'static str {
        match self.0 {
            1 => POPUP_WORD_BAD,
            2 => POPUP_WORD_BELOW_AVERAGE,
            3 => POPUP_WORD_AVERAGE,
            4 => POPUP_WORD_GOOD,
            _ => POPUP_WORD_EXCELLENT,
        }
    }

    /// The vote as a rating on the 0 to 5 scale (4 stars → 4).
    pub fn as_rating(self) -> Rating {
        Rating::clamped(self.0.into())
    }
}

impl fmt::Display for StarCount {
    /// Writes the digit, as sent in `rtg`, `rating` and `r`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, formatter)
    }
}

impl FromStr for StarCount {
    type Err = StarCountError;

    fn from_str(input: &str) -> Result<StarCount, StarCountError> {
        StarCount::parse(input)
    }
}

impl TryFrom<u8> for StarCount {
    type Error = StarCountError;

    fn try_from(value: u8) -> Result<StarCount, StarCountError> {
        StarCount::new(value)
    }
}

impl From<StarCount> for u8 {
    fn from(stars: StarCount) -> u8 {
        stars.0
    }
}
