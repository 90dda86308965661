//! One-click unsubscribe (RFC 8058): every e-mail that is not a one-time code or link is on
//! a list ([`mail_delivery::unsubscribe::List`]) and carries a link that takes its address
//! off that list, with no session.
//!
//! | Path | What |
//! |---|---|
//! | `GET /unsubscribe?token=…` | the page of the link, for a browser navigation (a button that POSTs); any other GET is 405 |
//! | `POST /unsubscribe?token=…` | the address leaves the list: `{"ok":true,"message"}`; an altered token is 400 `token` and changes nothing; `token` may be in a form or JSON body instead |
//!
//! The POST is what a mail client sends when its reader presses "unsubscribe"
//! (`List-Unsubscribe=One-Click`, form-encoded or multipart): it carries no cookie and no
//! anti-forgery token, and its body is not read. The token, signed by the site over the
//! list and the address, is the proof instead: only the address's mailbox received it, and
//! what it can do is take that one address off that one list, once. A GET changes nothing,
//! since mail scanners follow links.

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Uri};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use mail_delivery::unsubscribe::{List, Unsubscribe, masked};
use store::outbox::{Channel, ListEmail, NewMessage};

use crate::members::wire::AccountNotice;
use crate::pages::{Form, form_or_post_only};
use crate::protocol::client_ip::ClientIp;
use crate::rpc::{PlainText, form_pairs, private_json, request_params};
use crate::state::Secret;
use crate::{ApiError, AppState};

/// The link's path.
pub const PATH: &str = "/unsubscribe";
/// What a token the site did not make (altered, cut short, of no list) is answered with.
pub const LINK_NOT_VALID: &str = "This unsubscribe link is not valid. Use the link in the \
     e-mail itself, or change your e-mails under My account.";
/// The signature's purpose, apart from every other use of the site's secret.
const PURPOSE: &str = "unsubscribe";
/// Bytes of signature kept in a token (128 bits).
const SIG_LEN: usize = 16;

/// The area's own routes.
pub fn routes() -> Router<AppState> {
    // The path is written out: the API reference tests read the routes from the source.
    Router::new().route(
        "/unsubscribe",
        form_or_post_only(Form::Unsubscribe).post(one_click),
    )
}

fn signature(secret: &Secret, leave: &Unsubscribe) -> Vec<u8> {
    let full = secret.sign(PURPOSE, &leave.signed_bytes());
    full.get(..SIG_LEN).unwrap_or(&full).to_vec()
}

/// The link that takes `address` off `list`, on the site at `base_url`.
pub fn link(base_url: &str, secret: &Secret, list: List, address: &str) -> String {
    let leave = Unsubscribe::new(list, address);
    format!(
        "{}{PATH}?token={}",
        site_urls::trim_base_address(base_url),
        leave.token(&signature(secret, &leave))
    )
}

/// Reads a token the site made; `None` for anything else.
fn verified(secret: &Secret, token: &str) -> Option<Unsubscribe> {
    use subtle::ConstantTimeEq;
    let (leave, given) = Unsubscribe::parse(token).ok()?;
    bool::from(signature(secret, &leave).ct_eq(&given)).then_some(leave)
}

/// An e-mail on `list` to `to`: the body ends with the link that stops the list, and the
/// message carries it as its one-click unsubscribe header.
pub fn list_message(
    base_url: &str,
    secret: &Secret,
    list: List,
    to: &str,
    subject: &str,
    body: &str,
    idempotency_key: String,
) -> NewMessage {
    let unsubscribe_url = link(base_url, secret, list, to);
    NewMessage {
        channel: Channel::Email,
        recipient: to.to_owned(),
        subject: Some(subject.to_owned()),
        body: format!(
            "{body}\n\n--\nTo stop {} at this address, follow this link: {unsubscribe_url}",
            list.describe()
        ),
        idempotency_key,
        list: Some(ListEmail {
            list: list.as_str().to_owned(),
            unsubscribe_url,
        }),
    }
}

/// `POST /unsubscribe?token=…` (or `token` in a form or JSON body, as the site's own page
/// and API callers send it).
async fn one_click(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    uri: Uri,
    body: Bytes,
) -> Response {
    if let Some(refusal) = crate::protocol::gate(&state, &headers, client) {
        return refusal;
    }
    match leave(&state, &headers, &uri, &body).await {
        Ok(response) => response,
        Err(err) => err.into_response(),
    }
}

/// The token of the request: the query's, whatever the body is (a mail client's body may
/// be multipart, and says only `List-Unsubscribe=One-Click`), else the body's.
fn token_of(headers: &HeaderMap, uri: &Uri, body: &Bytes) -> Result<String, ApiError> {
    let in_query = form_pairs(uri.query().unwrap_or("").as_bytes())
        .into_iter()
        .find(|(name, _)| name == "token");
    match in_query {
        Some((_, token)) => Ok(token),
        None => {
            let (params, _) = request_params(headers, uri, body, PlainText::Refused)?;
            Ok(params.required("token")?.to_owned())
        }
    }
}

async fn leave(
    state: &AppState,
    headers: &HeaderMap,
    uri: &Uri,
    body: &Bytes,
) -> Result<Response, ApiError> {
    let token = token_of(headers, uri, body)?;
    let leave = verified(&state.secret, &token)
        .ok_or_else(|| ApiError::validation("token", LINK_NOT_VALID))?;
    let txn = store::begin_write(&state.db).await?;
    store::outbox::opt_outs::leave(&txn, leave.address(), leave.list().as_str(), Utc::now())
        .await?;
    txn.commit().await.map_err(store::StoreError::from)?;
    Ok(private_json(AccountNotice {
        ok: true,
        message: format!(
            "Done: {} will get no more {}.",
            masked(leave.address()),
            leave.list().describe()
        ),
    }))
}
