//! The community question-and-answer area: categories, questions and answers, votes on
//! both, abuse reports and their moderation, guests' questions waiting for an e-mailed
//! code, and the full-text search over questions.
//!
//! Every query takes `conn: &impl ConnectionTrait`, so the caller runs it inside its own
//! write transaction ([`crate::begin_write`]); the functions that write several
//! statements (votes, answers, moderation, pending questions) rely on that transaction to
//! keep them together, and an error means the caller rolls back. Rows come back as the
//! typed rows of this module, never as entity models.
//!
//! # Rules
//!
//! - **Popularity** (sort key `mp`, [`Sort::Popular`], the default) is
//!   `(upvotes − downvotes) + 2 × answer_count`. It is stored in `qna_questions.popularity`
//!   and moved by the same statement as every vote on the question and every change of
//!   its visible answers (new, hidden, restored). Ties: newer question (higher id) first.
//! - **Most upvotes** (`mv`, [`Sort::Upvotes`]): upvotes, most first, then newer first.
//! - Hidden questions are never listed nor found by the search; [`question`] returns them
//!   with their `hidden` flag (for moderators), and callers filter.
//! - **Answer order** within a question: the accepted answer first, then by
//!   `upvotes − downvotes`, highest first, then oldest first. Hidden answers are never
//!   listed, and `answer_count` counts only visible answers. A hidden accepted answer
//!   stays the question's `accepted_answer_id` (so a restore brings it back as it was),
//!   but is not shown.
//! - **Votes**: one per member per item (question or answer), up or down. Changing it
//!   moves both counters (up to down: one fewer up, one more down); voting the same value
//!   again writes nothing and says so ([`VoteOutcome::changed`] is false), so a client's
//!   retry never counts twice. The vote row and the item's counters (and, for a
//!   question, its popularity) are written together. Voting on a missing or hidden item,
//!   or on an answer of a hidden question, is a [`QnaError`].
//! - **Accept**: only the question's author may mark one of its (visible) answers
//!   accepted; a later accept replaces the earlier one.
//! - **Reports** leave the item visible; they wait in the [`moderation_queue`] until a
//!   moderator (role staff or moderator) hides or restores the item, which logs the
//!   action in `qna_moderation_log` and resolves the item's open reports.
//! - **Authors**: a member's public login is `login`, or `member{id}` when none is set;
//!   answers of staff and moderators are shown as an expert's.
//! - **Search** ranks by `bm25` over an FTS5 table on SQLite and by `ts_rank` over a
//!   generated `tsvector` on PostgreSQL, the title weighing more than the details, when
//!   it finds up to [`RANKED_SEARCH_MAX`] questions; a broader search lists the questions
//!   with every word in the title first, then the rest, newest first (the `search`
//!   module says why). The user's text is cut into words (letters and digits); English
//!   stop words are dropped, and every remaining word must match (stemmed). Text without
//!   such words finds nothing; no user text reaches the search syntax.
//! - **Guest questions** wait in `qna_pending_questions` with the SHA-256 of the code
//!   e-mailed to the guest; the right code (compared by digest, in constant time)
//!   publishes the question once under the member of that e-mail address (a light member
//!   is made when none exists). A wrong code counts an attempt; a resend replaces the
//!   code, its expiry and the attempts.

pub mod entity;
mod fixture;
pub mod m0007_qna;
pub mod m0010_members_imported_from;
mod moderation;
mod pending;
pub(crate) mod read;
mod search;
mod write;

use std::fmt;

use chrono::{DateTime, Utc};

pub use fixture::{
    CommunityFixture, FixtureAnswer, FixtureAuthor, FixtureCategory, FixtureQuestion,
    SAMPLE_EMAIL_DOMAIN, SeedReport, load_community, seed_bulk,
};
pub use moderation::{
    ModerationAction, ModerationEntry, NewReport, QueueEntry, hide, moderation_log,
    moderation_queue, report, restore,
};
pub use pending::{
    ConfirmOutcome, NewPending, ResendOutcome, confirm_pending, create_pending, resend_pending,
};
pub use read::{
    answers, categories, count_questions, first_answers, list_page, list_questions, question,
};
pub use search::{
    RANKED_SEARCH_MAX, SearchTotals, search_page, search_questions, search_terms, search_totals,
};
pub use write::{
    NewAnswer, NewQuestion, accept_answer, create_answer, create_category, create_question,
    edit_answer, my_votes, vote,
};

use crate::StoreError;

/// The order of a question list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Sort {
    /// Most popular first (key `mp`, the default).
    #[default]
    Popular,
    /// Most upvotes first (key `mv`).
    Upvotes,
}

impl Sort {
    /// The sort key of the question box (`mp` or `mv`).
    pub fn key(self) -> &'static str {
        match self {
            Self::Popular => "mp",
            Self::Upvotes => "mv",
        }
    }

    /// The sort a key names; none for an unknown key.
    pub fn from_key(key: &str) -> Option<Self> {
        match key {
            "mp" => Some(Self::Popular),
            "mv" => Some(Self::Upvotes),
            _ => None,
        }
    }
}

/// What a vote, report or moderation action is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// A question.
    Question,
    /// An answer.
    Answer,
    /// A member's written review of a product.
    Review,
}

