//! The send-app-link-by-text dialog: `download_app` (community §3 "Text-message request",
//! §4 "Text-message dialog", §7, §8).
//!
//! A POST with the anti-forgery token: `type` (empty, `android` or `apple`), `phoneNumber`
//! (read by [`UsPhone::parse`]) and an optional `commId`. The text holds the app's store
//! link for `type` (both links when it is empty), from the settings `APP_STORE_URL` and
//! `PLAY_STORE_URL`, and goes out through the configured [`crate::sms`] transport.
//!
//! Every answer is a [`TextMessageResponse`] the dialog reads with
//! [`qna_validation::text_message::TextMessageOutcome::from_response`]:
//!
//! | Case | Status | Body |
//! |---|---|---|
//! | sent | 200 | `error: false`, the success sentence |
//! | over a limit | 200 | `error: true`, `["REQUEST_LOCKED_BY_FILTER"]`; nothing sent |
//! | the transport failed | 200 | `error: true`, "Failed. Please check your phone number." |
//! | invalid input | 400 | the error body with `messages` added (the rule's message) |
//!
//! The outcomes are 200s so that the request layer, which retries 5xx answers and reads a
//! 403 as "banned", hands the body to the dialog and never retries a send.
//!
//! **Limits** ([`crate::limits`]): 3 texts an hour per number, 5 an hour per client
//! address, 1,000 a day for the site. Every attempt that reaches them counts, refused ones
//! included.
//!
//! **The client's retry sends one text.** The same request (number, `type` and client
//! address) within [`RETRY_WINDOW`] of a message it queued is answered as sent and sends
//! nothing more. The check runs in the transaction that first counts the number's
//! hourly limit; that counter row is the lock that makes concurrent copies of a request
//! wait for one another (on SQLite the transaction holds the write lock anyway).
//!
//! A delegated session may use the dialog: it changes nothing on the account (community §6
//! gates no role here).
//!
//! Phone numbers appear in logs only masked ([`crate::sms::mask_phone`]).

use api_types::dialogs::TextMessageResponse;
use axum::Json;
use axum::response::{IntoResponse, Response};
use chrono::{Duration, Utc};
use qna_validation::constants::{
    REQUEST_LOCKED_BY_FILTER, TEXT_MESSAGE_ALREADY_SENT_MESSAGE, TEXT_MESSAGE_FAILED_MESSAGE,
    TEXT_MESSAGE_SENT_MESSAGE,
};
use qna_validation::lengths;
use qna_validation::text_message::UsPhone;
use sha2::{Digest, Sha256};
use store::StoreError;
use store::outbox::{Channel, NewMessage};

use crate::config::Settings;
use crate::limits;
use crate::pages::render::SITE_NAME;
use crate::rpc::{ActionFuture, ActionRequest, Params};
use crate::sms::{TextMessage, mask_phone};
use crate::{ApiError, AppState};

/// How long a request sent again is taken for the client's retry of the first.
pub const RETRY_WINDOW: Duration = Duration::minutes(1);

/// Which store the visitor asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AppKind {
    /// Not said (the dialog's first send): both links.
    Any,
    /// Google Play.
    Android,
    /// The App Store.
    Apple,
}

impl AppKind {
    /// Reads `type`: empty, `android` or `apple` (any case, trimmed).
    pub fn parse(raw: &str) -> Option<Self> {
        let raw = raw.trim();
        if raw.is_empty() {
            Some(Self::Any)
        } else if raw.eq_ignore_ascii_case("android") {
            Some(Self::Android)
        } else if raw.eq_ignore_ascii_case("apple") {
            Some(Self::Apple)
        } else {
            None
        }
    }

    fn key(self) -> &'static str {
        match self {
            Self::Any => "any",
            Self::Android => "android",
            Self::Apple => "apple",
        }
    }
}

/// The text sent for `kind`, with the store pages the operator configured; `None` when
/// none is configured for `kind` (the site then has no app to offer).
pub fn app_link_text(settings: &Settings, kind: AppKind) -> Option<String> {
    fn configured(url: &Option<String>) -> Option<&str> {
        url.as_deref().map(str::trim).filter(|u| !u.is_empty())
    }
    let (apple, play) = (
        configured(&settings.app_store_url),
        configured(&settings.play_store_url),
    );
    let on_play = |play: &str| format!("Get the {SITE_NAME} app on Google Play: {play}");
    let on_apple = |apple: &str| format!("Get the {SITE_NAME} app on the App Store: {apple}");
    match kind {
        AppKind::Android => play.map(on_play),
        AppKind::Apple => apple.map(on_apple),
        AppKind::Any => match (apple, play) {
            (Some(apple), Some(play)) => Some(format!(
                "Get the {SITE_NAME} app. App Store: {apple} Google Play: {play}"
            )),
            (Some(apple), None) => Some(on_apple(apple)),
            (None, Some(play)) => Some(on_play(play)),
            (None, None) => None,
        },
    }
}

