//! The article helpful widget: `send_edu_feedback` (community §3 "Helpful feedback", §4
//! "Helpful widget", §7).
//!
//! A POST with the anti-forgery token: `postId`, `url`, `helpful` (a flag: [`qna_validation::flag`]),
//! `type` (default `EDU`) and, when not helpful, `feedback`, the reason, checked by the
//! widget's own rule ([`FeedbackReason::parse`]: cleaned, at least 10 characters, message
//! "Content must have at least 10 characters."). A helpful vote's `feedback` is ignored.
//!
//! - Guests and members may send feedback; a member's id is stored with it.
//! - A delegated session gets `error: true` with the permission message and nothing is
//!   written. It is a 200, as for rating votes, because the request layer reads a 403 as
//!   "banned".
//! - Each client address may send [`crate::limits::FEEDBACK_IP_MINUTE`] answers a minute
//!   and [`crate::limits::FEEDBACK_IP_DAY`] a day; beyond that the answer is a 429 with
//!   [`crate::limits::TOO_MANY`] and nothing is stored. The limit hits and the row are
//!   committed together.

use api_types::dialogs::HelpfulFeedbackResponse;
use axum::response::Response;
use chrono::Utc;
use qna_validation::constants::FEEDBACK_TYPE_DEFAULT;
use qna_validation::helpful::FeedbackReason;
use qna_validation::lengths::{self, TextLimit};
use qna_validation::permissions::Action as Permission;
use store::StoreError;
use store::feedback::NewFeedback;
use visitor_state::status::PERMISSION_DENIED_MESSAGE;

use crate::limits;
use crate::rpc::{ActionFuture, ActionRequest, Params, Refusal, within_limit};
use crate::{ApiError, AppState};

/// A required text parameter of at most `max` characters (trimmed).
fn bounded(params: &Params, limit: TextLimit) -> Result<&str, ApiError> {
    let value = params.required(limit.label)?;
    within_limit(limit.label, limit, value)?;
    Ok(value)
}

/// `type`: letters, digits, `_` and `-`, at most [`lengths::FEEDBACK_TYPE_MAX_CHARS`]; absent or blank is
/// `EDU`.
fn type_field(params: &Params) -> Result<&str, ApiError> {
    let raw = params.get("type").map(str::trim).unwrap_or("");
    if raw.is_empty() {
        return Ok(FEEDBACK_TYPE_DEFAULT);
    }
    let valid = raw.len() <= lengths::FEEDBACK_TYPE_MAX_CHARS
        && raw
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !valid {
        return Err(ApiError::validation(
            "type",
            format!(
                "type must be letters, digits, _ or -, at most {} characters",
                lengths::FEEDBACK_TYPE_MAX_CHARS
            ),
        ));
    }
    Ok(raw)
}

/// `feedback` of a negative vote, by the widget's rule.
fn reason_field(params: &Params) -> Result<FeedbackReason, ApiError> {
    let reason = FeedbackReason::parse(params.get("feedback").unwrap_or(""))
        .map_err(|err| ApiError::validation("feedback", err.to_string()))?;
    within_limit("feedback", lengths::FEEDBACK_REASON, reason.as_str())?;
    Ok(reason)
}

fn answer(body: HelpfulFeedbackResponse) -> Response {
    crate::rpc::private_json(body)
}

/// `send_edu_feedback`.
pub fn send_feedback(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let params = &request.params;
        let post_id = bounded(params, lengths::FEEDBACK_POST_ID)?;
        let url = bounded(params, lengths::FEEDBACK_URL)?;
        let helpful = params.flag("helpful")?;
        let kind = type_field(params)?;
        let reason = if helpful {
            None
        } else {
            Some(reason_field(params)?)
        };
        if request.may(Permission::Report) == Err(Refusal::Delegated) {
            return Ok(answer(HelpfulFeedbackResponse {
                error: true,
                message: Some(PERMISSION_DENIED_MESSAGE.to_owned()),
            }));
        }
        let now = Utc::now();
        let ip = limits::ip_subject(request.client_ip);
        let hits = [
            limits::FEEDBACK_IP_MINUTE.on(&ip),
            limits::FEEDBACK_IP_DAY.on(&ip),
        ];
        let txn = store::begin_write(&state.db).await?;
        if store::limits::hit_all(&txn, &hits, now).await? {
            // A refused attempt still counts.
            txn.commit().await.map_err(StoreError::from)?;
            return Err(ApiError::RateLimited(limits::TOO_MANY.to_owned()));
        }
        let feedback = NewFeedback {
            page_id: post_id,
            url,
            helpful,
            reason: reason.as_ref().map(FeedbackReason::as_str),
            kind: Some(kind),
            member_id: request.visitor.member_id(),
        };
        store::feedback::insert_feedback(&txn, &feedback, now).await?;
        txn.commit().await.map_err(StoreError::from)?;
        Ok(answer(HelpfulFeedbackResponse {
            error: false,
            message: None,
        }))
    })
}
