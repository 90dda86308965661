//! `redirect_clicks`: one row per redirect through `/r/`.

use sea_orm::entity::prelude::*;

/// A redirect click.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "redirect_clicks")]
pub struct Model {
    /// Row id.
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The catalogue id of the offer the visitor was sent to.
    pub offer_id: String,
    /// Which address: `apply` or `rates_fees` (see `RedirectTarget`).
    pub target: String,
    /// When the redirect was answered (UTC).
    pub occurred_at: DateTimeUtc,
}

/// No relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
