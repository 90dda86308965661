//! Question-and-answer answers (community §3: question, answer, answer-post and question-list
//! shapes, with the field names the box reads).

use serde::{Deserialize, Serialize};

/// A question category offered in the ask overlay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
pub struct Category {
    /// Category id.
    pub id: i64,
    /// Category name.
    pub name: String,
}

/// One answer to a question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
pub struct Answer {
    /// Answer id.
    pub id: i64,
    /// Author's member id.
    pub uid: i64,
    /// Author's login, shown with a leading `@`.
    pub user_login: String,
    /// Author's full name.
    pub user_fullname: String,
    /// Author's title (for example an expert's role).
    pub user_title: String,
    /// Author's avatar address.
    pub user_avatar: String,
    /// The short version of the answer (sanitised HTML).
    pub content: String,
    /// The long version of the answer (sanitised HTML).
    pub full_content: String,
    /// When it was posted (RFC 3339).
    pub date: String,
    /// Whether it was edited after posting.
    pub edited: bool,
    /// Up-votes.
    pub upvote: i64,
    /// Down-votes.
    pub downvote: i64,
}

/// One question with its first answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
pub struct Question {
    /// Question id.
    pub id: i64,
    /// The title.
    pub ques_content: String,
    /// Further detail the asker gave.
    pub ques_more_info: String,
    /// The slug of the title.
    pub ques_slug: String,
    /// The slug, `-`, then the id.
    pub ques_fullslug: String,
    /// The question's page: `/answers/{full slug}`.
    pub ques_href: String,
    /// Up-votes.
    pub upvote: i64,
    /// Down-votes.
    pub downvote: i64,
    /// The answers loaded with the question.
    pub answers: Vec<Answer>,
    /// How many answers exist in all.
    pub total_answers: i64,
    /// Whether more answers can be fetched.
    pub has_more_answers: bool,
    /// Whether the question came from a search.
    pub from_search: bool,
}

/// A page of questions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
pub struct QuestionListResponse {
    /// The questions of this page.
    pub questions: Vec<Question>,
    /// How many pages exist.
    pub pages: i64,
    /// The page answered, from 1.
    pub current_page: i64,
    /// How many questions match in all.
    pub total_questions: i64,
    /// The categories a question can be asked in.
    pub categories: Vec<Category>,
}

/// Answer to posting an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
pub struct AnswerPostResponse {
    /// The new answer's id.
    pub id: i64,
    /// When it was posted (RFC 3339).
    pub date: String,
    /// The answer as stored (sanitised HTML).
    pub answer: String,
    /// Author's login.
    pub user_login: String,
    /// Author's full name.
    pub fullname: String,
    /// Author's avatar address.
    pub avatar: String,
    /// Author's title.
    pub user_title: String,
    /// Whether it was edited.
    pub edited: bool,
}
