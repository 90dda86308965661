//! The community fixture (sample questions and answers) and the benchmark's bulk data.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, Value};
use serde::{Deserialize, Serialize};

use super::Role;
use crate::StoreError;
use crate::begin_write;
use crate::members::DEFAULT_PLAN;
use crate::sql::{insert_rows, placeholders, statement};

/// The e-mail domain of the members made for the fixture's authors
/// (`{login}@sample.plainrate.invalid`).
pub const SAMPLE_EMAIL_DOMAIN: &str = "sample.plainrate.invalid";

/// The e-mail domain of the benchmark's members.
const BENCH_EMAIL_DOMAIN: &str = "bench.plainrate.invalid";

/// The community fixture (`fixtures/qna/community.json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommunityFixture {
    /// Where the sample text comes from.
    pub source: String,
    /// The categories.
    pub categories: Vec<FixtureCategory>,
    /// The members who ask and answer.
    pub authors: Vec<FixtureAuthor>,
    /// The questions with their answers.
    pub questions: Vec<FixtureQuestion>,
}

/// A category of the fixture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixtureCategory {
    /// Category id (kept).
    pub id: i64,
    /// Display name.
    pub name: String,
    /// Address slug.
    pub slug: String,
}

/// An author of the fixture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixtureAuthor {
    /// Public login; questions and answers name their author by it.
    pub login: String,
    /// Display name.
    pub name: String,
    /// Job title or caption.
    #[serde(default)]
    pub title: Option<String>,
    /// Avatar address.
    #[serde(default)]
    pub avatar: Option<String>,
    /// Site staff (answers shown as an expert's).
    #[serde(default)]
    pub staff: bool,
    /// The key of the public source (`qna_validation::sources`) this author stands for:
    /// its questions and answers are that source's text, with no date, votes or accepted
    /// mark of their own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// A question of the fixture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixtureQuestion {
    /// Question id (kept).
    pub id: i64,
    /// Its category.
    pub category_id: i64,
    /// The product page it is shown on, if any.
    pub offer_id: Option<String>,
    /// The question.
    pub title: String,
    /// Further details.
    #[serde(default)]
    pub more_info: String,
    /// The asker's login.
    pub author: String,
    /// When it was asked; none for a source's text (the time it is loaded is stored).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<DateTime<Utc>>,
    /// Up votes.
    #[serde(default)]
    pub upvotes: u32,
    /// Down votes.
    #[serde(default)]
    pub downvotes: u32,
    /// Its answers.
    #[serde(default)]
    pub answers: Vec<FixtureAnswer>,
}

/// An answer of the fixture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixtureAnswer {
    /// Answer id (kept).
    pub id: i64,
    /// The answering member's login.
    pub author: String,
    /// The answer's text.
    pub content: String,
    /// When it was posted; none for a source's text (the time it is loaded is stored).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<DateTime<Utc>>,
    /// Up votes.
    #[serde(default)]
    pub upvotes: u32,
    /// Down votes.
    #[serde(default)]
    pub downvotes: u32,
    /// The asker accepted it (at most one per question).
    #[serde(default)]
    pub accepted: bool,
    /// Changed by its author since (its edit time is taken as its post time).
    #[serde(default)]
    pub edited: bool,
}

fn fixture_error(what: String) -> StoreError {
    StoreError::Fixture(what)
}

