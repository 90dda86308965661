//! Asking (community §4 "Ask overlay"): a member's question is published at once; a
//! guest's waits for the 6-digit code e-mailed to them, and the code step answers the
//! states the browser tells apart (wrong code, expired, too many attempts, resent,
//! submitted).

use api_types::qna::{AskResponse, AskStatus, Question};
use chrono::{DateTime, Utc};
use qna_validation::category::{Category, select_category};
use qna_validation::guest::{GuestEmail, OneTimeCode};
use qna_validation::lengths;
use qna_validation::links::question_slug;
use qna_validation::permissions::Action as Permission;
use qna_validation::question::QuestionText;
use store::outbox::{Channel, NewMessage};
use store::qna::{self as db, ConfirmOutcome, NewPending, NewQuestion, ResendOutcome};

use super::wire::{self, private_json};
use super::{CODE_LIFETIME, MAX_CODE_ATTEMPTS, MAX_CODE_RESENDS};
use crate::limits;
use crate::rpc::{Acting, ActionFuture, ActionRequest, Params, within_limit};
use crate::{ApiError, AppState};

/// Subject of the e-mail carrying a question's code.
pub const CODE_SUBJECT: &str = "Your code to publish your question";

/// What a question will be: checked title and details, category, product page.
struct Draft {
    title: QuestionText,
    more_info: String,
    category_id: i64,
    offer_id: Option<String>,
}

fn respond(status: AskStatus, message: &str) -> AskResponse {
    AskResponse {
        error: false,
        status,
        message: message.to_owned(),
        pending: None,
        attempts_left: None,
        question: None,
    }
}

/// Refuses text with profanity, naming the word (community §5).
pub fn refuse_profanity(field: &str, text: &str) -> Result<(), ApiError> {
    match qna_validation::profanity::check_profanity(text) {
        Some(message) => Err(ApiError::validation(field, message)),
        None => Ok(()),
    }
}

/// Reads and checks the question with the same rules as the browser.
async fn draft(state: &AppState, params: &Params) -> Result<Draft, ApiError> {
    let title = QuestionText::parse(params.get("title").unwrap_or(""))
        .map_err(|e| ApiError::validation("title", e.to_string()))?;
    let more_info = params.get("more_info").unwrap_or("").trim().to_owned();
    within_limit("more_info", lengths::QUESTION_DETAILS, &more_info)?;
    refuse_profanity("title", title.as_str())?;
    refuse_profanity("more_info", &more_info)?;
    let available: Vec<Category> = db::categories(&state.db)
        .await?
        .into_iter()
        .filter_map(|c| {
            Some(Category {
                id: u64::try_from(c.id).ok()?,
                name: c.name,
            })
        })
        .collect();
    let chosen = params.parse_optional::<u64>("category")?;
    let category_id = select_category(&available, chosen)
        .map_err(|e| ApiError::validation("category", e.to_string()))?
        .and_then(|id| i64::try_from(id).ok())
        .ok_or_else(|| ApiError::validation("category", "There is no category to ask in yet."))?;
    let offer_id = match params.get("offer").map(str::trim).filter(|o| !o.is_empty()) {
        None => None,
        Some(offer) => {
            let snapshot = state.catalogue.snapshot();
            let found = snapshot
                .offer(offer)
                .map(|o| o.identity.id.as_str().to_owned());
            Some(found.ok_or_else(|| ApiError::validation("offer", "no such product"))?)
        }
    };
    Ok(Draft {
        title,
        more_info,
        category_id,
        offer_id,
    })
}

/// A fresh 6-digit code.
fn new_code() -> String {
    let bytes = crate::state::random_bytes::<8>();
    format!("{:06}", u64::from_le_bytes(bytes) % 1_000_000)
}

/// The published question as the box shows it (no answers yet).
async fn published(conn: &impl sea_orm::ConnectionTrait, id: i64) -> Result<Question, ApiError> {
    let row = db::question(conn, id)
        .await?
        .ok_or_else(|| ApiError::Internal(format!("question {id} vanished")))?;
    Ok(wire::question(&row, Vec::new(), false, None))
}

