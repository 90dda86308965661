//! Links of the question-and-answer box (community §2): question slugs and
//! links and the report-abuse link.
//!
//! **Question slug** ([`question_slug`]), character by character of the title:
//!
//! 1. an ASCII letter or digit is kept, lowercased;
//! 2. a letter of [`TRANSLITERATIONS`] (Latin-1 and Latin Extended-A, such as
//!    `é` → `e`, `ß` → `ss`, `Ł` → `l`) is replaced by its ASCII letters;
//! 3. an apostrophe (`'` U+0027 or `’` U+2019) is dropped, so "what's" gives `whats`;
//! 4. any other letter or number (Unicode `Alphabetic` or `Numeric`; in
//!    JavaScript `/[\p{Alphabetic}\p{N}]/u`) and any combining mark
//!    U+0300–U+036F is dropped;
//! 5. anything else separates: each run of separators between two kept
//!    pieces becomes one `-`; separators at either end give nothing.
//!
//! A slug longer than [`SLUG_MAX_CHARS`] is cut to that length, and back to
//! its last `-` when the cut falls inside a word (a single word longer than
//! the cap is cut hard). A title that leaves nothing gives [`SLUG_FALLBACK`].
//!
//! **Full slug**: the slug, `-`, the question id in decimal (`best-card-42`);
//! the question link is `/answers/{full slug}`. [`FullSlug::parse`] accepts
//! exactly what [`FullSlug`] prints: a slug that [`question_slug`] leaves
//! unchanged, `-`, and an id without sign or leading zeros that fits `u64`.
//!
//! **Percent encoding** is [`percent_encode_component`] of `site_urls::encoding`
//! (JavaScript's `encodeURIComponent`), the workspace's one encoder; the light
//! sign-up link a guest who tries to vote is sent to is
//! [`site_urls::sign_up::join_light_link`].

use std::fmt;

use serde::{Deserialize, Serialize};
use site_urls::encoding::percent_encode_component;

use crate::constants::{ANSWERS_LINK, REPORT_ABUSE_PATH, SLUG_FALLBACK, SLUG_MAX_CHARS};

#[cfg(test)]
mod tests;

/// The letters a slug transliterates: inclusive ranges of characters and
/// the lowercase ASCII text each character of the range becomes.
pub const TRANSLITERATIONS: &[(char, char, &str)] = &[
    ('À', 'Å', "a"),
    ('Æ', 'Æ', "ae"),
    ('Ç', 'Ç', "c"),
    ('È', 'Ë', "e"),
    ('Ì', 'Ï', "i"),
    ('Ð', 'Ð', "d"),
    ('Ñ', 'Ñ', "n"),
    ('Ò', 'Ö', "o"),
    ('Ø', 'Ø', "o"),
    ('Ù', 'Ü', "u"),
    ('Ý', 'Ý', "y"),
    ('Þ', 'Þ', "th"),
    ('ß', 'ß', "ss"),
    ('à', 'å', "a"),
    ('æ', 'æ', "ae"),
    ('ç', 'ç', "c"),
    ('è', 'ë', "e"),
    ('ì', 'ï', "i"),
    ('ð', 'ð', "d"),
    ('ñ', 'ñ', "n"),
    ('ò', 'ö', "o"),
    ('ø', 'ø', "o"),
    ('ù', 'ü', "u"),
    ('ý', 'ý', "y"),
    ('þ', 'þ', "th"),
    ('ÿ', 'ÿ', "y"),
    ('\u{0100}', '\u{0105}', "a"),
    ('\u{0106}', '\u{010D}', "c"),
    ('\u{010E}', '\u{0111}', "d"),
    ('\u{0112}', '\u{011B}', "e"),
    ('\u{011C}', '\u{0123}', "g"),
    ('\u{0124}', '\u{0127}', "h"),
    ('\u{0128}', '\u{0131}', "i"),
    ('\u{0132}', '\u{0133}', "ij"),
    ('\u{0134}', '\u{0135}', "j"),
    ('\u{0136}', '\u{0138}', "k"),
    ('\u{0139}', '\u{0142}', "l"),
    ('\u{0143}', '\u{014B}', "n"),
    ('\u{014C}', '\u{0151}', "o"),
    ('\u{0152}', '\u{0153}', "oe"),
    ('\u{0154}', '\u{0159}', "r"),
    ('\u{015A}', '\u{0161}', "s"),
    ('\u{0162}', '\u{0167}', "t"),
    ('\u{0168}', '\u{0173}', "u"),
    ('\u{0174}', '\u{0175}', "w"),
    ('\u{0176}', '\u{0178}', "y"),
    ('\u{0179}', '\u{017E}', "z"),
    ('\u{017F}', '\u{017F}', "s"),
];

