//! Sorting and paging of the question list (community §2, §4, §9): the sort
//! keys `mp` ('Most Popular', the default) and `mv` ('Most Upvotes'), and the
//! page number read from the `qpage` query parameter.
//!
//! **Page rule.** The parameter value, trimmed, must be one or more ASCII
//! digits (leading zeros allowed) giving a number from 1 to [`PAGE_MAX`];
//! anything else — missing, empty, `0`, negative, signed, fractional, above
//! the cap — gives page 1. In JavaScript: `/^[0-9]+$/` on the trimmed value,
//! then `Number(value)` between 1 and 10000.

use serde::{Deserialize, Serialize};

use crate::constants::{
    PAGE_MAX, SORT_KEY_MOST_POPULAR, SORT_KEY_MOST_UPVOTES, SORT_LABEL_MOST_POPULAR,
    SORT_LABEL_MOST_UPVOTES,
};
use crate::text::trim;

#[cfg(test)]
mod tests;

/// The order of the question list. Changing it reloads from page 1.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SortKey {
    /// 'Most Popular', key `mp`: the default.
    #[default]
    #[serde(rename = "mp")]
    MostPopular,
    /// 'Most Upvotes', key `mv`.
    #[serde(rename = "mv")]
    MostUpvotes,
}

/// A sort key other than `mp` and `mv`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SortKeyError {
    /// The key is not one of the known ones.
    #[error("unknown sort key {key:?}")]
    Unknown {
        /// The key given.
        key: String,
    },
}

impl SortKey {
    /// Every sort, in menu order.
    pub const ALL: [Self; 2] = [Self::MostPopular, Self::MostUpvotes];

    /// The key sent to the server and kept in links (`mp`, `mv`).
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Self::MostPopular => SORT_KEY_MOST_POPULAR,
            Self::MostUpvotes => SORT_KEY_MOST_UPVOTES,
        }
    }

    /// The menu label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::MostPopular => SORT_LABEL_MOST_POPULAR,
            Self::MostUpvotes => SORT_LABEL_MOST_UPVOTES,
        }
    }

    /// The sort of a key, exactly `mp` or `mv`.
    ///
    /// ```
    /// use qna_validation::listing::SortKey;
    /// assert_eq!(SortKey::parse("mv"), Ok(SortKey::MostUpvotes));
    /// assert!(SortKey::parse("MV").is_err());
    /// ```
    pub fn parse(key: &str) -> Result<Self, SortKeyError> {
        Self::ALL
            .into_iter()
            .find(|sort| sort.key() == key)
            .ok_or_else(|| SortKeyError::Unknown {
                key: key.to_owned(),
            })
    }

    /// The sort of an optional key from a link: unknown or missing gives the default.
    ///
    /// ```
    /// use qna_validation::listing::SortKey;
    /// assert_eq!(SortKey::from_param(Some("zz")), SortKey::MostPopular);
    /// ```
    #[must_use]
    pub fn from_param(key: Option<&str>) -> Self {
        key.and_then(|key| Self::parse(key).ok())
            .unwrap_or_default()
    }
}

/// The page number of a `qpage` value, by the page rule in the module docs.
///
/// ```
/// use qna_validation::listing::parse_page;
/// assert_eq!(parse_page(Some("3")), 3);
/// assert_eq!(parse_page(Some("0")), 1);
/// assert_eq!(parse_page(None), 1);
/// ```
#[must_use]
pub fn parse_page(value: Option<&str>) -> u32 {
    value
        .map(trim)
        .filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|v| v.parse::<u32>().ok())
        .filter(|page| (1..=PAGE_MAX).contains(page))
        .unwrap_or(1)
}
