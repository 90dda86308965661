//! The institution's square mark: [`institution_mark`], and its [`initials`].
//!
//! A mark is a rounded square in the institution's palette colour (the colour its
//! cards start from) with up to two white initials.
//!
//! The initials rule, in order:
//!
//! 1. Words are separated by blanks, commas, hyphens and slashes
//!    (`Toronto-Dominion` is two words); a word without a letter or digit (`&`) is
//!    ignored. A dotted abbreviation gives one word per letter
//!    (`U.S.` is `U` and `S`) unless it is a legal suffix (`N.A.`).
//! 2. Connecting words (`the`, `of`, `and`, `for`) are dropped, unless nothing else
//!    is left.
//! 3. Generic words at the end are a suffix and dropped (`Bank`, `Credit Union`,
//!    `National Association`, `N.A.`, `FSB`, `Inc`, …), unless only generic words
//!    are left. Case and dots do not matter (`n.a.`, `NA`).
//! 4. If at least two words that are not generic remain, the initials are the first
//!    letters of the first two of them (`First National Bank of Omaha` → `FO`);
//!    otherwise the first letters of the first two remaining words, generic or not,
//!    since a generic word in front is part of the brand (`Bank of America` → `BA`,
//!    `Credit One Bank` → `CO`).
//! 5. A name with no word at all gives its first character (`?` for an empty name).
//!
//! A word's letter is its first letter or digit, uppercased; one word gives one
//! letter (`Synchrony Bank` → `S`, `中国银行` → `中`).
//!
//! | Name | Initials |
//! | --- | --- |
//! | Bank of America, N.A. | BA |
//! | Navy Federal Credit Union | NF |
//! | Capital One | CO |
//! | U.S. Bank National Association | US |
//! | JPMorgan Chase Bank, N.A. | JC |
//! | The Bancorp Bank | B |

use crate::{FONT_FAMILY, palette, text};

/// The side of an institution mark, in CSS pixels (and SVG user units).
pub const MARK_SIZE: u32 = 48;

/// The most characters of the name in the accessible label (far beyond any real
/// name; it only bounds the size of the SVG).
const LABEL_MAX_CHARS: usize = 120;

/// Words that only connect others (compared lowercased, without dots).
const CONNECTORS: [&str; 4] = ["the", "of", "and", "for"];

/// Words that say what kind of institution it is rather than which (compared
/// lowercased, without dots).
const GENERIC: [&str; 16] = [
    "bank",
    "national",
    "association",
    "na",
    "credit",
    "union",
    "savings",
    "fsb",
    "inc",
    "co",
    "corp",
    "corporation",
    "company",
    "llc",
    "ltd",
    "plc",
];

/// What an institution mark shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InstitutionMark<'a> {
    /// The institution's name, such as `Navy Federal Credit Union`; it also picks the
    /// colour.
    pub name: &'a str,
}

/// A square mark for an institution as an SVG element, [`MARK_SIZE`] square, with
/// its [`initials`] and labelled "Illustration: mark for {name}".
///
/// # Examples
///
/// ```
/// use artwork::{InstitutionMark, institution_mark};
///
/// let svg = institution_mark(&InstitutionMark { name: "Capital One" });
/// assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48" role="img""#));
/// assert!(svg.contains("<title>Illustration: mark for Capital One</title>"));
/// assert!(svg.contains(">CO</text>"));
/// assert!(svg.ends_with("</svg>"));
/// ```
pub fn institution_mark(mark: &InstitutionMark<'_>) -> String {
    let label = text::escape(&mark_label(mark));
    let colour = palette::colour_at(palette::index_for(mark.name)).hex();
    format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}" role="img" aria-label="{label}">"#,
            "<title>{label}</title>",
            r#"<rect width="{size}" height="{size}" rx="10" fill="{colour}"/>"#,
            r##"<text x="24" y="31" text-anchor="middle" font-family="{font}" font-size="20" font-weight="700" fill="#fff">{initials}</text>"##,
            "</svg>",
        ),
        size = MARK_SIZE,
        label = label,
        colour = colour,
        font = FONT_FAMILY,
        initials = text::escape(&initials(mark.name)),
    )
}