/// Refuses a fixture whose references do not hold together, naming the first fault.
fn check(fixture: &CommunityFixture) -> Result<(), StoreError> {
    let mut logins = BTreeSet::new();
    let mut sources = BTreeSet::new();
    for author in &fixture.authors {
        if author.login.trim().is_empty() || !logins.insert(author.login.as_str()) {
            return Err(fixture_error(format!(
                "author login {:?} is empty or repeated",
                author.login
            )));
        }
        if let Some(key) = &author.source {
            if qna_validation::sources::by_key(key).is_none() || author.staff {
                return Err(fixture_error(format!(
                    "author {:?} names the unknown source {key:?} or is marked staff",
                    author.login
                )));
            }
            sources.insert(author.login.as_str());
        }
    }
    // A source records no date, votes or accepted mark: none is made up for its text.
    let invented = |created: &Option<DateTime<Utc>>, up: u32, down: u32, accepted: bool| {
        created.is_some() || up > 0 || down > 0 || accepted
    };
    let mut categories = BTreeSet::new();
    let mut slugs = BTreeSet::new();
    for category in &fixture.categories {
        if !categories.insert(category.id) || !slugs.insert(category.slug.as_str()) {
            return Err(fixture_error(format!(
                "category {} or its slug {:?} is repeated",
                category.id, category.slug
            )));
        }
    }
    let mut questions = BTreeSet::new();
    let mut answers = BTreeSet::new();
    for q in &fixture.questions {
        if !questions.insert(q.id) {
            return Err(fixture_error(format!("question {} is repeated", q.id)));
        }
        if !categories.contains(&q.category_id) {
            return Err(fixture_error(format!(
                "question {} names the unknown category {}",
                q.id, q.category_id
            )));
        }
        if !logins.contains(q.author.as_str()) {
            return Err(fixture_error(format!(
                "question {} names the unknown author {:?}",
                q.id, q.author
            )));
        }
        if sources.contains(q.author.as_str())
            && invented(&q.created_at, q.upvotes, q.downvotes, false)
        {
            return Err(fixture_error(format!(
                "question {} is a source's text but carries a date or votes",
                q.id
            )));
        }
        if q.created_at.is_none() && !sources.contains(q.author.as_str()) {
            return Err(fixture_error(format!("question {} has no date", q.id)));
        }
        if q.answers.iter().filter(|a| a.accepted).count() > 1 {
            return Err(fixture_error(format!(
                "question {} has several accepted answers",
                q.id
            )));
        }
        for a in &q.answers {
            if !answers.insert(a.id) {
                return Err(fixture_error(format!("answer {} is repeated", a.id)));
            }
            if !logins.contains(a.author.as_str()) {
                return Err(fixture_error(format!(
                    "answer {} names the unknown author {:?}",
                    a.id, a.author
                )));
            }
            let sourced = sources.contains(a.author.as_str());
            if sourced && invented(&a.created_at, a.upvotes, a.downvotes, a.accepted) {
                return Err(fixture_error(format!(
                    "answer {} is a source's text but carries a date, votes or an accepted mark",
                    a.id
                )));
            }
            if a.created_at.is_none() && !sourced {
                return Err(fixture_error(format!("answer {} has no date", a.id)));
            }
        }
    }
    Ok(())
}

/// Inserts members (ignoring addresses or logins already taken) and returns the ids of
/// the given addresses.
async fn ensure_members(
    conn: &impl ConnectionTrait,
    rows: Vec<Vec<Value>>,
    emails: &[String],
) -> Result<BTreeMap<String, i64>, StoreError> {
    insert_rows(
        conn,
        "members",
        &[
            "email",
            "display_name",
            "plan",
            "private_info_opt_out",
            "created_at",
            "login",
            "title",
            "avatar",
            "role",
            "imported_from",
        ],
        rows,
        "ON CONFLICT DO NOTHING",
    )
    .await?;
    let mut ids = BTreeMap::new();
    for chunk in emails.chunks(500) {
        let found = conn
            .query_all_raw(statement(
                conn.get_database_backend(),
                &format!(
                    "SELECT email, id FROM members WHERE email IN ({})",
                    placeholders(chunk.len())
                ),
                chunk.iter().map(|e| Value::from(e.as_str())).collect(),
            ))
            .await?;
        for row in found {
            ids.insert(row.try_get_by_index(0)?, row.try_get_by_index(1)?);
        }
    }
    Ok(ids)
}

/// A member row for [`ensure_members`]: the author's, at `email` (role staff for a staff
/// author).
fn member_row(email: &str, author: &FixtureAuthor, now: DateTime<Utc>) -> Vec<Value> {
    let role = if author.staff {
        Role::Staff
    } else {
        Role::Member
    };
    vec![
        email.into(),
        Some(author.name.clone()).into(),
        DEFAULT_PLAN.into(),
        false.into(),
        now.into(),
        author.login.as_str().into(),
        author.title.clone().into(),
        author.avatar.clone().into(),
        role.key().into(),
        author.source.clone().into(),
    ]
}

const QUESTION_COLUMNS: [&str; 14] = [
    "id",
    "category_id",
    "offer_id",
    "slug",
    "title",
    "more_info",
    "author_id",
    "created_at",
    "upvotes",
    "downvotes",
    "answer_count",
    "accepted_answer_id",
    "popularity",
    "hidden",
];

