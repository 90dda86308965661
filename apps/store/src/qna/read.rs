//! The reads: categories, question lists and search, answers.

use sea_orm::{ConnectionTrait, EntityTrait, QueryOrder, QueryResult, Value};

use super::entity::category;
use super::{AnswerRow, AuthorRow, CategoryRow, ListFilter, QuestionPage, QuestionRow, Role, Sort};
use crate::StoreError;
use crate::sql::{bound, count, placeholders, statement};

/// The columns of an [`AuthorRow`], from the member `m` (one list for every read that
/// names an author).
macro_rules! author_columns {
    () => {
        "m.id AS m_id, m.login AS m_login, m.display_name AS m_name, m.title AS m_title, \
         m.avatar AS m_avatar, m.role AS m_role, m.imported_from AS m_source"
    };
}
pub(crate) use author_columns;

/// The columns of a [`QuestionRow`], from `qna_questions q` joined with its author `m`.
pub(super) const QUESTION_COLUMNS: &str = concat!(
    "q.id AS q_id, q.category_id AS q_category_id, \
     q.offer_id AS q_offer_id, q.slug AS q_slug, q.title AS q_title, \
     q.more_info AS q_more_info, q.upvotes AS q_upvotes, q.downvotes AS q_downvotes, \
     q.answer_count AS q_answer_count, q.accepted_answer_id AS q_accepted_answer_id, \
     q.created_at AS q_created_at, q.hidden AS q_hidden, ",
    author_columns!()
);

/// The columns of an [`AnswerRow`], from an answer `a` (with an `accepted` flag) joined
/// with its author `m`.
const ANSWER_COLUMNS: &str = concat!(
    "a.id AS a_id, a.question_id AS a_question_id, \
     a.content AS a_content, a.created_at AS a_created_at, a.edited_at AS a_edited_at, \
     a.upvotes AS a_upvotes, a.downvotes AS a_downvotes, a.accepted AS a_accepted, \
     a.hidden AS a_hidden, ",
    author_columns!()
);

/// Answer order: the accepted answer, then by score, then oldest first (`a` the answer,
/// `q` its question).
const ANSWER_ORDER: &str = "CASE WHEN a.id = q.accepted_answer_id THEN 0 ELSE 1 END, \
     (a.upvotes - a.downvotes) DESC, a.created_at, a.id";

/// Answers with their `accepted` flag, as the table `a` of [`ANSWER_COLUMNS`].
const ANSWERS_WITH_FLAG: &str = "SELECT a.*, \
     CASE WHEN a.id = q.accepted_answer_id THEN 1 ELSE 0 END AS accepted \
     FROM qna_answers a JOIN qna_questions q ON q.id = a.question_id";

pub(crate) fn author_row(row: &QueryResult) -> Result<AuthorRow, StoreError> {
    let member_id: i64 = row.try_get("", "m_id")?;
    let login: Option<String> = row.try_get("", "m_login")?;
    let role: String = row.try_get("", "m_role")?;
    Ok(AuthorRow {
        member_id,
        login: login.unwrap_or_else(|| format!("member{member_id}")),
        name: row.try_get("", "m_name")?,
        title: row.try_get("", "m_title")?,
        avatar: row.try_get("", "m_avatar")?,
        expert: Role::from_stored(&role).is_expert(),
        source: row.try_get("", "m_source")?,
    })
}

pub(super) fn question_row(row: &QueryResult) -> Result<QuestionRow, StoreError> {
    Ok(QuestionRow {
        id: row.try_get("", "q_id")?,
        category_id: row.try_get("", "q_category_id")?,
        offer_id: row.try_get("", "q_offer_id")?,
        slug: row.try_get("", "q_slug")?,
        title: row.try_get("", "q_title")?,
        more_info: row.try_get("", "q_more_info")?,
        upvotes: count(row.try_get("", "q_upvotes")?, "upvotes")?,
        downvotes: count(row.try_get("", "q_downvotes")?, "downvotes")?,
        answer_count: count(row.try_get("", "q_answer_count")?, "answer count")?,
        accepted_answer_id: row.try_get("", "q_accepted_answer_id")?,
        created_at: row.try_get("", "q_created_at")?,
        author: author_row(row)?,
        hidden: row.try_get("", "q_hidden")?,
    })
}

