//! Profanity in what members post, and the message that names it (community §5; the tail
//! is settled in `DECISIONS.md`). The word list is `rustrict`'s, a maintained list that
//! also catches homoglyphs and leetspeak and keeps a list of false positives.

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

/// The first word of `text` that the profanity list rejects, as written in the text, or
/// none. Words are runs of letters, digits, apostrophes and the characters leetspeak
/// uses (`@`, `$`, `*`), so "d@mn" is found as one word. A word with no letter in it (an
/// amount, a year, a reference number) is never profanity: read as leetspeak, a long
/// number spells words by chance ("1795623500718" was refused).
///
/// ```
/// use qna_validation::profanity::first_profane_word;
/// assert_eq!(first_profane_word("How do balance transfers work?"), None);
/// assert_eq!(first_profane_word("this card is shit"), Some("shit".to_owned()));
/// ```
#[must_use]
pub fn first_profane_word(text: &str) -> Option<String> {
    use rustrict::CensorStr;
    text.split(|c: char| !(c.is_alphanumeric() || matches!(c, '\'' | '@' | '$' | '*')))
        .filter(|word| !is_number(word))
        .find(|word| word.is_inappropriate())
        .map(str::to_owned)
}

/// Digits only, or `$` then digits.
fn is_number(word: &str) -> bool {
    let digits = word.strip_prefix('$').unwrap_or(word);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The refusal of a text with profanity in it: `Some(message)` naming the first such
/// word, or none when the text is clean.
#[must_use]
pub fn check_profanity(text: &str) -> Option<String> {
    first_profane_word(text).map(|word| profanity_message(&word))
}
