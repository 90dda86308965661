//! The writes of members: questions, answers, votes and accepting an answer.

use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DbErr, QueryResult, SqlErr, Value};

use super::read::answer_by_id;
use super::{AnswerRow, ItemKind, QnaError, VoteOutcome, VoteValue};
use crate::StoreError;
use crate::reviews::review_hidden;
use crate::sql::{count, placeholders, statement};

/// A question to add.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewQuestion<'a> {
    /// Its category.
    pub category_id: i64,
    /// The product page it is asked on, if any.
    pub offer_id: Option<&'a str>,
    /// Address slug (made by the caller from the title).
    pub slug: &'a str,
    /// The question (checked by the caller).
    pub title: &'a str,
    /// Further details; may be empty.
    pub more_info: &'a str,
    /// The asking member.
    pub author_id: i64,
}

/// An answer to add.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewAnswer<'a> {
    /// The question answered.
    pub question_id: i64,
    /// The answering member.
    pub author_id: i64,
    /// The answer's text (checked by the caller).
    pub content: &'a str,
}

fn foreign_key_violation(err: &DbErr) -> bool {
    matches!(
        err.sql_err(),
        Some(SqlErr::ForeignKeyConstraintViolation(_))
    )
}

async fn one(
    conn: &impl ConnectionTrait,
    sql: &str,
    values: Vec<Value>,
) -> Result<Option<QueryResult>, DbErr> {
    conn.query_one_raw(statement(conn.get_database_backend(), sql, values))
        .await
}

/// Adds a category at `position` in the menu; returns its id. A slug already used is
/// [`StoreError::Conflict`].
pub async fn create_category(
    conn: &impl ConnectionTrait,
    name: &str,
    slug: &str,
    position: i32,
) -> Result<i64, StoreError> {
    let inserted = one(
        conn,
        "INSERT INTO qna_categories (name, slug, position) VALUES (?, ?, ?) RETURNING id",
        vec![name.into(), slug.into(), position.into()],
    )
    .await;
    match inserted {
        Ok(Some(row)) => Ok(row.try_get_by_index(0)?),
        Ok(None) => Err(StoreError::InvalidData("insert returned no id".to_owned())),
        Err(err) if matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => Err(
            StoreError::Conflict(format!("category slug {slug:?} already used")),
        ),
        Err(err) => Err(err.into()),
    }
}

/// Adds a question with no votes nor answers; returns its id. An unknown category or
/// member is [`StoreError::NotFound`].
pub async fn create_question(
    conn: &impl ConnectionTrait,
    new: &NewQuestion<'_>,
    now: DateTime<Utc>,
) -> Result<i64, StoreError> {
    let inserted = one(
        conn,
        "INSERT INTO qna_questions (category_id, offer_id, slug, title, more_info, \
         author_id, created_at, upvotes, downvotes, answer_count, popularity, hidden) \
         VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, FALSE) RETURNING id",
        vec![
            new.category_id.into(),
            new.offer_id.map(str::to_owned).into(),
            new.slug.into(),
            new.title.into(),
            new.more_info.into(),
            new.author_id.into(),
            now.into(),
        ],
    )
    .await;
    match inserted {
        Ok(Some(row)) => Ok(row.try_get_by_index(0)?),
        Ok(None) => Err(StoreError::InvalidData("insert returned no id".to_owned())),
        Err(err) if foreign_key_violation(&err) => Err(StoreError::NotFound(format!(
            "category {} or member {}",
            new.category_id, new.author_id
        ))),
        Err(err) => Err(err.into()),
    }
}

/// Whether a question exists and is hidden; none when it does not exist.
async fn question_hidden(
    conn: &impl ConnectionTrait,
    question_id: i64,
) -> Result<Option<(bool, i64)>, QnaError> {
    let row = one(
        conn,
        "SELECT hidden, author_id FROM qna_questions WHERE id = ?",
        vec![question_id.into()],
    )
    .await?;
    match row {
        Some(row) => Ok(Some((row.try_get_by_index(0)?, row.try_get_by_index(1)?))),
        None => Ok(None),
    }
}

