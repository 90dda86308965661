//! The `feedback` table.

use sea_orm::entity::prelude::*;

/// One helpful-widget answer.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "feedback")]
pub struct Model {
    /// Row id.
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The page or post the answer is about.
    pub page_id: String,
    /// The address of the page, as sent.
    pub url: String,
    /// Whether the visitor found the page helpful.
    pub helpful: bool,
    /// The visitor's reason, when given.
    pub reason: Option<String>,
    /// What kind of page it is (`EDU` by default).
    #[sea_orm(column_name = "type")]
    pub kind: String,
    /// The member who answered; none for a guest.
    pub member_id: Option<i64>,
    /// When the answer was stored.
    pub created_at: DateTimeUtc,
}

/// No relations are navigated from here.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
