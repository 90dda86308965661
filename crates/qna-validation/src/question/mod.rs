//! The question text of the ask overlay (community §4 step 1, §5, §9): at
//! least [`QUESTION_MIN_WORDS`] words and at most [`QUESTION_MAX_CHARS`]
//! characters, with a remaining-character counter.
//!
//! Both rules apply to the trimmed text; words and characters are defined in
//! [`crate::text`]. When both rules fail (two words and more than 140
//! characters), the word rule wins: the rules are checked in the order the
//! spec lists them.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::constants::{
    QUESTION_MAX_CHARS, QUESTION_MAX_CHARS_MESSAGE, QUESTION_MIN_WORDS, QUESTION_MIN_WORDS_MESSAGE,
};
use crate::text::{char_count, trim, word_count};

#[cfg(test)]
mod tests;

/// Why a question text is refused; displays the message users see.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuestionError {
    /// The trimmed text has fewer than [`QUESTION_MIN_WORDS`] words.
    #[error("{}", QUESTION_MIN_WORDS_MESSAGE)]
    TooFewWords {
        /// How many words the trimmed text has.
        words: usize,
    },
    /// The trimmed text has more than [`QUESTION_MAX_CHARS`] characters.
    #[error("{}", QUESTION_MAX_CHARS_MESSAGE)]
    TooLong {
        /// How many characters the trimmed text has.
        chars: usize,
    },
}

/// A question text that passed both rules: trimmed, inner white space kept as typed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct QuestionText(String);

impl QuestionText {
    /// Trims `raw` and checks the word rule, then the length rule.
    ///
    /// ```
    /// use qna_validation::question::{QuestionError, QuestionText};
    ///
    /// let q = QuestionText::parse("  Is this card good? ").unwrap();
    /// assert_eq!(q.as_str(), "Is this card good?");
    /// assert_eq!(
    ///     QuestionText::parse("Good card?").unwrap_err().to_string(),
    ///     "Question must have at least 3 words."
    /// );
    /// assert_eq!(
    ///     QuestionText::parse(&"word ".repeat(29)),
    ///     Err(QuestionError::TooLong { chars: 144 })
    /// );
    /// ```
    pub fn parse(raw: &str) -> Result<Self, QuestionError> {
        let text = trim(raw);
        let words = word_count(text);
        if words < QUESTION_MIN_WORDS {
            return Err(QuestionError::TooFewWords { words });
        }
        let chars = char_count(text);
        if chars > QUESTION_MAX_CHARS {
            return Err(QuestionError::TooLong { chars });
        }
        Ok(Self(text.to_owned()))
    }

    /// The trimmed question text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The number of words in the question.
    #[must_use]
    pub fn word_count(&self) -> usize {
        word_count(&self.0)
    }

    /// The number of characters in the question.
    #[must_use]
    pub fn char_count(&self) -> usize {
        char_count(&self.0)
    }
}

/// The counter next to the question box: [`QUESTION_MAX_CHARS`] minus the
/// characters of the *trimmed* text, negative once the text is too long.
///
/// Counting the trimmed text keeps the counter and the rule in step: the
/// length rule passes exactly when this is zero or more.
///
/// ```
/// use qna_validation::question::remaining_chars;
/// assert_eq!(remaining_chars(""), 140);
/// assert_eq!(remaining_chars("  héllo  "), 135);
/// assert_eq!(remaining_chars(&"x".repeat(150)), -10);
/// ```
#[must_use]
pub fn remaining_chars(raw: &str) -> i64 {
    let used = i64::try_from(char_count(trim(raw))).unwrap_or(i64::MAX);
    i64::try_from(QUESTION_MAX_CHARS)
        .unwrap_or(i64::MAX)
        .saturating_sub(used)
}

impl AsRef<str> for QuestionText {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for QuestionText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for QuestionText {
    type Error = QuestionError;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl TryFrom<&str> for QuestionText {
    type Error = QuestionError;

    fn try_from(raw: &str) -> Result<Self, Self::Error> {
        Self::parse(raw)
    }
}

impl From<QuestionText> for String {
    fn from(question: QuestionText) -> Self {
        question.0
    }
}
