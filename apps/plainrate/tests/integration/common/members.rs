//! Test helpers for signed-in requests: a member with a session, and the `Cookie` header
//! that carries it, and the anti-forgery headers. Use as
//! `common::members::signed_in(&app, false)`.
#![allow(dead_code)]

use std::sync::atomic::{AtomicU64, Ordering};

use chrono::Utc;
use store::members::{NewMember, SessionKind};

use crate::common::TestApp;

static NEXT: AtomicU64 = AtomicU64::new(0);

/// A fresh, unique e-mail address.
pub fn unique_email() -> String {
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("member{n}.{}@example.com", std::process::id())
}

/// A new member with a fully signed-in session (delegated, read-only, when asked):
/// the member id and the `Cookie` header value carrying the session.
pub async fn signed_in(app: &TestApp, delegated: bool) -> (i64, String) {
    let id = store::members::create_member(
        &app.state.db,
        NewMember {
            email: unique_email(),
            password_hash: None,
            name: Some("Test Member".to_owned()),
        },
    )
    .await
    .unwrap();
    let cookie = session_cookie_for(app, id, delegated).await;
    (id, cookie)
}

/// A new session of an existing member: the `Cookie` header value carrying it.
pub async fn session_cookie_for(app: &TestApp, member_id: i64, delegated: bool) -> String {
    let token = store::members::create_session(
        &app.state.db,
        member_id,
        SessionKind {
            delegated,
            full: true,
        },
        Utc::now(),
    )
    .await
    .unwrap();
    format!(
        "{}={token}",
        plainrate::members::session_cookie_name(&app.state.settings)
    )
}

/// A window id, as the page gets it from `/sid.php`.
pub async fn window_id(app: &TestApp) -> String {
    let r = app.get("/sid.php?a=1&buster=1", &[]).await;
    assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
    r.json()["__whid"].as_str().unwrap().to_owned()
}

/// The anti-forgery token `app` hands out for window `whid` and the session in `cookie`
/// (`None`: a guest); tokens are bound to both.
pub async fn token(app: &TestApp, whid: &str, cookie: Option<&str>) -> String {
    let mut headers = vec![("x-xsrf-whid", whid)];
    if let Some(cookie) = cookie {
        headers.push(("cookie", cookie));
    }
    let r = app
        .get("/home/rpc?action=get-csrf-token&buster=2", &headers)
        .await;
    assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
    r.text()
}

/// The anti-forgery headers for the session in `cookie`, fetched the way the browser
/// does, with the cookie itself.
pub async fn csrf_headers(app: &TestApp, cookie: Option<&str>) -> Vec<(String, String)> {
    let mut out = csrf_only(app, cookie).await;
    if let Some(cookie) = cookie {
        out.push(("cookie".to_owned(), cookie.to_owned()));
    }
    out
}

/// The anti-forgery headers (window id and token) for the session in `cookie`, without
/// the cookie.
pub async fn csrf_only(app: &TestApp, cookie: Option<&str>) -> Vec<(String, String)> {
    let whid = window_id(app).await;
    let token = token(app, &whid, cookie).await;
    vec![
        ("x-xsrf-whid".to_owned(), whid),
        ("x-xsrf-token".to_owned(), token),
    ]
}