fn code_mail(email: &str, code: &str, pending: i64) -> NewMessage {
    let minutes = CODE_LIFETIME.num_minutes();
    NewMessage {
        channel: Channel::Email,
        recipient: email.to_owned(),
        subject: Some(CODE_SUBJECT.to_owned()),
        body: format!(
            "Your code is {code}.\n\nEnter it where you asked your question to publish it. \
             It works for {minutes} minutes. If you did not ask a question, ignore this e-mail."
        ),
        idempotency_key: format!("qna-code:{pending}:{}", store::members::token::digest(code)),
        list: None,
    }
}

/// `Qna.Ask`: a member's question is published; a guest's (with `email`) waits for the
/// e-mailed code.
pub fn ask(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let at = Utc::now();
        match request.may(Permission::AskQuestion) {
            Ok(Acting::Member(member)) => ask_as_member(&state, &request, member, at).await,
            Ok(Acting::Guest) => ask_as_guest(&state, &request, at).await,
            Err(refused) => wire::refusal(refused),
        }
    })
}

async fn ask_as_member(
    state: &AppState,
    request: &ActionRequest,
    member: i64,
    at: DateTime<Utc>,
) -> Result<axum::response::Response, ApiError> {
    let draft = draft(state, &request.params).await?;
    let subject = member.to_string();
    let ip = limits::ip_subject(request.client_ip);
    limits::check_or_wait(
        &state.db,
        &[
            limits::QNA_ASK_MEMBER.on(&subject),
            limits::QNA_ASK_MEMBER_DAY.on(&subject),
            limits::QNA_ASK_IP.on(&ip),
        ],
        at,
        "You have asked many questions in a short time.",
    )
    .await?;
    let slug = question_slug(draft.title.as_str());
    let txn = store::begin_write(&state.db).await?;
    let id = db::create_question(
        &txn,
        &NewQuestion {
            category_id: draft.category_id,
            offer_id: draft.offer_id.as_deref(),
            slug: &slug,
            title: draft.title.as_str(),
            more_info: &draft.more_info,
            author_id: member,
        },
        at,
    )
    .await?;
    // Read before the commit: an answer that fails after the commit would make the
    // client retry and ask twice.
    let question = published(&txn, id).await?;
    txn.commit().await.map_err(store::StoreError::from)?;
    let mut body = respond(AskStatus::Submitted, "Your question is published.");
    body.question = Some(question);
    Ok(private_json(body))
}

async fn ask_as_guest(
    state: &AppState,
    request: &ActionRequest,
    at: DateTime<Utc>,
) -> Result<axum::response::Response, ApiError> {
    let email = GuestEmail::parse(request.params.get("email").unwrap_or(""))
        .map_err(|e| ApiError::validation("email", e.to_string()))?;
    let draft = draft(state, &request.params).await?;
    let email = store::members::normalise_email(email.as_str());
    let ip = limits::ip_subject(request.client_ip);
    limits::check_or_wait(
        &state.db,
        &[
            limits::QNA_CODE_EMAIL.on(&email),
            limits::QNA_CODE_IP.on(&ip),
        ],
        at,
        "We have sent many codes in a short time.",
    )
    .await?;
    let code = new_code();
    let slug = question_slug(draft.title.as_str());
    let txn = store::begin_write(&state.db).await?;
    let pending = db::create_pending(
        &txn,
        &NewPending {
            email: &email,
            code: &code,
            slug: &slug,
            category_id: draft.category_id,
            offer_id: draft.offer_id.as_deref(),
            title: draft.title.as_str(),
            more_info: &draft.more_info,
        },
        CODE_LIFETIME,
        at,
    )
    .await?;
    store::outbox::enqueue(&txn, code_mail(&email, &code, pending), at).await?;
    txn.commit().await.map_err(store::StoreError::from)?;
    state.mail.wake();
    let mut body = respond(
        AskStatus::CodeRequired,
        "We sent a 6-digit code to your e-mail address. Enter it to publish your question.",
    );
    body.pending = Some(wire::pending_token(state, pending));
    Ok(private_json(body))
}

