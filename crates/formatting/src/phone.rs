//! Phone numbers: site-core §5 "phoneformat (ten digits as (###) ###-####)" and
//! community §9 "Phone: 10 digits".
//!
//! Rules (settled here, the spec only gives the output shape):
//!
//! - The input may carry the separators people type — space, `-`, `.`, `(` and `)` —
//!   which are ignored, so `555-123-4567` and `(555) 123 4567` format alike.
//! - After them, exactly ten ASCII digits must remain. Anything else is a typed
//!   [`PhoneFormatError`], never the input unchanged: a country code (`+1`, or an
//!   eleventh digit), letters and non-ASCII digits are all rejected.
//! - The form's own message for a bad number ("Please enter a valid US number",
//!   community §5) belongs to the form validation; these errors are internal.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::constants::{PHONE_DIGITS, PHONE_SEPARATORS};

/// Why a text is not a ten-digit US phone number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhoneFormatError {
    /// A character that is neither an ASCII digit nor one of the ignored separators.
    #[error("phone number contains {character:?}, which is neither a digit nor a separator")]
    InvalidCharacter {
        /// The first such character.
        character: char,
    },
    /// The number has more or fewer than ten digits.
    #[error("phone number has {digits} digits instead of {PHONE_DIGITS}")]
    WrongDigitCount {
        /// How many digits it has.
        digits: usize,
    },
}

/// A US phone number: exactly ten ASCII digits.
///
/// Serialises as its ten digits (`"5551234567"`); displays as `(555) 123-4567`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PhoneNumber(String);

impl PhoneNumber {
    /// Reads a phone number, ignoring the separators space, `-`, `.`, `(` and `)`.
    ///
    /// # Errors
    ///
    /// [`PhoneFormatError::InvalidCharacter`] for the first other non-digit
    /// character, [`PhoneFormatError::WrongDigitCount`] when the digits are not ten.
    ///
    /// # Examples
    ///
    /// ```
    /// use formatting::phone::{PhoneFormatError, PhoneNumber};
    ///
    /// let number = PhoneNumber::parse("555.123.4567")?;
    /// assert_eq!(number.digits(), "5551234567");
    /// assert_eq!(
    ///     PhoneNumber::parse("555-1234"),
    ///     Err(PhoneFormatError::WrongDigitCount { digits: 7 })
    /// );
    /// # Ok::<(), PhoneFormatError>(())
    /// ```
    pub fn parse(input: &str) -> Result<Self, PhoneFormatError> {
        let mut digits = String::with_capacity(PHONE_DIGITS);
        let mut count: usize = 0;
        for character in input.chars() {
            if character.is_ascii_digit() {
                count = count.saturating_add(1);
                if count <= PHONE_DIGITS {
                    digits.push(character);
                }
            } else if !PHONE_SEPARATORS.contains(&character) {
                return Err(PhoneFormatError::InvalidCharacter { character });
            }
        }
        if count == PHONE_DIGITS {
            Ok(Self(digits))
        } else {
            Err(PhoneFormatError::WrongDigitCount { digits: count })
        }
    }

    /// The ten digits, without separators.
    pub fn digits(&self) -> &str {
        &self.0
    }

    /// The area code: the first three digits.
    pub fn area_code(&self) -> &str {
        self.0.get(..3).unwrap_or_default()
    }

    /// The exchange: digits four to six.
    pub fn exchange(&self) -> &str {
        self.0.get(3..6).unwrap_or_default()
    }

    /// The line number: the last four digits.
    pub fn line(&self) -> &str {
        self.0.get(6..).unwrap_or_default()
    }
}

impl fmt::Display for PhoneNumber {
    /// Writes `(###) ###-####`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "({}) {}-{}",
            self.area_code(),
            self.exchange(),
            self.line()
        )
    }
}

impl TryFrom<String> for PhoneNumber {
    type Error = PhoneFormatError;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl TryFrom<&str> for PhoneNumber {
    type Error = PhoneFormatError;

    fn try_from(value: &str) -> Result<Self, Self::Error> {
        Self::parse(value)
    }
}

impl From<PhoneNumber> for String {
    fn from(value: PhoneNumber) -> Self {
        value.0
    }
}

/// Writes ten digits as `(###) ###-####` (site-core §5 phoneformat).
///
/// # Errors
///
/// As [`PhoneNumber::parse`]: the input must be ten ASCII digits, optionally with the
/// separators space, `-`, `.`, `(` and `)`.
///
/// # Examples
///
/// ```
/// use formatting::phone::format_phone;
///
/// assert_eq!(format_phone("5551234567").as_deref(), Ok("(555) 123-4567"));
/// assert!(format_phone("+1 555 123 4567").is_err());
/// ```
#[doc(alias = "phoneformat")]
pub fn format_phone(input: &str) -> Result<String, PhoneFormatError> {
    PhoneNumber::parse(input).map(|number| number.to_string())
}

#[cfg(test)]
mod tests;
