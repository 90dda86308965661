//! The full-text search over questions, on both backends.
//!
//! A search finds the visible questions passing a [`ListFilter`] whose title or details
//! hold every word of the text (stemmed). Its order depends on how many it finds:
//!
//! - **Up to [`RANKED_SEARCH_MAX`] matches**: best match first, every match ranked (`bm25`
//!   on SQLite, `ts_rank` with length normalisation on PostgreSQL): a match in the title
//!   ranks above one in the details alone, shorter texts above longer ones; ties newer
//!   first.
//! - **More**: the questions with every word in the title first, then the others, each
//!   part newest first (by id, which follows the order questions were posted). Ranking
//!   tens of thousands of matches one by one costs tens of milliseconds on every page of
//!   a broad search ("credit card"); this order is read in id order and stops at the
//!   page's end (a deep page still walks the matches before it), and keeps what matters
//!   most in the ranking (the title).
//!
//! The totals ([`search_totals`]) are counted apart from the pages ([`search_page`]) so a
//! caller may keep them for a moment, as it keeps list totals.

use sea_orm::{ConnectionTrait, DbBackend, Value};

use super::read::{QUESTION_COLUMNS, list_where, page_values, question_row, total};
use super::{ListFilter, QuestionPage, QuestionRow};
use crate::StoreError;
use crate::sql::statement;

pub use qna_validation::search::search_terms;

/// Most matches a search ranks one by one; past that it pages by tier (module docs).
pub const RANKED_SEARCH_MAX: u64 = 1_000;

/// How many visible questions a search finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchTotals {
    /// Every match.
    pub all: u64,
    /// The matches with every word in the title; counted only when `all` is above
    /// [`RANKED_SEARCH_MAX`] (the only time the order needs it), 0 otherwise.
    pub in_title: u64,
}

/// Where a search's words must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// In the title or the details.
    Anywhere,
    /// Every word in the title.
    Title,
    /// Anywhere, but not every word in the title.
    NotTitle,
}

/// The query text of `terms` in `scope`, bound as the search's first value: an FTS5
/// expression on SQLite (each word quoted, so never an operator or a column filter), a
/// `to_tsquery` text on PostgreSQL (the words are letters and digits only, so they hold
/// no operator).
fn query_text(backend: DbBackend, terms: &[String], scope: Scope) -> String {
    if backend == DbBackend::Postgres {
        let words = |weight: &str| {
            terms
                .iter()
                .map(|t| format!("{t}{weight}"))
                .collect::<Vec<_>>()
                .join(" & ")
        };
        match scope {
            Scope::Anywhere => words(""),
            Scope::Title => words(":A"),
            Scope::NotTitle => format!("({}) & !({})", words(""), words(":A")),
        }
    } else {
        let all = terms
            .iter()
            .map(|t| format!("\"{t}\""))
            .collect::<Vec<_>>()
            .join(" ");
        match scope {
            Scope::Anywhere => all,
            Scope::Title => format!("{{title}}: ({all})"),
            Scope::NotTitle => format!("({all}) NOT {{title}}: ({all})"),
        }
    }
}

/// `FROM` and `WHERE` of the questions `q` matching `terms` in `scope` and passing
/// `filter`, with their values. The query text is the first value on both backends.
fn matching(
    backend: DbBackend,
    terms: &[String],
    scope: Scope,
    filter: &ListFilter<'_>,
) -> (&'static str, String, Vec<Value>) {
    let mut values = vec![query_text(backend, terms, scope).into()];
    let (from, matches) = if backend == DbBackend::Postgres {
        (
            "qna_questions q CROSS JOIN to_tsquery('english', ?) AS query",
            "q.search @@ query",
        )
    } else {
        (
            // CROSS JOIN makes SQLite read the full-text matches first and look each
            // question up by id. With a plain JOIN the planner may walk the questions by an
            // index on `hidden` and run the match once per question: seconds on 100,000.
            "qna_questions_fts CROSS JOIN qna_questions q ON q.id = qna_questions_fts.rowid",
            "qna_questions_fts MATCH ?",
        )
    };
    let condition = format!("{matches} AND {}", list_where(filter, &mut values));
    (from, condition, values)
}

fn non_negative(n: i64) -> Result<u64, StoreError> {
    u64::try_from(n).map_err(|_| StoreError::InvalidData(format!("negative count {n}")))
}

async fn count(
    conn: &impl ConnectionTrait,
    terms: &[String],
    scope: Scope,
    filter: &ListFilter<'_>,
) -> Result<u64, StoreError> {
    let (from, condition, values) = matching(conn.get_database_backend(), terms, scope, filter);
    total(
        conn,
        &format!("SELECT COUNT(*) FROM {from} WHERE {condition}"),
        values,
    )
    .await
}