fn answer_row(row: &QueryResult) -> Result<AnswerRow, StoreError> {
    let edited_at: Option<chrono::DateTime<chrono::Utc>> = row.try_get("", "a_edited_at")?;
    let accepted: i32 = row.try_get("", "a_accepted")?;
    Ok(AnswerRow {
        id: row.try_get("", "a_id")?,
        question_id: row.try_get("", "a_question_id")?,
        content: row.try_get("", "a_content")?,
        created_at: row.try_get("", "a_created_at")?,
        edited: edited_at.is_some(),
        upvotes: count(row.try_get("", "a_upvotes")?, "upvotes")?,
        downvotes: count(row.try_get("", "a_downvotes")?, "downvotes")?,
        accepted: accepted != 0,
        author: author_row(row)?,
        hidden: row.try_get("", "a_hidden")?,
    })
}

/// Every category, in menu order.
pub async fn categories(conn: &impl ConnectionTrait) -> Result<Vec<CategoryRow>, StoreError> {
    Ok(category::Entity::find()
        .order_by_asc(category::Column::Position)
        .order_by_asc(category::Column::Id)
        .all(conn)
        .await?
        .into_iter()
        .map(|c| CategoryRow {
            id: c.id,
            name: c.name,
            slug: c.slug,
        })
        .collect())
}

/// The `WHERE` of a list: visible questions passing the filter.
pub(super) fn list_where(filter: &ListFilter<'_>, values: &mut Vec<Value>) -> String {
    let mut sql = String::from("q.hidden = FALSE");
    if let Some(category_id) = filter.category_id {
        sql.push_str(" AND q.category_id = ?");
        values.push(category_id.into());
    }
    if let Some(offer_id) = filter.offer_id {
        sql.push_str(" AND q.offer_id = ?");
        values.push(offer_id.into());
    }
    sql
}

/// `LIMIT ? OFFSET ?` values of a 1-based page (page 0 reads as page 1).
pub(super) fn page_values(page: u32, per_page: u32) -> (i64, i64) {
    let offset = u64::from(page.max(1) - 1) * u64::from(per_page);
    (i64::from(per_page), bound(offset))
}

pub(super) async fn total(
    conn: &impl ConnectionTrait,
    sql: &str,
    values: Vec<Value>,
) -> Result<u64, StoreError> {
    let backend = conn.get_database_backend();
    let row = conn
        .query_one_raw(statement(backend, sql, values))
        .await?
        .ok_or_else(|| StoreError::InvalidData("count returned no row".to_owned()))?;
    let n: i64 = row.try_get_by_index(0)?;
    u64::try_from(n).map_err(|_| StoreError::InvalidData(format!("negative count {n}")))
}

/// One page of visible questions passing `filter`, in `sort` order, with the number of
/// such questions. Pages are 1-based (0 reads as 1).
///
/// Each order walks one of the listing indexes (`hidden`, or `category_id, hidden`, or
/// `offer_id, hidden`, then the sort key and id, descending).
pub async fn list_questions(
    conn: &impl ConnectionTrait,
    filter: &ListFilter<'_>,
    sort: Sort,
    page: u32,
    per_page: u32,
) -> Result<QuestionPage, StoreError> {
    let questions = list_page(conn, filter, sort, page, per_page).await?;
    let total = count_questions(conn, filter).await?;
    Ok(QuestionPage { questions, total })
}

/// One page of [`list_questions`] without the count (for a caller that keeps counts).
///
/// The page's ids are read from the index alone, then only those rows are joined: a deep
/// page skips its offset in the index instead of reading every skipped question and
/// author.
pub async fn list_page(
    conn: &impl ConnectionTrait,
    filter: &ListFilter<'_>,
    sort: Sort,
    page: u32,
    per_page: u32,
) -> Result<Vec<QuestionRow>, StoreError> {
    let backend = conn.get_database_backend();
    let mut values = Vec::new();
    let condition = list_where(filter, &mut values);
    let order = match sort {
        Sort::Popular => "q.popularity DESC, q.id DESC",
        Sort::Upvotes => "q.upvotes DESC, q.id DESC",
    };
    // The page's bounds are written into the statement (numbers computed here, never
    // text from a request): PostgreSQL then keeps one plan for each prepared statement,
    // where bound bounds made it plan every page again, which cost more than reading it.
    let (limit, offset) = page_values(page, per_page);
    let rows = conn
        .query_all_raw(statement(
            backend,
            &format!(
                "SELECT {QUESTION_COLUMNS} FROM (\
                 SELECT q.id FROM qna_questions q \
                 WHERE {condition} ORDER BY {order} LIMIT {limit} OFFSET {offset}) page \
                 JOIN qna_questions q ON q.id = page.id \
                 JOIN members m ON m.id = q.author_id \
                 ORDER BY {order}"
            ),
            values,
        ))
        .await?;
    rows.iter().map(question_row).collect()
}

