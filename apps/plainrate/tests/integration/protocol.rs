//! The request layer's protocol: window id, token, writes refused without them, the
//! maintenance and blocked gates, and the caller's address.

use crate::common;
use crate::common::members as member_helpers;

use axum::body::Body;
use axum::http::Request;

async fn whid(app: &common::TestApp) -> String {
    let r = app.get("/sid.php?a=1&buster=2", &[]).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("cache-control"), Some("no-store"));
    r.json()["__whid"].as_str().unwrap().to_owned()
}

async fn token(app: &common::TestApp, whid: &str) -> (String, Vec<String>) {
    let r = app
        .get(
            "/home/rpc?action=get-csrf-token&buster=3",
            &[("x-xsrf-whid", whid)],
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.header("content-type").unwrap().starts_with("text/plain"));
    (r.text(), r.set_cookies())
}

#[tokio::test]
async fn window_id_then_token_then_the_cookie_carries_it() {
    for app in common::apps().await {
        let w = whid(&app).await;
        let (t, cookies) = token(&app, &w).await;
        assert!(t.len() >= 22, "{t}");
        let cookie = cookies
            .iter()
            .find(|c| c.starts_with("XSRF-TOKEN="))
            .unwrap();
        assert!(cookie.contains(&t));
        assert!(
            cookie.contains("Path=/")
                && cookie.contains("Secure")
                && cookie.contains("SameSite=Strict")
        );
        assert!(!cookie.contains("HttpOnly"), "the page must read the token");
        // A second window of the same browser keeps the token the cookie carries.
        let w2 = whid(&app).await;
        assert_ne!(w, w2);
        let r = app
            .get(
                "/home/rpc?action=get-csrf-token",
                &[("x-xsrf-whid", &w2), ("cookie", &format!("XSRF-TOKEN={t}"))],
            )
            .await;
        assert_eq!(r.text(), t);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_forged_or_missing_window_id_gets_no_token() {
    for app in common::apps().await {
        let r = app.get("/home/rpc?action=get-csrf-token", &[]).await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["code"], "csrf");
        let w = whid(&app).await;
        let (nonce, _) = w.split_once('.').unwrap();
        for forged in [
            format!("{nonce}.AAAAAAAAAAAAAAAAAAAAAA"),
            "x".into(),
            format!("{nonce}."),
        ] {
            let r = app
                .get(
                    "/home/rpc?action=get-csrf-token",
                    &[("x-xsrf-whid", &forged)],
                )
                .await;
            assert_eq!(r.status, 400, "{forged}");
        }
        app.cleanup().await;
    }
}

#[tokio::test]
async fn verify_accepts_the_pair_and_refuses_every_bad_variant() {
    for app in common::apps().await {
        let w = whid(&app).await;
        let (t, _) = token(&app, &w).await;
        let state = &app.state;
        let check = |pairs: &[(&str, &str)]| {
            let mut h = axum::http::HeaderMap::new();
            for (k, v) in pairs {
                h.insert(
                    axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                    v.parse().unwrap(),
                );
            }
            plainrate::protocol::csrf::verify(state, &h)
        };
        assert!(check(&[("x-xsrf-whid", &w), ("x-xsrf-token", &t)]).is_ok());
        let cookie = format!("XSRF-TOKEN={t}");
        assert!(
            check(&[
                ("x-xsrf-whid", &w),
                ("x-xsrf-token", &t),
                ("cookie", &cookie)
            ])
            .is_ok()
        );
        let other = plainrate::protocol::csrf::new_token(&state.secret, None);
        let bad_cookie = format!("XSRF-TOKEN={other}");
        let cases: Vec<Vec<(&str, &str)>> = vec![
            vec![],
            vec![("x-xsrf-whid", &w)],
            vec![("x-xsrf-token", &t)],
            vec![("x-xsrf-whid", "nope.nope"), ("x-xsrf-token", &t)],
            vec![("x-xsrf-whid", &w), ("x-xsrf-token", "nope.nope")],
            vec![("x-xsrf-whid", &w), ("x-xsrf-token", &w)],
            vec![
                ("x-xsrf-whid", &w),
                ("x-xsrf-token", &t),
                ("cookie", &bad_cookie),
            ],
        ];
        for case in cases {
            assert!(
                matches!(check(&case), Err(plainrate::ApiError::Csrf)),
                "{case:?}"
            );
        }
        let cross = check(&[
            ("x-xsrf-whid", &w),
            ("x-xsrf-token", &t),
            ("origin", "https://evil.example"),
        ]);
        assert!(matches!(cross, Err(plainrate::ApiError::Forbidden(_))));
        let cross = check(&[
            ("x-xsrf-whid", &w),
            ("x-xsrf-token", &t),
            ("sec-fetch-site", "cross-site"),
        ]);
        assert!(matches!(cross, Err(plainrate::ApiError::Forbidden(_))));
        let same = check(&[
            ("x-xsrf-whid", &w),
            ("x-xsrf-token", &t),
            ("origin", "http://127.0.0.1:8080"),
        ]);
        assert!(same.is_ok());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_token_works_only_in_the_session_it_was_fetched_in() {
    for app in common::apps().await {
        let (_, alice) = member_helpers::signed_in(&app, false).await;
        let (_, bob) = member_helpers::signed_in(&app, false).await;
        let w = whid(&app).await;
        let fetch = |cookie: Option<String>| {
            let app = &app;
            let w = w.clone();
            async move {
                let mut headers = vec![("x-xsrf-whid", w.as_str())];
                if let Some(c) = &cookie {
                    headers.push(("cookie", c.as_str()));
                }
                let r = app.get("/home/rpc?action=get-csrf-token", &headers).await;
                assert_eq!(r.status, 200, "{}", r.text());
                r.text()
            }
        };
        let alice_token = fetch(Some(alice.clone())).await;
        let guest_token = fetch(None).await;
        let check = |token: &str, cookie: Option<&str>| {
            let mut h = axum::http::HeaderMap::new();
            h.insert("x-xsrf-whid", w.parse().unwrap());
            h.insert("x-xsrf-token", token.parse().unwrap());
            if let Some(c) = cookie {
                h.insert("cookie", c.parse().unwrap());
            }
            plainrate::protocol::csrf::verify(&app.state, &h)
        };
        assert!(check(&alice_token, Some(&alice)).is_ok());
        assert!(check(&guest_token, None).is_ok());
        for (token, cookie) in [
            (&alice_token, Some(bob.as_str())),
            (&alice_token, None),
            (&guest_token, Some(alice.as_str())),
        ] {
            assert!(
                matches!(check(token, cookie), Err(plainrate::ApiError::Csrf)),
                "{cookie:?}"
            );
        }
        // A token cookie from another session is replaced, not handed back.
        let replaced = fetch(Some(format!("{bob}; XSRF-TOKEN={alice_token}"))).await;
        assert_ne!(replaced, alice_token);
        assert!(check(&replaced, Some(&bob)).is_ok());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn tokens_from_one_instance_work_on_another_sharing_the_database() {
    for app in common::apps().await {
        let other =
            plainrate::AppState::with_database(common::settings("unused"), app.state.db.clone())
                .await
                .unwrap();
        let w = plainrate::protocol::csrf::new_window_id(&app.state.secret);
        assert!(plainrate::protocol::csrf::window_id_is_valid(
            &other.secret,
            &w
        ));
        app.cleanup().await;
    }
}

#[tokio::test]
async fn maintenance_answers_the_flag_on_every_call() {
    for app in common::apps_with(|s| s.maintenance = true).await {
        for uri in [
            "/sid.php",
            "/home/rpc?action=get-my-ip",
            "/ajax.php?action=anything",
        ] {
            let r = app.get(uri, &[]).await;
            assert_eq!(r.status, 503, "{uri}");
            assert_eq!(r.json()["maintainance"], true, "{uri}");
            assert_eq!(r.header("retry-after"), Some("300"));
        }
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_blocked_client_gets_apiblocked_with_a_trace_header() {
    for app in common::apps_with(|s| s.blocked_clients = vec!["10.0.0.9".parse().unwrap()]).await {
        let req = Request::get("/home/rpc?action=get-my-ip")
            .body(Body::empty())
            .unwrap();
        let r = app.send_from(req, "10.0.0.9:5555".parse().unwrap()).await;
        assert_eq!(r.status, 403);
        assert_eq!(r.json()["apiblocked"], true);
        assert_eq!(r.header("x-request-trace"), r.header("x-request-id"));
        assert!(r.header("x-request-trace").is_some());
        let r = app.get("/home/rpc?action=get-my-ip", &[]).await;
        assert_eq!(r.status, 200);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn my_ip_honours_only_a_trusted_proxy() {
    for app in common::apps_with(|s| s.trusted_proxies = vec!["10.0.0.1".parse().unwrap()]).await {
        let ask = |peer: &str| {
            let req = Request::get("/ajax.php?action=get-my-ip")
                .header("x-forwarded-for", "203.0.113.7, 10.0.0.1")
                .body(Body::empty())
                .unwrap();
            (req, peer.parse().unwrap())
        };
        let (req, peer) = ask("10.0.0.1:1234");
        let r = app.send_from(req, peer).await;
        assert_eq!(r.json()["ip"], "203.0.113.7");
        let (req, peer) = ask("198.51.100.4:1234");
        let r = app.send_from(req, peer).await;
        assert_eq!(
            r.json()["ip"],
            "198.51.100.4",
            "an untrusted peer's header is ignored"
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn writes_by_get_are_refused() {
    for app in common::apps().await {
        let r = app.post_form("/home/rpc", "action=get-my-ip", &[]).await;
        assert_eq!(r.status, 405);
        app.cleanup().await;
    }
}