/// How many visible questions passing `filter` hold every word of `text` (see
/// [`SearchTotals`]). Text without searchable words finds nothing.
pub async fn search_totals(
    conn: &impl ConnectionTrait,
    text: &str,
    filter: &ListFilter<'_>,
) -> Result<SearchTotals, StoreError> {
    let terms = search_terms(text);
    if terms.is_empty() {
        return Ok(SearchTotals::default());
    }
    let backend = conn.get_database_backend();
    let (all, in_title) = if backend == DbBackend::Postgres {
        // One pass: the title check runs on the rows the match already read (a second
        // query would read every matching row again).
        let (from, condition, mut values) = matching(backend, &terms, Scope::Anywhere, filter);
        // The title query is parsed once, in the FROM, before the words' query.
        values.insert(0, query_text(backend, &terms, Scope::Title).into());
        let row = conn
            .query_one_raw(statement(
                backend,
                &format!(
                    "SELECT COUNT(*), COUNT(*) FILTER (WHERE q.search @@ title_query) \
                     FROM to_tsquery('english', ?) AS title_query CROSS JOIN {from} \
                     WHERE {condition}"
                ),
                values,
            ))
            .await?
            .ok_or_else(|| StoreError::InvalidData("count returned no row".to_owned()))?;
        (
            non_negative(row.try_get_by_index(0)?)?,
            non_negative(row.try_get_by_index(1)?)?,
        )
    } else {
        // On SQLite the title-only match is a second full-text query, cheap beside the
        // first; it runs only when the order needs it.
        let all = count(conn, &terms, Scope::Anywhere, filter).await?;
        let in_title = if all > RANKED_SEARCH_MAX {
            count(conn, &terms, Scope::Title, filter).await?
        } else {
            0
        };
        (all, in_title)
    };
    let in_title = if all > RANKED_SEARCH_MAX { in_title } else { 0 };
    Ok(SearchTotals { all, in_title })
}

/// `limit` matches in `scope` from `offset`: best first when `ranked`, else newest first.
async fn rows(
    conn: &impl ConnectionTrait,
    terms: &[String],
    scope: Scope,
    filter: &ListFilter<'_>,
    ranked: bool,
    (limit, offset): (i64, i64),
) -> Result<Vec<QuestionRow>, StoreError> {
    let backend = conn.get_database_backend();
    let (from, condition, values) = matching(backend, terms, scope, filter);
    let order = match (backend, ranked) {
        (DbBackend::Postgres, true) => "ts_rank(q.search, query, 1) DESC, q.id DESC",
        (DbBackend::Postgres, false) => "q.id DESC",
        (_, true) => "bm25(qna_questions_fts, 10.0, 1.0), q.id DESC",
        // The full-text table's own order: SQLite reads it a page at a time.
        (_, false) => "qna_questions_fts.rowid DESC",
    };
    // Bounds written in, as the list's are (`read::list_page` says why).
    let rows = conn
        .query_all_raw(statement(
            backend,
            &format!(
                "SELECT {QUESTION_COLUMNS} FROM {from} JOIN members m ON m.id = q.author_id \
                 WHERE {condition} ORDER BY {order} LIMIT {limit} OFFSET {offset}"
            ),
            values,
        ))
        .await?;
    rows.iter().map(question_row).collect()
}

/// One page (1-based, 0 reads as 1) of the search for `text` among the visible questions
/// passing `filter`, in the order of the module docs; `totals` are the search's
/// [`search_totals`] (kept ones may be a moment old: a page then ends early or starts a
/// tier a little off, never fails).
pub async fn search_page(
    conn: &impl ConnectionTrait,
    text: &str,
    filter: &ListFilter<'_>,
    totals: SearchTotals,
    page: u32,
    per_page: u32,
) -> Result<Vec<QuestionRow>, StoreError> {
    let terms = search_terms(text);
    if terms.is_empty() {
        return Ok(Vec::new());
    }
    let (limit, offset) = page_values(page, per_page);
    if totals.all <= RANKED_SEARCH_MAX {
        return rows(conn, &terms, Scope::Anywhere, filter, true, (limit, offset)).await;
    }
    let in_title = i64::try_from(totals.in_title).unwrap_or(i64::MAX);
    let mut found = Vec::new();
    if offset < in_title {
        let take = limit.min(in_title - offset);
        found = rows(conn, &terms, Scope::Title, filter, false, (take, offset)).await?;
    }
    let rest = limit - i64::try_from(found.len()).unwrap_or(limit);
    if rest > 0 {
        let from = offset.saturating_sub(in_title).max(0);
        let more = rows(conn, &terms, Scope::NotTitle, filter, false, (rest, from)).await?;
        found.extend(more);
    }
    Ok(found)
}

/// One page of the search for `text` with its number of matches: [`search_totals`] and
/// [`search_page`] together.
pub async fn search_questions(
    conn: &impl ConnectionTrait,
    text: &str,
    filter: &ListFilter<'_>,
    page: u32,
    per_page: u32,
) -> Result<QuestionPage, StoreError> {
    let totals = search_totals(conn, text, filter).await?;
    let questions = search_page(conn, text, filter, totals, page, per_page).await?;
    Ok(QuestionPage {
        questions,
        total: totals.all,
    })
}
