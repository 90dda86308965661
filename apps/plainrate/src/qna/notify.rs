//! The community's e-mails, on the `answers` list (one-click unsubscribe): the asker hears
//! of the first answer someone else gives, and an answerer hears that the asker accepted
//! their answer. Each is queued in the transaction of the write that causes it, only to a
//! confirmed address (a joined member's confirmation link, a light member's sign-in link or
//! a guest's e-mailed code proved it), and never to the person who did the thing. They
//! quote nothing a member wrote (no name, no title): the HTML part makes every web address
//! a link, and a site-signed e-mail must carry no link a member chose. The question's own
//! address names it.

use chrono::{DateTime, Utc};
use mail_delivery::unsubscribe::List;
use qna_validation::links::FullSlug;
use store::qna::QuestionRow;

use crate::{ApiError, AppState};

/// Subject of the e-mail about a question's first answer.
pub const FIRST_ANSWER_SUBJECT: &str = "Your question has an answer";
/// Subject of the e-mail about an accepted answer.
pub const ACCEPTED_SUBJECT: &str = "Your answer was accepted";

/// The member's address, when it is confirmed and they are not `actor`.
async fn confirmed_address(
    txn: &impl sea_orm::ConnectionTrait,
    member_id: i64,
    actor: i64,
) -> Result<Option<String>, ApiError> {
    if member_id == actor {
        return Ok(None);
    }
    let member = store::members::member(txn, member_id).await?;
    Ok(member
        .filter(|m| m.email_confirmed_at.is_some())
        .map(|m| m.email))
}

fn question_link(state: &AppState, question: &QuestionRow) -> String {
    let full = FullSlug::new(&question.title, u64::try_from(question.id).unwrap_or(0));
    format!(
        "{}{}",
        site_urls::trim_base_address(&state.settings.base_url),
        full.link()
    )
}

/// After `answerer` answered `question`: the asker's e-mail, once per question (its key
/// is the question's, so later answers queue nothing more).
pub async fn first_answer(
    state: &AppState,
    txn: &impl sea_orm::ConnectionTrait,
    question: &QuestionRow,
    answerer: i64,
    at: DateTime<Utc>,
) -> Result<(), ApiError> {
    let Some(to) = confirmed_address(txn, question.author.member_id, answerer).await? else {
        return Ok(());
    };
    let body = format!(
        "Someone answered your question on Plainrate. Read the answer, vote on it or accept \
         it:\n\n{}",
        question_link(state, question)
    );
    let message = crate::unsubscribe::list_message(
        &state.settings.base_url,
        &state.secret,
        List::Answers,
        &to,
        FIRST_ANSWER_SUBJECT,
        &body,
        format!("answers:first:{}", question.id),
    );
    store::outbox::enqueue(txn, message, at).await?;
    Ok(())
}

/// After the asker accepted answer `answer_id` of `answerer`: the answerer's e-mail, once
/// per answer.
pub async fn accepted(
    state: &AppState,
    txn: &impl sea_orm::ConnectionTrait,
    question: &QuestionRow,
    answer_id: i64,
    answerer: i64,
    at: DateTime<Utc>,
) -> Result<(), ApiError> {
    let Some(to) = confirmed_address(txn, answerer, question.author.member_id).await? else {
        return Ok(());
    };
    let body = format!(
        "The asker accepted your answer on Plainrate. Thank you for helping:\n\n{}",
        question_link(state, question)
    );
    let message = crate::unsubscribe::list_message(
        &state.settings.base_url,
        &state.secret,
        List::Answers,
        &to,
        ACCEPTED_SUBJECT,
        &body,
        format!("answers:accepted:{answer_id}"),
    );
    store::outbox::enqueue(txn, message, at).await?;
    Ok(())
}
