//! The account e-mails and changes over HTTP, on every backend: a forgotten password reset
//! by the e-mailed link (once, in time, never forged), a join's address confirmed, the
//! password and the address changed, and an account deleted with what it wrote kept.

use axum::http::StatusCode;
use chrono::{Duration, Utc};
use plainrate::members::account::{
    ADDRESS_TAKEN, CHANGE_SUBJECT, CONFIRM_SUBJECT, LINK_EXPIRED, RESET_SENT, RESET_SUBJECT,
    WRONG_PASSWORD,
};
use store::members::account_links::{self, Purpose};

use crate::common::members::{csrf_headers, unique_email};
use crate::common::{self, Reply, TestApp, form};

/// A form POST to `path` from client address `from`, as the session in `cookie` (or a
/// guest), with its anti-forgery headers.
async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)], cookie: Option<&str>) -> Reply {
    let headers = csrf_headers(app, cookie).await;
    let borrowed: Vec<(&str, &str)> = headers
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    app.post_form(path, &form(fields), &borrowed).await
}

/// The session cookie a signed-in answer sets, as a `Cookie` header value.
fn session_of(app: &TestApp, reply: &Reply) -> String {
    let name = plainrate::members::session_cookie_name(&app.state.settings);
    reply
        .set_cookies()
        .iter()
        .find_map(|c| {
            let pair = c.split(';').next()?;
            pair.starts_with(&format!("{name}="))
                .then(|| pair.to_owned())
        })
        .unwrap_or_else(|| panic!("no session cookie in {:?}", reply.set_cookies()))
}

/// Whether the session in `cookie` is signed in.
async fn signed_in(app: &TestApp, cookie: &str) -> bool {
    app.get("/home/settings/private-info", &[("cookie", cookie)])
        .await
        .status
        == StatusCode::OK
}