const ANSWER_COLUMNS: [&str; 9] = [
    "id",
    "question_id",
    "author_id",
    "content",
    "created_at",
    "edited_at",
    "upvotes",
    "downvotes",
    "hidden",
];

/// A counter as stored (saturating: no fixture counts that high).
fn stored_count(n: u64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// `(upvotes - downvotes) + 2 * answer_count`.
fn popularity(upvotes: u64, downvotes: u64, answers: u64) -> i32 {
    let p = i64::try_from(upvotes).unwrap_or(i64::MAX / 4)
        - i64::try_from(downvotes).unwrap_or(i64::MAX / 4)
        + 2 * i64::try_from(answers).unwrap_or(i64::MAX / 4);
    i32::try_from(p).unwrap_or(if p < 0 { i32::MIN } else { i32::MAX })
}

/// On PostgreSQL, moves the id sequences past the explicit ids just inserted (SQLite's
/// AUTOINCREMENT follows them by itself).
async fn reset_sequences(conn: &impl ConnectionTrait) -> Result<(), StoreError> {
    if conn.get_database_backend() != DbBackend::Postgres {
        return Ok(());
    }
    for table in ["qna_categories", "qna_questions", "qna_answers"] {
        conn.execute_unprepared(&format!(
            "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
             COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
        ))
        .await?;
    }
    Ok(())
}

/// Whether the area holds no category yet; on PostgreSQL it first locks the categories
/// so that two loaders run one after the other (SQLite's write transaction already
/// does).
async fn no_categories(conn: &impl ConnectionTrait) -> Result<bool, StoreError> {
    if conn.get_database_backend() == DbBackend::Postgres {
        conn.execute_unprepared("LOCK TABLE qna_categories IN SHARE ROW EXCLUSIVE MODE")
            .await?;
    }
    let row = conn
        .query_one_raw(statement(
            conn.get_database_backend(),
            "SELECT COUNT(*) FROM qna_categories",
            vec![],
        ))
        .await?
        .ok_or_else(|| StoreError::InvalidData("count returned no row".to_owned()))?;
    Ok(row.try_get_by_index::<i64>(0)? == 0)
}

/// Loads the community fixture in one write transaction, only when `qna_categories` is
/// empty: a second call (or a call on a database that has categories) does nothing and
/// returns false.
///
/// Each author becomes a passwordless member with the address
/// `{login}@`[`SAMPLE_EMAIL_DOMAIN`] (role staff for staff authors); an address or login
/// already registered is reused as it is. Categories, questions and answers keep their
/// fixture ids; `answer_count`, popularity and the accepted answer follow the answers;
/// `slug_of` makes each question's slug from its title. A fixture whose references do
/// not hold is [`StoreError::Fixture`] and loads nothing.
pub async fn load_community(
    db: &DatabaseConnection,
    fixture: &CommunityFixture,
    slug_of: impl Fn(&str) -> String,
) -> Result<bool, StoreError> {
    check(fixture)?;
    let txn = begin_write(db).await?;
    if !no_categories(&txn).await? {
        txn.rollback().await?;
        return Ok(false);
    }
    let now = Utc::now();
    insert_rows(
        &txn,
        "qna_categories",
        &["id", "name", "slug", "position"],
        fixture
            .categories
            .iter()
            .enumerate()
            .map(|(position, c)| {
                vec![
                    c.id.into(),
                    c.name.as_str().into(),
                    c.slug.as_str().into(),
                    stored_count(position as u64).into(),
                ]
            })
            .collect(),
        "",
    )
    .await?;
    let email_of = |login: &str| format!("{login}@{SAMPLE_EMAIL_DOMAIN}");
    let emails: Vec<String> = fixture.authors.iter().map(|a| email_of(&a.login)).collect();
    let rows = fixture
        .authors
        .iter()
        .zip(&emails)
        .map(|(a, email)| member_row(email, a, now))
        .collect();
    let by_email = ensure_members(&txn, rows, &emails).await?;
    let member_of = |login: &str| {
        by_email.get(&email_of(login)).copied().ok_or_else(|| {
            fixture_error(format!(
                "no member for the author {login:?} (its login may belong to another member)"
            ))
        })
    };
    let mut questions = Vec::with_capacity(fixture.questions.len());
    let mut answers = Vec::new();
    for q in &fixture.questions {
        let visible = q.answers.len() as u64;
        let accepted = q.answers.iter().find(|a| a.accepted).map(|a| a.id);
        questions.push(vec![
            q.id.into(),
            q.category_id.into(),
            q.offer_id.clone().into(),
            slug_of(&q.title).into(),
            q.title.as_str().into(),
            q.more_info.as_str().into(),
            member_of(&q.author)?.into(),
            q.created_at.unwrap_or(now).into(),
            stored_count(u64::from(q.upvotes)).into(),
            stored_count(u64::from(q.downvotes)).into(),
            stored_count(visible).into(),
            accepted.into(),
            popularity(u64::from(q.upvotes), u64::from(q.downvotes), visible).into(),
            false.into(),
        ]);
        for a in &q.answers {
            answers.push(vec![
                a.id.into(),
                q.id.into(),
                member_of(&a.author)?.into(),
                a.content.as_str().into(),
                a.created_at.unwrap_or(now).into(),
                a.edited.then(|| a.created_at.unwrap_or(now)).into(),
                stored_count(u64::from(a.upvotes)).into(),
                stored_count(u64::from(a.downvotes)).into(),
                false.into(),
            ]);
        }
    }
    insert_rows(&txn, "qna_questions", &QUESTION_COLUMNS, questions, "").await?;
    insert_rows(&txn, "qna_answers", &ANSWER_COLUMNS, answers, "").await?;
    reset_sequences(&txn).await?;
    txn.commit().await?;
    Ok(true)
}

/// What [`seed_bulk`] added.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeedReport {
    /// Questions added.
    pub questions: u64,
    /// Answers added.
    pub answers: u64,
}

