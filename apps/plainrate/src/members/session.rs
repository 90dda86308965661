//! The session cookie, the sign-on display mirror, and the [`Visitor`] extractor.
//!
//! The session cookie carries a 256-bit random token (`__Host-sid`: `HttpOnly`, `Secure`,
//! `SameSite=Lax`, `Path=/`, no `Domain`; `sid` without `Secure` when secure cookies are
//! off for plain-HTTP development). The server keeps only the token's SHA-256.
//!
//! The sign-on cookie is the spec's signed-in session data (base64 JSON of
//! [`visitor_state::sign_on::SignOn`]) for the page to read. It is a display mirror:
//! written at sign-in, cleared at sign-out, never read here.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue};
use chrono::{DateTime, Utc};
use visitor_state::ids::GroupId;
use visitor_state::sign_on::{Plan, SignOn, encode_base64};

use crate::config::Settings;
use crate::cookies::{Scope, clear_cookie, read_cookie, set_cookie};
use crate::visitor::{SessionInfo, Visitor};
use crate::{ApiError, AppState};

/// Name of the session cookie when cookies are `Secure` (the default).
pub const SESSION_COOKIE: &str = "__Host-sid";
/// Name of the session cookie when secure cookies are off (plain-HTTP development): the
/// `__Host-` prefix requires `Secure`.
pub const DEV_SESSION_COOKIE: &str = "sid";
/// Name of the sign-on display cookie when cookies are `Secure`.
pub const SIGN_ON_COOKIE: &str = "__Secure-signon";
/// Name of the sign-on display cookie when secure cookies are off.
pub const DEV_SIGN_ON_COOKIE: &str = "signon";
/// Days the session and sign-on cookies live in the browser: the session's absolute
/// lifetime (the server ends idle sessions sooner).
pub const COOKIE_DAYS: u32 = 30;

/// The session cookie's name under these settings.
pub fn session_cookie_name(settings: &Settings) -> &'static str {
    if settings.secure_cookies {
        SESSION_COOKIE
    } else {
        DEV_SESSION_COOKIE
    }
}

/// The sign-on cookie's name under these settings.
pub fn sign_on_cookie_name(settings: &Settings) -> &'static str {
    if settings.secure_cookies {
        SIGN_ON_COOKIE
    } else {
        DEV_SIGN_ON_COOKIE
    }
}

/// The session token the request carries, if any.
pub fn session_token<'a>(settings: &Settings, headers: &'a HeaderMap) -> Option<&'a str> {
    read_cookie(headers, session_cookie_name(settings)).filter(|t| !t.is_empty())
}

/// Who is behind the request's session cookie at `now`: a guest when there is no cookie
/// or its session is unknown, revoked or expired.
pub async fn visitor_at(
    state: &AppState,
    headers: &HeaderMap,
    now: DateTime<Utc>,
) -> Result<Visitor, ApiError> {
    let Some(token) = session_token(&state.settings, headers) else {
        return Ok(Visitor::default());
    };
    let Some(session) = store::members::session(&state.db, token, now).await? else {
        return Ok(Visitor::default());
    };
    Ok(Visitor {
        session: Some(SessionInfo {
            session_id: session.token_hash,
            member_id: session.member.id,
            delegated: session.delegated,
            full: session.full,
            plan: session.member.plan,
            group_id: session.member.group_id,
        }),
    })
}

impl FromRequestParts<AppState> for Visitor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if let Some(known) = parts.extensions.get::<Visitor>() {
            return Ok(known.clone());
        }
        let visitor = visitor_at(state, &parts.headers, Utc::now()).await?;
        parts.extensions.insert(visitor.clone());
        Ok(visitor)
    }
}

/// The sign-on display data of a member's session.
pub fn sign_on_data(member: &store::members::Member, full: bool) -> SignOn {
    let id = member.id.to_string();
    SignOn {
        group_id: member
            .group_id
            .as_deref()
            .and_then(|g| GroupId::parse(g).ok()),
        user_plan: Plan::parse(&member.plan).unwrap_or_default(),
        account_id: Some(id.clone()),
        full,
        id: Some(id),
        real_name: member.name.clone(),
        ..SignOn::default()
    }
}

/// The `Set-Cookie` values that start a session: the session cookie and the sign-on
/// display mirror.
pub fn sign_in_cookies(
    settings: &Settings,
    token: &str,
    member: &store::members::Member,
    full: bool,
) -> [HeaderValue; 2] {
    [
        set_cookie(
            settings,
            session_cookie_name(settings),
            token,
            Scope::ServerOnly,
            COOKIE_DAYS,
        ),
        set_cookie(
            settings,
            sign_on_cookie_name(settings),
            &encode_base64(&sign_on_data(member, full)),
            Scope::Shared,
            COOKIE_DAYS,
        ),
    ]
}

/// The `Set-Cookie` values that end a session in the browser.
pub fn sign_out_cookies(settings: &Settings) -> [HeaderValue; 2] {
    [
        clear_cookie(settings, session_cookie_name(settings), Scope::ServerOnly),
        clear_cookie(settings, sign_on_cookie_name(settings), Scope::Shared),
    ]
}