/// One word of a name, as the initials rule sees it.
struct Word {
    initial: char,
    connector: bool,
    generic: bool,
}

impl Word {
    fn new(initial: char, key: &str) -> Self {
        Self {
            initial,
            connector: CONNECTORS.contains(&key),
            generic: GENERIC.contains(&key),
        }
    }
}

/// The initials of an institution's name, at most two characters, unescaped (see
/// the [module docs](self) for the rule).
///
/// # Examples
///
/// ```
/// use artwork::initials;
///
/// assert_eq!(initials("Bank of America, N.A."), "BA");
/// assert_eq!(initials("Navy Federal Credit Union"), "NF");
/// assert_eq!(initials("U.S. Bank"), "US");
/// assert_eq!(initials("Synchrony Bank"), "S");
/// assert_eq!(initials(""), "?");
/// ```
pub fn initials(name: &str) -> String {
    let cleaned = text::clean(name);
    let mut words = words(&cleaned);
    if words.is_empty() {
        return cleaned.chars().next().unwrap_or('?').to_string();
    }
    if words.iter().any(|word| !word.connector) {
        words.retain(|word| !word.connector);
    }
    if let Some(last_specific) = words.iter().rposition(|word| !word.generic) {
        words.truncate(last_specific.saturating_add(1));
    }
    let specific = words.iter().filter(|word| !word.generic).count();
    words
        .iter()
        .filter(|word| specific < 2 || !word.generic)
        .take(2)
        .map(|word| word.initial)
        .collect()
}

/// The words of a cleaned name (rule 1).
fn words(name: &str) -> Vec<Word> {
    let mut words = Vec::new();
    for token in name.split(|c: char| c.is_whitespace() || matches!(c, ',' | '-' | '/')) {
        let key: String = token
            .chars()
            .filter(|&c| c != '.')
            .collect::<String>()
            .to_ascii_lowercase();
        let letters = abbreviation_letters(token);
        if letters.len() >= 2 && !GENERIC.contains(&key.as_str()) {
            words.extend(letters.into_iter().map(|letter| Word::new(letter, "")));
        } else if let Some(first) = token.chars().find(|c| c.is_alphanumeric()) {
            words.push(Word::new(uppercase(first), &key));
        }
    }
    words
}

/// The letters of a dotted abbreviation such as `U.S.` or `J.P`, uppercased; empty
/// for any other word.
fn abbreviation_letters(token: &str) -> Vec<char> {
    let parts: Vec<&str> = token
        .strip_suffix('.')
        .unwrap_or(token)
        .split('.')
        .collect();
    let mut letters = Vec::with_capacity(parts.len());
    for part in &parts {
        let mut chars = part.chars();
        match (chars.next(), chars.next()) {
            (Some(letter), None) if letter.is_alphanumeric() => letters.push(uppercase(letter)),
            _ => return Vec::new(),
        }
    }
    if letters.len() < 2 {
        return Vec::new();
    }
    letters
}

/// The first character of `c` uppercased (`ß` gives `S`, not `SS`).
fn uppercase(c: char) -> char {
    c.to_uppercase().next().unwrap_or(c)
}

#[cfg(test)]
mod tests;

/// The mark's label, "Illustration: mark for {name}", as plain text (escape it for
/// markup).
pub fn mark_label(mark: &InstitutionMark<'_>) -> String {
    let name = text::truncate(&text::clean(mark.name), LABEL_MAX_CHARS);
    if name.is_empty() {
        "Illustration: mark for an unnamed institution".to_owned()
    } else {
        format!("Illustration: mark for {name}")
    }
}
