//! The [`Rating`] value on the 0 to 5 scale.
//!
//! Implements site-core §5 "Star display" ("Scale 0 to 5") and community §3 "Ratings on a
//! card" ("All are 0 to 5"). [`Rating::parse`] and [`Rating::new`] reject anything outside
//! the scale; [`Rating::clamped`] pins stored data into it for display.

use std::{fmt, str::FromStr};

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::constants::{RATING_MAX, RATING_MIN};

#[cfg(test)]
mod tests;

/// Largest number of decimal places kept when parsing; further digits are dropped.
const MAX_PARSED_DECIMALS: usize = 28;

/// Why a text or number is not a rating.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RatingError {
    /// The text is not a plain decimal number (see [`Rating::parse`] for the grammar).
    #[error("rating is not a number: {input:?}")]
    NotANumber {
        /// The text as given.
        input: String,
    },
    /// The number is below 0 or above 5.
    #[error("rating {value} is outside the 0 to 5 scale")]
    OutOfRange {
        /// The number as given (trimmed text, or the decimal's own text).
        value: String,
    },
}

/// A rating on the 0 to 5 scale, held as an exact, normalised decimal.
///
/// Serialises as a decimal string (`"4.3"`); deserialises from a string or a JSON number
/// and rejects values outside the scale.
///
/// ```
/// use ratings::Rating;
///
/// let rating = Rating::parse(" 4.30 ")?;
/// assert_eq!(rating.to_string(), "4.3");
/// assert!(Rating::parse("5.1").is_err());
/// assert_eq!(Rating::clamped(rust_decimal::Decimal::TEN), Rating::MAX);
/// # Ok::<(), ratings::RatingError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "Decimal", into = "Decimal")]
pub struct Rating(Decimal);

impl Rating {
    /// The lowest rating, 0.
    pub const ZERO: Rating = Rating(RATING_MIN);

    /// The highest rating, 5.
    pub const MAX: Rating = Rating(RATING_MAX);

    /// The mean of member votes: `star_sum` over `votes`, rounded half away from zero to
    /// [`MEAN_DECIMALS`](crate::constants::MEAN_DECIMALS) places; none without votes, or
    /// for totals no set of 1-to-5 votes can give.
    ///
    /// ```
    /// use ratings::Rating;
    /// assert_eq!(Rating::mean_of_votes(14, 3).unwrap().to_string(), "4.67");
    /// assert_eq!(Rating::mean_of_votes(0, 0), None);
    /// assert_eq!(Rating::mean_of_votes(30, 2), None);
    /// ```
    pub fn mean_of_votes(star_sum: u64, votes: u64) -> Option<Rating> {
        if votes == 0 {
            return None;
        }
        let mean = Decimal::from(star_sum)
            .checked_div(Decimal::from(votes))?
            .round_dp_with_strategy(
                crate::constants::MEAN_DECIMALS,
                rust_decimal::RoundingStrategy::MidpointAwayFromZero,
            );
        Rating::new(mean).ok()
    }

    /// Accepts a decimal in 0..=5 (both ends included); anything else is
    /// [`RatingError::OutOfRange`].
    pub fn new(value: Decimal) -> Result<Rating, RatingError> {
        if (RATING_MIN..=RATING_MAX).contains(&value) {
            Ok(Rating(value.normalize()))
        } else {
            Err(RatingError::OutOfRange {
                value: value.to_string(),
            })
        }
    }

    /// Strictly parses rating text.
    ///
    /// Surrounding whitespace is trimmed. The text must then be a plain decimal: an
    /// optional `+` or `-`, ASCII digits with at most one `.`, and at least one digit
    /// (`"4"`, `"4.3"`, `".5"`, `"4."`). Exponents, separators, `NaN`, `Infinity` and
    /// empty text are [`RatingError::NotANumber`]; numbers below 0 or above 5 are
    /// [`RatingError::OutOfRange`]. `"-0"` is 0. Decimal places beyond the 28th are
    /// dropped (the precision of [`Decimal`]).
    pub fn parse(input: &str) -> Result<Rating, RatingError> {
        let trimmed = input.trim();
        let not_a_number = || RatingError::NotANumber {
            input: input.to_owned(),
        };
        let out_of_range = || RatingError::OutOfRange {
            value: trimmed.to_owned(),
        };
        let (negative, unsigned) = match trimmed.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, trimmed.strip_prefix('+').unwrap_or(trimmed)),
        };
        let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        let all_digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
        if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction)
        {
            return Err(not_a_number());
        }
        let whole = whole.trim_start_matches('0');
        let fraction = fraction.trim_end_matches('0');
        if whole.is_empty() && fraction.is_empty() {
            return Ok(Rating::ZERO);
        }
        if negative || whole.len() > 1 {
            return Err(out_of_range());
        }
        let whole_digit = whole.bytes().next().map_or(0, |byte| byte - b'0');
        if whole_digit > 5 || (whole_digit == 5 && !fraction.is_empty()) {
            return Err(out_of_range());
        }
        let kept = fraction.get(..MAX_PARSED_DECIMALS).unwrap_or(fraction);
        let mantissa = std::iter::once(whole_digit)
            .chain(kept.bytes().map(|byte| byte - b'0'))
            .fold(0_i128, |acc, digit| acc * 10 + i128::from(digit));
        let scale = u32::try_from(kept.len()).map_err(|_| out_of_range())?;
        let value =
            Decimal::try_from_i128_with_scale(mantissa, scale).map_err(|_| out_of_range())?;
        Rating::new(value)
    }

    /// Pins any decimal into the scale: below 0 gives 0, above 5 gives 5.
    ///
    /// Meant for displaying stored data (a card's `RATING` field), where an out-of-range
    /// value is a data error that should still draw something sensible. Input from people
    /// goes through [`Rating::parse`] or [`Rating::new`] instead.
    pub fn clamped(value: Decimal) -> Rating {
        Rating(value.clamp(RATING_MIN, RATING_MAX).normalize())
    }

    /// The rating as an exact decimal.
    pub fn value(self) -> Decimal {
        self.0
    }
}

impl fmt::Display for Rating {
    /// Writes the normalised decimal (`4.3`, `5`, `0`); see [`Rating::one_decimal`] for
    /// the one-decimal text shown to visitors.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, formatter)
    }
}

impl FromStr for Rating {
    type Err = RatingError;

    fn from_str(input: &str) -> Result<Rating, RatingError> {
        Rating::parse(input)
    }
}

impl TryFrom<Decimal> for Rating {
    type Error = RatingError;

    fn try_from(value: Decimal) -> Result<Rating, RatingError> {
        Rating::new(value)
    }
}

impl TryFrom<&str> for Rating {
    type Error = RatingError;

    fn try_from(input: &str) -> Result<Rating, RatingError> {
        Rating::parse(input)
    }
}

impl From<Rating> for Decimal {
    fn from(rating: Rating) -> Decimal {
        rating.0
    }
}
