//! A product's history (`GET /api/offers/{name}/history`): every figure an import changed,
//! with when and from which source, oldest first.

use serde::{Deserialize, Serialize};

/// One change of one figure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FigureChange {
    /// When the change was recorded (RFC 3339): the import's time, or for a dated past
    /// figure of the data (`APY_HISTORY`) its own day.
    pub date: String,
    /// The figure's name in the catalogue files (`APY`, `ANNUAL_FEE`…).
    pub field: String,
    /// What a reader calls it ("APY", "Annual fee").
    pub label: String,
    /// Its value before; absent when it was not given (a product's first figures).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub old: Option<String>,
    /// Its value after; absent when it is no longer given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub new: Option<String>,
    /// The dataset the figures came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub source: Option<String>,
    /// The day the source's figures are as of (`YYYY-MM-DD`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub source_as_of: Option<String>,
    /// Recorded by the import that brought the product in: one of its starting figures (or
    /// a dated past figure its data carried then), where a figure with no old value is no
    /// change. A figure first given by a later import is a change.
    pub first: bool,
}

/// A product's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OfferHistory {
    /// The offer's id.
    pub id: String,
    /// The product's name.
    pub name: String,
    /// When it stopped being offered (`YYYY-MM-DD`); absent while it is offered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub retired_since: Option<String>,
    /// Every recorded change, oldest first.
    pub changes: Vec<FigureChange>,
}
