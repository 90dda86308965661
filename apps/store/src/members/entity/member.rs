//! `members`: one row per member, full (with a password) or light (e-mail only).

use sea_orm::entity::prelude::*;

/// A member.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "members")]
pub struct Model {
    /// Member id.
    #[sea_orm(primary_key)]
    pub id: i64,
    /// E-mail address, trimmed and lowercased; unique.
    #[sea_orm(unique)]
    pub email: String,
    /// Argon2id PHC string; none for a light member.
    pub password_hash: Option<String>,
    /// Display name.
    pub display_name: Option<String>,
    /// Plan key (`basic` by default).
    pub plan: String,
    /// Group id, when set.
    pub group_id: Option<String>,
    /// The member opted out of sharing personal info.
    pub private_info_opt_out: bool,
    /// When the member joined.
    pub created_at: DateTimeUtc,
    /// Public handle in the question-and-answer area (shown with a leading `@`); unique.
    pub login: Option<String>,
    /// Job title or caption shown beside the member's answers.
    pub title: Option<String>,
    /// Address of the member's avatar picture.
    pub avatar: Option<String>,
    /// `member`, `staff` or `moderator` (see `members::Role`).
    pub role: String,
    /// When the member proved the address (followed a link e-mailed to it); none until then.
    pub email_confirmed_at: Option<DateTimeUtc>,
}

/// Sessions and codes point here; nothing is navigated through relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
