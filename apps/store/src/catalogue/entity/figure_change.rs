//! `catalogue_figure_changes`: a product's history, one row per figure an import changed
//! (or, on the product's first import, gave), with the import's time and the data's source.

use sea_orm::entity::prelude::*;

/// One figure's change.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "catalogue_figure_changes")]
pub struct Model {
    /// Row id.
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The offer.
    pub offer_id: String,
    /// When the import that made the change committed.
    pub recorded_at: DateTimeUtc,
    /// The figure's name in the catalogue files (`APY`, `ANNUAL_FEE`…).
    pub field: String,
    /// Its value before (none: not given before).
    pub old_value: Option<String>,
    /// Its value after (none: no longer given).
    pub new_value: Option<String>,
    /// The dataset the new figures came from (`SOURCE`).
    pub source: Option<String>,
    /// The date the source's figures are as of (`SOURCE_AS_OF`, `YYYY-MM-DD`).
    pub source_as_of: Option<String>,
    /// The catalogue version of the import that recorded it (none: recorded before
    /// versions were kept).
    pub import_version: Option<i64>,
}

/// No navigable relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
