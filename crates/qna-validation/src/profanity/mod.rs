//! The profanity message the question-and-answer box shows when the server
//! names a bad word (community §5; the tail is settled in `DECISIONS.md`).

use crate::constants::PROFANITY_MESSAGE_PREFIX;

#[cfg(test)]
mod tests;

/// `Profanity is not allowed, including words such as "WORD".`, with the
/// word exactly as the server gave it (not trimmed, not escaped).
///
/// ```
/// use qna_validation::profanity::profanity_message;
/// assert_eq!(
///     profanity_message("darn"),
///     r#"Profanity is not allowed, including words such as "darn"."#
/// );
/// ```
#[must_use]
pub fn profanity_message(word: &str) -> String {
    format!("{PROFANITY_MESSAGE_PREFIX} \"{word}\".")
}
