//! The outbox: text messages and e-mails queued for a transport. With the default
//! transport nothing leaves the database; a developer or a test reads the rows. A transport
//! that sends over the network keeps the row as the record of what it sent (a retried
//! request finds it and sends nothing more).
//!
//! E-mails are delivered after the request, by a sender that claims due rows
//! ([`claim_due`]) for a while, sends them and records each result ([`record`]). A claim
//! that runs out (its sender died) makes the row due again: only such rows can go twice.

mod entity;
pub mod m0011_outbox_delivery;
pub mod m0013_unsubscribe;
pub mod opt_outs;

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, LockBehavior, LockType, Query};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect,
};

use self::entity::message::{ActiveModel, Column, Entity, Model};

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

/// Where a message is on its way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeliveryState {
    /// Waiting for its first or next attempt (or, with no transport, kept here).
    Queued,
    /// Accepted by the mail server.
    Sent,
    /// Refused for good, or out of attempts; not tried again.
    Failed,
}

impl DeliveryState {
    /// The stored name: `queued`, `sent` or `failed`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::Sent => "sent",
            Self::Failed => "failed",
        }
    }

    fn parse(raw: &str) -> Result<Self, StoreError> {
        match raw {
            "queued" => Ok(Self::Queued),
            "sent" => Ok(Self::Sent),
            "failed" => Ok(Self::Failed),
            other => Err(StoreError::InvalidData(format!("outbox state {other:?}"))),
        }
    }
}

/// A message's delivery record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    /// Where it is.
    pub state: DeliveryState,
    /// Sends started, a crash during one included.
    pub attempts: u32,
    /// The earliest the next attempt may start (none: at once).
    pub next_attempt_at: Option<DateTime<Utc>>,
    /// Why the last attempt failed.
    pub last_error: Option<String>,
    /// When the mail server accepted it.
    pub sent_at: Option<DateTime<Utc>>,
}

/// What one attempt came to, as [`record`] stores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The mail server accepted the message.
    Sent,
    /// A temporary failure: try again at `retry_at`.
    Retry {
        /// Why it failed.
        error: String,
        /// The earliest the next attempt may start.
        retry_at: DateTime<Utc>,
    },
    /// Refused for good, or out of attempts.
    Failed {
        /// Why.
        error: String,
    },
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
    /// The list an e-mail belongs to, with its unsubscribe link; none for a one-time code
    /// or link, which nobody can unsubscribe from.
    pub list: Option<ListEmail>,
}

/// What makes an e-mail a list e-mail: the list's name and the link that takes the
/// recipient off it in one click (sent as `List-Unsubscribe`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListEmail {
    /// The list's name (`rate-alerts`, `answers`).
    pub list: String,
    /// The one-click unsubscribe link.
    pub unsubscribe_url: String,
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
    /// The list it belongs to, with its unsubscribe link (none: a one-time code or link).
    pub list: Option<ListEmail>,
    /// Where it is on its way.
    pub delivery: Delivery,
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
            list: m
                .list
                .zip(m.unsubscribe_url)
                .map(|(list, unsubscribe_url)| ListEmail {
                    list,
                    unsubscribe_url,
                }),
            delivery: Delivery {
                state: DeliveryState::parse(&m.delivery_state)?,
                attempts: u32::try_from(m.attempts).unwrap_or(0),
                next_attempt_at: m.next_attempt_at,
                last_error: m.last_error,
                sent_at: m.sent_at,
            },
        })
    }
}