/// A 200 answer the dialog reads.
fn answer(error: bool, message: &str) -> Response {
    crate::rpc::private_json(TextMessageResponse {
        error,
        messages: vec![message.to_owned()],
    })
}

/// An invalid request: the error's status and body, with `messages` holding its message,
/// so the answer reads as a [`TextMessageResponse`] too.
fn refusal(err: &ApiError) -> Response {
    let mut body = serde_json::to_value(err.body()).unwrap_or_else(|_| serde_json::json!({}));
    if let serde_json::Value::Object(map) = &mut body {
        map.insert("error".to_owned(), serde_json::Value::Bool(true));
        map.insert("messages".to_owned(), serde_json::json!([err.to_string()]));
    }
    crate::rpc::no_store((err.status(), Json(body)).into_response())
}

/// The request's parts, checked.
struct AppLinkRequest {
    kind: AppKind,
    phone: UsPhone,
    comm_id: Option<String>,
}

fn read(params: &Params) -> Result<AppLinkRequest, ApiError> {
    let kind = AppKind::parse(params.get("type").unwrap_or(""))
        .ok_or_else(|| ApiError::validation("type", "type must be empty, android or apple"))?;
    let phone = UsPhone::parse(params.get("phoneNumber").unwrap_or(""))
        .map_err(|err| ApiError::validation("phoneNumber", err.to_string()))?;
    let comm_id = match params.get("commId").map(str::trim) {
        None | Some("") => None,
        Some(id)
            if id.len() <= lengths::COMM_ID_MAX_CHARS
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')) =>
        {
            Some(id.to_owned())
        }
        Some(_) => {
            return Err(ApiError::validation(
                "commId",
                format!(
                    "commId must be letters, digits, -, _ or ., at most {} characters",
                    lengths::COMM_ID_MAX_CHARS
                ),
            ));
        }
    };
    Ok(AppLinkRequest {
        kind,
        phone,
        comm_id,
    })
}

/// The prefix of the outbox keys of one request (number, type, client address), hashed so
/// the client's address is not stored.
fn request_key_prefix(to: &str, kind: AppKind, ip: &str) -> String {
    let mut hasher = Sha256::new();
    for part in [to, kind.key(), ip] {
        hasher.update((part.len() as u64).to_be_bytes());
        hasher.update(part.as_bytes());
    }
    let digest = hex::encode(hasher.finalize());
    format!("app-link:{}:", digest.get(..32).unwrap_or(&digest))
}

/// `download_app`.
pub fn download_app(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let checked = match read(&request.params) {
            Ok(checked) => checked,
            Err(err) => return Ok(refusal(&err)),
        };
        send(&state, &request, checked).await
    })
}

