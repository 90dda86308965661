//! `catalogue_offer_events`: an import that retired a product (gone from its data) or
//! restored one (back in it).

use sea_orm::entity::prelude::*;

/// One retirement or restoration.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "catalogue_offer_events")]
pub struct Model {
    /// Row id.
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The offer.
    pub offer_id: String,
    /// The catalogue version of the import.
    pub import_version: i64,
    /// `retired` or `restored`.
    pub event: String,
    /// When the import committed.
    pub recorded_at: DateTimeUtc,
}

/// No navigable relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