/// The ASCII replacement of `c` from [`TRANSLITERATIONS`], if it has one.
///
/// ```
/// use qna_validation::links::transliterate;
/// assert_eq!(transliterate('Œ'), Some("oe"));
/// assert_eq!(transliterate('ж'), None);
/// ```
#[must_use]
pub fn transliterate(c: char) -> Option<&'static str> {
    TRANSLITERATIONS
        .iter()
        .find(|(first, last, _)| (*first..=*last).contains(&c))
        .map(|(_, _, ascii)| *ascii)
}

/// How one title character enters a slug.
enum SlugPiece {
    Keep(char),
    Text(&'static str),
    Drop,
    Separator,
}

fn slug_piece(c: char) -> SlugPiece {
    if c.is_ascii_alphanumeric() {
        SlugPiece::Keep(c.to_ascii_lowercase())
    } else if let Some(ascii) = transliterate(c) {
        SlugPiece::Text(ascii)
    } else if matches!(c, '\'' | '\u{2019}')
        || c.is_alphanumeric()
        || ('\u{0300}'..='\u{036F}').contains(&c)
    {
        SlugPiece::Drop
    } else {
        SlugPiece::Separator
    }
}

/// The slug of a question title, by the rule in the module docs.
///
/// ```
/// use qna_validation::links::question_slug;
/// assert_eq!(question_slug("What's the best Café card?"), "whats-the-best-cafe-card");
/// assert_eq!(question_slug("  --  "), "question");
/// ```
#[must_use]
pub fn question_slug(title: &str) -> String {
    let mut slug = String::new();
    let mut separated = false;
    for c in title.chars() {
        let piece = match slug_piece(c) {
            SlugPiece::Keep(c) => Some(c.to_string()),
            SlugPiece::Text(text) => Some(text.to_owned()),
            SlugPiece::Drop => None,
            SlugPiece::Separator => {
                separated = true;
                None
            }
        };
        if let Some(piece) = piece {
            if separated && !slug.is_empty() {
                slug.push('-');
            }
            separated = false;
            slug.push_str(&piece);
        }
    }
    let capped = cap_slug(&slug);
    if capped.is_empty() {
        SLUG_FALLBACK.to_owned()
    } else {
        capped.to_owned()
    }
}

/// `slug` (ASCII) cut to [`SLUG_MAX_CHARS`], at a word boundary where one exists.
fn cap_slug(slug: &str) -> &str {
    let Some(head) = slug.get(..SLUG_MAX_CHARS) else {
        return slug;
    };
    let cut_inside_word = slug
        .as_bytes()
        .get(SLUG_MAX_CHARS)
        .is_some_and(|&next| next != b'-');
    let head = match head.rfind('-') {
        Some(last_dash) if cut_inside_word => head.get(..last_dash).unwrap_or(head),
        _ => head,
    };
    head.trim_end_matches('-')
}

/// Why a full slug cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FullSlugError {
    /// There is no `-` before an id.
    #[error("full slug {full_slug:?} has no '-' before the question id")]
    MissingId {
        /// The text given.
        full_slug: String,
    },
    /// The part after the last `-` is not a canonical `u64` in decimal.
    #[error("question id {id:?} is not a decimal number without leading zeros")]
    InvalidId {
        /// The part after the last `-`.
        id: String,
    },
    /// The part before the last `-` is not a slug that [`question_slug`] leaves unchanged.
    #[error("slug {slug:?} is not a canonical question slug")]
    InvalidSlug {
        /// The part before the last `-`.
        slug: String,
    },
}