/// `Qna.ConfirmCode`: the guest's code; the right one publishes the question once.
pub fn confirm_code(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        if let Err(refused) = request.may(Permission::AskQuestion) {
            return wire::refusal(refused);
        }
        let pending = wire::pending_id(&state, &request.params)?;
        let code = OneTimeCode::parse(request.params.get("code").unwrap_or(""))
            .map_err(|e| ApiError::validation("code", e.to_string()))?;
        let at = Utc::now();
        let ip = limits::ip_subject(request.client_ip);
        limits::check_or_wait(
            &state.db,
            &[limits::QNA_CODE_CHECK_IP.on(&ip)],
            at,
            "Too many codes were entered from your address.",
        )
        .await?;
        let txn = store::begin_write(&state.db).await?;
        // A wrong code's counted attempt is committed too.
        let outcome =
            db::confirm_pending(&txn, pending, code.as_str(), MAX_CODE_ATTEMPTS, at).await?;
        let question = match outcome {
            ConfirmOutcome::Published { question_id, .. } => {
                Some(published(&txn, question_id).await?)
            }
            _ => None,
        };
        txn.commit().await.map_err(store::StoreError::from)?;
        let body = match outcome {
            ConfirmOutcome::Published { .. } => {
                let mut body = respond(AskStatus::Submitted, "Your question is published.");
                body.question = question;
                body
            }
            ConfirmOutcome::AlreadyUsed => {
                respond(AskStatus::Submitted, "This question is already published.")
            }
            ConfirmOutcome::WrongCode { attempts_left } => {
                let mut body = respond(
                    AskStatus::WrongCode,
                    "That code is not right. Check the e-mail we sent, or send a new code.",
                );
                body.attempts_left = Some(attempts_left);
                body
            }
            ConfirmOutcome::Expired => respond(
                AskStatus::Expired,
                "This code has expired. Send a new code to publish your question.",
            ),
            ConfirmOutcome::TooManyAttempts => respond(
                AskStatus::TooManyAttempts,
                "Too many wrong codes. Send a new code to publish your question.",
            ),
            ConfirmOutcome::NotFound => {
                return Err(ApiError::NotFound(format!(
                    "no question waiting as {pending}"
                )));
            }
        };
        let mut body = body;
        body.pending = Some(wire::pending_token(&state, pending));
        Ok(private_json(body))
    })
}

/// `Qna.ResendCode`: a new code for a waiting question (the old one stops working).
pub fn resend_code(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        if let Err(refused) = request.may(Permission::AskQuestion) {
            return wire::refusal(refused);
        }
        let pending = wire::pending_id(&state, &request.params)?;
        let at = Utc::now();
        let ip = limits::ip_subject(request.client_ip);
        limits::check_or_wait(
            &state.db,
            &[limits::QNA_CODE_IP.on(&ip)],
            at,
            "We have sent many codes in a short time.",
        )
        .await?;
        let code = new_code();
        let txn = store::begin_write(&state.db).await?;
        let outcome =
            db::resend_pending(&txn, pending, &code, MAX_CODE_RESENDS, CODE_LIFETIME, at).await?;
        let body = match outcome {
            ResendOutcome::Resent { email } => {
                // Counted inside the transaction: a refused resend is rolled back whole
                // (nothing was sent, so nothing needs counting).
                limits::check_or_wait(
                    &txn,
                    &[limits::QNA_CODE_EMAIL.on(&email)],
                    at,
                    "We have sent many codes to this address in a short time.",
                )
                .await?;
                store::outbox::enqueue(&txn, code_mail(&email, &code, pending), at).await?;
                let mut body = respond(
                    AskStatus::Resent,
                    "We sent a new code to your e-mail address.",
                );
                body.pending = Some(wire::pending_token(&state, pending));
                body
            }
            ResendOutcome::TooManyResends => {
                return Err(ApiError::RateLimited(
                    "We have sent this question's code too often. Please ask it again in a while."
                        .to_owned(),
                ));
            }
            ResendOutcome::AlreadyUsed => {
                return Err(ApiError::validation(
                    "pending",
                    "This question is already published.",
                ));
            }
            ResendOutcome::NotFound => {
                return Err(ApiError::NotFound(format!(
                    "no question waiting as {pending}"
                )));
            }
        };
        txn.commit().await.map_err(store::StoreError::from)?;
        state.mail.wake();
        Ok(private_json(body))
    })
}
