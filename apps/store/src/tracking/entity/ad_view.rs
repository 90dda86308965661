//! `ad_views`: one row per ad view reported by the tracking pixel.

use sea_orm::entity::prelude::*;

/// An ad view.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ad_views")]
pub struct Model {
    /// Row id.
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `adview_id`: the ad (card) id.
    pub ad_id: Option<String>,
    /// `adview_pid`: the product id.
    pub pid: Option<String>,
    /// `adview_page`: the page the ad was shown on.
    pub page: Option<String>,
    /// `adview_section`: the page section.
    pub section: Option<String>,
    /// `adview_position`: the ad's position in its list.
    pub position: Option<i64>,
    /// `adview_totals`: how many ads the list holds.
    pub totals: Option<i64>,
    /// When the pixel was requested (UTC).
    pub occurred_at: DateTimeUtc,
    /// How many identical views the row stands for.
    pub views: i64,
}

/// No relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