/// Words the benchmark's text is made of.
const WORDS: [&str; 48] = [
    "credit",
    "card",
    "score",
    "report",
    "loan",
    "rate",
    "interest",
    "balance",
    "transfer",
    "annual",
    "fee",
    "rewards",
    "cash",
    "back",
    "travel",
    "points",
    "miles",
    "bank",
    "savings",
    "account",
    "checking",
    "deposit",
    "mortgage",
    "insurance",
    "car",
    "limit",
    "payment",
    "late",
    "apr",
    "bonus",
    "approval",
    "secured",
    "student",
    "business",
    "debt",
    "consolidation",
    "budget",
    "refinance",
    "monitoring",
    "identity",
    "theft",
    "freeze",
    "bureau",
    "history",
    "utilization",
    "hotel",
    "airline",
    "gas",
];

/// A deterministic stream of pseudo-random numbers (SplitMix64).
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn text(&mut self, min: u64, spread: u64) -> String {
        let n = min + self.below(spread);
        let mut out = String::new();
        for i in 0..n {
            if i > 0 {
                out.push(' ');
            }
            let word = usize::try_from(self.below(WORDS.len() as u64)).unwrap_or(0);
            out.push_str(WORDS.get(word).copied().unwrap_or("credit"));
        }
        out
    }
}

/// Questions per transaction of [`seed_bulk`].
const SEED_BATCH: u64 = 25_000;

/// Members the benchmark's questions and answers are spread over.
const SEED_AUTHORS: u64 = 200;

/// Categories [`seed_bulk`] makes when the area has none.
const SEED_CATEGORIES: i64 = 8;

async fn max_id(conn: &impl ConnectionTrait, table: &str) -> Result<i64, StoreError> {
    let row = conn
        .query_one_raw(statement(
            conn.get_database_backend(),
            &format!("SELECT COALESCE(MAX(id), 0) FROM {table}"),
            vec![],
        ))
        .await?
        .ok_or_else(|| StoreError::InvalidData("max returned no row".to_owned()))?;
    Ok(row.try_get_by_index(0)?)
}

