//! `rate_limits`: fixed-window counters, one row per key and window.

use sea_orm::entity::prelude::*;

/// A counter.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rate_limits")]
pub struct Model {
    /// What is counted (`sign-in:ip:…`).
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    /// Start of the window.
    #[sea_orm(primary_key, auto_increment = false)]
    pub window_start: DateTimeUtc,
    /// Hits in the window so far.
    pub hits: i32,
}

/// No relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
