//! Members' written reviews of a product (`Reviews.List`, `Reviews.Write`), shown in a
//! details page's `#reviews` section. Helpful votes, abuse reports and moderation use
//! the community's calls with `kind: "review"`.

use serde::{Deserialize, Serialize};

/// One written review.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Review {
    /// Review id.
    pub id: i64,
    /// Whole stars, 1 to 5.
    pub stars: u8,
    /// The text as sanitised HTML (escaped, line breaks as `<br>`).
    pub text: String,
    /// When it was first written (RFC 3339).
    pub date: String,
    /// Whether its author rewrote it since.
    pub edited: bool,
    /// The author's public login.
    pub user_login: String,
    /// The author's name (the login when none is set).
    pub user_fullname: String,
    /// Members who found it helpful.
    pub helpful: i64,
    /// Members who did not.
    pub not_helpful: i64,
    /// The signed-in member's own vote on it: 1 helpful, -1 not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub my_vote: Option<i8>,
    /// Written by the signed-in member.
    pub mine: bool,
    /// Hidden by a moderator (only the author's own review is ever sent hidden).
    pub hidden: bool,
}

/// A page of a product's reviews (`Reviews.List`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReviewsResponse {
    /// The reviews of the page.
    pub reviews: Vec<Review>,
    /// Visible reviews of the product in all.
    pub total: i64,
    /// The order used: `new` or `helpful`.
    pub sort: String,
    /// Where the next page starts, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub next_offset: Option<i64>,
    /// The signed-in member's own review of the product, when they wrote one (shown to
    /// them even while a moderator has hidden it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub mine: Option<Review>,
    /// The text of the member's own review as they wrote it (plain text, for the form
    /// that rewrites it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub mine_text: Option<String>,
}

/// Answer of `Reviews.Write`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReviewWriteResponse {
    /// How the write went: refused, for a guest, with a message.
    #[serde(flatten)]
    #[cfg_attr(feature = "ts-rs", ts(flatten))]
    pub status: crate::write_status::WriteStatus,
    /// The stored review.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub review: Option<Review>,
}
