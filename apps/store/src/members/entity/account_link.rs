//! `account_links`: one-time links of the account e-mails, keyed by their SHA-256.

use sea_orm::entity::prelude::*;

/// A link.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "account_links")]
pub struct Model {
    /// Hex SHA-256 of the link's token (the token itself is only in the e-mail).
    #[sea_orm(primary_key, auto_increment = false)]
    pub token_hash: String,
    /// The member the link is for.
    pub member_id: i64,
    /// What following it does (`account_links::Purpose`).
    pub purpose: String,
    /// The address to move to, for a change of address.
    pub new_email: Option<String>,
    /// When the link was made.
    pub created_at: DateTimeUtc,
    /// When it stops working.
    pub expires_at: DateTimeUtc,
    /// When it was used; a link works once.
    pub used_at: Option<DateTimeUtc>,
}

/// No relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
