//! `email_opt_outs`: the addresses that left a list of e-mail (one-click unsubscribe),
//! kept by address so that a guest, who has no account, can leave a list too.

use sea_orm::entity::prelude::*;

/// An address off a list.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "email_opt_outs")]
pub struct Model {
    /// The address, trimmed and in lower case.
    #[sea_orm(primary_key, auto_increment = false)]
    pub address: String,
    /// The list's name (`rate-alerts`, `answers`).
    #[sea_orm(primary_key, auto_increment = false)]
    pub list: String,
    /// When it left.
    pub opted_out_at: DateTimeUtc,
}

/// No relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