/// Adds `questions` questions with `answers_per_question` answers each, for benchmarks:
/// deterministic text from a small word list, pseudo-random votes, every third question
/// with an accepted answer and every tenth on one of 100 products (`bench-offer-{n}`).
/// Makes 8 categories when the area has none and 200 members `bench{n}@…`; ids follow
/// the largest existing ones. Multi-row inserts, one transaction per 25,000 questions.
pub async fn seed_bulk(
    db: &DatabaseConnection,
    questions: u64,
    answers_per_question: u64,
    now: DateTime<Utc>,
) -> Result<SeedReport, StoreError> {
    let txn = begin_write(db).await?;
    if no_categories(&txn).await? {
        insert_rows(
            &txn,
            "qna_categories",
            &["id", "name", "slug", "position"],
            (1..=SEED_CATEGORIES)
                .map(|n| {
                    vec![
                        n.into(),
                        format!("Bench category {n}").into(),
                        format!("bench-{n}").into(),
                        i32::try_from(n).unwrap_or(0).into(),
                    ]
                })
                .collect(),
            "",
        )
        .await?;
        reset_sequences(&txn).await?;
    }
    let category_ids: Vec<i64> = txn
        .query_all_raw(statement(
            txn.get_database_backend(),
            "SELECT id FROM qna_categories ORDER BY id",
            vec![],
        ))
        .await?
        .iter()
        .map(|row| row.try_get_by_index(0))
        .collect::<Result<_, _>>()?;
    let emails: Vec<String> = (0..SEED_AUTHORS)
        .map(|n| format!("bench{n}@{BENCH_EMAIL_DOMAIN}"))
        .collect();
    let rows = emails
        .iter()
        .enumerate()
        .map(|(n, email)| {
            let author = FixtureAuthor {
                login: format!("bench{n}"),
                name: format!("Bench member {n}"),
                title: None,
                avatar: None,
                staff: n % 10 == 0,
                source: None,
            };
            member_row(email, &author, now)
        })
        .collect();
    let authors: Vec<i64> = ensure_members(&txn, rows, &emails)
        .await?
        .into_values()
        .collect();
    if authors.is_empty() || category_ids.is_empty() {
        return Err(StoreError::InvalidData(
            "no members or categories to seed with".to_owned(),
        ));
    }
    let mut next_question = max_id(&txn, "qna_questions").await? + 1;
    let mut next_answer = max_id(&txn, "qna_answers").await? + 1;
    txn.commit().await?;

    let pick = |list: &[i64], n: u64| -> i64 {
        let i = usize::try_from(n % list.len() as u64).unwrap_or(0);
        list.get(i).copied().unwrap_or(0)
    };
    let mut report = SeedReport::default();
    let mut remaining = questions;
    while remaining > 0 {
        let batch = remaining.min(SEED_BATCH);
        remaining -= batch;
        let mut question_rows = Vec::new();
        let mut answer_rows = Vec::new();
        for _ in 0..batch {
            let id = next_question;
            next_question += 1;
            let mut mix = Mix(id.unsigned_abs());
            let upvotes = mix.below(50);
            let downvotes = mix.below(10);
            let first_answer = next_answer;
            let accepted = (answers_per_question > 0 && id % 3 == 0).then_some(first_answer);
            let asked =
                now - chrono::Duration::minutes(i64::try_from(mix.below(500_000)).unwrap_or(0));
            let title = mix.text(5, 8);
            question_rows.push(vec![
                id.into(),
                pick(&category_ids, mix.next()).into(),
                (id % 10 == 0)
                    .then(|| format!("bench-offer-{}", id % 1000 / 10))
                    .into(),
                format!("bench-question-{id}").into(),
                title.into(),
                mix.text(10, 30).into(),
                pick(&authors, mix.next()).into(),
                asked.into(),
                stored_count(upvotes).into(),
                stored_count(downvotes).into(),
                stored_count(answers_per_question).into(),
                accepted.into(),
                popularity(upvotes, downvotes, answers_per_question).into(),
                false.into(),
            ]);
            for _ in 0..answers_per_question {
                let answer_id = next_answer;
                next_answer += 1;
                answer_rows.push(vec![
                    answer_id.into(),
                    id.into(),
                    pick(&authors, mix.next()).into(),
                    mix.text(15, 30).into(),
                    (asked
                        + chrono::Duration::minutes(i64::try_from(mix.below(10_000)).unwrap_or(0)))
                    .into(),
                    Value::from(None::<DateTime<Utc>>),
                    stored_count(mix.below(20)).into(),
                    stored_count(mix.below(5)).into(),
                    false.into(),
                ]);
            }
        }
        report.questions += batch;
        report.answers += answer_rows.len() as u64;
        let txn = begin_write(db).await?;
        insert_rows(&txn, "qna_questions", &QUESTION_COLUMNS, question_rows, "").await?;
        insert_rows(&txn, "qna_answers", &ANSWER_COLUMNS, answer_rows, "").await?;
        txn.commit().await?;
    }
    let txn = begin_write(db).await?;
    reset_sequences(&txn).await?;
    txn.commit().await?;
    Ok(report)
}
