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
    /// `queued`, `sent` or `failed`.
    pub delivery_state: String,
    /// Sends started (a crash during one counts).
    pub attempts: i32,
    /// The earliest time the next attempt may start; none: at once.
    pub next_attempt_at: Option<DateTimeUtc>,
    /// The end of the current sender's claim; none: nobody holds the row.
    pub claimed_until: Option<DateTimeUtc>,
    /// Why the last attempt failed.
    pub last_error: Option<String>,
    /// When the mail server accepted it.
    pub sent_at: Option<DateTimeUtc>,
    /// The list an e-mail belongs to (none: a one-time code or link).
    pub list: Option<String>,
    /// The one-click unsubscribe link of a list e-mail.
    pub unsubscribe_url: Option<String>,
}

/// No relations.
#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