impl ItemKind {
    /// The stored name: `question`, `answer` or `review`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Question => "question",
            Self::Answer => "answer",
            Self::Review => "review",
        }
    }

    /// The table holding items of this kind.
    pub(crate) fn table(self) -> &'static str {
        match self {
            Self::Question => "qna_questions",
            Self::Answer => "qna_answers",
            Self::Review => "product_reviews",
        }
    }

    /// The kind a stored name names.
    pub fn from_key(key: &str) -> Option<Self> {
        match key {
            "question" => Some(Self::Question),
            "answer" => Some(Self::Answer),
            "review" => Some(Self::Review),
            _ => None,
        }
    }

    fn parse(key: &str) -> Result<Self, StoreError> {
        Self::from_key(key)
            .ok_or_else(|| StoreError::InvalidData(format!("unknown item kind {key:?}")))
    }
}

impl fmt::Display for ItemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

pub use crate::members::Role;

/// A vote: up or down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VoteValue {
    /// An up vote (stored as `1`).
    Up,
    /// A down vote (stored as `-1`).
    Down,
}

impl VoteValue {
    /// The stored value: `1` or `-1`.
    pub fn stored(self) -> i16 {
        match self {
            Self::Up => 1,
            Self::Down => -1,
        }
    }

    fn from_stored(value: i16) -> Result<Self, StoreError> {
        match value {
            1 => Ok(Self::Up),
            -1 => Ok(Self::Down),
            other => Err(StoreError::InvalidData(format!("stored vote of {other}"))),
        }
    }
}

/// Which questions a list or search covers; `None` means any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ListFilter<'a> {
    /// Only questions of this category.
    pub category_id: Option<i64>,
    /// Only questions shown on this product's page.
    pub offer_id: Option<&'a str>,
}

/// A question category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryRow {
    /// Category id.
    pub id: i64,
    /// Display name.
    pub name: String,
    /// Address slug.
    pub slug: String,
}

/// The author of a question or an answer, as shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthorRow {
    /// The member's id.
    pub member_id: i64,
    /// The public login (`member{id}` when the member has none).
    pub login: String,
    /// Display name.
    pub name: Option<String>,
    /// Job title or caption.
    pub title: Option<String>,
    /// Avatar address.
    pub avatar: Option<String>,
    /// Staff or moderator: shown as an expert.
    pub expert: bool,
    /// The key of the public source this account stands for (`qna_validation::sources`):
    /// its text is shown attributed to the source, not as a member's.
    pub source: Option<String>,
}

/// A question with its counters and author.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuestionRow {
    /// Question id.
    pub id: i64,
    /// Its category.
    pub category_id: i64,
    /// The product page it is shown on, if any.
    pub offer_id: Option<String>,
    /// Address slug (the full slug is `{slug}-{id}`).
    pub slug: String,
    /// The question.
    pub title: String,
    /// The asker's further details.
    pub more_info: String,
    /// Up votes.
    pub upvotes: u32,
    /// Down votes.
    pub downvotes: u32,
    /// Visible answers.
    pub answer_count: u32,
    /// The accepted answer, if any.
    pub accepted_answer_id: Option<i64>,
    /// When it was asked.
    pub created_at: DateTime<Utc>,
    /// The asker.
    pub author: AuthorRow,
    /// Hidden by a moderator (only [`question`] returns hidden questions).
    pub hidden: bool,
}

/// An answer with its counters and author.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerRow {
    /// Answer id.
    pub id: i64,
    /// The question answered.
    pub question_id: i64,
    /// The answer's text.
    pub content: String,
    /// When it was posted.
    pub created_at: DateTime<Utc>,
    /// Changed by its author since.
    pub edited: bool,
    /// Up votes.
    pub upvotes: u32,
    /// Down votes.
    pub downvotes: u32,
    /// The question's accepted answer.
    pub accepted: bool,
    /// The answering member.
    pub author: AuthorRow,
    /// Hidden by a moderator (lists never hold hidden answers).
    pub hidden: bool,
}

/// One page of questions.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct QuestionPage {
    /// The page's questions, in order.
    pub questions: Vec<QuestionRow>,
    /// How many questions the whole list (or search) holds.
    pub total: u64,
}

/// What a vote did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VoteOutcome {
    /// Whether anything changed (false when the member had already voted exactly this).
    pub changed: bool,
    /// The item's up votes after the vote.
    pub upvotes: u32,
    /// The item's down votes after the vote.
    pub downvotes: u32,
}

/// Why a question-and-answer write was refused.
#[derive(Debug, thiserror::Error)]
pub enum QnaError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// No such question or answer.
    #[error("{kind} {id} not found")]
    NotFound {
        /// Question or answer.
        kind: ItemKind,
        /// The id asked for.
        id: i64,
    },
    /// The question or answer is hidden by a moderator.
    #[error("{kind} {id} is hidden")]
    Hidden {
        /// Question or answer.
        kind: ItemKind,
        /// The hidden item's id.
        id: i64,
    },
    /// Only the author may do this (accept an answer, edit an answer).
    #[error("member {member_id} is not the author")]
    NotAuthor {
        /// The member who tried.
        member_id: i64,
    },
    /// Only staff and moderators may hide and restore.
    #[error("member {member_id} may not moderate")]
    NotModerator {
        /// The member who tried.
        member_id: i64,
    },
    /// The answer belongs to another question.
    #[error("answer {answer_id} does not answer question {question_id}")]
    NotAnAnswerOf {
        /// The answer named.
        answer_id: i64,
        /// The question named.
        question_id: i64,
    },
}

impl From<sea_orm::DbErr> for QnaError {
    fn from(err: sea_orm::DbErr) -> Self {
        Self::Store(err.into())
    }
}