/// Fails unless the question exists and is visible; returns its author.
async fn visible_question(conn: &impl ConnectionTrait, question_id: i64) -> Result<i64, QnaError> {
    match question_hidden(conn, question_id).await? {
        None => Err(QnaError::NotFound {
            kind: ItemKind::Question,
            id: question_id,
        }),
        Some((true, _)) => Err(QnaError::Hidden {
            kind: ItemKind::Question,
            id: question_id,
        }),
        Some((false, author_id)) => Ok(author_id),
    }
}

/// An answer's question, author and hidden flag, and its question's hidden flag.
struct AnswerState {
    question_id: i64,
    author_id: i64,
    hidden: bool,
    question_hidden: bool,
}

async fn answer_state(
    conn: &impl ConnectionTrait,
    answer_id: i64,
) -> Result<AnswerState, QnaError> {
    let row = one(
        conn,
        "SELECT a.question_id, a.author_id, a.hidden, q.hidden FROM qna_answers a \
         JOIN qna_questions q ON q.id = a.question_id WHERE a.id = ?",
        vec![answer_id.into()],
    )
    .await?
    .ok_or(QnaError::NotFound {
        kind: ItemKind::Answer,
        id: answer_id,
    })?;
    Ok(AnswerState {
        question_id: row.try_get_by_index(0)?,
        author_id: row.try_get_by_index(1)?,
        hidden: row.try_get_by_index(2)?,
        question_hidden: row.try_get_by_index(3)?,
    })
}

/// Fails unless the answer and its question exist and are visible.
async fn visible_answer(
    conn: &impl ConnectionTrait,
    answer_id: i64,
) -> Result<AnswerState, QnaError> {
    let state = answer_state(conn, answer_id).await?;
    if state.question_hidden {
        return Err(QnaError::Hidden {
            kind: ItemKind::Question,
            id: state.question_id,
        });
    }
    if state.hidden {
        return Err(QnaError::Hidden {
            kind: ItemKind::Answer,
            id: answer_id,
        });
    }
    Ok(state)
}

/// Adds an answer to a visible question and counts it in the question's `answer_count`
/// and popularity; returns the stored answer. A missing or hidden question is a
/// [`QnaError`], an unknown member [`StoreError::NotFound`].
pub async fn create_answer(
    conn: &impl ConnectionTrait,
    new: &NewAnswer<'_>,
    now: DateTime<Utc>,
) -> Result<AnswerRow, QnaError> {
    visible_question(conn, new.question_id).await?;
    let inserted = one(
        conn,
        "INSERT INTO qna_answers (question_id, author_id, content, created_at, \
         upvotes, downvotes, hidden) VALUES (?, ?, ?, ?, 0, 0, FALSE) RETURNING id",
        vec![
            new.question_id.into(),
            new.author_id.into(),
            new.content.into(),
            now.into(),
        ],
    )
    .await;
    let id: i64 = match inserted {
        Ok(Some(row)) => row.try_get_by_index(0)?,
        Ok(None) => {
            return Err(StoreError::InvalidData("insert returned no id".to_owned()).into());
        }
        Err(err) if foreign_key_violation(&err) => {
            return Err(StoreError::NotFound(format!("member {}", new.author_id)).into());
        }
        Err(err) => return Err(err.into()),
    };
    let moved = one(
        conn,
        "UPDATE qna_questions SET answer_count = answer_count + 1, \
         popularity = popularity + 2 WHERE id = ? AND hidden = FALSE RETURNING id",
        vec![new.question_id.into()],
    )
    .await?;
    if moved.is_none() {
        // Hidden between the check and the update: the caller rolls the answer back.
        return Err(QnaError::Hidden {
            kind: ItemKind::Question,
            id: new.question_id,
        });
    }
    answer_by_id(conn, id)
        .await?
        .ok_or_else(|| StoreError::NotFound(format!("answer {id}")).into())
}

