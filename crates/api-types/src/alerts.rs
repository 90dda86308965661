//! The rate alerts a member sets under settings (`/home/settings/alerts`): the products and
//! listings they follow and how often they get e-mail.

use serde::{Deserialize, Serialize};

/// One thing a member follows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FollowView {
    /// The follow's id (to stop it).
    pub id: i64,
    /// `product` or `listing`.
    pub kind: String,
    /// What is followed, in words: the product's name, or "a 12-month CD at 4.50% APY or
    /// more".
    pub name: String,
    /// The followed product's id (a product follow).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub offer: Option<String>,
    /// Where it is on the site: the product's page or the listing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub link: Option<String>,
    /// The listing's product kind (`savings`, `cd`…; a listing follow).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub product_type: Option<String>,
    /// The listing's APY threshold in percent (a listing follow).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub min_apy: Option<String>,
    /// The listing's CD term in months (a listing follow, when set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub term_months: Option<i32>,
    /// The product is no longer offered (a product follow).
    pub retired: bool,
    /// When the member began following it (RFC 3339).
    pub since: String,
    /// When an alert e-mail last told of it (RFC 3339); absent when none has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub last_sent_at: Option<String>,
}

/// The member's alerts (`Alerts.List`, and the answer of every alerts write).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AlertsView {
    /// `immediate` (an e-mail after each import that changed something followed) or
    /// `weekly` (at most one a week).
    pub cadence: String,
    /// The member's address is confirmed (alert e-mails go only to a confirmed address).
    pub confirmed: bool,
    /// The address left the alert e-mails (one-click unsubscribe): nothing is sent.
    pub unsubscribed: bool,
    /// What the member follows, oldest first.
    pub follows: Vec<FollowView>,
    /// The most things a member may follow.
    pub max_follows: u32,
    /// What the write did, for the page to say; absent on a read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub message: Option<String>,
}
