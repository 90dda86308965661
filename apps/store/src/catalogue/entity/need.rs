//! `needs`: the need keys an offer is eligible for (`ELIGIBLE_NEEDS`) or rated for
//! (`WH_RATINGS_NEEDS`), one row per offer and key.

use sea_orm::entity::prelude::*;

/// One need of an offer.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "needs")]
pub struct Model {
    /// The offer.
    #[sea_orm(primary_key, auto_increment = false)]
    pub offer_id: String,
    /// The need key, as written.
    #[sea_orm(primary_key, auto_increment = false)]
    pub need_key: String,
    /// The offer's rating for this need as a decimal string: its site rating
    /// (`WH_RATINGS`) when it is rated for the need, otherwise none.
    pub rating: Option<String>,
    /// Listed in `ELIGIBLE_NEEDS`.
    pub eligible: bool,
    /// Listed in `WH_RATINGS_NEEDS`.
    pub rated: bool,
}

/// No navigable relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