/// The number of visible questions passing `filter`.
pub async fn count_questions(
    conn: &impl ConnectionTrait,
    filter: &ListFilter<'_>,
) -> Result<u64, StoreError> {
    let mut values = Vec::new();
    let condition = list_where(filter, &mut values);
    total(
        conn,
        &format!("SELECT COUNT(*) FROM qna_questions q WHERE {condition}"),
        values,
    )
    .await
}

/// A question by id, hidden or not (see [`QuestionRow::hidden`]).
pub async fn question(
    conn: &impl ConnectionTrait,
    id: i64,
) -> Result<Option<QuestionRow>, StoreError> {
    let backend = conn.get_database_backend();
    let row = conn
        .query_one_raw(statement(
            backend,
            &format!(
                "SELECT {QUESTION_COLUMNS} FROM qna_questions q \
                 JOIN members m ON m.id = q.author_id WHERE q.id = ?"
            ),
            vec![id.into()],
        ))
        .await?;
    row.as_ref().map(question_row).transpose()
}

/// Ids per `IN (…)` list.
const IN_CHUNK: usize = 500;

/// The first visible answer of each question (in answer order), in the order of
/// `question_ids`; questions without visible answers have none. One query per 500 ids.
pub async fn first_answers(
    conn: &impl ConnectionTrait,
    question_ids: &[i64],
) -> Result<Vec<AnswerRow>, StoreError> {
    let backend = conn.get_database_backend();
    let mut out = Vec::with_capacity(question_ids.len());
    for chunk in question_ids.chunks(IN_CHUNK) {
        let sql = format!(
            "SELECT {ANSWER_COLUMNS} FROM (\
             SELECT a.*, CASE WHEN a.id = q.accepted_answer_id THEN 1 ELSE 0 END AS accepted, \
             ROW_NUMBER() OVER (PARTITION BY a.question_id ORDER BY {ANSWER_ORDER}) AS rn \
             FROM qna_answers a JOIN qna_questions q ON q.id = a.question_id \
             WHERE a.hidden = FALSE AND a.question_id IN ({})) a \
             JOIN members m ON m.id = a.author_id WHERE a.rn = 1",
            placeholders(chunk.len())
        );
        let values = chunk.iter().map(|id| Value::from(*id)).collect();
        for row in conn.query_all_raw(statement(backend, &sql, values)).await? {
            out.push(answer_row(&row)?);
        }
    }
    out.sort_by_key(|a| question_ids.iter().position(|id| *id == a.question_id));
    Ok(out)
}

/// The visible answers of a question in answer order, `limit` of them from `offset`.
pub async fn answers(
    conn: &impl ConnectionTrait,
    question_id: i64,
    offset: u64,
    limit: u64,
) -> Result<Vec<AnswerRow>, StoreError> {
    let backend = conn.get_database_backend();
    let rows = conn
        .query_all_raw(statement(
            backend,
            &format!(
                "SELECT {ANSWER_COLUMNS} FROM (\
                 {ANSWERS_WITH_FLAG} WHERE a.question_id = ? AND a.hidden = FALSE) a \
                 JOIN qna_questions q ON q.id = a.question_id \
                 JOIN members m ON m.id = a.author_id \
                 ORDER BY {ANSWER_ORDER} LIMIT ? OFFSET ?"
            ),
            vec![
                question_id.into(),
                bound(limit).into(),
                bound(offset).into(),
            ],
        ))
        .await?;
    rows.iter().map(answer_row).collect()
}

/// One answer by id, hidden or not.
pub(super) async fn answer_by_id(
    conn: &impl ConnectionTrait,
    id: i64,
) -> Result<Option<AnswerRow>, StoreError> {
    let backend = conn.get_database_backend();
    let row = conn
        .query_one_raw(statement(
            backend,
            &format!(
                "SELECT {ANSWER_COLUMNS} FROM ({ANSWERS_WITH_FLAG} WHERE a.id = ?) a \
                 JOIN members m ON m.id = a.author_id"
            ),
            vec![id.into()],
        ))
        .await?;
    row.as_ref().map(answer_row).transpose()
}
