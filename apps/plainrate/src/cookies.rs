//! `Set-Cookie` values built one way for the whole site: path `/`, `Secure` (unless turned
//! off for plain-HTTP development), the configured parent domain for cookies the page
//! shares, and an expiry in days where 0 means a session cookie (site-core §9).

use axum::http::HeaderValue;
use visitor_state::cookies::{COOKIE_PATH, CookieExpiry};

use crate::config::Settings;

/// Who may read a cookie and where it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Server-only (`HttpOnly`), this host only (no `Domain`), `SameSite=Lax`.
    ServerOnly,
    /// Read by the page, shared with the parent domain, `SameSite=Lax`.
    Shared,
    /// Read by the page, this host only, `SameSite=Strict` (the anti-forgery token).
    PageStrict,
}

/// Builds a `Set-Cookie` value. An expiry above the 400-day cap is capped.
pub fn set_cookie(
    settings: &Settings,
    name: &str,
    value: &str,
    scope: Scope,
    days: u32,
) -> HeaderValue {
    let expiry = CookieExpiry::from_days(days.min(visitor_state::cookies::MAX_COOKIE_EXPIRY_DAYS))
        .unwrap_or(CookieExpiry::SESSION);
    let mut out = format!("{name}={value}; Path={COOKIE_PATH}");
    if let Some(seconds) = expiry.max_age_seconds() {
        out.push_str(&format!("; Max-Age={seconds}"));
    }
    if settings.secure_cookies {
        out.push_str("; Secure");
    }
    match scope {
        Scope::ServerOnly => out.push_str("; HttpOnly; SameSite=Lax"),
        Scope::Shared => {
            if let Some(domain) = &settings.cookie_domain {
                out.push_str(&format!("; Domain={domain}"));
            }
            out.push_str("; SameSite=Lax");
        }
        Scope::PageStrict => out.push_str("; SameSite=Strict"),
    }
    HeaderValue::from_str(&out).unwrap_or_else(|_| HeaderValue::from_static("invalid=; Max-Age=0"))
}

/// A `Set-Cookie` value that removes the cookie.
pub fn clear_cookie(settings: &Settings, name: &str, scope: Scope) -> HeaderValue {
    let mut value = set_cookie(settings, name, "", scope, 0)
        .to_str()
        .unwrap_or("")
        .to_owned();
    value.push_str("; Max-Age=0");
    HeaderValue::from_str(&value)
        .unwrap_or_else(|_| HeaderValue::from_static("invalid=; Max-Age=0"))
}

/// The value of cookie `name` in the request's `Cookie` headers.
pub fn read_cookie<'a>(headers: &'a axum::http::HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|line| line.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}
