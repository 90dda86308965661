//! Window ids and anti-forgery tokens, as the spec's request layer uses them:
//!
//! 1. `GET /sid.php` gives a window id `__whid`;
//! 2. `GET /home/rpc?action=get-csrf-token` with `X-XSRF-WHID` gives a token (as text, and
//!    in the `XSRF-TOKEN` cookie);
//! 3. every write carries `X-XSRF-TOKEN` and `X-XSRF-WHID`; a bad pair answers 400 so the
//!    client fetches a new token and retries once.
//!
//! Both values are signed with the secret every instance shares, so no instance keeps
//! state and any instance accepts what another issued. A token is bound to the session
//! cookie it was fetched with; signing in or out sends a new one. Cross-site requests are refused
//! whatever they carry.

use axum::http::{HeaderMap, HeaderValue};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use crate::config::Settings;
use crate::cookies::{Scope, set_cookie};
use crate::members::session::session_token;
use crate::state::{Secret, random_bytes};
use crate::{ApiError, AppState};

/// Header carrying the window id.
pub const WHID_HEADER: &str = "x-xsrf-whid";
/// Header carrying the token.
pub const TOKEN_HEADER: &str = "x-xsrf-token";
/// Cookie carrying the token for the page to read.
pub const TOKEN_COOKIE: &str = "XSRF-TOKEN";

const WHID_PURPOSE: &str = "whid";
const TOKEN_PURPOSE: &str = "csrf";
/// Bytes of signature kept in a window id or token (128 bits).
const SIG_LEN: usize = 16;

fn signed(secret: &Secret, purpose: &str, binding: &[u8]) -> String {
    let nonce = URL_SAFE_NO_PAD.encode(random_bytes::<16>());
    let sig = secret.sign(purpose, &[nonce.as_bytes(), binding]);
    let short = sig.get(..SIG_LEN).unwrap_or(&sig);
    format!("{nonce}.{}", URL_SAFE_NO_PAD.encode(short))
}

fn check_signed(secret: &Secret, purpose: &str, binding: &[u8], value: &str) -> bool {
    let Some((nonce, sig)) = value.split_once('.') else {
        return false;
    };
    if nonce.is_empty() || nonce.len() > 64 {
        return false;
    }
    let Ok(sig) = URL_SAFE_NO_PAD.decode(sig) else {
        return false;
    };
    let full = secret.sign(purpose, &[nonce.as_bytes(), binding]);
    let expected = full.get(..SIG_LEN).unwrap_or(&full);
    use subtle::ConstantTimeEq;
    sig.len() == expected.len() && bool::from(sig.as_slice().ct_eq(expected))
}

/// A fresh signed window id: `nonce.signature`.
pub fn new_window_id(secret: &Secret) -> String {
    signed(secret, WHID_PURPOSE, b"")
}

/// Whether a window id was issued by this site.
pub fn window_id_is_valid(secret: &Secret, whid: &str) -> bool {
    check_signed(secret, WHID_PURPOSE, b"", whid)
}

/// A fresh signed token, `nonce.signature`, bound to the session the request carries
/// (`None` for a guest), so a token fetched in one session is refused in another. Tokens
/// are not tied to one window, because the page reads the token from a cookie that every
/// tab shares.
pub fn new_token(secret: &Secret, session: Option<&str>) -> String {
    signed(secret, TOKEN_PURPOSE, session.unwrap_or("").as_bytes())
}

/// Whether a token was issued by this site for this session (`None` for a guest).
pub fn token_is_valid(secret: &Secret, token: &str, session: Option<&str>) -> bool {
    check_signed(
        secret,
        TOKEN_PURPOSE,
        session.unwrap_or("").as_bytes(),
        token,
    )
}

/// The token to hand out for a window: the one in the request's cookie when it is ours
/// and belongs to this session (so every tab keeps using one token), otherwise a new
/// one. A window id we did not issue is a `Csrf` error.
pub fn token_for(
    secret: &Secret,
    whid: &str,
    cookie: Option<&str>,
    session: Option<&str>,
) -> Result<String, ApiError> {
    if !window_id_is_valid(secret, whid) {
        return Err(ApiError::Csrf);
    }
    Ok(match cookie {
        Some(token) if token_is_valid(secret, token, session) => token.to_owned(),
        _ => new_token(secret, session),
    })
}

/// The `Set-Cookie` value carrying `token` for the page to read.
pub fn token_cookie(settings: &Settings, token: &str) -> HeaderValue {
    set_cookie(settings, TOKEN_COOKIE, token, Scope::PageStrict, 0)
}

/// A new token cookie for a session that just started (`Some`) or ended (`None`): the
/// old token belonged to the old session and would be refused from now on.
pub fn rotated_token_cookie(state: &AppState, session: Option<&str>) -> HeaderValue {
    token_cookie(&state.settings, &new_token(&state.secret, session))
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
}

/// Refuses requests a browser marks as coming from another site.
fn cross_site(state: &AppState, headers: &HeaderMap) -> bool {
    if header(headers, "sec-fetch-site") == Some("cross-site") {
        return true;
    }
    let Some(origin) = header(headers, "origin") else {
        return false;
    };
    let origin_host = origin
        .split_once("://")
        .map(|(_, rest)| rest)
        .unwrap_or(origin)
        .trim_end_matches('/');
    let base_host = state
        .settings
        .base_url
        .split_once("://")
        .map(|(_, rest)| rest)
        .unwrap_or(&state.settings.base_url)
        .trim_end_matches('/');
    let request_host = header(headers, "host").unwrap_or("");
    origin_host != base_host && origin_host != request_host
}

/// Checks a write: not cross-site, a window id we issued, a token we issued for the
/// session the request carries, and the same token in the cookie when the cookie is sent
/// (double submit).
pub fn verify(state: &AppState, headers: &HeaderMap) -> Result<(), ApiError> {
    if cross_site(state, headers) {
        return Err(ApiError::Forbidden("cross-site request refused".to_owned()));
    }
    let whid = header(headers, WHID_HEADER).ok_or(ApiError::Csrf)?;
    let sent = header(headers, TOKEN_HEADER).ok_or(ApiError::Csrf)?;
    let session = session_token(&state.settings, headers);
    if !window_id_is_valid(&state.secret, whid) || !token_is_valid(&state.secret, sent, session) {
        return Err(ApiError::Csrf);
    }
    if let Some(cookie) = crate::cookies::read_cookie(headers, TOKEN_COOKIE) {
        use subtle::ConstantTimeEq;
        if !bool::from(cookie.as_bytes().ct_eq(sent.as_bytes())) {
            return Err(ApiError::Csrf);
        }
    }
    Ok(())
}
