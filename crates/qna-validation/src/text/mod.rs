//! What a character, a word and white space are, for every length and word
//! rule of community §5 and §9, defined so that a browser computes exactly
//! the same numbers.
//!
//! - **White space** is the Unicode `White_Space` property, fixed here as an
//!   explicit list ([`is_white_space`]): U+0009–U+000D, U+0020, U+0085,
//!   U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
//!   In JavaScript: `/\p{White_Space}/u`. Note that JavaScript's own `trim()`
//!   and `\s` differ (they add U+FEFF and miss U+0085), so the browser must
//!   trim with `/^\p{White_Space}+|\p{White_Space}+$/gu` instead.
//! - **Trimming** removes white space at both ends ([`trim`]).
//! - **A character** is a Unicode scalar value ([`char_count`]); in
//!   JavaScript `Array.from(s).length`, not `s.length` (which counts UTF-16
//!   units). Combining marks and each half of an emoji sequence count on their own.
//! - **A word** is a maximal run of non-white-space characters ([`word_count`]);
//!   in JavaScript `s.split(/\p{White_Space}+/u).filter(w => w !== "").length`.
//!   Punctuation is part of a word: `"a ? b"` has three words.

#[cfg(test)]
mod tests;

/// Whether `c` has the Unicode `White_Space` property (the list in the module docs).
///
/// ```
/// use qna_validation::text::is_white_space;
/// assert!(is_white_space('\u{3000}'));
/// assert!(!is_white_space('\u{FEFF}'));
/// ```
#[must_use]
pub fn is_white_space(c: char) -> bool {
    matches!(
        c,
        '\u{0009}'..='\u{000D}'
            | '\u{0020}'
            | '\u{0085}'
            | '\u{00A0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200A}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202F}'
            | '\u{205F}'
            | '\u{3000}'
    )
}

/// `text` without white space at either end.
///
/// ```
/// assert_eq!(qna_validation::text::trim("\u{A0} a b \n"), "a b");
/// ```
#[must_use]
pub fn trim(text: &str) -> &str {
    text.trim_matches(is_white_space)
}

/// The number of characters (Unicode scalar values) in `text`, as is: trim first
/// where a rule counts trimmed text.
///
/// ```
/// assert_eq!(qna_validation::text::char_count("café 😀"), 6);
/// ```
#[must_use]
pub fn char_count(text: &str) -> usize {
    text.chars().count()
}

/// The number of words (runs of non-white-space characters) in `text`.
///
/// ```
/// assert_eq!(qna_validation::text::word_count("  is it\tgood ? "), 4);
/// ```
#[must_use]
pub fn word_count(text: &str) -> usize {
    text.split(is_white_space).filter(|w| !w.is_empty()).count()
}

/// `text` trimmed, with every inner run of white space replaced by one
/// U+0020 space (the "cleaned" text of the helpful widget, community §5).
///
/// ```
/// assert_eq!(qna_validation::text::collapse_white_space(" a \n\n b  c "), "a b c");
/// ```
#[must_use]
pub fn collapse_white_space(text: &str) -> String {
    text.split(is_white_space)
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
