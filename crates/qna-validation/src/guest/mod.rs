//! The guest login step of the ask overlay (community §4 steps 2–3, §5, §6):
//! an e-mail address and the one-time code the server sends to it.
//!
//! **E-mail rule.** The input is trimmed (see [`crate::text::trim`]); then it
//! must match the WHATWG HTML "valid e-mail address" production, with a dot
//! required in the domain, and be at most [`GUEST_EMAIL_MAX_CHARS`] characters:
//!
//! - local part: one or more of `a-z A-Z 0-9 . ! # $ % & ' * + / = ? ^ _ ` { | } ~ -`;
//! - then `@`;
//! - then two or more labels separated by `.`, each 1–63 ASCII letters,
//!   digits or `-`, starting and ending with a letter or digit.
//!
//! The same rule as a JavaScript regular expression is [`GUEST_EMAIL_JS_PATTERN`]
//! (plus the length check). The address is kept as typed (no case folding).
//!
//! **One-time code rule.** After trimming, exactly [`ONE_TIME_CODE_DIGITS`]
//! ASCII digits `0-9`; other digits (such as Arabic-Indic ones) are refused.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::constants::{
    EMAIL_LABEL_MAX_CHARS, GUEST_EMAIL_MAX_CHARS, GUEST_EMAIL_MESSAGE, ONE_TIME_CODE_DIGITS,
    ONE_TIME_CODE_MESSAGE,
};
use crate::text::{char_count, trim};

#[cfg(test)]
mod tests;

/// The e-mail rule as a JavaScript regular expression source, for the browser
/// (use it together with `value.length <= 254` on the trimmed value).
pub const GUEST_EMAIL_JS_PATTERN: &str = "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$";

/// The punctuation the local part may hold besides ASCII letters and digits.
const LOCAL_PUNCTUATION: &str = ".!#$%&'*+/=?^_`{|}~-";

/// Why a guest e-mail is refused; every variant displays the spec message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GuestEmailError {
    /// Nothing but white space was given where an address is required.
    #[error("{}", GUEST_EMAIL_MESSAGE)]
    Empty,
    /// The trimmed address is longer than [`GUEST_EMAIL_MAX_CHARS`].
    #[error("{}", GUEST_EMAIL_MESSAGE)]
    TooLong {
        /// How many characters the trimmed address has.
        chars: usize,
    },
    /// There is no `@`.
    #[error("{}", GUEST_EMAIL_MESSAGE)]
    MissingAt,
    /// The part before the first `@` is empty or holds a character outside the allowed set.
    #[error("{}", GUEST_EMAIL_MESSAGE)]
    InvalidLocalPart,
    /// A domain label is empty, too long, holds a character other than a
    /// letter, digit or `-`, or starts or ends with `-` (a second `@` lands here too).
    #[error("{}", GUEST_EMAIL_MESSAGE)]
    InvalidDomain,
    /// The domain is a single label, without a dot.
    #[error("{}", GUEST_EMAIL_MESSAGE)]
    DomainWithoutDot,
}

/// A guest e-mail address that follows the rule in the module docs, trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct GuestEmail(String);

impl GuestEmail {
    /// Trims `raw` and checks it against the e-mail rule.
    ///
    /// ```
    /// use qna_validation::guest::GuestEmail;
    /// assert_eq!(GuestEmail::parse(" jo@example.com ").unwrap().as_str(), "jo@example.com");
    /// assert_eq!(
    ///     GuestEmail::parse("jo@localhost").unwrap_err().to_string(),
    ///     "Please enter a correct Email Address."
    /// );
    /// ```
    pub fn parse(raw: &str) -> Result<Self, GuestEmailError> {
        let email = trim(raw);
        if email.is_empty() {
            return Err(GuestEmailError::Empty);
        }
        let chars = char_count(email);
        if chars > GUEST_EMAIL_MAX_CHARS {
            return Err(GuestEmailError::TooLong { chars });
        }
        let (local, domain) = email.split_once('@').ok_or(GuestEmailError::MissingAt)?;
        if local.is_empty() || !local.chars().all(is_local_char) {
            return Err(GuestEmailError::InvalidLocalPart);
        }
        if !domain.split('.').all(is_domain_label) {
            return Err(GuestEmailError::InvalidDomain);
        }
        if !domain.contains('.') {
            return Err(GuestEmailError::DomainWithoutDot);
        }
        Ok(Self(email.to_owned()))
    }

    /// "Guest email, when given": blank input gives `Ok(None)`, anything else
    /// must pass [`GuestEmail::parse`].
    ///
    /// ```
    /// use qna_validation::guest::GuestEmail;
    /// assert_eq!(GuestEmail::parse_optional("  "), Ok(None));
    /// assert!(GuestEmail::parse_optional("x").is_err());
    /// ```
    pub fn parse_optional(raw: &str) -> Result<Option<Self>, GuestEmailError> {
        if trim(raw).is_empty() {
            Ok(None)
        } else {
            Self::parse(raw).map(Some)
        }
    }

    /// The address, trimmed and otherwise as typed.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn is_local_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || LOCAL_PUNCTUATION.contains(c)
}

fn is_domain_label(label: &str) -> bool {
    let ends_ok = matches!(
        (label.chars().next(), label.chars().next_back()),
        (Some(first), Some(last)) if first.is_ascii_alphanumeric() && last.is_ascii_alphanumeric()
    );
    ends_ok
        && label.len() <= EMAIL_LABEL_MAX_CHARS
        && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

impl AsRef<str> for GuestEmail {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GuestEmail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for GuestEmail {
    type Error = GuestEmailError;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<GuestEmail> for String {
    fn from(email: GuestEmail) -> Self {
        email.0
    }
}

/// Why a one-time code is refused; every variant displays the spec message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OneTimeCodeError {
    /// The trimmed code does not have [`ONE_TIME_CODE_DIGITS`] characters.
    #[error("{}", ONE_TIME_CODE_MESSAGE)]
    WrongLength {
        /// How many characters the trimmed code has.
        chars: usize,
    },
    /// The trimmed code has the right length but holds a character that is not an ASCII digit.
    #[error("{}", ONE_TIME_CODE_MESSAGE)]
    NotADigit {
        /// The first offending character.
        found: char,
    },
}

/// A one-time code of exactly six ASCII digits (leading zeros kept).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct OneTimeCode(String);

impl OneTimeCode {
    /// Trims `raw` and checks that exactly six ASCII digits remain.
    ///
    /// ```
    /// use qna_validation::guest::{OneTimeCode, OneTimeCodeError};
    /// assert_eq!(OneTimeCode::parse(" 012345 ").unwrap().as_str(), "012345");
    /// assert_eq!(OneTimeCode::parse("12345"), Err(OneTimeCodeError::WrongLength { chars: 5 }));
    /// ```
    pub fn parse(raw: &str) -> Result<Self, OneTimeCodeError> {
        let code = trim(raw);
        let chars = char_count(code);
        if chars != ONE_TIME_CODE_DIGITS {
            return Err(OneTimeCodeError::WrongLength { chars });
        }
        if let Some(found) = code.chars().find(|c| !c.is_ascii_digit()) {
            return Err(OneTimeCodeError::NotADigit { found });
        }
        Ok(Self(code.to_owned()))
    }

    /// The six digits.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for OneTimeCode {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for OneTimeCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for OneTimeCode {
    type Error = OneTimeCodeError;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<OneTimeCode> for String {
    fn from(code: OneTimeCode) -> Self {
        code.0
    }
}
