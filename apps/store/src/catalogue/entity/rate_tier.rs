//! `rate_tiers`: the balance tiers of an offer's `RATE_INFO_STR`, one row per tier.

use sea_orm::entity::prelude::*;

/// One tier.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rate_tiers")]
pub struct Model {
    /// The offer.
    #[sea_orm(primary_key, auto_increment = false)]
    pub offer_id: String,
    /// The tier's place in the table, from 0.
    #[sea_orm(primary_key, auto_increment = false)]
    pub position: i32,
    /// Lowest balance of the tier, as a decimal string.
    pub low: String,
    /// Highest balance of the tier, as a decimal string.
    pub high: String,
    /// Interest rate, in percent, as a decimal string.
    pub rate: String,
    /// APY, in percent, as a decimal string.
    pub apy: String,
}

/// No navigable relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
