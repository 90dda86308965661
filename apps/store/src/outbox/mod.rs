//! The outbox: text messages and e-mails queued for a transport. With the default
//! transport nothing leaves the database; a developer or a test reads the rows. A transport
//! that sends over the network keeps the row as the record of what it sent (a retried
//! request finds it and sends nothing more), and removes it when the send fails.

mod entity;

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect,
};

use self::entity::{ActiveModel, Column, Entity, Model};

use crate::StoreError;

/// How a message travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// A text message.
    Sms,
    /// An e-mail.
    Email,
}

impl Channel {
    /// The stored name: `sms` or `email`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sms => "sms",
            Self::Email => "email",
        }
    }

    fn parse(raw: &str) -> Result<Self, StoreError> {
        match raw {
            "sms" => Ok(Self::Sms),
            "email" => Ok(Self::Email),
            other => Err(StoreError::InvalidData(format!("outbox channel {other:?}"))),
        }
    }
}

/// A message to queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMessage {
    /// How it travels.
    pub channel: Channel,
    /// Phone number or e-mail address.
    pub recipient: String,
    /// Subject (e-mails).
    pub subject: Option<String>,
    /// Body text.
    pub body: String,
    /// The same key queues one message however often it is sent.
    pub idempotency_key: String,
}

/// A queued message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// Message id.
    pub id: i64,
    /// How it travels.
    pub channel: Channel,
    /// Phone number or e-mail address.
    pub recipient: String,
    /// Subject (e-mails).
    pub subject: Option<String>,
    /// Body text.
    pub body: String,
    /// When it was queued.
    pub created_at: DateTime<Utc>,
    /// Its idempotency key.
    pub idempotency_key: String,
}

impl TryFrom<Model> for Message {
    type Error = StoreError;

    fn try_from(m: Model) -> Result<Self, StoreError> {
        Ok(Self {
            id: m.id,
            channel: Channel::parse(&m.channel)?,
            recipient: m.recipient,
            subject: m.subject,
            body: m.body,
            created_at: m.created_at,
            idempotency_key: m.idempotency_key,
        })
    }
}

/// Queues a message; `false` when a message with the same idempotency key is already
/// queued (nothing is added then).
pub async fn enqueue(
    db: &impl ConnectionTrait,
    message: NewMessage,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let row = ActiveModel {
        channel: Set(message.channel.as_str().to_owned()),
        recipient: Set(message.recipient),
        subject: Set(message.subject),
        body: Set(message.body),
        created_at: Set(now),
        idempotency_key: Set(message.idempotency_key),
        ..Default::default()
    };
    let done = Entity::insert(row)
        .on_conflict_do_nothing_on([Column::IdempotencyKey])
        .exec_without_returning(db)
        .await?;
    Ok(matches!(done, sea_orm::TryInsertResult::Inserted(n) if n > 0))
}

/// Every message queued for `recipient`, oldest first.
pub async fn for_recipient(
    db: &impl ConnectionTrait,
    recipient: &str,
) -> Result<Vec<Message>, StoreError> {
    Entity::find()
        .filter(Column::Recipient.eq(recipient))
        .order_by_asc(Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(Message::try_from)
        .collect()
}

/// Every queued message, oldest first.
pub async fn all(db: &impl ConnectionTrait) -> Result<Vec<Message>, StoreError> {
    Entity::find()
        .order_by_asc(Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(Message::try_from)
        .collect()
}

/// The newest `limit` messages, newest first (by queue time, then by id); only those
/// queued for `recipient` when one is given.
pub async fn newest(
    db: &impl ConnectionTrait,
    recipient: Option<&str>,
    limit: u64,
) -> Result<Vec<Message>, StoreError> {
    let mut query = Entity::find();
    if let Some(recipient) = recipient {
        query = query.filter(Column::Recipient.eq(recipient));
    }
    query
        .order_by_desc(Column::CreatedAt)
        .order_by_desc(Column::Id)
        .limit(limit)
        .all(db)
        .await?
        .into_iter()
        .map(Message::try_from)
        .collect()
}

/// Whether a message whose idempotency key starts with `key_prefix` was queued at or after
/// `since` (a request sent again finds the message its first attempt queued).
pub async fn queued_since(
    db: &impl ConnectionTrait,
    key_prefix: &str,
    since: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let found = Entity::find()
        .filter(Column::IdempotencyKey.starts_with(key_prefix))
        .filter(Column::CreatedAt.gte(since))
        .count(db)
        .await?;
    Ok(found > 0)
}

/// Removes the message with this idempotency key (a send that failed); whether one was
/// removed.
pub async fn remove(db: &impl ConnectionTrait, idempotency_key: &str) -> Result<bool, StoreError> {
    let done = Entity::delete_many()
        .filter(Column::IdempotencyKey.eq(idempotency_key))
        .exec(db)
        .await?;
    Ok(done.rows_affected > 0)
}
