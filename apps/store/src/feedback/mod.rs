//! The helpful widget's answers ("was this page helpful?", and why not), stored in the
//! `feedback` table. The table was made with the votes' tables (migration
//! `m0004_votes`), where the schema's history keeps it.

pub mod entity;

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
};

use crate::StoreError;

/// The `type` a feedback row gets when none is given.
pub const DEFAULT_FEEDBACK_TYPE: &str = "EDU";

/// A helpful-widget answer to store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewFeedback<'a> {
    /// The page or post the answer is about.
    pub page_id: &'a str,
    /// The page's address.
    pub url: &'a str,
    /// Whether the visitor found it helpful.
    pub helpful: bool,
    /// The visitor's reason (already cleaned and checked by the caller).
    pub reason: Option<&'a str>,
    /// The kind of page; [`DEFAULT_FEEDBACK_TYPE`] when none.
    pub kind: Option<&'a str>,
    /// The member who answered; none for a guest.
    pub member_id: Option<i64>,
}

/// A stored helpful-widget answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feedback {
    /// Row id.
    pub id: i64,
    /// The page or post the answer is about.
    pub page_id: String,
    /// The page's address.
    pub url: String,
    /// Whether the visitor found it helpful.
    pub helpful: bool,
    /// The visitor's reason.
    pub reason: Option<String>,
    /// The kind of page.
    pub kind: String,
    /// The member who answered; none for a guest.
    pub member_id: Option<i64>,
    /// When it was stored.
    pub created_at: DateTime<Utc>,
}

impl From<entity::Model> for Feedback {
    fn from(row: entity::Model) -> Self {
        Self {
            id: row.id,
            page_id: row.page_id,
            url: row.url,
            helpful: row.helpful,
            reason: row.reason,
            kind: row.kind,
            member_id: row.member_id,
            created_at: row.created_at,
        }
    }
}

/// Stores a helpful-widget answer; returns its id.
pub async fn insert_feedback(
    db: &impl ConnectionTrait,
    new: &NewFeedback<'_>,
    now: DateTime<Utc>,
) -> Result<i64, StoreError> {
    let row = entity::ActiveModel {
        id: NotSet,
        page_id: Set(new.page_id.to_owned()),
        url: Set(new.url.to_owned()),
        helpful: Set(new.helpful),
        reason: Set(new.reason.map(str::to_owned)),
        kind: Set(new.kind.unwrap_or(DEFAULT_FEEDBACK_TYPE).to_owned()),
        member_id: Set(new.member_id),
        created_at: Set(now),
    };
    Ok(entity::Entity::insert(row).exec(db).await?.last_insert_id)
}

/// Every answer about a page, oldest first.
pub async fn feedback_for_page(
    db: &impl ConnectionTrait,
    page_id: &str,
) -> Result<Vec<Feedback>, StoreError> {
    use entity::Column;
    Ok(entity::Entity::find()
        .filter(sea_orm::ColumnTrait::eq(&Column::PageId, page_id))
        .order_by_asc(Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(Feedback::from)
        .collect())
}
