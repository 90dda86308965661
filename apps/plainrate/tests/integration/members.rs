//! The members area over HTTP, on every backend: joining, light sign-up and its sign-in
//! link, signing in and out, sessions and their cookies, the private-info setting, rate
//! limits, delegated sessions and the anti-forgery check.

use crate::common;
use crate::common::members as member_helpers;

use std::net::SocketAddr;

use crate::common::{Reply, TestApp};
use axum::body::Body;
use axum::http::{Method, Request};
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use store::members::{NewMember, SessionKind};

const PERMISSION: &str = "Oops. You don't have permission to make edits on this account.";

/// A window id and token, as the browser gets them.
struct Csrf {
    whid: String,
    token: String,
}

async fn csrf(app: &TestApp) -> Csrf {
    let whid = member_helpers::window_id(app).await;
    let token = member_helpers::token(app, &whid, None).await;
    Csrf { whid, token }
}

/// The token the page gets for window `whid` while signed in with `cookie`.
async fn token_in_session(app: &TestApp, whid: &str, cookie: &str) -> String {
    member_helpers::token(app, whid, Some(cookie)).await
}

fn peer(n: u8) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, n], 40000))
}

const LOCAL: u8 = 0;

/// Sends a request; `csrf` adds the anti-forgery headers, `cookie` the `Cookie` header,
/// `from` picks the client address (0 is 127.0.0.1).
async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    body: Option<Value>,
    csrf: Option<&Csrf>,
    cookie: Option<&str>,
    from: u8,
) -> Reply {
    let mut b = Request::builder().method(method).uri(path);
    if let Some(c) = csrf {
        // Tokens are bound to the session: a signed-in request carries its session's.
        let token = match cookie {
            Some(cookie) => token_in_session(app, &c.whid, cookie).await,
            None => c.token.clone(),
        };
        b = b
            .header("x-xsrf-whid", &c.whid)
            .header("x-xsrf-token", token);
    }
    if let Some(cookie) = cookie {
        b = b.header("cookie", cookie);
    }
    let request = match body {
        Some(v) => b
            .header("content-type", "application/json")
            .body(Body::from(v.to_string()))
            .unwrap(),
        None => b.body(Body::empty()).unwrap(),
    };
    let from = if from == LOCAL {
        "127.0.0.1:40000".parse().unwrap()
    } else {
        peer(from)
    };
    app.send_from(request, from).await
}

async fn post(app: &TestApp, path: &str, body: Value, c: &Csrf, cookie: Option<&str>) -> Reply {
    call(app, Method::POST, path, Some(body), Some(c), cookie, LOCAL).await
}

async fn get(app: &TestApp, path: &str, cookie: Option<&str>) -> Reply {
    call(app, Method::GET, path, None, None, cookie, LOCAL).await
}

/// One parsed `Set-Cookie`.
#[derive(Debug)]
struct SetCookie {
    name: String,
    value: String,
    attrs: Vec<(String, Option<String>)>,
}

impl SetCookie {
    fn parse(line: &str) -> Self {
        let mut parts = line.split(';').map(str::trim);
        let (name, value) = parts.next().unwrap().split_once('=').unwrap();
        let attrs = parts
            .map(|a| match a.split_once('=') {
                Some((k, v)) => (k.to_ascii_lowercase(), Some(v.to_owned())),
                None => (a.to_ascii_lowercase(), None),
            })
            .collect();
        Self {
            name: name.to_owned(),
            value: value.to_owned(),
            attrs,
        }
    }

    fn has(&self, attr: &str) -> bool {
        self.attrs.iter().any(|(k, _)| k == attr)
    }

    fn attr(&self, attr: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == attr)
            .and_then(|(_, v)| v.as_deref())
    }
}

fn cookie_named(reply: &Reply, name: &str) -> SetCookie {
    reply
        .set_cookies()
        .iter()
        .map(|l| SetCookie::parse(l))
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no {name} cookie in {:?}", reply.set_cookies()))
}

fn session_header(reply: &Reply) -> String {
    let c = cookie_named(reply, "__Host-sid");
    format!("__Host-sid={}", c.value)
}

/// Waits, when the current window of `window_secs` has fewer than `room_secs` left, for
/// the next one, so a sequence of requests is counted in a single window.
async fn wait_for_room(window_secs: i64, room_secs: i64) {
    let into = Utc::now().timestamp().rem_euclid(window_secs);
    if window_secs - into < room_secs {
        tokio::time::sleep(std::time::Duration::from_secs(
            (window_secs - into + 1) as u64,
        ))
        .await;
    }
}

/// Moves every stored rate-limit window whose key starts with `prefix` and ends with
/// `suffix` a day or more into the past: the next request counts in a new window, as if
/// that time had passed.
async fn age_rate_limits(app: &TestApp, prefix: &str, suffix: &str) {
    // Each call moves rows further back, so rows aged twice never collide.
    static AGED: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(1);
    let back = Duration::days(AGED.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    let db = &app.state.db;
    let rows = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT key, window_start FROM rate_limits".to_owned(),
        ))
        .await
        .unwrap();
    for row in rows {
        let key: String = row.try_get_by_index(0).unwrap();
        let start: DateTime<Utc> = row.try_get_by_index(1).unwrap();
        if !key.starts_with(prefix) || !key.ends_with(suffix) {
            continue;
        }
        let update = Query::update()
            .table(Alias::new("rate_limits"))
            .value(Alias::new("window_start"), start - back)
            .and_where(Expr::col(Alias::new("key")).eq(key.as_str()))
            .and_where(Expr::col(Alias::new("window_start")).eq(start))
            .to_owned();
        db.execute(&update).await.unwrap();
    }
}

