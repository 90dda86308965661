//! Profanity in what members post, and the message that names it (community §5; the tail
//! is settled in `DECISIONS.md`). The word list is `rustrict`'s, a maintained list that
//! also catches homoglyphs and leetspeak; on top of it the rule refuses only what it rates
//! at least moderate, and never a number or one of the real words that hold a flagged root
//! ([`CLEAN_WORDS`]), so finance talk ("FDIC", "Hancock") is not refused. The whole FiQA
//! corpus and the catalogue's names are checked (`tests/profanity_corpus.rs`).

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

/// The first word of `text` that the profanity rule refuses, as written in the text, or
/// none. Words are runs of letters, digits, apostrophes and the characters leetspeak
/// uses (`@`, `$`, `*`, `!`), so "d@mn" is found as one word. A word is refused when
/// `rustrict` rates it at least moderately profane, offensive or sexual;
/// mild words ("damn", "sucks", "wife") pass. Never refused:
///
/// - a number, or a number with a short unit ("$600B", "1099s", "401k"): read as
///   leetspeak, a long number spells words by chance ("1795623500718" was refused);
/// - a real word or name that holds a flagged root inside it ([`CLEAN_WORDS`]: "FDIC",
///   "Hancock", "Dickinson", "shiitake", "Bitcoin"…), each one refused once in finance
///   talk, the community's questions or the catalogue's names.
///
/// ```
/// use qna_validation::profanity::first_profane_word;
/// assert_eq!(first_profane_word("How do balance transfers work?"), None);
/// assert_eq!(first_profane_word("Is my CD FDIC insured?"), None);
/// assert_eq!(first_profane_word("this card is shit"), Some("shit".to_owned()));
/// ```
#[must_use]
pub fn first_profane_word(text: &str) -> Option<String> {
    text.split(|c: char| !(c.is_alphanumeric() || matches!(c, '\'' | '@' | '$' | '*' | '!')))
        .map(|word| word.trim_matches(|c| matches!(c, '\'' | '!')))
        .filter(|word| !word.is_empty() && !is_number(word) && !is_clean_word(word))
        .find(|word| is_refused(word))
        .map(str::to_owned)
}

/// Whether `rustrict` rates a word at least moderately profane, offensive or sexual.
fn is_refused(word: &str) -> bool {
    use rustrict::{Censor, Type};
    Censor::from_str(word)
        .analyze()
        .is((Type::PROFANE | Type::OFFENSIVE | Type::SEXUAL) & Type::MODERATE_OR_HIGHER)
}

/// Real words and names that hold a root the word list flags (a false positive each, found
/// on the community's questions and answers, the catalogue's names and finance talk),
/// compared without case and without a final `'s` or `s`.
pub const CLEAN_WORDS: [&str; 30] = [
    // Regulators, terms and abbreviations of finance.
    "fdic",
    "cpp",
    "tpp",
    "p2p",
    "ianal",
    "naked",
    "bitcoin",
    "cracker",
    "bondage",
    "marriage",
    "terrorist",
    "billshrink",
    // Places, institutions and people.
    "hancock",
    "dickinson",
    "dickens",
    "middlesex",
    "sussex",
    "essex",
    "matanuska",
    "publix",
    "nassim",
    "bob",
    "cockburn",
    "hitchcock",
    "scunthorpe",
    "penistone",
    // Food and other words.
    "shiitake",
    "cocktail",
    "xxx",
    "xxxiv",
];

/// Whether the word, without case and a final `'s` or `s`, is one of [`CLEAN_WORDS`].
fn is_clean_word(word: &str) -> bool {
    let lower = word.trim_start_matches('$').to_lowercase();
    let stem = lower
        .strip_suffix("'s")
        .or_else(|| lower.strip_suffix('s'))
        .unwrap_or(&lower);
    CLEAN_WORDS.contains(&stem) || CLEAN_WORDS.contains(&lower.as_str())
}

/// Digits (after an optional `$`), then one of the units amounts are written with, or a
/// final `'s`: "1795623500718", "$600B", "1099s", "1099's", "401k", "10x", "3rd". Only
/// these units: "5ex" or "7it" are leetspeak, not amounts.
fn is_number(word: &str) -> bool {
    const UNITS: [&str; 12] = [
        "", "k", "m", "b", "bn", "mm", "x", "s", "th", "st", "nd", "rd",
    ];
    let rest = word.strip_prefix('$').unwrap_or(word);
    let rest = rest.strip_suffix("'s").unwrap_or(rest);
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let unit = rest[digits..].to_ascii_lowercase();
    digits > 0 && UNITS.contains(&unit.as_str())
}

/// The refusal of a text with profanity in it: `Some(message)` naming the first such
/// word, or none when the text is clean.
#[must_use]
pub fn check_profanity(text: &str) -> Option<String> {
    first_profane_word(text).map(|word| profanity_message(&word))
}
