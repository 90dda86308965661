//! The question box search (community §4, §5, §9): the text is trimmed and
//! used only at [`SEARCH_MIN_CHARS`] characters or more, after a
//! [`SEARCH_DEBOUNCE_MS`] debounce; below that the normal list shows.
//!
//! [`SEARCH_DEBOUNCE_MS`]: crate::constants::SEARCH_DEBOUNCE_MS

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::constants::SEARCH_MIN_CHARS;
use crate::text::{char_count, trim};

#[cfg(test)]
mod tests;

/// Why a search text is not used as a search.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The trimmed text has fewer than [`SEARCH_MIN_CHARS`] characters.
    #[error("search text has {chars} characters, fewer than {SEARCH_MIN_CHARS}")]
    TooShort {
        /// How many characters the trimmed text has.
        chars: usize,
    },
}

/// A trimmed search text of at least two characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SearchQuery(String);

impl SearchQuery {
    /// Trims `raw` and checks its length.
    ///
    /// ```
    /// use qna_validation::search::SearchQuery;
    /// assert_eq!(SearchQuery::parse(" apr ").unwrap().as_str(), "apr");
    /// assert!(SearchQuery::parse(" a ").is_err());
    /// ```
    pub fn parse(raw: &str) -> Result<Self, SearchError> {
        let text = trim(raw);
        let chars = char_count(text);
        if chars < SEARCH_MIN_CHARS {
            return Err(SearchError::TooShort { chars });
        }
        Ok(Self(text.to_owned()))
    }

    /// The trimmed search text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What the question box lists for a search box value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", content = "query", rename_all = "camelCase")]
pub enum SearchMode {
    /// The normal (sorted, paged) question list.
    Normal,
    /// Search results for the query.
    Search(SearchQuery),
}

/// The list mode for a search box value: search at two trimmed characters or
/// more, otherwise the normal list.
///
/// ```
/// use qna_validation::search::{SearchMode, search_mode};
/// assert_eq!(search_mode(" x "), SearchMode::Normal);
/// assert!(matches!(search_mode("xy"), SearchMode::Search(_)));
/// ```
#[must_use]
pub fn search_mode(raw: &str) -> SearchMode {
    SearchQuery::parse(raw).map_or(SearchMode::Normal, SearchMode::Search)
}

impl AsRef<str> for SearchQuery {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SearchQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for SearchQuery {
    type Error = SearchError;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<SearchQuery> for String {
    fn from(query: SearchQuery) -> Self {
        query.0
    }
}

/// Words too common to search for (English function words); a search leaves them out.
pub const STOP_WORDS: [&str; 127] = [
    "i",
    "me",
    "my",
    "myself",
    "we",
    "our",
    "ours",
    "ourselves",
    "you",
    "your",
    "yours",
    "yourself",
    "yourselves",
    "he",
    "him",
    "his",
    "himself",
    "she",
    "her",
    "hers",
    "herself",
    "it",
    "its",
    "itself",
    "they",
    "them",
    "their",
    "theirs",
    "themselves",
    "what",
    "which",
    "who",
    "whom",
    "this",
    "that",
    "these",
    "those",
    "am",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "being",
    "have",
    "has",
    "had",
    "having",
    "do",
    "does",
    "did",
    "doing",
    "a",
    "an",
    "the",
    "and",
    "but",
    "if",
    "or",
    "because",
    "as",
    "until",
    "while",
    "of",
    "at",
    "by",
    "for",
    "with",
    "about",
    "against",
    "between",
    "into",
    "through",
    "during",
    "before",
    "after",
    "above",
    "below",
    "to",
    "from",
    "up",
    "down",
    "in",
    "out",
    "on",
    "off",
    "over",
    "under",
    "again",
    "further",
    "then",
    "once",
    "here",
    "there",
    "when",
    "where",
    "why",
    "how",
    "all",
    "any",
    "both",
    "each",
    "few",
    "more",
    "most",
    "other",
    "some",
    "such",
    "no",
    "nor",
    "not",
    "only",
    "own",
    "same",
    "so",
    "than",
    "too",
    "very",
    "s",
    "t",
    "can",
    "will",
    "just",
    "don",
    "should",
    "now",
];

/// Most words a search uses.
pub const MAX_SEARCH_TERMS: usize = 16;

/// Longest word a search uses, in characters; longer runs are no word anyone searches
/// for, and leaving them out bounds what a kept search total is keyed by.
pub const MAX_TERM_CHARS: usize = 64;

/// The words a question search looks for: runs of letters and digits of at most
/// [`MAX_TERM_CHARS`] characters, lowercased, without [`STOP_WORDS`], the first
/// [`MAX_SEARCH_TERMS`]. Nothing else of the text reaches a search engine's syntax. Two
/// texts with the same words are the same search (a caller may key kept totals by them).
///
/// ```
/// use qna_validation::search::search_terms;
/// assert_eq!(search_terms("Is my CD FDIC-insured?"), ["cd", "fdic", "insured"]);
/// assert!(search_terms("what is it?").is_empty());
/// ```
pub fn search_terms(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty() && word.chars().count() <= MAX_TERM_CHARS)
        .map(str::to_lowercase)
        .filter(|word| !STOP_WORDS.contains(&word.as_str()))
        .take(MAX_SEARCH_TERMS)
        .collect()
}