/// Replaces the text of a visible answer; only its author may. Returns the answer,
/// now marked edited.
pub async fn edit_answer(
    conn: &impl ConnectionTrait,
    member_id: i64,
    answer_id: i64,
    content: &str,
    now: DateTime<Utc>,
) -> Result<AnswerRow, QnaError> {
    let state = visible_answer(conn, answer_id).await?;
    if state.author_id != member_id {
        return Err(QnaError::NotAuthor { member_id });
    }
    one(
        conn,
        "UPDATE qna_answers SET content = ?, edited_at = ? WHERE id = ? RETURNING id",
        vec![content.into(), now.into(), answer_id.into()],
    )
    .await?;
    answer_by_id(conn, answer_id)
        .await?
        .ok_or(QnaError::NotFound {
            kind: ItemKind::Answer,
            id: answer_id,
        })
}

/// The counters of an item.
async fn counters(
    conn: &impl ConnectionTrait,
    kind: ItemKind,
    item_id: i64,
) -> Result<(u32, u32), QnaError> {
    let sql = format!(
        "SELECT upvotes, downvotes FROM {} WHERE id = ?",
        kind.table()
    );
    let row = one(conn, &sql, vec![item_id.into()])
        .await?
        .ok_or(QnaError::NotFound { kind, id: item_id })?;
    Ok((
        count(row.try_get_by_index(0)?, "upvotes")?,
        count(row.try_get_by_index(1)?, "downvotes")?,
    ))
}

/// A member's vote on a visible question or answer (of a visible question).
///
/// Three single-row statements at most: the vote is inserted if the member has none on
/// the item; otherwise it is flipped if it differs (a vote is 1 or -1, so a changed vote
/// was the opposite one); then the item's counters (and a question's popularity) move by
/// the difference. The same vote again writes nothing and returns `changed: false` with
/// the current counters. On PostgreSQL the insert waits for a concurrent vote of the
/// same member on the same item, and the flip locks the vote row, so racing votes apply
/// one after the other.
pub async fn vote(
    conn: &impl ConnectionTrait,
    member_id: i64,
    kind: ItemKind,
    item_id: i64,
    value: VoteValue,
    now: DateTime<Utc>,
) -> Result<VoteOutcome, QnaError> {
    match kind {
        ItemKind::Question => {
            visible_question(conn, item_id).await?;
        }
        ItemKind::Answer => {
            visible_answer(conn, item_id).await?;
        }
        ItemKind::Review => match review_hidden(conn, item_id).await? {
            None => return Err(QnaError::NotFound { kind, id: item_id }),
            Some(true) => return Err(QnaError::Hidden { kind, id: item_id }),
            Some(false) => {}
        },
    }
    let stored = value.stored();
    let inserted = one(
        conn,
        "INSERT INTO qna_votes (member_id, item_kind, item_id, value, created_at, updated_at) \
         VALUES (?, ?, ?, ?, ?, ?) \
         ON CONFLICT (member_id, item_kind, item_id) DO NOTHING RETURNING value",
        vec![
            member_id.into(),
            kind.key().into(),
            item_id.into(),
            stored.into(),
            now.into(),
            now.into(),
        ],
    )
    .await;
    let inserted = match inserted {
        Ok(row) => row.is_some(),
        Err(err) if foreign_key_violation(&err) => {
            return Err(StoreError::NotFound(format!("member {member_id}")).into());
        }
        Err(err) => return Err(err.into()),
    };
    let (up, down): (i32, i32) = if inserted {
        match value {
            VoteValue::Up => (1, 0),
            VoteValue::Down => (0, 1),
        }
    } else {
        let flipped = one(
            conn,
            "UPDATE qna_votes SET value = ?, updated_at = ? \
             WHERE member_id = ? AND item_kind = ? AND item_id = ? AND value <> ? \
             RETURNING value",
            vec![
                stored.into(),
                now.into(),
                member_id.into(),
                kind.key().into(),
                item_id.into(),
                stored.into(),
            ],
        )
        .await?;
        if flipped.is_none() {
            let (upvotes, downvotes) = counters(conn, kind, item_id).await?;
            return Ok(VoteOutcome {
                changed: false,
                upvotes,
                downvotes,
            });
        }
        match value {
            VoteValue::Up => (1, -1),
            VoteValue::Down => (-1, 1),
        }
    };
    let moved = match kind {
        ItemKind::Question => {
            one(
                conn,
                "UPDATE qna_questions SET upvotes = upvotes + ?, downvotes = downvotes + ?, \
                 popularity = popularity + ? WHERE id = ? AND hidden = FALSE \
                 RETURNING upvotes, downvotes",
                vec![up.into(), down.into(), (up - down).into(), item_id.into()],
            )
            .await?
        }
        ItemKind::Answer | ItemKind::Review => {
            one(
                conn,
                &format!(
                    "UPDATE {} SET upvotes = upvotes + ?, downvotes = downvotes + ? \
                     WHERE id = ? AND hidden = FALSE RETURNING upvotes, downvotes",
                    kind.table()
                ),
                vec![up.into(), down.into(), item_id.into()],
            )
            .await?
        }
    };
    // No row: hidden between the check and the update; the caller rolls the vote back.
    let row = moved.ok_or(QnaError::Hidden { kind, id: item_id })?;
    Ok(VoteOutcome {
        changed: true,
        upvotes: count(row.try_get_by_index(0)?, "upvotes")?,
        downvotes: count(row.try_get_by_index(1)?, "downvotes")?,
    })
}