/// A question's full slug: its slug and its id, printed `slug-id`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct FullSlug {
    slug: String,
    id: u64,
}

impl FullSlug {
    /// The full slug of question `id` titled `title`.
    ///
    /// ```
    /// use qna_validation::links::FullSlug;
    /// let full = FullSlug::new("Is the Chase card worth it?", 42);
    /// assert_eq!(full.to_string(), "is-the-chase-card-worth-it-42");
    /// assert_eq!(full.link(), "/answers/is-the-chase-card-worth-it-42");
    /// ```
    #[must_use]
    pub fn new(title: &str, id: u64) -> Self {
        Self {
            slug: question_slug(title),
            id,
        }
    }

    /// Reads a full slug back into its slug and id.
    ///
    /// ```
    /// use qna_validation::links::FullSlug;
    /// let full = FullSlug::parse("best-card-2024-7").unwrap();
    /// assert_eq!((full.slug(), full.id()), ("best-card-2024", 7));
    /// assert!(FullSlug::parse("best-card-07").is_err());
    /// ```
    pub fn parse(full_slug: &str) -> Result<Self, FullSlugError> {
        let (slug, id) = full_slug
            .rsplit_once('-')
            .ok_or_else(|| FullSlugError::MissingId {
                full_slug: full_slug.to_owned(),
            })?;
        let canonical_id = !id.is_empty()
            && id.bytes().all(|b| b.is_ascii_digit())
            && (id == "0" || !id.starts_with('0'));
        let id = canonical_id
            .then(|| id.parse::<u64>().ok())
            .flatten()
            .ok_or_else(|| FullSlugError::InvalidId { id: id.to_owned() })?;
        if slug.is_empty() || question_slug(slug) != slug {
            return Err(FullSlugError::InvalidSlug {
                slug: slug.to_owned(),
            });
        }
        Ok(Self {
            slug: slug.to_owned(),
            id,
        })
    }

    /// The slug part.
    #[must_use]
    pub fn slug(&self) -> &str {
        &self.slug
    }

    /// The question id.
    #[must_use]
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The question link, `/answers/{full slug}`.
    #[must_use]
    pub fn link(&self) -> String {
        format!("{ANSWERS_LINK}{self}")
    }
}

impl fmt::Display for FullSlug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.slug, self.id)
    }
}

impl TryFrom<String> for FullSlug {
    type Error = FullSlugError;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<FullSlug> for String {
    fn from(full: FullSlug) -> Self {
        full.to_string()
    }
}

/// `address` up to (not including) its first `?` or `#`.
///
/// ```
/// use qna_validation::links::address_without_query_or_hash;
/// assert_eq!(address_without_query_or_hash("https://x.test/a?b=1#c"), "https://x.test/a");
/// ```
#[must_use]
pub fn address_without_query_or_hash(address: &str) -> &str {
    address.split(['?', '#']).next().unwrap_or(address)
}

/// The report-abuse link for answer `answer_id` seen at `current_address`:
/// `/report-abuse/?ru={address without query or hash, percent-encoded}&t=a&id={answer id}`.
///
/// ```
/// use qna_validation::links::report_abuse_link;
/// assert_eq!(
///     report_abuse_link("https://x.test/answers/q-1?qpage=2#a", 9),
///     "/report-abuse/?ru=https%3A%2F%2Fx.test%2Fanswers%2Fq-1&t=a&id=9"
/// );
/// ```
#[must_use]
pub fn report_abuse_link(current_address: &str, answer_id: u64) -> String {
    let ru = percent_encode_component(address_without_query_or_hash(current_address));
    format!("{REPORT_ABUSE_PATH}?ru={ru}&t=a&id={answer_id}")
}
