//! Abuse reports, the moderation queue, hiding and restoring, and the moderation log.

use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, EntityTrait, QueryOrder, QuerySelect};

use super::entity::moderation_log as log;
use super::write::item_exists;
use super::{ItemKind, QnaError};
use crate::StoreError;
use crate::members::profile::role;
use crate::sql::{bound, statement};

/// An abuse report to store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewReport<'a> {
    /// The reporting member; none for a guest.
    pub reporter_id: Option<i64>,
    /// The reporter's address.
    pub reporter_ip: &'a str,
    /// Question or answer.
    pub item_kind: ItemKind,
    /// The reported item.
    pub item_id: i64,
    /// The page the report was made from (`ru` of the report link).
    pub page_address: &'a str,
    /// The reporter's reason, when given.
    pub reason: Option<&'a str>,
}

/// An item waiting for a moderator: its open reports, grouped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueueEntry {
    /// Question or answer.
    pub item_kind: ItemKind,
    /// The item's id.
    pub item_id: i64,
    /// The question's title or the answer's text (empty if the item is gone).
    pub text: String,
    /// Whether the item is hidden now.
    pub hidden: bool,
    /// Open reports on the item.
    pub reports: u32,
    /// The page of the latest report.
    pub latest_page_address: String,
    /// When the latest report was made.
    pub latest_reported_at: DateTime<Utc>,
}

/// What a moderator did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ModerationAction {
    /// Hid the item.
    Hide,
    /// Made the item visible again.
    Restore,
}

impl ModerationAction {
    /// The stored name: `hide` or `restore`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Hide => "hide",
            Self::Restore => "restore",
        }
    }

    fn parse(key: &str) -> Result<Self, StoreError> {
        match key {
            "hide" => Ok(Self::Hide),
            "restore" => Ok(Self::Restore),
            other => Err(StoreError::InvalidData(format!(
                "unknown moderation action {other:?}"
            ))),
        }
    }
}

/// One entry of the moderation log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModerationEntry {
    /// Entry id.
    pub id: i64,
    /// The acting moderator.
    pub moderator_id: i64,
    /// Question or answer.
    pub item_kind: ItemKind,
    /// The item's id.
    pub item_id: i64,
    /// Hide or restore.
    pub action: ModerationAction,
    /// The moderator's reason.
    pub reason: String,
    /// When it was done.
    pub created_at: DateTime<Utc>,
}

/// Stores an abuse report; returns its id. The item stays visible: it waits in the
/// [`moderation_queue`] for a moderator. A missing item is [`QnaError::NotFound`].
pub async fn report(
    conn: &impl ConnectionTrait,
    new: &NewReport<'_>,
    now: DateTime<Utc>,
) -> Result<i64, QnaError> {
    if !item_exists(conn, new.item_kind, new.item_id).await? {
        return Err(QnaError::NotFound {
            kind: new.item_kind,
            id: new.item_id,
        });
    }
    let row = conn
        .query_one_raw(statement(
            conn.get_database_backend(),
            "INSERT INTO qna_reports (reporter_id, reporter_ip, item_kind, item_id, \
             page_address, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
            vec![
                new.reporter_id.into(),
                new.reporter_ip.into(),
                new.item_kind.key().into(),
                new.item_id.into(),
                new.page_address.into(),
                new.reason.map(str::to_owned).into(),
                now.into(),
            ],
        ))
        .await?
        .ok_or_else(|| StoreError::InvalidData("insert returned no id".to_owned()))?;
    Ok(row.try_get_by_index(0)?)
}

/// The items with open reports, latest report first, at most `limit` of them.
pub async fn moderation_queue(
    conn: &impl ConnectionTrait,
    limit: u64,
) -> Result<Vec<QueueEntry>, StoreError> {
    let rows = conn
        .query_all_raw(statement(
            conn.get_database_backend(),
            "SELECT g.item_kind, g.item_id, g.reports, r.page_address, r.created_at, \
             COALESCE(CASE g.item_kind WHEN 'question' THEN q.title \
             WHEN 'answer' THEN a.content ELSE rv.body END, '') AS text, \
             COALESCE(CASE g.item_kind WHEN 'question' THEN q.hidden \
             WHEN 'answer' THEN a.hidden ELSE rv.hidden END, FALSE) AS hidden \
             FROM (SELECT item_kind, item_id, COUNT(*) AS reports, MAX(id) AS latest_id \
             FROM qna_reports WHERE resolved_at IS NULL GROUP BY item_kind, item_id) g \
             JOIN qna_reports r ON r.id = g.latest_id \
             LEFT JOIN qna_questions q ON g.item_kind = 'question' AND q.id = g.item_id \
             LEFT JOIN qna_answers a ON g.item_kind = 'answer' AND a.id = g.item_id \
             LEFT JOIN product_reviews rv ON g.item_kind = 'review' AND rv.id = g.item_id \
             ORDER BY g.latest_id DESC LIMIT ?",
            vec![bound(limit).into()],
        ))
        .await?;
    rows.iter()
        .map(|row| {
            let kind: String = row.try_get("", "item_kind")?;
            let reports: i64 = row.try_get("", "reports")?;
            Ok(QueueEntry {
                item_kind: ItemKind::parse(&kind)?,
                item_id: row.try_get("", "item_id")?,
                text: row.try_get("", "text")?,
                hidden: row.try_get("", "hidden")?,
                reports: u32::try_from(reports)
                    .map_err(|_| StoreError::InvalidData(format!("report count {reports}")))?,
                latest_page_address: row.try_get("", "page_address")?,
                latest_reported_at: row.try_get("", "created_at")?,
            })
        })
        .collect()
}

