//! Editorial content pages (about, how we rate, answers…) on the wire: the answer of
//! `GET /api/content?path=…`, in the same shape as one entry of the content file the
//! server reads (`fixtures/content/pages.json`).

use serde::{Deserialize, Serialize};

/// One content page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ContentPage {
    /// The page's path, e.g. `/about` or `/answers/` (matched exactly).
    pub path: String,
    /// The page title.
    pub title: String,
    /// One or two sentences on what the page says (its meta description).
    pub description: String,
    /// The body, in order.
    #[serde(default)]
    pub sections: Vec<ContentSection>,
    /// Links to other pages, in order; empty when the page has none.
    #[serde(default)]
    pub links: Vec<ContentLink>,
    /// The page says the site does not offer what its address names (a path the
    /// specification lists, such as `/premium`): it answers at its address, but the sitemap
    /// leaves it out and search engines are asked not to index it.
    #[serde(default)]
    pub not_offered: bool,
}

/// A part of a content page: an optional heading and its paragraphs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ContentSection {
    /// The section heading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub heading: Option<String>,
    /// Paragraphs of plain text.
    #[serde(default)]
    pub paragraphs: Vec<String>,
}

/// A link from a content page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ContentLink {
    /// The link text.
    pub label: String,
    /// Where it leads: a site path such as `/credit-cards/rewards`, or an absolute address.
    pub href: String,
}
