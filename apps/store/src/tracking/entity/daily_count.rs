//! `tracking_daily_counts`: one counter per name and UTC day (the go-to-top ping).

use sea_orm::entity::prelude::*;

/// A counter for one day.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "tracking_daily_counts")]
pub struct Model {
    /// The UTC day counted.
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: Date,
    /// What is counted, e.g. `gototop`.
    #[sea_orm(primary_key, auto_increment = false)]
    pub name: String,
    /// How many times it happened that day.
    pub count: i64,
}

/// No relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