/// Joins with a password; the session cookie.
async fn join(app: &TestApp, email: &str, password: &str) -> String {
    let r = post(
        app,
        "/join",
        &[("email", email), ("password", password)],
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
    session_of(app, &r)
}

async fn sign_in(app: &TestApp, email: &str, password: &str) -> Reply {
    post(
        app,
        "/sign-in",
        &[("email", email), ("password", password)],
        None,
    )
    .await
}

/// The token of the newest e-mail to `to` with `subject`.
async fn token_mailed(app: &TestApp, to: &str, subject: &str) -> String {
    let mail = store::outbox::for_recipient(&app.state.db, to)
        .await
        .unwrap();
    let message = mail
        .iter()
        .rev()
        .find(|m| m.subject.as_deref() == Some(subject))
        .unwrap_or_else(|| panic!("{}: no {subject:?} e-mail to {to}", app.name));
    let at = message.body.find("?token=").unwrap() + "?token=".len();
    message.body[at..at + 64].to_owned()
}

fn assert_refused(reply: &Reply, field: &str, message: &str) {
    assert_eq!(reply.status, 400, "{}", reply.text());
    let body = reply.json();
    assert_eq!(body["field"], field, "{body}");
    assert_eq!(body["message"], message, "{body}");
}

#[tokio::test]
async fn a_forgotten_password_is_reset_once_by_the_emailed_link_and_every_session_ends() {
    for app in common::apps().await {
        let email = unique_email();
        let first_device = join(&app, &email, "first password").await;
        let second_device = session_of(&app, &sign_in(&app, &email, "first password").await);
        // The same answer whether or not the address has an account; no e-mail to a stranger.
        let known = post(&app, "/sign-in/forgot", &[("email", &email)], None).await;
        let stranger = unique_email();
        let unknown = post(&app, "/sign-in/forgot", &[("email", &stranger)], None).await;
        assert_eq!(
            (known.status, unknown.status),
            (StatusCode::OK, StatusCode::OK)
        );
        assert_eq!(known.body, unknown.body);
        assert_eq!(known.json()["message"], RESET_SENT);
        assert!(
            store::outbox::for_recipient(&app.state.db, &stranger)
                .await
                .unwrap()
                .is_empty()
        );
        let token = token_mailed(&app, &email, RESET_SUBJECT).await;
        let mail = store::outbox::for_recipient(&app.state.db, &email)
            .await
            .unwrap();
        assert!(mail.last().unwrap().body.contains(&format!(
            "http://127.0.0.1:8080/sign-in/reset?token={token}"
        )));
        // A forged, an altered and a malformed token change nothing.
        let mut altered = token.clone();
        altered.replace_range(0..1, if token.starts_with('a') { "b" } else { "a" });
        for bad in ["f".repeat(64), altered, "not a token".to_owned()] {
            let r = post(
                &app,
                "/sign-in/reset",
                &[("token", &bad), ("password", "second password")],
                None,
            )
            .await;
            assert_refused(&r, "token", LINK_EXPIRED);
        }
        assert!(signed_in(&app, &first_device).await);
        // The link sets the password, signs this browser in and ends every other session.
        let r = post(
            &app,
            "/sign-in/reset",
            &[("token", &token), ("password", "second password")],
            None,
        )
        .await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        assert_eq!(r.json()["member"]["full"], true);
        let here = session_of(&app, &r);
        assert!(signed_in(&app, &here).await);
        assert!(!signed_in(&app, &first_device).await, "{}", app.name);
        assert!(!signed_in(&app, &second_device).await, "{}", app.name);
        assert_eq!(sign_in(&app, &email, "first password").await.status, 400);
        assert_eq!(sign_in(&app, &email, "second password").await.status, 200);
        // Once only.
        let again = post(
            &app,
            "/sign-in/reset",
            &[("token", &token), ("password", "third password")],
            None,
        )
        .await;
        assert_refused(&again, "token", LINK_EXPIRED);
        assert_eq!(sign_in(&app, &email, "second password").await.status, 200);
        // A link older than 30 minutes does not work; a too-short password is refused and
        // leaves the link usable.
        let member = store::members::member_by_email(&app.state.db, &email)
            .await
            .unwrap()
            .unwrap();
        let old = account_links::create(
            &app.state.db,
            member.id,
            Purpose::ResetPassword,
            None,
            Utc::now() - Duration::minutes(31),
        )
        .await
        .unwrap();
        let r = post(
            &app,
            "/sign-in/reset",
            &[("token", &old), ("password", "fourth password")],
            None,
        )
        .await;
        assert_refused(&r, "token", LINK_EXPIRED);
        let fresh = account_links::create(
            &app.state.db,
            member.id,
            Purpose::ResetPassword,
            None,
            Utc::now(),
        )
        .await
        .unwrap();
        let r = post(
            &app,
            "/sign-in/reset",
            &[("token", &fresh), ("password", "short")],
            None,
        )
        .await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["field"], "password");
        let r = post(
            &app,
            "/sign-in/reset",
            &[("token", &fresh), ("password", "fifth password")],
            None,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        // A reset voids what was sent before it: a pending move no longer works.
        let here = session_of(&app, &sign_in(&app, &email, "fifth password").await);
        let elsewhere = unique_email();
        let r = post(
            &app,
            "/home/settings/email",
            &[("email", &elsewhere), ("password", "fifth password")],
            Some(&here),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let move_link = token_mailed(&app, &elsewhere, CHANGE_SUBJECT).await;
        let reset = account_links::create(
            &app.state.db,
            member.id,
            Purpose::ResetPassword,
            None,
            Utc::now(),
        )
        .await
        .unwrap();
        let r = post(
            &app,
            "/sign-in/reset",
            &[("token", &reset), ("password", "sixth password")],
            None,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let r = post(
            &app,
            "/home/settings/email/confirm",
            &[("token", &move_link)],
            None,
        )
        .await;
        assert_refused(&r, "token", LINK_EXPIRED);
        // A confirmation link is not a reset link.
        let confirm = token_mailed(&app, &email, CONFIRM_SUBJECT).await;
        let r = post(
            &app,
            "/sign-in/reset",
            &[("token", &confirm), ("password", "sixth password")],
            None,
        )
        .await;
        assert_refused(&r, "token", LINK_EXPIRED);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn forgotten_password_requests_are_limited_and_a_malformed_address_is_refused() {
    for app in common::apps().await {
        let r = post(
            &app,
            "/sign-in/forgot",
            &[("email", "not an address")],
            None,
        )
        .await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["field"], "email");
        let email = unique_email();
        join(&app, &email, "first password").await;
        for _ in 0..3 {
            assert_eq!(
                post(&app, "/sign-in/forgot", &[("email", &email)], None)
                    .await
                    .status,
                200
            );
        }
        let over = post(&app, "/sign-in/forgot", &[("email", &email)], None).await;
        assert_eq!(over.status, 429, "{}", app.name);
        let resets = store::outbox::for_recipient(&app.state.db, &email)
            .await
            .unwrap()
            .iter()
            .filter(|m| m.subject.as_deref() == Some(RESET_SUBJECT))
            .count();
        assert_eq!(resets, 3, "no e-mail for the refused request");
        // Only the newest link works.
        let newest = token_mailed(&app, &email, RESET_SUBJECT).await;
        let first = {
            let mail = store::outbox::for_recipient(&app.state.db, &email)
                .await
                .unwrap();
            let m = mail
                .iter()
                .find(|m| m.subject.as_deref() == Some(RESET_SUBJECT))
                .unwrap();
            let at = m.body.find("?token=").unwrap() + 7;
            m.body[at..at + 64].to_owned()
        };
        assert_ne!(first, newest);
        let r = post(
            &app,
            "/sign-in/reset",
            &[("token", &first), ("password", "second password")],
            None,
        )
        .await;
        assert_refused(&r, "token", LINK_EXPIRED);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_joins_address_is_confirmed_by_the_emailed_link() {
    for app in common::apps().await {
        let email = unique_email();
        join(&app, &email, "first password").await;
        let member = store::members::member_by_email(&app.state.db, &email)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(member.email_confirmed_at, None);
        // The join's only e-mail is the confirmation.
        let mail = store::outbox::for_recipient(&app.state.db, &email)
            .await
            .unwrap();
        assert_eq!(mail.len(), 1);
        let token = token_mailed(&app, &email, CONFIRM_SUBJECT).await;
        let r = post(&app, "/join/confirm", &[("token", &token)], None).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let member = store::members::member_by_email(&app.state.db, &email)
            .await
            .unwrap()
            .unwrap();
        assert!(member.email_confirmed_at.is_some());
        assert_refused(
            &post(&app, "/join/confirm", &[("token", &token)], None).await,
            "token",
            LINK_EXPIRED,
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_member_changes_the_password_with_the_current_one_and_other_sessions_end() {
    for app in common::apps().await {
        let email = unique_email();
        let here = join(&app, &email, "first password").await;
        let elsewhere = session_of(&app, &sign_in(&app, &email, "first password").await);
        let wrong = post(
            &app,
            "/home/settings/password",
            &[
                ("current", "not it at all"),
                ("password", "second password"),
            ],
            Some(&here),
        )
        .await;
        assert_refused(&wrong, "current", WRONG_PASSWORD);
        assert!(
            signed_in(&app, &elsewhere).await,
            "a refused change ends nothing"
        );
        let guest = post(
            &app,
            "/home/settings/password",
            &[
                ("current", "first password"),
                ("password", "second password"),
            ],
            None,
        )
        .await;
        assert_eq!(guest.status, 401);
        let r = post(
            &app,
            "/home/settings/password",
            &[
                ("current", "first password"),
                ("password", "second password"),
            ],
            Some(&here),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(signed_in(&app, &here).await);
        assert!(!signed_in(&app, &elsewhere).await);
        assert_eq!(sign_in(&app, &email, "second password").await.status, 200);
        // The join's confirmation link still confirms the address the account keeps.
        let confirm = token_mailed(&app, &email, CONFIRM_SUBJECT).await;
        let r = post(&app, "/join/confirm", &[("token", &confirm)], None).await;
        assert_eq!(r.status, 200, "{}", r.text());
        // A stolen session cannot guess the password: ten checks an hour, then 429.
        let mut statuses = Vec::new();
        for _ in 0..10 {
            let r = post(
                &app,
                "/home/settings/password",
                &[("current", "a wrong guess"), ("password", "third password")],
                Some(&here),
            )
            .await;
            statuses.push(r.status.as_u16());
        }
        assert!(statuses.contains(&429), "{statuses:?}");
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_member_moves_to_a_new_address_only_when_the_link_sent_there_is_followed() {
    for app in common::apps().await {
        let email = unique_email();
        let here = join(&app, &email, "first password").await;
        let taken = unique_email();
        join(&app, &taken, "other password").await;
        let new = unique_email();
        let wrong = post(
            &app,
            "/home/settings/email",
            &[("email", &new), ("password", "nope nope nope")],
            Some(&here),
        )
        .await;
        assert_refused(&wrong, "password", WRONG_PASSWORD);
        let r = post(
            &app,
            "/home/settings/email",
            &[("email", "no at sign"), ("password", "first password")],
            Some(&here),
        )
        .await;
        assert_eq!(
            (r.status, r.json()["field"].clone()),
            (StatusCode::BAD_REQUEST, "email".into())
        );
        let r = post(
            &app,
            "/home/settings/email",
            &[("email", &taken), ("password", "first password")],
            Some(&here),
        )
        .await;
        assert_refused(&r, "email", ADDRESS_TAKEN);
        assert!(
            store::outbox::for_recipient(&app.state.db, &new)
                .await
                .unwrap()
                .is_empty()
        );
        let r = post(
            &app,
            "/home/settings/email",
            &[("email", &new), ("password", "first password")],
            Some(&here),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        // Nothing moves until the link sent to the new address is followed.
        assert!(
            store::members::member_by_email(&app.state.db, &email)
                .await
                .unwrap()
                .is_some()
        );
        let token = token_mailed(&app, &new, CHANGE_SUBJECT).await;
        let r = post(
            &app,
            "/home/settings/email/confirm",
            &[("token", &token)],
            None,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(
            store::members::member_by_email(&app.state.db, &email)
                .await
                .unwrap()
                .is_none()
        );
        let moved = store::members::member_by_email(&app.state.db, &new)
            .await
            .unwrap()
            .unwrap();
        assert!(moved.email_confirmed_at.is_some());
        assert_eq!(sign_in(&app, &new, "first password").await.status, 200);
        assert_eq!(sign_in(&app, &email, "first password").await.status, 400);
        assert_refused(
            &post(
                &app,
                "/home/settings/email/confirm",
                &[("token", &token)],
                None,
            )
            .await,
            "token",
            LINK_EXPIRED,
        );
        // A link to an address taken since it was sent moves nothing and stays usable.
        let later = unique_email();
        let r = post(
            &app,
            "/home/settings/email",
            &[("email", &later), ("password", "first password")],
            Some(&here),
        )
        .await;
        assert_eq!(r.status, 200);
        let token = token_mailed(&app, &later, CHANGE_SUBJECT).await;
        join(&app, &later, "someone else").await;
        let r = post(
            &app,
            "/home/settings/email/confirm",
            &[("token", &token)],
            None,
        )
        .await;
        assert_refused(&r, "token", ADDRESS_TAKEN);
        assert!(
            store::members::member_by_email(&app.state.db, &new)
                .await
                .unwrap()
                .is_some()
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn deleting_an_account_removes_its_personal_data_and_keeps_what_it_wrote() {
    for app in common::apps().await {
        let email = unique_email();
        let here = join(&app, &email, "first password").await;
        let member = store::members::member_by_email(&app.state.db, &email)
            .await
            .unwrap()
            .unwrap();
        let category =
            store::qna::create_category(&app.state.db, "Credit Cards", "credit-cards", 1)
                .await
                .unwrap();
        let question = store::qna::create_question(
            &app.state.db,
            &store::qna::NewQuestion {
                category_id: category,
                offer_id: None,
                slug: "what-does-a-deleted-account-leave-behind",
                title: "What does a deleted account leave behind on this site?",
                more_info: "",
                author_id: member.id,
            },
            Utc::now(),
        )
        .await
        .unwrap();
        let wrong = post(
            &app,
            "/home/settings/delete",
            &[("password", "not the password")],
            Some(&here),
        )
        .await;
        assert_refused(&wrong, "password", WRONG_PASSWORD);
        assert!(
            signed_in(&app, &here).await,
            "a refused delete changes nothing"
        );
        let r = post(
            &app,
            "/home/settings/delete",
            &[("password", "first password")],
            Some(&here),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(!signed_in(&app, &here).await);
        assert!(
            store::members::member_by_email(&app.state.db, &email)
                .await
                .unwrap()
                .is_none()
        );
        let gone = store::members::member(&app.state.db, member.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(gone.name.as_deref(), Some(store::members::FORMER_MEMBER));
        assert_eq!(gone.password_hash, None);
        assert_eq!(gone.email, format!("deleted-member:{}", member.id));
        assert!(
            store::outbox::for_recipient(&app.state.db, &email)
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(sign_in(&app, &email, "first password").await.status, 400);
        // What the member wrote stays, as by a former member.
        let row = store::qna::question(&app.state.db, question)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            row.author.name.as_deref(),
            Some(store::members::FORMER_MEMBER)
        );
        app.cleanup().await;
    }
}
