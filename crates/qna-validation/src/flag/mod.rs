//! A yes-or-no request parameter (`optOut`, `helpful`): one vocabulary and one refusal for
//! every write that takes a flag.
//!
//! A flag is read trimmed and ignoring ASCII case: [`TRUE_WORDS`] are true, [`FALSE_WORDS`]
//! false, anything else is refused with the parameter's name ("helpful must be true or
//! false"), as [`crate::lengths`] refuses a parameter only a page's script sends. The API
//! document lists the same words, so it cannot drift from the rule.
//!
//! Flags stored in a visitor's own state are another rule ([`visitor_state`] reads them
//! leniently and never refuses one); flags in the catalogue's data are the offer model's.

#[cfg(test)]
mod tests;

/// The words read as true.
pub const TRUE_WORDS: [&str; 4] = ["true", "1", "yes", "on"];

/// The words read as false.
pub const FALSE_WORDS: [&str; 4] = ["false", "0", "no", "off"];

/// Every word a flag accepts, true ones first (for the API document).
pub const WORDS: [&str; 8] = [
    TRUE_WORDS[0],
    FALSE_WORDS[0],
    TRUE_WORDS[1],
    FALSE_WORDS[1],
    TRUE_WORDS[2],
    FALSE_WORDS[2],
    TRUE_WORDS[3],
    FALSE_WORDS[3],
];

/// A flag parameter that is none of [`WORDS`]; displays the refusal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{name} must be true or false")]
pub struct NotAFlag {
    /// The parameter's name.
    pub name: &'static str,
}

/// Reads the flag parameter `name` from `raw`.
///
/// ```
/// use qna_validation::flag::parse;
/// assert_eq!(parse("optOut", " Yes "), Ok(true));
/// assert_eq!(parse("helpful", "0"), Ok(false));
/// assert_eq!(
///     parse("helpful", "maybe").unwrap_err().to_string(),
///     "helpful must be true or false"
/// );
/// ```
pub fn parse(name: &'static str, raw: &str) -> Result<bool, NotAFlag> {
    let word = raw.trim();
    let is = |words: &[&str]| words.iter().any(|w| word.eq_ignore_ascii_case(w));
    if is(&TRUE_WORDS) {
        Ok(true)
    } else if is(&FALSE_WORDS) {
        Ok(false)
    } else {
        Err(NotAFlag { name })
    }
}
