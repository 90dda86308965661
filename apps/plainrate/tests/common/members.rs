//! Test helpers for signed-in requests: a member with a session, and the `Cookie` header
//! that carries it. Use as `common::members::signed_in(&app, false)`.
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
