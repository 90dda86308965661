//! `offers`: one row per offer of any product type, holding the offer's canonical raw JSON
//! (every field of the offer model) beside the columns queries and people look up.

use sea_orm::entity::prelude::*;

/// An offer.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "offers")]
pub struct Model {
    /// The offer's `ID`.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    /// Its place in the imported catalogue (files in name order, offers in file order).
    pub position: i32,
    /// `PID`.
    pub pid: Option<String>,
    /// The product type's key (`creditCard`, `savings`, `cd`, ...): more precise than the
    /// spec's type code, which savings, money market and CDs share.
    pub product_type: String,
    /// The issuer or institution name, as written (`ISSUER`).
    pub institution: Option<String>,
    /// `UID`: the institution id of a product, or an institution's own id.
    pub uid: Option<String>,
    /// `DETAILS_HTML_PAGE`, as written.
    pub details_page: Option<String>,
    /// `NAME`.
    pub name: String,
    /// `SPONSORED`.
    pub sponsored: bool,
    /// `WH_AFFILIATE_LINK`.
    pub affiliate: bool,
    /// `DISCONTINUED`.
    pub discontinued: bool,
    /// `ILLUSTRATIVE`.
    pub illustrative: bool,
    /// `SOURCE`.
    pub source: Option<String>,
    /// `SOURCE_AS_OF`, written `YYYY-MM-DD`.
    pub source_as_of: Option<String>,
    /// `RATING`, the overall rating as its normalised decimal text.
    pub rating: Option<String>,
    /// The offer's canonical raw JSON (`Offer::to_raw_json`), the source of truth.
    pub raw: String,
    /// When an import no longer had it (none: it is offered). A retired offer keeps its
    /// row, its last figures and everything members wrote about it.
    pub retired_at: Option<DateTimeUtc>,
}

/// Rate tiers and needs belong to an offer; nothing is navigated through relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
