//! The longest text each community write accepts, and what the writer is told past it.
//!
//! One place for each bound: the server checks a field with [`TextLimit::check`] and its
//! API document reads [`TextLimit::max_chars`], so neither can drift from the rule.
//! Lengths count characters (Unicode scalar values), as [`crate::text::char_count`] does.
//!
//! A field a person types is refused with a sentence ("An answer cannot have more than
//! 10000 characters."); a parameter only a page's script sends is refused with its name
//! ("postId cannot have more than 128 characters").

#[cfg(test)]
mod tests;

/// A bound on a text field's length, with the name its refusal uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextLimit {
    /// How the refusal names the field ("An answer", "postId").
    pub label: &'static str,
    /// The most characters accepted.
    pub max_chars: usize,
    /// Whether the refusal is a sentence for a person (ends with a full stop).
    sentence: bool,
}

/// A text longer than its [`TextLimit`]; displays the refusal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{label} cannot have more than {max_chars} characters{end}", end = if *.sentence { "." } else { "" })]
pub struct TooLong {
    /// How the refusal names the field.
    pub label: &'static str,
    /// The most characters accepted.
    pub max_chars: usize,
    /// How many characters the text has.
    pub chars: usize,
    sentence: bool,
}

impl TextLimit {
    /// A field a person types: refused with a sentence.
    pub const fn field(label: &'static str, max_chars: usize) -> Self {
        Self {
            label,
            max_chars,
            sentence: true,
        }
    }

    /// A parameter a page's script sends: refused with its name.
    pub const fn parameter(name: &'static str, max_chars: usize) -> Self {
        Self {
            label: name,
            max_chars,
            sentence: false,
        }
    }

    /// `Ok` when `text` has at most [`Self::max_chars`] characters.
    ///
    /// ```
    /// use qna_validation::lengths::MODERATION_REASON;
    /// assert!(MODERATION_REASON.check(&"a".repeat(500)).is_ok());
    /// assert_eq!(
    ///     MODERATION_REASON.check(&"a".repeat(501)).unwrap_err().to_string(),
    ///     "A reason cannot have more than 500 characters."
    /// );
    /// ```
    pub fn check(self, text: &str) -> Result<(), TooLong> {
        let chars = text.chars().count();
        if chars <= self.max_chars {
            Ok(())
        } else {
            Err(TooLong {
                label: self.label,
                max_chars: self.max_chars,
                chars,
                sentence: self.sentence,
            })
        }
    }
}

/// A question's details ("more info").
pub const QUESTION_DETAILS: TextLimit = TextLimit::field("Details", 2_000);
/// An answer.
pub const ANSWER: TextLimit = TextLimit::field("An answer", 10_000);
/// A report's reason, and a moderator's reason for hiding or restoring an item: a line
/// for the moderation queue.
pub const MODERATION_REASON: TextLimit = TextLimit::field("A reason", 500);
/// The helpful widget's reason after "No": free text for the article's editors, so longer
/// than a report's line.
pub const FEEDBACK_REASON: TextLimit = TextLimit::field("Content", 2_000);
/// A member's password (hashing cost stays bounded).
pub const PASSWORD: TextLimit = TextLimit::field("Password", 256);
/// Fewest characters of a member's password.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// A member's display name.
pub const DISPLAY_NAME: TextLimit = TextLimit::field("Name", 80);
/// The helpful widget's article id.
pub const FEEDBACK_POST_ID: TextLimit = TextLimit::parameter("postId", 128);
/// The helpful widget's article address.
pub const FEEDBACK_URL: TextLimit = TextLimit::parameter("url", 2048);
/// The experts gallery's asking page.
pub const GALLERY_PATH: TextLimit = TextLimit::parameter("path", 2048);
/// The helpful widget's feedback type (letters, digits, `_` and `-`).
pub const FEEDBACK_TYPE_MAX_CHARS: usize = 32;
/// The text-me-the-app dialog's campaign id (letters, digits, `-`, `_` and `.`).
pub const COMM_ID_MAX_CHARS: usize = 64;
/// A question title being typed, searched for similar questions.
pub const SIMILAR_TITLE_MAX_CHARS: usize = 500;
/// The product id a question list is narrowed to (bytes: ids are ASCII).
pub const OFFER_FILTER_MAX_BYTES: usize = 200;
/// The name of the question list's page parameter (`page_param`), read only up to this
/// length (bytes), else the default name.
pub const PAGE_PARAM_NAME_MAX_BYTES: usize = 32;
