//! `settings`: one row per site-wide setting.

use sea_orm::entity::prelude::*;

/// A setting.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "settings")]
pub struct Model {
    /// Setting name.
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    /// Setting value.
    pub value: String,
    /// When it was last written.
    pub updated_at: DateTimeUtc,
}

/// No relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