async fn send(
    state: &AppState,
    request: &ActionRequest,
    checked: AppLinkRequest,
) -> Result<Response, ApiError> {
    let to = format!("+1{}", checked.phone.digits());
    let masked = mask_phone(&to);
    let comm_id = checked.comm_id.as_deref().unwrap_or("");
    let Some(body) = app_link_text(&state.settings, checked.kind) else {
        return Ok(refusal(&ApiError::NotFound(
            "this site has no app store page to send".to_owned(),
        )));
    };
    let now = Utc::now();
    let ip = limits::ip_subject(request.client_ip);
    let prefix = request_key_prefix(&to, checked.kind, &ip);

    let txn = store::begin_write(&state.db).await?;
    // First the number's counter: on PostgreSQL its row stays locked until this
    // transaction ends, so a copy of this request waits here and then sees our message.
    let number_hit = limits::TEXT_PHONE_HOUR.on(&to).hit(&txn, now).await?;
    if store::outbox::queued_since(&txn, &prefix, now - RETRY_WINDOW).await? {
        // The client's retry of a request that already sent: answered the same, nothing
        // sent and nothing counted.
        txn.rollback().await.map_err(StoreError::from)?;
        tracing::info!(to = %masked, comm_id, "app link asked again; already sent");
        return Ok(answer(false, TEXT_MESSAGE_ALREADY_SENT_MESSAGE));
    }
    let others = [
        limits::TEXT_IP_HOUR.on(&ip),
        limits::TEXT_SITE_DAY.on(limits::SITE_SUBJECT),
    ];
    let over = store::limits::hit_all(&txn, &others, now).await? || number_hit.over;
    if over {
        // Refused attempts count too.
        txn.commit().await.map_err(StoreError::from)?;
        tracing::warn!(to = %masked, comm_id, "app link refused: over a text-message limit");
        return Ok(answer(true, REQUEST_LOCKED_BY_FILTER));
    }
    let key = format!("{prefix}{}", hex::encode(crate::state::random_bytes::<8>()));
    let message = NewMessage {
        channel: Channel::Sms,
        recipient: to.clone(),
        subject: None,
        body: body.clone(),
        idempotency_key: key.clone(),
        list: None,
    };
    store::outbox::enqueue(&txn, message, now).await?;
    txn.commit().await.map_err(StoreError::from)?;

    let transport = state.sms.name();
    match state.sms.deliver(&TextMessage { to, body }).await {
        Ok(()) => {
            tracing::info!(to = %masked, comm_id, transport, "app link sent");
            Ok(answer(false, TEXT_MESSAGE_SENT_MESSAGE))
        }
        Err(err) => {
            tracing::warn!(to = %masked, comm_id, transport, %err, "app link not sent");
            // The outbox keeps only what was sent; the visitor may try again.
            if let Err(err) = store::outbox::remove(&state.db, &key).await {
                tracing::error!(to = %masked, %err, "could not remove an unsent text message from the outbox");
            }
            Ok(answer(true, TEXT_MESSAGE_FAILED_MESSAGE))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_is_empty_android_or_apple() {
        assert_eq!(AppKind::parse(""), Some(AppKind::Any));
        assert_eq!(AppKind::parse(" Android "), Some(AppKind::Android));
        assert_eq!(AppKind::parse("APPLE"), Some(AppKind::Apple));
        assert_eq!(AppKind::parse("windows"), None);
    }

    #[test]
    fn the_text_holds_only_the_store_pages_an_operator_configured() {
        let mut settings = Settings::for_tests("sqlite::memory:");
        settings.app_store_url = None;
        settings.play_store_url = Some(" ".to_owned());
        for kind in [AppKind::Any, AppKind::Android, AppKind::Apple] {
            assert_eq!(app_link_text(&settings, kind), None, "{kind:?}");
        }
        settings.play_store_url = Some("https://play.example/app".to_owned());
        assert_eq!(app_link_text(&settings, AppKind::Apple), None);
        let any = app_link_text(&settings, AppKind::Any).unwrap();
        assert!(
            any.ends_with("on Google Play: https://play.example/app"),
            "{any}"
        );
        settings.app_store_url = Some("https://apps.example/app".to_owned());
        let any = app_link_text(&settings, AppKind::Any).unwrap();
        assert!(
            any.contains(
                "App Store: https://apps.example/app Google Play: https://play.example/app"
            ),
            "{any}"
        );
    }

    #[test]
    fn request_keys_differ_by_number_type_and_address_and_hide_them() {
        let a = request_key_prefix("+15551234567", AppKind::Any, "10.0.0.1");
        assert_ne!(
            a,
            request_key_prefix("+15551234568", AppKind::Any, "10.0.0.1")
        );
        assert_ne!(
            a,
            request_key_prefix("+15551234567", AppKind::Apple, "10.0.0.1")
        );
        assert_ne!(
            a,
            request_key_prefix("+15551234567", AppKind::Any, "10.0.0.2")
        );
        assert!(!a.contains("5551234567") && !a.contains("10.0.0.1"), "{a}");
        assert!(!a.contains('%') && !a.contains('_'), "a LIKE prefix: {a}");
    }

    #[test]
    fn every_log_call_masks_the_number() {
        // The number is only ever logged through `masked`: no log call names `to`,
        // `phone`, `checked` or the request's parameters directly.
        let source = include_str!("text_messages.rs");
        let code = source.split("#[cfg(test)]").next().unwrap_or(source);
        let mut calls = 0;
        for (at, _) in code.match_indices("tracing::") {
            let call = code.get(at..).unwrap_or("");
            let end = call.find(");").unwrap_or(call.len());
            let call = call.get(..end).unwrap_or(call);
            calls += 1;
            for raw in ["%to", "?to", "= to", "phone", "checked", "params", "body"] {
                assert!(!call.contains(raw), "a log call names {raw}: {call}");
            }
            assert!(
                call.contains("to = %masked"),
                "a log call without the masked number: {call}"
            );
        }
        assert!(calls >= 4, "{calls}");
    }
}