async fn join(app: &TestApp, c: &Csrf, email: &str, password: &str) -> Reply {
    post(
        app,
        "/join",
        json!({"email": email, "password": password, "name": "Ada Lovelace"}),
        c,
        None,
    )
    .await
}

async fn sign_in(app: &TestApp, c: &Csrf, email: &str, password: &str, from: u8) -> Reply {
    call(
        app,
        Method::POST,
        "/sign-in",
        Some(json!({"email": email, "password": password})),
        Some(c),
        None,
        from,
    )
    .await
}

/// The sign-in link e-mails queued for `email` (a full join's confirmation e-mail left out).
async fn outbox_for(app: &TestApp, email: &str) -> Vec<store::outbox::Message> {
    store::outbox::for_recipient(&app.state.db, email)
        .await
        .unwrap()
        .into_iter()
        .filter(|m| m.subject.as_deref() == Some(plainrate::members::LINK_SUBJECT))
        .collect()
}

fn code_in(body: &str) -> String {
    let at = body.find("code=").unwrap() + "code=".len();
    body[at..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect()
}

fn assert_error(r: &Reply, status: u16, code: &str, field: Option<&str>) {
    assert_eq!(r.status, status, "{}", r.text());
    let body = r.json();
    assert_eq!(body["error"], true, "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert_eq!(body["field"].as_str(), field, "{body}");
}

#[tokio::test]
async fn join_creates_a_full_member_and_sets_both_cookies() {
    for app in common::apps_with(|s| s.cookie_domain = Some("example.com".into())).await {
        let c = csrf(&app).await;
        let r = join(&app, &c, "  Ada@Example.COM ", "correct horse").await;
        assert_eq!(r.status, 200, "{} {}", app.name, r.text());
        let body = r.json();
        assert_eq!(body["ok"], true);
        assert_eq!(body["member"]["email"], "ada@example.com");
        assert_eq!(body["member"]["name"], "Ada Lovelace");
        assert_eq!(body["member"]["plan"], "basic");
        assert_eq!(body["member"]["full"], true);
        assert_eq!(r.header("cache-control"), Some("no-store"));
        let id = body["member"]["id"].as_i64().unwrap();

        // The session cookie: host-only, server-only.
        let sid = cookie_named(&r, "__Host-sid");
        assert_eq!(sid.value.len(), 64, "256 bits as hex");
        assert!(sid.value.bytes().all(|b| b.is_ascii_hexdigit()));
        assert!(sid.has("httponly") && sid.has("secure"), "{sid:?}");
        assert_eq!(sid.attr("samesite"), Some("Lax"));
        assert_eq!(sid.attr("path"), Some("/"));
        assert!(!sid.has("domain"), "{sid:?}");
        assert_eq!(sid.attr("max-age"), Some("2592000"));

        // The sign-on mirror: readable by the page, shared with the parent domain.
        let so = cookie_named(&r, "__Secure-signon");
        assert!(!so.has("httponly") && so.has("secure"), "{so:?}");
        assert_eq!(so.attr("domain"), Some("example.com"));
        assert_eq!(so.attr("samesite"), Some("Lax"));
        let data = visitor_state::sign_on::decode(&so.value).unwrap();
        assert!(data.full);
        assert_eq!(data.id.as_deref(), Some(id.to_string().as_str()));
        assert_eq!(data.account_id.as_deref(), Some(id.to_string().as_str()));
        assert_eq!(data.real_name.as_deref(), Some("Ada Lovelace"));
        assert!(!data.is_delegated());

        // The member: an Argon2id hash, never the password.
        let m = store::members::member(&app.state.db, id)
            .await
            .unwrap()
            .unwrap();
        let hash = m.password_hash.unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("correct horse"));

        // The cookie signs the visitor in.
        let cookie = session_header(&r);
        let v = plainrate::members::visitor_at(
            &app.state,
            &[("cookie", cookie.parse().unwrap())]
                .into_iter()
                .map(|(k, v)| (axum::http::header::HeaderName::from_static(k), v))
                .collect(),
            Utc::now(),
        )
        .await
        .unwrap();
        let s = v.session.unwrap();
        assert_eq!((s.member_id, s.full, s.delegated), (id, true, false));
        assert_eq!(s.plan, "basic");
        let r = get(&app, "/home/settings/private-info", Some(&cookie)).await;
        assert_eq!(r.status, 200);
        assert_eq!(r.json(), json!({"optOut": false}));
        app.cleanup().await;
    }
}

#[tokio::test]
async fn join_validation_names_the_field_and_creates_nothing() {
    for app in common::apps().await {
        let c = csrf(&app).await;
        let cases = [
            (json!({"password": "12345678"}), "email"),
            (
                json!({"email": "x@localhost", "password": "12345678"}),
                "email",
            ),
            (json!({"email": "a@example.com"}), "password"),
            (
                json!({"email": "a@example.com", "password": "1234567"}),
                "password",
            ),
            (
                json!({"email": "a@example.com", "password": "x".repeat(257)}),
                "password",
            ),
            (
                json!({"email": "a@example.com", "password": "12345678", "name": "n".repeat(81)}),
                "name",
            ),
            (
                json!({"email": "a@example.com", "password": "12345678", "name": "a\u{7}b"}),
                "name",
            ),
        ];
        for (body, field) in cases {
            let r = post(&app, "/join", body.clone(), &c, None).await;
            assert_error(&r, 400, "validation", Some(field));
            assert!(r.set_cookies().is_empty(), "{body}");
        }
        assert!(
            store::members::member_by_email(&app.state.db, "a@example.com")
                .await
                .unwrap()
                .is_none()
        );
        // Exactly 8 characters (not bytes) is enough; the name is optional.
        let r = post(
            &app,
            "/join",
            json!({"email": "a@example.com", "password": "ééééééé1"}),
            &c,
            None,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(r.json()["member"].get("name").is_none());
        // The same address again, in another case.
        let r = post(
            &app,
            "/join",
            json!({"email": "A@EXAMPLE.com", "password": "12345678"}),
            &c,
            None,
        )
        .await;
        assert_error(&r, 400, "validation", Some("email"));
        assert_eq!(r.json()["message"], plainrate::members::ALREADY_REGISTERED);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn join_is_limited_to_three_an_hour_per_address() {
    for app in common::apps().await {
        wait_for_room(3600, 30).await;
        let c = csrf(&app).await;
        for n in 0..3 {
            let r = join(&app, &c, &format!("j{n}@example.com"), "12345678").await;
            assert_eq!(r.status, 200, "{}", r.text());
        }
        let r = join(&app, &c, "j3@example.com", "12345678").await;
        assert_error(&r, 429, "rate_limited", None);
        assert!(
            store::members::member_by_email(&app.state.db, "j3@example.com")
                .await
                .unwrap()
                .is_none()
        );
        // Another client address is not affected.
        let r = call(
            &app,
            Method::POST,
            "/join",
            Some(json!({"email": "j4@example.com", "password": "12345678"})),
            Some(&c),
            None,
            9,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        // A new window lets the first address join again.
        age_rate_limits(&app, "join:ip", "").await;
        let r = join(&app, &c, "j3@example.com", "12345678").await;
        assert_eq!(r.status, 200, "{} {}", app.name, r.text());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn sign_in_rotates_the_session_and_fails_the_same_way_for_every_reason() {
    for app in common::apps().await {
        let c = csrf(&app).await;
        let joined = join(&app, &c, "s@example.com", "right password").await;
        let first = session_header(&joined);
        // A light member has no password at all.
        store::members::create_member(
            &app.state.db,
            NewMember {
                email: "light@example.com".into(),
                password_hash: None,
                name: None,
            },
        )
        .await
        .unwrap();

        // Signing in with the old session's cookie gives a new session and ends the old.
        let r = call(
            &app,
            Method::POST,
            "/sign-in",
            Some(json!({"email": "S@Example.com", "password": "right password"})),
            Some(&c),
            Some(&first),
            LOCAL,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["member"]["email"], "s@example.com");
        let second = session_header(&r);
        assert_ne!(first, second);
        assert!(cookie_named(&r, "__Host-sid").has("httponly"));
        // The old session's token is refused now; the answer carries the new session's.
        let fresh = cookie_named(&r, "XSRF-TOKEN").value;
        let with = |token: &str, session: &str| {
            let mut h = axum::http::HeaderMap::new();
            h.insert("x-xsrf-whid", c.whid.parse().unwrap());
            h.insert("x-xsrf-token", token.parse().unwrap());
            h.insert("cookie", session.parse().unwrap());
            plainrate::protocol::csrf::verify(&app.state, &h)
        };
        let old_token = token_in_session(&app, &c.whid, &first).await;
        assert!(with(&fresh, &second).is_ok());
        assert!(with(&old_token, &second).is_err());
        assert!(
            visitor_state::sign_on::decode(&cookie_named(&r, "__Secure-signon").value)
                .unwrap()
                .full
        );
        assert_eq!(
            get(&app, "/home/settings/private-info", Some(&first))
                .await
                .status,
            401
        );
        assert_eq!(
            get(&app, "/home/settings/private-info", Some(&second))
                .await
                .status,
            200
        );

        // Unknown address, wrong password, passwordless member: one answer.
        let unknown = sign_in(&app, &c, "nobody@example.com", "right password", 1).await;
        let wrong = sign_in(&app, &c, "s@example.com", "wrong password", 2).await;
        let light = sign_in(&app, &c, "light@example.com", "anything at all", 3).await;
        for r in [&unknown, &wrong, &light] {
            assert_eq!(r.status, 400, "{}", r.text());
            assert_eq!(r.body, unknown.body);
            assert!(r.set_cookies().is_empty());
        }
        assert_eq!(
            unknown.json()["message"],
            plainrate::members::SIGN_IN_FAILED
        );
        assert!(unknown.json().get("field").is_none());

        // Missing fields are named.
        let r = post(&app, "/sign-in", json!({"password": "x"}), &c, None).await;
        assert_error(&r, 400, "validation", Some("email"));
        let r = post(
            &app,
            "/sign-in",
            json!({"email": "s@example.com"}),
            &c,
            None,
        )
        .await;
        assert_error(&r, 400, "validation", Some("password"));
        app.cleanup().await;
    }
}

#[tokio::test]
async fn sign_in_is_limited_per_client_and_per_account_and_resets() {
    for app in common::apps().await {
        let c = csrf(&app).await;
        join(&app, &c, "rl@example.com", "right password").await;
        wait_for_room(60, 20).await;
        // Per client address: six tries a minute, then 429 even with the right password.
        for _ in 0..6 {
            let r = sign_in(&app, &c, "other@example.com", "wrong password", 1).await;
            assert_eq!(r.status, 400, "{}", r.text());
        }
        let r = sign_in(&app, &c, "rl@example.com", "right password", 1).await;
        assert_error(&r, 429, "rate_limited", None);
        assert!(r.set_cookies().is_empty());
        // A new window lets the client in.
        age_rate_limits(&app, "sign-in:ip:", "@60s").await;
        let r = sign_in(&app, &c, "rl@example.com", "right password", 1).await;
        assert_eq!(r.status, 200, "{} {}", app.name, r.text());

        // Per account: six tries a minute from anywhere (a fresh window: the tries above
        // counted for this account too).
        wait_for_room(60, 20).await;
        age_rate_limits(&app, "sign-in:account:", "@60s").await;
        for n in 0..6 {
            let r = sign_in(&app, &c, "rl@example.com", "wrong password", 10 + n).await;
            assert_eq!(r.status, 400, "{}", r.text());
        }
        let r = sign_in(&app, &c, "rl@example.com", "right password", 30).await;
        assert_error(&r, 429, "rate_limited", None);
        age_rate_limits(&app, "sign-in:account:", "@60s").await;
        let r = sign_in(&app, &c, "rl@example.com", "right password", 31).await;
        assert_eq!(r.status, 200, "{}", r.text());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn sign_in_allows_thirty_an_hour_per_client() {
    for app in common::apps().await {
        wait_for_room(3600, 60).await;
        let c = csrf(&app).await;
        for round in 0..5 {
            wait_for_room(60, 20).await;
            for n in 0..6 {
                let email = format!("u{round}-{n}@example.com");
                let r = sign_in(&app, &c, &email, "wrong password", 7).await;
                assert_eq!(r.status, 400, "round {round}: {}", r.text());
            }
            // The minute window passes; the hour window does not.
            age_rate_limits(&app, "sign-in:ip:", "@60s").await;
        }
        let r = sign_in(&app, &c, "u-last@example.com", "wrong password", 7).await;
        assert_error(&r, 429, "rate_limited", None);
        age_rate_limits(&app, "sign-in:ip:", "@3600s").await;
        let r = sign_in(&app, &c, "u-last@example.com", "wrong password", 7).await;
        assert_eq!(r.status, 400, "{}", r.text());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn sign_out_revokes_the_session_and_clears_both_cookies() {
    for app in common::apps().await {
        let c = csrf(&app).await;
        let cookie = session_header(&join(&app, &c, "o@example.com", "12345678").await);
        // Without the token nothing happens.
        let r = call(
            &app,
            Method::POST,
            "/sign-out",
            None,
            None,
            Some(&cookie),
            LOCAL,
        )
        .await;
        assert_error(&r, 400, "csrf", None);
        assert_eq!(
            get(&app, "/home/settings/private-info", Some(&cookie))
                .await
                .status,
            200
        );

        let r = call(
            &app,
            Method::POST,
            "/sign-out",
            None,
            Some(&c),
            Some(&cookie),
            LOCAL,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json(), json!({"ok": true}));
        for name in ["__Host-sid", "__Secure-signon"] {
            let cleared = cookie_named(&r, name);
            assert_eq!(cleared.value, "");
            let max_age = cleared.attrs.iter().rfind(|(k, _)| k == "max-age");
            assert_eq!(max_age.unwrap().1.as_deref(), Some("0"), "{cleared:?}");
            assert_eq!(cleared.attr("path"), Some("/"));
        }
        assert_eq!(
            get(&app, "/home/settings/private-info", Some(&cookie))
                .await
                .status,
            401
        );
        // Signing out again, or as a guest, is harmless.
        let r = call(
            &app,
            Method::POST,
            "/sign-out",
            None,
            Some(&c),
            Some(&cookie),
            LOCAL,
        )
        .await;
        assert_eq!(r.status, 200);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn expired_revoked_and_forged_sessions_are_guests() {
    for app in common::apps().await {
        let name = plainrate::members::SESSION_COOKIE;
        let (id, live) = member_helpers::signed_in(&app, false).await;
        assert_eq!(
            get(&app, "/home/settings/private-info", Some(&live))
                .await
                .status,
            200
        );
        let kind = SessionKind {
            delegated: false,
            full: true,
        };
        let db = &app.state.db;
        // Idle for more than 7 days; begun more than 30 days ago.
        let idle = store::members::create_session(db, id, kind, Utc::now() - Duration::days(8))
            .await
            .unwrap();
        let old = store::members::create_session(db, id, kind, Utc::now() - Duration::days(31))
            .await
            .unwrap();
        let revoked = store::members::create_session(db, id, kind, Utc::now())
            .await
            .unwrap();
        store::members::revoke_session(db, &revoked).await.unwrap();
        let forged = "0".repeat(64);
        for token in [
            idle.as_str(),
            old.as_str(),
            revoked.as_str(),
            forged.as_str(),
            "x",
        ] {
            let r = get(
                &app,
                "/home/settings/private-info",
                Some(&format!("{name}={token}")),
            )
            .await;
            assert_error(&r, 401, "guest", None);
        }
        // The sign-on mirror alone never signs anyone in, nor does the development name.
        let mirror = visitor_state::sign_on::encode_base64(&visitor_state::sign_on::SignOn {
            full: true,
            id: Some(id.to_string()),
            ..Default::default()
        });
        let r = get(
            &app,
            "/home/settings/private-info",
            Some(&format!("__Secure-signon={mirror}")),
        )
        .await;
        assert_eq!(r.status, 401);
        let token = live.split_once('=').unwrap().1;
        let r = get(
            &app,
            "/home/settings/private-info",
            Some(&format!("sid={token}")),
        )
        .await;
        assert_eq!(r.status, 401);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn private_info_reads_and_sets_the_opt_out() {
    for app in common::apps().await {
        let c = csrf(&app).await;
        assert_error(
            &get(&app, "/home/settings/private-info", None).await,
            401,
            "guest",
            None,
        );
        let r = post(
            &app,
            "/home/settings/private-info",
            json!({"optOut": true}),
            &c,
            None,
        )
        .await;
        assert_error(&r, 401, "guest", None);
        let (id, cookie) = member_helpers::signed_in(&app, false).await;
        let r = post(
            &app,
            "/home/settings/private-info",
            json!({"optOut": true}),
            &c,
            Some(&cookie),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json(), json!({"optOut": true}));
        assert_eq!(
            get(&app, "/home/settings/private-info", Some(&cookie))
                .await
                .json(),
            json!({"optOut": true})
        );
        let m = store::members::member(&app.state.db, id)
            .await
            .unwrap()
            .unwrap();
        assert!(m.private_info_opt_out);
        for bad in [json!({}), json!({"optOut": "maybe"})] {
            let r = post(&app, "/home/settings/private-info", bad, &c, Some(&cookie)).await;
            assert_error(&r, 400, "validation", Some("optOut"));
        }
        // Through the dispatcher, form-encoded.
        let r = app
            .post_form(
                "/home/rpc",
                "action=Members.SetPrivateInfo&optOut=0",
                &[
                    ("x-xsrf-whid", &c.whid),
                    (
                        "x-xsrf-token",
                        &token_in_session(&app, &c.whid, &cookie).await,
                    ),
                    ("cookie", &cookie),
                ],
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let r = app
            .get(
                "/home/rpc?action=Members.PrivateInfo",
                &[("cookie", &cookie)],
            )
            .await;
        assert_eq!(r.json(), json!({"optOut": false}));
        app.cleanup().await;
    }
}

#[tokio::test]
async fn light_sign_up_mails_one_link_per_accepted_request_and_answers_alike() {
    for app in common::apps().await {
        let c = csrf(&app).await;
        join(&app, &c, "full@example.com", "12345678").await;
        wait_for_room(600, 30).await;
        let new = post(
            &app,
            "/join/light",
            json!({"email": "New@Example.com", "ref": "/d/card?x=1"}),
            &c,
            None,
        )
        .await;
        assert_eq!(new.status, 200, "{}", new.text());
        assert!(new.set_cookies().is_empty());
        let known = post(
            &app,
            "/join/light",
            json!({"email": "full@example.com", "ref": "/d/card?x=1"}),
            &c,
            None,
        )
        .await;
        assert_eq!(known.status, new.status);
        assert_eq!(
            known.body, new.body,
            "same answer whether the address was known"
        );
        assert_eq!(
            new.json(),
            json!({"ok": true, "message": plainrate::members::LINK_SENT, "ref": "/d/card?x=1"})
        );
        // A light member now exists; the full member was left as it was.
        let light = store::members::member_by_email(&app.state.db, "new@example.com")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(light.password_hash, None);
        let full = store::members::member_by_email(&app.state.db, "full@example.com")
            .await
            .unwrap()
            .unwrap();
        assert!(full.password_hash.is_some());
        // Exactly one message per accepted request.
        let mail = outbox_for(&app, "new@example.com").await;
        assert_eq!(mail.len(), 1, "{}", app.name);
        assert_eq!(
            mail[0].subject.as_deref(),
            Some(plainrate::members::LINK_SUBJECT)
        );
        assert!(
            mail[0]
                .body
                .contains("http://127.0.0.1:8080/join/light/confirm?code=")
        );
        assert_eq!(outbox_for(&app, "full@example.com").await.len(), 1);
        // Three per address per 10 minutes, then 429 and no message.
        for n in 2..=3 {
            let r = post(
                &app,
                "/join/light",
                json!({"email": "new@example.com"}),
                &c,
                None,
            )
            .await;
            assert_eq!(r.status, 200);
            assert_eq!(outbox_for(&app, "new@example.com").await.len(), n);
        }
        let r = post(
            &app,
            "/join/light",
            json!({"email": "new@example.com"}),
            &c,
            None,
        )
        .await;
        assert_error(&r, 429, "rate_limited", None);
        assert_eq!(outbox_for(&app, "new@example.com").await.len(), 3);
        // A bad address is named and sends nothing.
        let r = post(&app, "/join/light", json!({"email": "nope"}), &c, None).await;
        assert_error(&r, 400, "validation", Some("email"));
        // Four sign-in links and the full member's confirmation e-mail.
        assert_eq!(store::outbox::all(&app.state.db).await.unwrap().len(), 5);
        // A new window lets the address through again.
        age_rate_limits(&app, "light:", "").await;
        let r = post(
            &app,
            "/join/light",
            json!({"email": "new@example.com"}),
            &c,
            None,
        )
        .await;
        assert_eq!(r.status, 200);
        assert_eq!(outbox_for(&app, "new@example.com").await.len(), 4);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn light_sign_up_limits_one_client_mailing_many_addresses() {
    for app in common::apps().await {
        wait_for_room(600, 30).await;
        let c = csrf(&app).await;
        for n in 0..10 {
            let r = post(
                &app,
                "/join/light",
                json!({"email": format!("m{n}@example.com")}),
                &c,
                None,
            )
            .await;
            assert_eq!(r.status, 200, "{}", r.text());
        }
        let r = post(
            &app,
            "/join/light",
            json!({"email": "m10@example.com"}),
            &c,
            None,
        )
        .await;
        assert_error(&r, 429, "rate_limited", None);
        assert!(outbox_for(&app, "m10@example.com").await.is_empty());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_sign_in_link_signs_in_once_and_returns_to_the_ref() {
    for app in common::apps().await {
        let c = csrf(&app).await;
        let r = post(
            &app,
            "/join/light",
            json!({"email": "link@example.com", "ref": "http://127.0.0.1:8080/answers/q-1?qpage=2"}),
            &c,
            None,
        )
        .await;
        assert_eq!(r.json()["ref"], "/answers/q-1?qpage=2");
        let code = code_in(&outbox_for(&app, "link@example.com").await[0].body);
        assert_eq!(code.len(), 64);
        let r = post(&app, "/join/light/confirm", json!({"code": code}), &c, None).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let body = r.json();
        assert_eq!(body["ref"], "/answers/q-1?qpage=2");
        assert_eq!(body["member"]["email"], "link@example.com");
        assert_eq!(body["member"]["full"], false);
        let so =
            visitor_state::sign_on::decode(&cookie_named(&r, "__Secure-signon").value).unwrap();
        assert!(!so.full);
        let cookie = session_header(&r);
        assert_eq!(
            get(&app, "/home/settings/private-info", Some(&cookie))
                .await
                .status,
            200
        );
        // Once only; unknown codes likewise.
        for again in [code.as_str(), "abc", &"f".repeat(64)] {
            let r = post(
                &app,
                "/join/light/confirm",
                json!({"code": again}),
                &c,
                None,
            )
            .await;
            assert_error(&r, 400, "validation", Some("code"));
            assert_eq!(r.json()["message"], plainrate::members::LINK_INVALID);
        }
        let r = post(&app, "/join/light/confirm", json!({}), &c, None).await;
        assert_error(&r, 400, "validation", Some("code"));
        app.cleanup().await;
    }
}

/// A guest's rating is carried through the light sign-up: the rating answer's link holds
/// it, the e-mail says so, and the link casts it as the new member's vote.
#[tokio::test]
async fn a_guest_rating_is_cast_when_the_sign_in_link_signs_them_in() {
    for app in common::apps().await {
        let card = offer_model::Offer::from_json(&json!({"ID": "test-card", "NAME": "Test Card"}))
            .unwrap();
        app.state
            .catalogue
            .replace(plainrate::listings::Snapshot::new(1, vec![card]));
        let c = csrf(&app).await;
        // A guest's vote answers with the light sign-up, carrying the vote.
        let r = post(
            &app,
            "/home/rpc?action=Details.SetRate",
            json!({"pid": "test-card", "rtg": "3"}),
            &c,
            None,
        )
        .await;
        let redirect = r.json()["redirect_url"].as_str().unwrap().to_owned();
        assert!(
            redirect.ends_with("&vote=product%3Atest-card%3A3"),
            "{redirect}"
        );
        // A malformed vote, or one on nothing in the catalogue, is left out: the link is
        // sent all the same and promises no rating.
        for bad in ["product:test-card:9", "product:no-such-card:2"] {
            let r = post(
                &app,
                "/join/light",
                json!({"email": "other@example.com", "vote": bad}),
                &c,
                None,
            )
            .await;
            assert_eq!(r.status, 200, "{bad}: {}", r.text());
        }
        let sent = outbox_for(&app, "other@example.com").await;
        assert_eq!(sent.len(), 2);
        assert!(sent.iter().all(|m| !m.body.contains("counts the rating")));
        let r = post(&app, "/join/light", json!({"email": "rater@example.com", "ref": "/d/test-card", "vote": "product:test-card:3"}), &c, None).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let mail = &outbox_for(&app, "rater@example.com").await[0].body;
        assert!(
            mail.contains("counts the rating you chose: 3 stars"),
            "{mail}"
        );
        let code = code_in(mail);
        let r = post(&app, "/join/light/confirm", json!({"code": code}), &c, None).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let member = store::members::member_by_email(&app.state.db, "rater@example.com")
            .await
            .unwrap()
            .unwrap();
        let vote = store::votes::member_vote(
            &app.state.db,
            store::votes::TargetKind::Product,
            member.id,
            "test-card",
        )
        .await
        .unwrap();
        assert_eq!(vote.map(|s| s.get()), Some(3), "{}", app.name);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_return_address_is_always_a_same_site_path() {
    for app in common::apps().await {
        let c = csrf(&app).await;
        // (query as sent, the value the server decodes)
        let evil = [
            ("%2F%2Fevil.com", "//evil.com"),
            ("%2F%5Cevil.com", "/\\evil.com"),
            ("https%3Aevil.com", "https:evil.com"),
            ("%252F%252Fevil.com", "%2F%2Fevil.com"),
            ("javascript%3Aalert(1)", "javascript:alert(1)"),
            (
                "http%3A%2F%2F127.0.0.1%3A8080.evil.com%2F",
                "http://127.0.0.1:8080.evil.com/",
            ),
            ("%2F%252F%252Fevil.com", "/%2F%2Fevil.com"),
            ("", ""),
        ];
        for (n, (query, raw)) in evil.iter().enumerate() {
            let r = get(&app, &format!("/join/light?ref={query}"), None).await;
            assert_eq!(r.status, 200, "{raw}");
            assert_eq!(r.json(), json!({"ref": "/"}), "{raw}");
            // The light sign-up stores the same fallback for its link.
            let email = format!("r{n}@example.com");
            let r = call(
                &app,
                Method::POST,
                "/join/light",
                Some(json!({"email": email, "ref": raw})),
                Some(&c),
                None,
                n as u8 + 1,
            )
            .await;
            assert_eq!(r.json()["ref"], "/", "{raw}");
            let code = code_in(&outbox_for(&app, &email).await[0].body);
            let r = post(&app, "/join/light/confirm", json!({"code": code}), &c, None).await;
            assert_eq!(r.json()["ref"], "/", "{raw}");
        }
        assert_eq!(
            get(&app, "/join/light", None).await.json(),
            json!({"ref": "/"})
        );
        for (query, kept) in [
            ("%2Fd%2Fcard%3Fx%3D1", "/d/card?x=1"),
            ("/answers/", "/answers/"),
            ("http%3A%2F%2F127.0.0.1%3A8080%2Fd%2Fx", "/d/x"),
        ] {
            let r = get(&app, &format!("/join/light?ref={query}"), None).await;
            assert_eq!(r.json(), json!({"ref": kept}), "{query}");
        }
        app.cleanup().await;
    }
}

#[tokio::test]
async fn delegated_sessions_change_nothing() {
    for app in common::apps().await {
        let c = csrf(&app).await;
        let (id, cookie) = member_helpers::signed_in(&app, true).await;
        let before = store::members::member(&app.state.db, id)
            .await
            .unwrap()
            .unwrap();
        let writes = [
            (
                "/join",
                json!({"email": "d@example.com", "password": "12345678"}),
            ),
            ("/join/light", json!({"email": "d@example.com", "ref": "/"})),
            (
                "/sign-in",
                json!({"email": before.email, "password": "12345678"}),
            ),
            ("/join/light/confirm", json!({"code": "a".repeat(64)})),
            ("/home/settings/private-info", json!({"optOut": true})),
        ];
        for (path, body) in writes {
            let r = post(&app, path, body, &c, Some(&cookie)).await;
            assert_error(&r, 403, "forbidden", None);
            assert_eq!(r.json()["message"], PERMISSION, "{path}");
            assert!(r.set_cookies().is_empty(), "{path}");
        }
        let session_token = token_in_session(&app, &c.whid, &cookie).await;
        for action in [
            "Members.Join",
            "Members.JoinLight",
            "Members.SignIn",
            "Members.ConfirmLight",
            "Members.SetPrivateInfo",
        ] {
            let r = app
                .post_form(
                    "/home/rpc",
                    &format!(
                        "action={action}&email=d%40example.com&password=12345678&optOut=1&code=x"
                    ),
                    &[
                        ("x-xsrf-whid", &c.whid),
                        ("x-xsrf-token", &session_token),
                        ("cookie", &cookie),
                    ],
                )
                .await;
            assert_error(&r, 403, "forbidden", None);
            assert_eq!(r.json()["message"], PERMISSION, "{action}");
        }
        let after = store::members::member(&app.state.db, id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(before, after);
        assert!(
            store::members::member_by_email(&app.state.db, "d@example.com")
                .await
                .unwrap()
                .is_none()
        );
        assert!(store::outbox::all(&app.state.db).await.unwrap().is_empty());
        // The session is still there and reads work.
        let r = get(&app, "/home/settings/private-info", Some(&cookie)).await;
        assert_eq!(r.status, 200);
        assert_eq!(r.json(), json!({"optOut": false}));
        let v = plainrate::members::visitor_at(
            &app.state,
            &std::iter::once((axum::http::header::COOKIE, cookie.parse().unwrap())).collect(),
            Utc::now(),
        )
        .await
        .unwrap();
        assert_eq!(v.actor(), visitor_state::actor::Actor::Delegated);
        // Ending a delegated session is allowed.
        let r = post(&app, "/sign-out", json!({}), &c, Some(&cookie)).await;
        assert_eq!(r.status, 200);
        assert_eq!(
            get(&app, "/home/settings/private-info", Some(&cookie))
                .await
                .status,
            401
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn writes_without_the_anti_forgery_token_are_refused() {
    for app in common::apps().await {
        let (id, cookie) = member_helpers::signed_in(&app, false).await;
        let writes = [
            (
                "/join",
                json!({"email": "w@example.com", "password": "12345678"}),
            ),
            ("/join/light", json!({"email": "w@example.com"})),
            ("/join/light/confirm", json!({"code": "a".repeat(64)})),
            (
                "/sign-in",
                json!({"email": "w@example.com", "password": "12345678"}),
            ),
            ("/sign-out", json!({})),
            ("/home/settings/private-info", json!({"optOut": true})),
        ];
        for (path, body) in writes {
            let r = call(
                &app,
                Method::POST,
                path,
                Some(body),
                None,
                Some(&cookie),
                LOCAL,
            )
            .await;
            assert_error(&r, 400, "csrf", None);
            assert!(r.set_cookies().is_empty(), "{path}");
        }
        for action in [
            "Members.Join",
            "Members.JoinLight",
            "Members.ConfirmLight",
            "Members.SignIn",
            "Members.SignOut",
            "Members.SetPrivateInfo",
        ] {
            let r = app
                .post_form(
                    "/home/rpc",
                    &format!("action={action}&email=w%40example.com&password=12345678&optOut=1"),
                    &[("cookie", &cookie)],
                )
                .await;
            assert_error(&r, 400, "csrf", None);
        }
        // A cross-site request is refused even with a token.
        let c = csrf(&app).await;
        let r = app
            .send(
                Request::builder()
                    .method(Method::POST)
                    .uri("/home/settings/private-info")
                    .header("content-type", "application/json")
                    .header("origin", "https://evil.example")
                    .header("x-xsrf-whid", &c.whid)
                    .header("x-xsrf-token", &c.token)
                    .header("cookie", &cookie)
                    .body(Body::from(r#"{"optOut":true}"#))
                    .unwrap(),
            )
            .await;
        assert_eq!(r.status, 403);
        // Nothing changed.
        assert!(
            !store::members::member(&app.state.db, id)
                .await
                .unwrap()
                .unwrap()
                .private_info_opt_out
        );
        assert!(
            store::members::member_by_email(&app.state.db, "w@example.com")
                .await
                .unwrap()
                .is_none()
        );
        assert!(store::outbox::all(&app.state.db).await.unwrap().is_empty());
        assert_eq!(
            get(&app, "/home/settings/private-info", Some(&cookie))
                .await
                .status,
            200
        );
        // Reads are not writes: GET on a write action is refused.
        let r = app
            .get("/home/rpc?action=Members.SignIn&email=a&password=b", &[])
            .await;
        assert_eq!(r.status, 405);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn actions_through_the_dispatcher_join_and_sign_in() {
    for app in common::apps().await {
        let c = csrf(&app).await;
        let h = [
            ("x-xsrf-whid", c.whid.as_str()),
            ("x-xsrf-token", c.token.as_str()),
        ];
        let r = app
            .post_form(
                "/home/rpc",
                "action=Members.Join&email=rpc%40example.com&password=12345678",
                &h,
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["member"]["email"], "rpc@example.com");
        let r = app
            .post_form(
                "/ajax.php",
                "action=Members.SignIn&email=rpc%40example.com&password=12345678",
                &h,
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let cookie = session_header(&r);
        let token = token_in_session(&app, h[0].1, &cookie).await;
        let r = app
            .post_form(
                "/home/rpc",
                "action=Members.SignOut",
                &[h[0], ("x-xsrf-token", &token), ("cookie", &cookie)],
            )
            .await;
        assert_eq!(r.status, 200);
        assert_eq!(
            get(&app, "/home/settings/private-info", Some(&cookie))
                .await
                .status,
            401
        );
        let r = app
            .post_form(
                "/home/rpc",
                "action=Members.JoinLight&email=rpc2%40example.com&ref=%2F%2Fevil.com",
                &h,
            )
            .await;
        assert_eq!(r.json()["ref"], "/");
        assert_eq!(outbox_for(&app, "rpc2@example.com").await.len(), 1);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn plain_http_development_uses_sid_without_secure() {
    for app in common::apps_with(|s| s.secure_cookies = false).await {
        let c = csrf(&app).await;
        let r = join(&app, &c, "dev@example.com", "12345678").await;
        assert_eq!(r.status, 200, "{}", r.text());
        let sid = cookie_named(&r, "sid");
        assert!(!sid.has("secure") && sid.has("httponly"), "{sid:?}");
        assert_eq!(sid.attr("samesite"), Some("Lax"));
        let so = cookie_named(&r, "signon");
        assert!(!so.has("secure"));
        assert!(r.set_cookies().iter().all(|l| !l.starts_with("__Host-")));
        let cookie = format!("sid={}", sid.value);
        assert_eq!(
            get(&app, "/home/settings/private-info", Some(&cookie))
                .await
                .status,
            200
        );
        // The helper follows the settings.
        let (_, helper) = member_helpers::signed_in(&app, false).await;
        assert!(helper.starts_with("sid="));
        assert_eq!(
            get(&app, "/home/settings/private-info", Some(&helper))
                .await
                .status,
            200
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn checking_a_password_costs_the_same_with_or_without_an_account() {
    use plainrate::members::password::{hash, verify};
    let stored = hash("right password".to_owned()).await.unwrap();
    assert!(stored.starts_with("$argon2id$"));
    assert_ne!(
        stored,
        hash("right password".to_owned()).await.unwrap(),
        "salted"
    );
    assert!(
        verify("right password".into(), Some(stored.clone()))
            .await
            .unwrap()
    );
    assert!(
        !verify("wrong password".into(), Some(stored.clone()))
            .await
            .unwrap()
    );
    assert!(!verify("right password".into(), None).await.unwrap());
    assert!(!verify("x".into(), Some("not a hash".into())).await.unwrap());
    // Alternating trials; the medians must be of the same order (the decoy path hashes
    // too), with room for a shared, noisy machine.
    let mut real = Vec::new();
    let mut decoy = Vec::new();
    for _ in 0..15 {
        let t = std::time::Instant::now();
        verify("wrong password".into(), Some(stored.clone()))
            .await
            .unwrap();
        real.push(t.elapsed());
        let t = std::time::Instant::now();
        verify("wrong password".into(), None).await.unwrap();
        decoy.push(t.elapsed());
    }
    real.sort();
    decoy.sort();
    let (r, d) = (real[7], decoy[7]);
    assert!(d * 3 >= r && r * 3 >= d, "real {r:?}, decoy {d:?}");
}
