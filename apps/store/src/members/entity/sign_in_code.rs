//! `sign_in_codes`: one-time codes of the light sign-up's sign-in links, keyed by their
//! SHA-256.

use sea_orm::entity::prelude::*;

/// A code.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sign_in_codes")]
pub struct Model {
    /// Hex SHA-256 of the code (the code itself is only in the message).
    #[sea_orm(primary_key, auto_increment = false)]
    pub code_hash: String,
    /// The member the link signs in.
    pub member_id: i64,
    /// The same-site path to return to after signing in.
    pub return_to: String,
    /// When the code was made.
    pub created_at: DateTimeUtc,
    /// When it stops working.
    pub expires_at: DateTimeUtc,
    /// When it was used; a code works once.
    pub used_at: Option<DateTimeUtc>,
    /// The rating chosen before signing up, to cast when the code is used (its wire form).
    pub pending_vote: Option<String>,
}

/// No relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
