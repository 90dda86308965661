//! `alert_members`: a member's alert settings, and how far their e-mails have covered the
//! catalogue's changes.

use sea_orm::entity::prelude::*;

/// One member's alert settings.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "alert_members")]
pub struct Model {
    /// The member.
    #[sea_orm(primary_key, auto_increment = false)]
    pub member_id: i64,
    /// `immediate` or `weekly`.
    pub cadence: String,
    /// The catalogue version up to which changes have been told (or were older than the
    /// member's first follow).
    pub through_version: i64,
    /// When the last alert e-mail was queued.
    pub last_sent_at: Option<DateTimeUtc>,
}

/// No navigable relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