/// Hides a question or an answer: it leaves every list and the search, and a hidden
/// answer no longer counts in its question's `answer_count` and popularity. Logs the
/// action and resolves the item's open reports. Returns whether the item was visible
/// (hiding a hidden item changes nothing but is still logged). Only staff and
/// moderators may ([`QnaError::NotModerator`]).
pub async fn hide(
    conn: &impl ConnectionTrait,
    moderator_id: i64,
    kind: ItemKind,
    item_id: i64,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<bool, QnaError> {
    moderate(
        conn,
        moderator_id,
        kind,
        item_id,
        ModerationAction::Hide,
        reason,
        now,
    )
    .await
}

/// Makes a hidden question or answer visible again, counting a restored answer back in
/// its question. Logs the action and resolves the item's open reports. Returns whether
/// the item was hidden. Only staff and moderators may.
pub async fn restore(
    conn: &impl ConnectionTrait,
    moderator_id: i64,
    kind: ItemKind,
    item_id: i64,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<bool, QnaError> {
    moderate(
        conn,
        moderator_id,
        kind,
        item_id,
        ModerationAction::Restore,
        reason,
        now,
    )
    .await
}

async fn moderate(
    conn: &impl ConnectionTrait,
    moderator_id: i64,
    kind: ItemKind,
    item_id: i64,
    action: ModerationAction,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<bool, QnaError> {
    if !role(conn, moderator_id)
        .await?
        .is_some_and(|r| r.can_moderate())
    {
        return Err(QnaError::NotModerator {
            member_id: moderator_id,
        });
    }
    let backend = conn.get_database_backend();
    let hide = action == ModerationAction::Hide;
    let hidden_reason: Option<String> = hide.then(|| reason.to_owned());
    let table = kind.table();
    let returned = match kind {
        ItemKind::Question | ItemKind::Review => "id",
        ItemKind::Answer => "question_id",
    };
    // Only a change of state moves counters: the update matches the item in its old state.
    let changed = conn
        .query_one_raw(statement(
            backend,
            &format!(
                "UPDATE {table} SET hidden = ?, hidden_reason = ? \
                 WHERE id = ? AND hidden = ? RETURNING {returned}"
            ),
            vec![
                hide.into(),
                hidden_reason.into(),
                item_id.into(),
                (!hide).into(),
            ],
        ))
        .await?;
    match &changed {
        None => {
            if !item_exists(conn, kind, item_id).await? {
                return Err(QnaError::NotFound { kind, id: item_id });
            }
        }
        Some(row) if kind == ItemKind::Answer => {
            let question_id: i64 = row.try_get_by_index(0)?;
            let (answers, popularity): (i32, i32) = if hide { (-1, -2) } else { (1, 2) };
            conn.execute_raw(statement(
                backend,
                "UPDATE qna_questions SET answer_count = answer_count + ?, \
                 popularity = popularity + ? WHERE id = ?",
                vec![answers.into(), popularity.into(), question_id.into()],
            ))
            .await?;
        }
        Some(_) => {}
    }
    conn.execute_raw(statement(
        backend,
        "INSERT INTO qna_moderation_log (moderator_id, item_kind, item_id, action, reason, \
         created_at) VALUES (?, ?, ?, ?, ?, ?)",
        vec![
            moderator_id.into(),
            kind.key().into(),
            item_id.into(),
            action.key().into(),
            reason.into(),
            now.into(),
        ],
    ))
    .await?;
    conn.execute_raw(statement(
        backend,
        "UPDATE qna_reports SET resolved_at = ?, resolution = ? \
         WHERE item_kind = ? AND item_id = ? AND resolved_at IS NULL",
        vec![
            now.into(),
            action.key().into(),
            kind.key().into(),
            item_id.into(),
        ],
    ))
    .await?;
    Ok(changed.is_some())
}

/// The latest moderator actions, newest first, at most `limit` of them.
pub async fn moderation_log(
    conn: &impl ConnectionTrait,
    limit: u64,
) -> Result<Vec<ModerationEntry>, StoreError> {
    log::Entity::find()
        .order_by_desc(log::Column::Id)
        .limit(limit)
        .all(conn)
        .await?
        .into_iter()
        .map(|row| {
            Ok(ModerationEntry {
                id: row.id,
                moderator_id: row.moderator_id,
                item_kind: ItemKind::parse(&row.item_kind)?,
                item_id: row.item_id,
                action: ModerationAction::parse(&row.action)?,
                reason: row.reason,
                created_at: row.created_at,
            })
        })
        .collect()
}
