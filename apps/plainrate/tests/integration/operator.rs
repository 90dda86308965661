//! The operator commands, on every backend: setting a member's role, opening a delegated
//! session for support staff, and reading the outbox.

use crate::common;
use crate::common::members as member_helpers;

use crate::common::TestApp;
use axum::body::Body;
use axum::http::{Method, Request};
use chrono::{DateTime, Duration, TimeZone, Utc};
use plainrate::operator::{self, OperatorError};
use serde_json::json;
use store::members::NewMember;
use store::members::Role;
use store::outbox::{Channel, NewMessage};

const PERMISSION: &str = "Oops. You don't have permission to make edits on this account.";

async fn new_member(app: &TestApp) -> (i64, String) {
    let email = member_helpers::unique_email();
    let id = store::members::create_member(
        &app.state.db,
        NewMember {
            email: email.clone(),
            password_hash: None,
            name: None,
        },
    )
    .await
    .unwrap();
    (id, email)
}

#[tokio::test]
async fn member_role_sets_the_role_by_e_mail_address() {
    for app in common::apps().await {
        let (id, email) = new_member(&app).await;
        let db = &app.state.db;
        assert_eq!(
            store::members::profile::role(db, id).await.unwrap(),
            Some(Role::Member)
        );
        // The address is matched as stored: trimmed and lowercased.
        let change = operator::set_role(db, &format!(" {} ", email.to_uppercase()), Role::Staff)
            .await
            .unwrap();
        assert_eq!(change.member_id, id, "{}", app.name);
        assert_eq!((change.previous, change.role), (Role::Member, Role::Staff));
        assert_eq!(
            change.to_string(),
            format!("member {id} ({email}): role staff (was member)")
        );
        assert_eq!(
            store::members::profile::role(db, id).await.unwrap(),
            Some(Role::Staff)
        );
        let change = operator::set_role(db, &email, Role::Moderator)
            .await
            .unwrap();
        assert_eq!(change.previous, Role::Staff);
        assert_eq!(
            store::members::profile::role(db, id).await.unwrap(),
            Some(Role::Moderator)
        );
        operator::set_role(db, &email, Role::Member).await.unwrap();
        assert_eq!(
            store::members::profile::role(db, id).await.unwrap(),
            Some(Role::Member)
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn an_unknown_e_mail_address_is_an_error_that_names_it() {
    for app in common::apps().await {
        let (id, _) = new_member(&app).await;
        let db = &app.state.db;
        let err = operator::set_role(db, "nobody@example.com", Role::Staff)
            .await
            .unwrap_err();
        assert!(matches!(err, OperatorError::UnknownMember(_)), "{err}");
        assert!(err.to_string().contains("nobody@example.com"), "{err}");
        let err =
            operator::delegated_session(db, &app.state.settings, "nobody@example.com", Utc::now())
                .await
                .unwrap_err();
        assert!(matches!(err, OperatorError::UnknownMember(_)), "{err}");
        assert_eq!(store::members::session_count(db, id).await.unwrap(), 0);
        assert_eq!(
            store::members::profile::role(db, id).await.unwrap(),
            Some(Role::Member)
        );
        app.cleanup().await;
    }
}

/// A POST of a write with the anti-forgery headers of a window in that session.
async fn post_as(
    app: &TestApp,
    path: &str,
    body: serde_json::Value,
    cookie: &str,
) -> common::Reply {
    let whid = app.get("/sid.php?a=1&buster=1", &[]).await.json()["__whid"]
        .as_str()
        .unwrap()
        .to_owned();
    let r = app
        .get(
            "/home/rpc?action=get-csrf-token",
            &[("x-xsrf-whid", &whid), ("cookie", cookie)],
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let request = Request::builder()
        .method(Method::POST)
        .uri(path)
        .header("x-xsrf-whid", &whid)
        .header("x-xsrf-token", r.text())
        .header("cookie", cookie)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    app.send(request).await
}

#[tokio::test]
async fn a_delegated_session_reads_but_every_write_is_refused() {
    for app in common::apps().await {
        let (id, email) = new_member(&app).await;
        let now = Utc::now();
        let session = operator::delegated_session(&app.state.db, &app.state.settings, &email, now)
            .await
            .unwrap();
        assert_eq!(
            (session.member_id, session.email.as_str()),
            (id, email.as_str())
        );
        assert_eq!(session.expires_at, now + Duration::days(30));
        let cookie = session.cookie();
        assert!(cookie.starts_with("__Host-sid="), "{cookie}");
        let printed = session.to_string();
        let lines: Vec<&str> = printed.lines().collect();
        assert_eq!(lines.len(), 2, "{printed}");
        assert_eq!(lines[0], cookie);
        assert!(lines[1].contains("Read-only"), "{printed}");
        assert!(
            lines[1].contains(&session.expires_at.format("%Y-%m-%d %H:%M").to_string()),
            "{printed}"
        );

        // The session is the member's, delegated.
        let headers =
            std::iter::once((axum::http::header::COOKIE, cookie.parse().unwrap())).collect();
        let visitor = plainrate::members::visitor_at(&app.state, &headers, Utc::now())
            .await
            .unwrap();
        let s = visitor.session.unwrap();
        assert_eq!((s.member_id, s.delegated), (id, true), "{}", app.name);

        // A read works; a write gets the permission message and changes nothing.
        let r = app
            .get("/home/settings/private-info", &[("cookie", &cookie)])
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json(), json!({"optOut": false}));
        let r = post_as(
            &app,
            "/home/settings/private-info",
            json!({"optOut": true}),
            &cookie,
        )
        .await;
        assert_eq!(r.status, 403, "{}", r.text());
        assert_eq!(r.json()["message"], PERMISSION);
        let member = store::members::member(&app.state.db, id)
            .await
            .unwrap()
            .unwrap();
        assert!(!member.private_info_opt_out);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_delegated_cookie_has_the_development_name_without_secure_cookies() {
    for app in common::apps_with(|s| s.secure_cookies = false).await {
        let (id, email) = new_member(&app).await;
        let session =
            operator::delegated_session(&app.state.db, &app.state.settings, &email, Utc::now())
                .await
                .unwrap();
        let cookie = session.cookie();
        assert!(cookie.starts_with("sid="), "{cookie}");
        let headers =
            std::iter::once((axum::http::header::COOKIE, cookie.parse().unwrap())).collect();
        let visitor = plainrate::members::visitor_at(&app.state, &headers, Utc::now())
            .await
            .unwrap();
        assert_eq!(
            visitor.session.map(|s| (s.member_id, s.delegated)),
            Some((id, true))
        );
        app.cleanup().await;
    }
}

fn at(minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 3, 4, 10, minute, 0).unwrap()
}

async fn queue(app: &TestApp, key: &str, to: &str, minute: u32) {
    let sms = !to.contains('@');
    let message = NewMessage {
        channel: if sms { Channel::Sms } else { Channel::Email },
        recipient: to.to_owned(),
        subject: (!sms).then(|| format!("Subject {key}")),
        body: format!("Body {key}\nsecond line\n"),
        idempotency_key: key.to_owned(),
        list: None,
    };
    assert!(
        store::outbox::enqueue(&app.state.db, message, at(minute))
            .await
            .unwrap()
    );
}

fn keys(messages: &[store::outbox::Message]) -> Vec<&str> {
    messages
        .iter()
        .map(|m| m.idempotency_key.as_str())
        .collect()
}

#[tokio::test]
async fn the_outbox_lists_the_newest_messages_first_with_limit_and_recipient() {
    for app in common::apps().await {
        let db = &app.state.db;
        assert_eq!(
            operator::format_outbox(&operator::outbox(db, 10, None).await.unwrap()),
            "The outbox is empty.\n"
        );
        // Queued out of time order: the listing follows the time.
        queue(&app, "a", "ann@example.com", 1).await;
        queue(&app, "c", "ann@example.com", 3).await;
        queue(&app, "b", "bob@example.com", 2).await;
        queue(&app, "d", "5551234567", 4).await;

        let all = operator::outbox(db, 10, None).await.unwrap();
        assert_eq!(keys(&all), ["d", "c", "b", "a"], "{}", app.name);
        let two = operator::outbox(db, 2, None).await.unwrap();
        assert_eq!(keys(&two), ["d", "c"]);
        let ann = operator::outbox(db, 10, Some(" Ann@Example.com"))
            .await
            .unwrap();
        assert_eq!(keys(&ann), ["c", "a"]);
        let ann = operator::outbox(db, 1, Some("ann@example.com"))
            .await
            .unwrap();
        assert_eq!(keys(&ann), ["c"]);
        let phone = operator::outbox(db, 10, Some("5551234567")).await.unwrap();
        assert_eq!(keys(&phone), ["d"]);
        assert!(
            operator::outbox(db, 10, Some("carol@example.com"))
                .await
                .unwrap()
                .is_empty()
        );

        let text = operator::format_outbox(&operator::outbox(db, 2, None).await.unwrap());
        assert_eq!(
            text,
            "--- 2025-03-04 10:04:00 UTC  sms  to 5551234567  (no subject)\n\
             Body d\nsecond line\n\n\
             --- 2025-03-04 10:03:00 UTC  email  to ann@example.com  Subject c\n\
             [queued, no attempt yet]\n\
             Body c\nsecond line\n\n"
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_outbox_shows_each_e_mails_delivery() {
    use store::outbox::Outcome;
    for app in common::apps().await {
        let db = &app.state.db;
        queue(&app, "sent", "ann@example.com", 1).await;
        queue(&app, "retry", "bob@example.com", 2).await;
        queue(&app, "failed", "cy@example.com", 3).await;
        let claimed = store::outbox::claim_due(db, Channel::Email, at(4), at(5), 10)
            .await
            .unwrap();
        assert_eq!(claimed.len(), 3, "{}", app.name);
        let id = |key: &str| {
            claimed
                .iter()
                .find(|m| m.idempotency_key == key)
                .unwrap()
                .id
        };
        let outcomes = [
            ("sent", Outcome::Sent),
            (
                "retry",
                Outcome::Retry {
                    error: "451 4.3.0 Try again later".into(),
                    retry_at: at(9),
                },
            ),
            (
                "failed",
                Outcome::Failed {
                    error: "550 5.1.1 This address is refused".into(),
                },
            ),
        ];
        for (key, outcome) in &outcomes {
            assert!(
                store::outbox::record(db, id(key), at(5), outcome, at(4))
                    .await
                    .unwrap()
            );
        }
        let text = operator::format_outbox(&operator::outbox(db, 10, None).await.unwrap());
        for line in [
            "[sent 2025-03-04 10:04:00 UTC after 1 attempt]",
            "[queued, 1 attempt, next at 2025-03-04 10:09:00 UTC, last error: 451 4.3.0 Try again later]",
            "[failed after 1 attempt: 550 5.1.1 This address is refused]",
        ] {
            assert!(text.contains(line), "{}: no {line:?} in\n{text}", app.name);
        }
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_outbox_shows_the_e_mailed_sign_in_link() {
    for app in common::apps().await {
        let whid = app.get("/sid.php?a=1&buster=1", &[]).await.json()["__whid"]
            .as_str()
            .unwrap()
            .to_owned();
        let token = app
            .get(
                "/home/rpc?action=get-csrf-token&buster=2",
                &[("x-xsrf-whid", &whid)],
            )
            .await
            .text();
        let request = Request::builder()
            .method(Method::POST)
            .uri("/join/light")
            .header("x-xsrf-whid", &whid)
            .header("x-xsrf-token", token)
            .header("content-type", "application/json")
            .body(Body::from(
                json!({"email": "Light@Example.com", "ref": "/"}).to_string(),
            ))
            .unwrap();
        let r = app.send(request).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let messages = operator::outbox(&app.state.db, 10, Some("light@example.com"))
            .await
            .unwrap();
        assert_eq!(messages.len(), 1, "{}", app.name);
        let text = operator::format_outbox(&messages);
        assert!(text.contains("/join/light/confirm?code="), "{text}");
        assert!(text.contains("email  to light@example.com"), "{text}");
        app.cleanup().await;
    }
}
