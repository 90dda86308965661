//! The send-app-link-by-text dialog (community §4, §5, §8, §9): the US phone
//! number rule and the outcome messages.
//!
//! **Phone rule.** The spec says "exactly 10 characters"; people type
//! separators, so the rule reads the number as follows:
//!
//! 1. Remove every separator: white space (see [`crate::text`]), `-`, `.`, `(` and `)`,
//!    wherever they are.
//! 2. If what remains starts with `+1`, remove that country code. A bare
//!    leading `1` is *not* removed: without the `+`, eleven digits are
//!    taken for a typing mistake.
//! 3. Exactly [`US_PHONE_DIGITS`] ASCII digits must remain.
//!
//! No other character is allowed (letters, `+` elsewhere, `/`, `#`, non-ASCII digits).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::constants::{
    REQUEST_LOCKED_BY_FILTER, TEXT_MESSAGE_ALREADY_SENT_MESSAGE, TEXT_MESSAGE_FAILED_MESSAGE,
    TEXT_MESSAGE_LOCKED_MESSAGE, TEXT_MESSAGE_SENT_MESSAGE, US_COUNTRY_CODE_PREFIX,
    US_PHONE_DIGITS, US_PHONE_MESSAGE,
};
use crate::text::is_white_space;

#[cfg(test)]
mod tests;

/// Whether `c` is a separator removed from a typed phone number (step 1 of the rule).
#[must_use]
pub fn is_phone_separator(c: char) -> bool {
    is_white_space(c) || matches!(c, '-' | '.' | '(' | ')')
}

/// Why a phone number is refused; every variant displays the spec message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UsPhoneError {
    /// A character that is neither a separator nor an ASCII digit (nor the leading `+1`).
    #[error("{}", US_PHONE_MESSAGE)]
    InvalidCharacter {
        /// The first offending character.
        found: char,
    },
    /// The number does not have exactly [`US_PHONE_DIGITS`] digits.
    #[error("{}", US_PHONE_MESSAGE)]
    WrongDigitCount {
        /// How many digits remain after separators and the country code are removed.
        digits: usize,
    },
}

/// A US phone number: exactly ten ASCII digits, without separators or country code.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct UsPhone(String);

impl UsPhone {
    /// Reads a typed number by the rule in the module docs.
    ///
    /// ```
    /// use qna_validation::text_message::UsPhone;
    /// assert_eq!(UsPhone::parse("(555) 123-4567").unwrap().digits(), "5551234567");
    /// assert_eq!(UsPhone::parse("+1 555.123.4567").unwrap().digits(), "5551234567");
    /// assert_eq!(
    ///     UsPhone::parse("15551234567").unwrap_err().to_string(),
    ///     "Please enter a valid US number"
    /// );
    /// ```
    pub fn parse(raw: &str) -> Result<Self, UsPhoneError> {
        let kept: String = raw.chars().filter(|&c| !is_phone_separator(c)).collect();
        let number = kept.strip_prefix(US_COUNTRY_CODE_PREFIX).unwrap_or(&kept);
        if let Some(found) = number.chars().find(|c| !c.is_ascii_digit()) {
            return Err(UsPhoneError::InvalidCharacter { found });
        }
        let digits = number.len();
        if digits != US_PHONE_DIGITS {
            return Err(UsPhoneError::WrongDigitCount { digits });
        }
        Ok(Self(number.to_owned()))
    }

    /// The ten digits, as sent in the `phoneNumber` field.
    #[must_use]
    pub fn digits(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for UsPhone {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for UsPhone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for UsPhone {
    type Error = UsPhoneError;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<UsPhone> for String {
    fn from(phone: UsPhone) -> Self {
        phone.0
    }
}

/// How a text-message request ended, from the response fields `error` and
/// `messages` (community §7, §8). A network failure is not a response: the
/// dialog shows an error toast instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TextMessageOutcome {
    /// The text was sent: success message plus Close.
    Sent,
    /// The server answered with an error: message shown, the form stays.
    Failed,
    /// Refused for repeated attempts: message with store links plus Close.
    Blocked,
}

impl TextMessageOutcome {
    /// The outcome of a response. The message code [`REQUEST_LOCKED_BY_FILTER`]
    /// among `messages` means blocked whatever the `error` flag says; otherwise
    /// `error` means failed, and no error means sent.
    ///
    /// ```
    /// use qna_validation::text_message::TextMessageOutcome;
    /// assert_eq!(
    ///     TextMessageOutcome::from_response(true, &["REQUEST_LOCKED_BY_FILTER"]),
    ///     TextMessageOutcome::Blocked
    /// );
    /// assert_eq!(TextMessageOutcome::from_response(true, &[] as &[&str]), TextMessageOutcome::Failed);
    /// ```
    #[must_use]
    pub fn from_response<S: AsRef<str>>(error: bool, messages: &[S]) -> Self {
        if messages
            .iter()
            .any(|m| m.as_ref() == REQUEST_LOCKED_BY_FILTER)
        {
            Self::Blocked
        } else if error {
            Self::Failed
        } else {
            Self::Sent
        }
    }

    /// The message the dialog shows (community §8).
    #[must_use]
    pub fn message(self) -> &'static str {
        match self {
            Self::Sent => TEXT_MESSAGE_SENT_MESSAGE,
            Self::Failed => TEXT_MESSAGE_FAILED_MESSAGE,
            Self::Blocked => TEXT_MESSAGE_LOCKED_MESSAGE,
        }
    }

    /// The message the dialog shows for this outcome of a response with `messages`: as
    /// [`Self::message`], except that a send the server answered with
    /// [`TEXT_MESSAGE_ALREADY_SENT_MESSAGE`] (the same request again, which sent nothing)
    /// says so rather than that a text is on its way.
    ///
    /// ```
    /// use qna_validation::constants::TEXT_MESSAGE_ALREADY_SENT_MESSAGE;
    /// use qna_validation::text_message::TextMessageOutcome;
    /// let messages = [TEXT_MESSAGE_ALREADY_SENT_MESSAGE];
    /// let outcome = TextMessageOutcome::from_response(false, &messages);
    /// assert_eq!(outcome.shown_message(&messages), TEXT_MESSAGE_ALREADY_SENT_MESSAGE);
    /// ```
    #[must_use]
    pub fn shown_message<S: AsRef<str>>(self, messages: &[S]) -> &'static str {
        let again = messages
            .iter()
            .any(|m| m.as_ref() == TEXT_MESSAGE_ALREADY_SENT_MESSAGE);
        if self == Self::Sent && again {
            TEXT_MESSAGE_ALREADY_SENT_MESSAGE
        } else {
            self.message()
        }
    }

    /// Whether the App Store and Google Play links are shown.
    #[must_use]
    pub fn shows_store_links(self) -> bool {
        self == Self::Blocked
    }

    /// Whether the entry form stays open (only after a failure).
    #[must_use]
    pub fn keeps_form(self) -> bool {
        self == Self::Failed
    }
}