/// The member's votes on the given items of a kind, by item id (ascending); items the
/// member has not voted on are left out.
pub async fn my_votes(
    conn: &impl ConnectionTrait,
    member_id: i64,
    kind: ItemKind,
    item_ids: &[i64],
) -> Result<Vec<(i64, VoteValue)>, StoreError> {
    let mut out = Vec::new();
    for chunk in item_ids.chunks(500) {
        let mut values: Vec<Value> = vec![member_id.into(), kind.key().into()];
        values.extend(chunk.iter().map(|id| Value::from(*id)));
        let rows = conn
            .query_all_raw(statement(
                conn.get_database_backend(),
                &format!(
                    "SELECT item_id, value FROM qna_votes \
                     WHERE member_id = ? AND item_kind = ? AND item_id IN ({})",
                    placeholders(chunk.len())
                ),
                values,
            ))
            .await?;
        for row in rows {
            let value: i16 = row.try_get_by_index(1)?;
            out.push((row.try_get_by_index(0)?, VoteValue::from_stored(value)?));
        }
    }
    out.sort_by_key(|(id, _)| *id);
    Ok(out)
}

/// Marks one of a question's visible answers as accepted, replacing any earlier one, and
/// returns the answer's author. Only the question's author may; the question must be
/// visible.
pub async fn accept_answer(
    conn: &impl ConnectionTrait,
    member_id: i64,
    question_id: i64,
    answer_id: i64,
) -> Result<i64, QnaError> {
    let author_id = visible_question(conn, question_id).await?;
    if author_id != member_id {
        return Err(QnaError::NotAuthor { member_id });
    }
    let state = answer_state(conn, answer_id).await?;
    if state.question_id != question_id {
        return Err(QnaError::NotAnAnswerOf {
            answer_id,
            question_id,
        });
    }
    if state.hidden {
        return Err(QnaError::Hidden {
            kind: ItemKind::Answer,
            id: answer_id,
        });
    }
    one(
        conn,
        "UPDATE qna_questions SET accepted_answer_id = ? WHERE id = ? RETURNING id",
        vec![answer_id.into(), question_id.into()],
    )
    .await?;
    Ok(state.author_id)
}

/// Whether an item exists.
pub(super) async fn item_exists(
    conn: &impl ConnectionTrait,
    kind: ItemKind,
    item_id: i64,
) -> Result<bool, StoreError> {
    let sql = format!("SELECT id FROM {} WHERE id = ?", kind.table());
    Ok(one(conn, &sql, vec![item_id.into()]).await?.is_some())
}
