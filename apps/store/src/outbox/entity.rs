//! `outbox`: messages (text messages and e-mails) waiting for a transport, or read by a
//! developer or a test when the outbox is the transport.

use sea_orm::entity::prelude::*;

/// A message.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "outbox")]
pub struct Model {
    /// Message id.
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `sms` or `email`.
    pub channel: String,
    /// Phone number or e-mail address.
    pub recipient: String,
    /// Subject (e-mails only).
    pub subject: Option<String>,
    /// Body text.
    pub body: String,
    /// When it was queued.
    pub created_at: DateTimeUtc,
    /// Unique key: the same request retried queues one message.
    #[sea_orm(unique)]
    pub idempotency_key: String,
}

/// No relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
