//! Question-and-answer answers (community §3: question, answer, answer-post and question-list
//! shapes, with the field names the box reads).

use serde::{Deserialize, Serialize};

/// A question category offered in the ask overlay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Category {
    /// Category id.
    pub id: i64,
    /// Category name.
    pub name: String,
}

/// Where a question or an answer taken from a public source comes from, and its licence.
/// Such text names no person: the source records no author, date or votes for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Attribution {
    /// The source's name.
    pub source: String,
    /// Where the source publishes the text.
    pub source_url: String,
    /// The licence's short name.
    pub licence: String,
    /// The licence's text.
    pub licence_url: String,
    /// What the source does not record and what was changed.
    pub note: String,
}

/// One answer to a question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
    /// The answer the asker accepted.
    pub accepted: bool,
    /// Written by site staff: shown as an expert's answer.
    pub expert: bool,
    /// Taken from a public source: shown attributed to it, with no author or date. The
    /// author fields then name the source's account and `date` is when it was added here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub source: Option<Attribution>,
    /// The signed-in member's own vote on it: 1 up, -1 down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub my_vote: Option<i8>,
}

/// One question with its first answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
    /// Its category.
    pub category_id: i64,
    /// The product page it was asked on, when it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub offer_id: Option<String>,
    /// The asker's member id (who may accept an answer).
    pub asker_uid: i64,
    /// The asker's login.
    pub asker_login: String,
    /// When it was asked (RFC 3339); for a source's question, when it was added here.
    pub date: String,
    /// Taken from a public source: shown attributed to it, with no asker or date.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub source: Option<Attribution>,
    /// The signed-in member's own vote on it: 1 up, -1 down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub my_vote: Option<i8>,
}

/// A page of questions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
    /// Where sample questions and answers come from and under which licence, shown with
    /// them wherever they appear; absent when the site holds no sample content.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub attribution: Option<String>,
}

/// Answer to posting an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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

/// More answers of one question (`Qna.Answers`), in answer order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AnswersResponse {
    /// The question.
    pub question_id: i64,
    /// The answers from `offset`.
    pub answers: Vec<Answer>,
    /// How many answers exist in all.
    pub total_answers: i64,
    /// Whether more answers follow these.
    pub has_more_answers: bool,
}

/// One question with a page of its answers (`Qna.Question`, the question's own page).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct QuestionResponse {
    /// The question; its `answers` are the first page of answers.
    pub question: Question,
    /// Its category's name.
    pub category: String,
    /// Where sample questions and answers come from and under which licence, shown with
    /// them wherever they appear; absent when the site holds no sample content.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub attribution: Option<String>,
}

/// Where a question or a code entry stands (`Qna.Ask`, `Qna.ConfirmCode`, `Qna.ResendCode`):
/// the states of the ask overlay the server decides (community §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum AskStatus {
    /// Published: the submitted confirmation.
    Submitted,
    /// A guest's question waits for the code e-mailed to them.
    CodeRequired,
    /// The code was wrong; a resend is offered.
    WrongCode,
    /// The code is too old; a resend gives a new one.
    Expired,
    /// Too many wrong codes; a resend gives a new one.
    TooManyAttempts,
    /// A new code was sent.
    Resent,
}

/// Answer of the ask calls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AskResponse {
    /// `false`: the call worked (a wrong code is a state, not an error).
    pub error: bool,
    /// Where the question stands.
    pub status: AskStatus,
    /// What to tell the visitor.
    pub message: String,
    /// The waiting question, for the code step: a token to send back as `pending`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub pending: Option<String>,
    /// Attempts left after a wrong code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub attempts_left: Option<u32>,
    /// The published question.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub question: Option<Question>,
}

/// Answer of a vote on a question or answer (`Qna.Vote`), with the fields the rating calls
/// use for guests and delegated sessions.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct QnaVoteResponse {
    /// How the write went: refused, for a guest, with a message.
    #[serde(flatten)]
    #[cfg_attr(feature = "ts-rs", ts(flatten))]
    pub status: crate::write_status::WriteStatus,
    /// Up-votes after the vote.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub upvote: Option<i64>,
    /// Down-votes after the vote.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub downvote: Option<i64>,
    /// The member's vote now: 1 up, -1 down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub my_vote: Option<i8>,
}

/// A plain acknowledgement (`Qna.Report`, `Qna.Accept`, `Qna.Hide`, `Qna.Restore`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct QnaDone {
    /// `false`.
    pub error: bool,
    /// What happened, in words.
    pub message: String,
}

/// One reported item waiting for a moderator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModerationItem {
    /// `question` or `answer`.
    pub kind: String,
    /// The item's id.
    pub id: i64,
    /// The question's title or the answer's text.
    pub text: String,
    /// Whether it is hidden now.
    pub hidden: bool,
    /// Open reports.
    pub reports: u32,
    /// The page of the latest report.
    pub page_address: String,
    /// When the latest report was made (RFC 3339).
    pub reported_at: String,
}

/// The moderation queue (`Qna.ModerationQueue`, staff and moderators only).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModerationQueueResponse {
    /// Reported items, most recently reported first.
    pub items: Vec<ModerationItem>,
}