/// Queues a message; `false` when a message with the same idempotency key is already
/// queued, or when it is a list e-mail to an address that left the list (nothing is added
/// then).
pub async fn enqueue(
    db: &impl ConnectionTrait,
    message: NewMessage,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    if let Some(list) = &message.list
        && opt_outs::has_left(db, &message.recipient, &list.list).await?
    {
        return Ok(false);
    }
    let (list, unsubscribe_url) = message.list.map(|l| (l.list, l.unsubscribe_url)).unzip();
    let row = ActiveModel {
        channel: Set(message.channel.as_str().to_owned()),
        recipient: Set(message.recipient),
        subject: Set(message.subject),
        body: Set(message.body),
        created_at: Set(now),
        idempotency_key: Set(message.idempotency_key),
        delivery_state: Set(DeliveryState::Queued.as_str().to_owned()),
        attempts: Set(0),
        list: Set(list),
        unsubscribe_url: Set(unsubscribe_url),
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

/// Removes every message to `recipient` (a deleted account's address); how many.
pub async fn forget_recipient(
    db: &impl ConnectionTrait,
    recipient: &str,
) -> Result<u64, StoreError> {
    let done = Entity::delete_many()
        .filter(Column::Recipient.eq(recipient))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
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

/// How many messages of `channel` are queued (waiting for a first or a next attempt).
pub async fn backlog(db: &impl ConnectionTrait, channel: Channel) -> Result<u64, StoreError> {
    Ok(Entity::find()
        .filter(Column::Channel.eq(channel.as_str()))
        .filter(Column::DeliveryState.eq(DeliveryState::Queued.as_str()))
        .count(db)
        .await?)
}

/// Whether any queued message of `channel` is due at `now` and held by nobody: a read, so
/// a sender with nothing to do begins no write.
pub async fn any_due(
    db: &impl ConnectionTrait,
    channel: Channel,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let due = Entity::find()
        .select_only()
        .column(Column::Id)
        .filter(Column::Channel.eq(channel.as_str()))
        .filter(Column::DeliveryState.eq(DeliveryState::Queued.as_str()))
        .filter(
            Column::NextAttemptAt
                .is_null()
                .or(Column::NextAttemptAt.lte(now)),
        )
        .filter(
            Column::ClaimedUntil
                .is_null()
                .or(Column::ClaimedUntil.lte(now)),
        )
        .limit(1)
        .into_tuple::<i64>()
        .one(db)
        .await?;
    Ok(due.is_some())
}

/// Claims up to `limit` queued messages of `channel` that are due at `now` and that nobody
/// holds, oldest first, until `claimed_until`, counting an attempt for each; returns them.
///
/// On PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED`, so senders on several
/// instances never claim one row together; on SQLite the caller's write transaction
/// ([`crate::begin_write`]) makes the pick and the claim one step.
pub async fn claim_due(
    db: &impl ConnectionTrait,
    channel: Channel,
    now: DateTime<Utc>,
    claimed_until: DateTime<Utc>,
    limit: u64,
) -> Result<Vec<Message>, StoreError> {
    let due = Query::select()
        .column(Column::Id)
        .from(Entity)
        .and_where(Column::Channel.eq(channel.as_str()))
        .and_where(Column::DeliveryState.eq(DeliveryState::Queued.as_str()))
        .and_where(
            Column::NextAttemptAt
                .is_null()
                .or(Column::NextAttemptAt.lte(now)),
        )
        .and_where(
            Column::ClaimedUntil
                .is_null()
                .or(Column::ClaimedUntil.lte(now)),
        )
        .order_by(Column::Id, sea_orm::Order::Asc)
        .limit(limit)
        .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked)
        .to_owned();
    let mut claimed = Entity::update_many()
        .col_expr(Column::ClaimedUntil, Expr::value(claimed_until))
        .col_expr(Column::Attempts, Expr::col(Column::Attempts).add(1))
        .filter(Column::Id.in_subquery(due))
        .exec_with_returning(db)
        .await?;
    claimed.sort_by_key(|m| m.id);
    claimed.into_iter().map(Message::try_from).collect()
}

/// Records what the attempt on message `id` came to and releases its claim, if the claim
/// made until `claimed_until` still holds it; whether it did. A sender whose claim ran out
/// (another sender took the row since) records nothing.
pub async fn record(
    db: &impl ConnectionTrait,
    id: i64,
    claimed_until: DateTime<Utc>,
    outcome: &Outcome,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let (state, error, retry_at, sent_at) = match outcome {
        Outcome::Sent => (DeliveryState::Sent, None, None, Some(now)),
        Outcome::Retry { error, retry_at } => (
            DeliveryState::Queued,
            Some(error.clone()),
            Some(*retry_at),
            None,
        ),
        Outcome::Failed { error } => (DeliveryState::Failed, Some(error.clone()), None, None),
    };
    let done = Entity::update_many()
        .col_expr(Column::DeliveryState, Expr::value(state.as_str()))
        .col_expr(Column::LastError, Expr::value(error))
        .col_expr(Column::NextAttemptAt, Expr::value(retry_at))
        .col_expr(Column::SentAt, Expr::value(sent_at))
        .col_expr(
            Column::ClaimedUntil,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .filter(Column::Id.eq(id))
        .filter(Column::ClaimedUntil.eq(claimed_until))
        .exec(db)
        .await?;
    Ok(done.rows_affected > 0)
}
