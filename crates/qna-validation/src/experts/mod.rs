//! Pure rules of the experts gallery (community §2, §4, §9): hashtag
//! matching, the `expert=` deep link, paging with "More" wrapping round, and
//! the scroll offset.
//!
//! - **Hashtags** match when, after removing one leading `#` from each, they
//!   are non-empty and equal once lowercased (Rust `str::to_lowercase`,
//!   JavaScript `toLowerCase()`).
//! - **Deep link**: the URL fragment `expert={hashtag without #}`, the
//!   hashtag percent-encoded like `encodeURIComponent` (plain hashtags are
//!   unchanged). Reading a fragment looks for the `expert` entry among
//!   `&`-separated `key=value` entries.
//! - **Pages** are numbered from 1. A per-page option of 0 means the default
//!   [`EXPERTS_PER_PAGE`]. "More" goes to the next page and from the last
//!   page (or any page past it) back to page 1.

use std::ops::Range;

use crate::constants::{EXPERT_FRAGMENT_KEY, EXPERTS_PER_PAGE, EXPERTS_SCROLL_OFFSET_PX};
use site_urls::encoding::{percent_decode_component, percent_encode_component};

#[cfg(test)]
mod tests;

/// `hashtag` without one leading `#`.
#[must_use]
pub fn strip_hash(hashtag: &str) -> &str {
    hashtag.strip_prefix('#').unwrap_or(hashtag)
}

/// Whether an expert's `hashtag` is the `requested` one (case-insensitive,
/// with or without the leading `#`).
///
/// ```
/// use qna_validation::experts::hashtag_matches;
/// assert!(hashtag_matches("#JaneDoe", "janedoe"));
/// assert!(!hashtag_matches("#JaneDoe", "#jane"));
/// assert!(!hashtag_matches("#", ""));
/// ```
#[must_use]
pub fn hashtag_matches(hashtag: &str, requested: &str) -> bool {
    let hashtag = strip_hash(hashtag);
    !hashtag.is_empty() && hashtag.to_lowercase() == strip_hash(requested).to_lowercase()
}

/// The URL fragment (without `#`) that deep-links to an expert.
///
/// ```
/// use qna_validation::experts::expert_fragment;
/// assert_eq!(expert_fragment("#JaneDoe"), "expert=JaneDoe");
/// ```
#[must_use]
pub fn expert_fragment(hashtag: &str) -> String {
    format!(
        "{EXPERT_FRAGMENT_KEY}={}",
        percent_encode_component(strip_hash(hashtag))
    )
}

/// The hashtag (without `#`) a URL fragment deep-links to, if any. The
/// fragment may start with `#`; a value that does not decode, or is empty, gives `None`.
///
/// ```
/// use qna_validation::experts::expert_from_fragment;
/// assert_eq!(expert_from_fragment("#sp=1&expert=JaneDoe").as_deref(), Some("JaneDoe"));
/// assert_eq!(expert_from_fragment("#reviews"), None);
/// ```
#[must_use]
pub fn expert_from_fragment(fragment: &str) -> Option<String> {
    strip_hash(fragment)
        .split('&')
        .filter_map(|entry| entry.split_once('='))
        .find(|(key, _)| *key == EXPERT_FRAGMENT_KEY)
        .and_then(|(_, value)| percent_decode_component(value))
        .filter(|hashtag| !hashtag.is_empty())
}

/// The experts shown per page for a per-page option (0 means the default).
#[must_use]
pub fn effective_per_page(per_page: usize) -> usize {
    if per_page == 0 {
        EXPERTS_PER_PAGE
    } else {
        per_page
    }
}

/// How many pages `total` experts fill.
///
/// ```
/// use qna_validation::experts::experts_page_count;
/// assert_eq!(experts_page_count(13, 6), 3);
/// assert_eq!(experts_page_count(0, 6), 0);
/// ```
#[must_use]
pub fn experts_page_count(total: usize, per_page: usize) -> usize {
    total.div_ceil(effective_per_page(per_page))
}

/// The page "More" shows after `current`: the next one, or page 1 after the last.
///
/// ```
/// use qna_validation::experts::next_experts_page;
/// assert_eq!(next_experts_page(2, 13, 6), 3);
/// assert_eq!(next_experts_page(3, 13, 6), 1);
/// ```
#[must_use]
pub fn next_experts_page(current: usize, total: usize, per_page: usize) -> usize {
    if current < experts_page_count(total, per_page) {
        current.saturating_add(1)
    } else {
        1
    }
}

/// The positions (in the gallery list) of the experts on `page`; empty past
/// the last page. Page 0 counts as page 1.
///
/// ```
/// use qna_validation::experts::experts_on_page;
/// assert_eq!(experts_on_page(3, 13, 6), 12..13);
/// assert!(experts_on_page(4, 13, 6).is_empty());
/// ```
#[must_use]
pub fn experts_on_page(page: usize, total: usize, per_page: usize) -> Range<usize> {
    let per_page = effective_per_page(per_page);
    match page.saturating_sub(1).checked_mul(per_page) {
        Some(start) if start < total => start..start.saturating_add(per_page).min(total),
        _ => total..total,
    }
}

/// Where to scroll to show an expert whose top is at `top_px`: the
/// position plus [`EXPERTS_SCROLL_OFFSET_PX`] (−100).
///
/// ```
/// assert_eq!(qna_validation::experts::expert_scroll_target(640), 540);
/// ```
#[must_use]
pub fn expert_scroll_target(top_px: i64) -> i64 {
    top_px.saturating_add(EXPERTS_SCROLL_OFFSET_PX)
}
