//! The community widgets' calls over HTTP, on every backend: `Posts.GetExpertsGallery`,
//! `send_edu_feedback` and `download_app`.

use crate::common;
use crate::common::members as member_helpers;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::common::{Reply, TestApp, form};
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use member_helpers::signed_in;
use qna_validation::text_message::TextMessageOutcome;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::Value;
use store::outbox::Channel;

const GALLERY: &str = "/home/rpc?action=Posts.GetExpertsGallery";

/// A client at `peer`: its anti-forgery headers and, when signed in, its session cookie.
struct Client {
    headers: Vec<(String, String)>,
    peer: SocketAddr,
}

impl Client {
    async fn guest(app: &TestApp, peer: &str) -> Self {
        Self::with_cookie(app, peer, None).await
    }

    async fn member(app: &TestApp, peer: &str, delegated: bool) -> (i64, Self) {
        let (id, cookie) = signed_in(app, delegated).await;
        (id, Self::with_cookie(app, peer, Some(cookie)).await)
    }

    async fn with_cookie(app: &TestApp, peer: &str, cookie: Option<String>) -> Self {
        let whid = app.get("/sid.php?a=1&buster=1", &[]).await.json()["__whid"]
            .as_str()
            .unwrap()
            .to_owned();
        let mut asked = vec![("x-xsrf-whid", whid.as_str())];
        if let Some(cookie) = &cookie {
            asked.push(("cookie", cookie.as_str()));
        }
        let token = app
            .get("/home/rpc?action=get-csrf-token&buster=2", &asked)
            .await;
        assert_eq!(token.status, 200, "{}", token.text());
        let mut headers = vec![
            ("x-xsrf-whid".to_owned(), whid),
            ("x-xsrf-token".to_owned(), token.text()),
        ];
        if let Some(cookie) = cookie {
            headers.push(("cookie".to_owned(), cookie));
        }
        Self {
            headers,
            peer: format!("{peer}:40000").parse().unwrap(),
        }
    }

    async fn send(&self, app: &TestApp, content_type: &str, body: Vec<u8>) -> Reply {
        let mut b = Request::builder()
            .method(Method::POST)
            .uri("/ajax.php")
            .header("content-type", content_type);
        for (k, v) in &self.headers {
            b = b.header(k.as_str(), v.as_str());
        }
        app.send_from(b.body(Body::from(body)).unwrap(), self.peer)
            .await
    }

    async fn post(&self, app: &TestApp, pairs: &[(&str, &str)]) -> Reply {
        self.send(
            app,
            "application/x-www-form-urlencoded",
            form(pairs).into_bytes(),
        )
        .await
    }

    async fn feedback(&self, app: &TestApp, extra: &[(&str, &str)]) -> Reply {
        let mut pairs = vec![("action", "send_edu_feedback")];
        pairs.extend_from_slice(extra);
        self.post(app, &pairs).await
    }

    async fn text(&self, app: &TestApp, phone: &str, kind: &str) -> Reply {
        self.post(
            app,
            &[
                ("action", "download_app"),
                ("type", kind),
                ("phoneNumber", phone),
            ],
        )
        .await
    }
}

async fn count(app: &TestApp, table: &str) -> i64 {
    let db = &app.state.db;
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            format!("SELECT CAST(COUNT(*) AS BIGINT) FROM {table}"),
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

async fn texts(app: &TestApp) -> Vec<store::outbox::Message> {
    store::outbox::all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .filter(|m| m.channel == Channel::Sms)
        .collect()
}

/// The dialog's reading of an answer (community §8).
fn outcome(reply: &Reply) -> TextMessageOutcome {
    let body = reply.json();
    let messages: Vec<String> = body["messages"]
        .as_array()
        .unwrap_or_else(|| panic!("no messages: {body}"))
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect();
    TextMessageOutcome::from_response(body["error"].as_bool().unwrap(), &messages)
}

/// A fresh folder under the system's temporary folder.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "plainrate-extras-{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(dir.join("content")).unwrap();
    dir
}

// ---------------------------------------------------------------------------------------
// Posts.GetExpertsGallery

/// The tests' own sample gallery (`test-fixtures/content/experts.json`): fictional
/// profiles, each marked "Sample profile".
fn sample_gallery_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-fixtures")
}

#[tokio::test]
async fn the_shipped_gallery_is_empty_until_an_operator_adds_real_profiles() {
    for app in common::apps().await {
        let r = app.get(&format!("{GALLERY}&path=/credit-cards"), &[]).await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        let data = &r.json()["data"];
        assert_eq!(data["expertsContent"], serde_json::json!([]), "{data}");
        assert!(!data["expertsIntro"].as_str().unwrap().contains("Sample"));
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_gallery_answers_the_sample_experts_with_hashtags_and_may_be_cached() {
    let dir = sample_gallery_dir();
    for app in common::apps_with(|s| s.fixtures_dir = dir.clone()).await {
        let r = app.get(&format!("{GALLERY}&path=/credit-cards"), &[]).await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        assert_eq!(r.header("cache-control"), Some("public, max-age=60"));
        assert!(r.header("etag").is_some());
        let body = r.json();
        assert_eq!(body["error"], false);
        let data = &body["data"];
        for field in [
            "expertsIntro",
            "aslogos",
            "header_text",
            "more_text",
            "back_link_text",
        ] {
            assert!(!data[field].is_null(), "{field} missing: {data}");
        }
        assert!(data["expertsIntro"].as_str().unwrap().contains("Sample"));
        assert_eq!(data["more_text"], "More Experts");
        assert_eq!(data["back_link_text"], "Back to All Experts");
        let experts = data["expertsContent"].as_array().unwrap();
        assert!((8..=12).contains(&experts.len()), "{}", experts.len());
        let mut seen = std::collections::BTreeSet::new();
        for expert in experts {
            for field in ["AUTHOR", "CAPTION", "CONTENT", "AVATAR", "HASHTAG"] {
                assert!(expert[field].is_string(), "{field} missing: {expert}");
            }
            let hashtag = expert["HASHTAG"].as_str().unwrap();
            assert!(hashtag.starts_with('#') && hashtag.len() > 1, "{hashtag}");
            assert!(seen.insert(hashtag.to_lowercase()), "{hashtag} repeated");
            assert!(
                expert["CAPTION"]
                    .as_str()
                    .unwrap()
                    .contains("Sample profile")
            );
            assert!(expert["CONTENT"].as_str().unwrap().starts_with("<p>"));
            assert!(
                expert["AVATAR"]
                    .as_str()
                    .unwrap()
                    .starts_with("/assets/avatars/")
            );
        }

        // One gallery for the site: any page, known or not, and either endpoint.
        let other = app
            .get(
                "/ajax.php?action=Posts.GetExpertsGallery&path=/no/such/page",
                &[],
            )
            .await;
        assert_eq!(other.status, 200);
        assert_eq!(other.body, r.body);

        // The ETag answers a revalidation.
        let etag = r.header("etag").unwrap().to_owned();
        let again = app
            .get(&format!("{GALLERY}&path=/a"), &[("if-none-match", &etag)])
            .await;
        assert_eq!(again.status, 304);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_gallery_needs_a_path_and_a_get() {
    for app in common::apps().await {
        let r = app.get(GALLERY, &[]).await;
        assert_eq!(r.status, 400, "{}", r.text());
        assert_eq!(r.json()["field"], "path");
        let long = "/x".repeat(2000);
        let r = app.get(&format!("{GALLERY}&path={long}"), &[]).await;
        assert_eq!(r.status, 400);
        let r = app
            .post_form("/home/rpc", "action=Posts.GetExpertsGallery&path=/", &[])
            .await;
        assert_eq!(r.status, 405);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn an_empty_or_missing_gallery_file_answers_an_empty_list() {
    let empty = temp_dir("empty");
    std::fs::write(empty.join("content/experts.json"), "").unwrap();
    let missing = temp_dir("missing");
    for dir in [empty.clone(), missing.clone()] {
        for app in common::apps_with(|s| s.fixtures_dir = dir.clone()).await {
            let r = app.get(&format!("{GALLERY}&path=/"), &[]).await;
            assert_eq!(r.status, 200, "{}", r.text());
            let body = r.json();
            assert_eq!(body["error"], false);
            assert_eq!(body["data"]["expertsContent"], Value::Array(Vec::new()));
            assert_eq!(body["data"]["more_text"], "More Experts");
            app.cleanup().await;
        }
    }
    for dir in [empty, missing] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[tokio::test]
async fn experts_without_a_hash_or_with_a_repeated_hashtag_are_left_out() {
    let dir = temp_dir("invalid");
    std::fs::write(
        dir.join("content/experts.json"),
        r##"{"expertsContent": [
            {"AUTHOR": "Ada", "CAPTION": "Sample profile", "CONTENT": "a", "AVATAR": "/assets/avatars/sample-1.svg", "HASHTAG": "#Ada"},
            {"AUTHOR": "Ada again", "CAPTION": "Sample profile", "CONTENT": "b", "AVATAR": "/assets/avatars/sample-2.svg", "HASHTAG": "#ADA"},
            {"AUTHOR": "No hash", "CAPTION": "Sample profile", "CONTENT": "c", "AVATAR": "/assets/avatars/sample-3.svg", "HASHTAG": "NoHash"}
        ]}"##,
    )
    .unwrap();
    for app in common::apps_with(|s| s.fixtures_dir = dir.clone()).await {
        let body = app.get(&format!("{GALLERY}&path=/"), &[]).await.json();
        let tags: Vec<&str> = body["data"]["expertsContent"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["HASHTAG"].as_str().unwrap())
            .collect();
        assert_eq!(tags, ["#Ada"]);
        app.cleanup().await;
    }
    std::fs::remove_dir_all(dir).unwrap();
}

// ---------------------------------------------------------------------------------------
// send_edu_feedback

#[tokio::test]
async fn helpful_and_not_helpful_feedback_is_stored() {
    for app in common::apps().await {
        let guest = Client::guest(&app, "10.1.0.1").await;
        let r = guest
            .feedback(
                &app,
                &[
                    ("postId", "post-1"),
                    ("url", "https://site.test/blog/apr?x=1"),
                    ("helpful", "true"),
                    ("feedback", "ignored for a helpful vote"),
                ],
            )
            .await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        assert_eq!(r.json(), serde_json::json!({"error": false}));
        assert_eq!(r.header("cache-control"), Some("no-store"));

        let r = guest
            .feedback(
                &app,
                &[
                    ("postId", "post-1"),
                    ("url", "/blog/apr"),
                    ("helpful", "0"),
                    ("feedback", "  Too   vague:\n no numbers  "),
                ],
            )
            .await;
        assert_eq!(r.json(), serde_json::json!({"error": false}));

        let (member_id, member) = Client::member(&app, "10.1.0.2", false).await;
        let r = member
            .feedback(
                &app,
                &[
                    ("postId", "post-1"),
                    ("url", "/blog/apr"),
                    ("helpful", "FALSE"),
                    ("type", "GUIDE"),
                    ("feedback", "The example is out of date."),
                ],
            )
            .await;
        assert_eq!(r.json()["error"], false, "{}", r.text());

        let rows = store::feedback::feedback_for_page(&app.state.db, "post-1")
            .await
            .unwrap();
        let summary: Vec<_> = rows
            .iter()
            .map(|f| (f.helpful, f.reason.as_deref(), f.kind.as_str(), f.member_id))
            .collect();
        assert_eq!(
            summary,
            [
                (true, None, "EDU", None),
                (false, Some("Too vague: no numbers"), "EDU", None),
                (
                    false,
                    Some("The example is out of date."),
                    "GUIDE",
                    Some(member_id)
                ),
            ]
        );
        assert_eq!(rows[0].url, "https://site.test/blog/apr?x=1");
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_short_reason_is_refused_with_the_rule_message_naming_the_field() {
    for app in common::apps().await {
        let guest = Client::guest(&app, "10.1.1.1").await;
        for reason in [None, Some("too   short"), Some("   ")] {
            let mut pairs = vec![("postId", "p"), ("url", "/p"), ("helpful", "false")];
            if let Some(reason) = reason {
                pairs.push(("feedback", reason));
            }
            let r = guest.feedback(&app, &pairs).await;
            assert_eq!(r.status, 400, "{reason:?}: {}", r.text());
            let body = r.json();
            assert_eq!(body["code"], "validation");
            assert_eq!(body["field"], "feedback");
            assert_eq!(body["message"], "Content must have at least 10 characters.");
        }
        assert_eq!(count(&app, "feedback").await, 0);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn helpful_takes_the_one_flag_rules_words_and_refuses_others_by_name() {
    for app in common::apps().await {
        let guest = Client::guest(&app, "10.1.1.2").await;
        for word in qna_validation::flag::TRUE_WORDS {
            let upper = word.to_ascii_uppercase();
            let r = guest
                .feedback(&app, &[("postId", "p"), ("url", "/p"), ("helpful", &upper)])
                .await;
            assert_eq!(r.status, 200, "{word}: {}", r.text());
        }
        let r = guest
            .feedback(&app, &[("postId", "p"), ("url", "/p"), ("helpful", "y")])
            .await;
        assert_eq!(r.status, 400, "{}", r.text());
        assert_eq!(r.json()["message"], "helpful must be true or false");
        assert_eq!(
            count(&app, "feedback").await,
            qna_validation::flag::TRUE_WORDS.len() as i64
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn missing_or_malformed_feedback_fields_are_4xx_and_write_nothing() {
    for app in common::apps().await {
        let guest = Client::guest(&app, "10.1.2.1").await;
        let long_id = "p".repeat(200);
        let long_reason = "word ".repeat(1000);
        let cases: Vec<(Vec<(&str, &str)>, &str)> = vec![
            (vec![("url", "/p"), ("helpful", "1")], "postId"),
            (vec![("postId", "p"), ("helpful", "1")], "url"),
            (vec![("postId", "p"), ("url", "/p")], "helpful"),
            (
                vec![("postId", "p"), ("url", "/p"), ("helpful", "maybe")],
                "helpful",
            ),
            (
                vec![
                    ("postId", "p"),
                    ("url", "/p"),
                    ("helpful", "1"),
                    ("type", "a b"),
                ],
                "type",
            ),
            (
                vec![("postId", &long_id), ("url", "/p"), ("helpful", "1")],
                "postId",
            ),
            (
                vec![
                    ("postId", "p"),
                    ("url", "/p"),
                    ("helpful", "0"),
                    ("feedback", &long_reason),
                ],
                "feedback",
            ),
        ];
        for (pairs, field) in cases {
            let r = guest.feedback(&app, &pairs).await;
            assert_eq!(r.status, 400, "{field}: {}", r.text());
            assert_eq!(r.json()["field"], field, "{}", r.text());
        }
        // Malformed and oversized bodies.
        let r = guest
            .send(
                &app,
                "application/json",
                b"[\"send_edu_feedback\"]".to_vec(),
            )
            .await;
        assert_eq!(r.status, 400);
        let r = guest
            .send(
                &app,
                "application/json",
                b"{\"action\": \"send_edu_feedback\",".to_vec(),
            )
            .await;
        assert_eq!(r.status, 400);
        let huge = format!(
            "action=send_edu_feedback&postId=p&url=%2F&helpful=0&feedback={}",
            "a".repeat(70 * 1024)
        );
        let r = guest
            .send(&app, "application/x-www-form-urlencoded", huge.into_bytes())
            .await;
        assert_eq!(r.status, 413);
        let r = guest
            .send(
                &app,
                "application/x-www-form-urlencoded",
                vec![0xff, 0xfe, b'&', b'='],
            )
            .await;
        assert!(r.status.is_client_error(), "{}", r.status);
        // Without the token, and as a GET.
        let r = app
            .post_form(
                "/ajax.php",
                "action=send_edu_feedback&postId=p&url=%2F&helpful=1",
                &[],
            )
            .await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["code"], "csrf");
        let r = app
            .get(
                "/ajax.php?action=send_edu_feedback&postId=p&url=%2F&helpful=1",
                &[],
            )
            .await;
        assert_eq!(r.status, 405);
        assert_eq!(count(&app, "feedback").await, 0);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_delegated_session_gets_the_permission_message_and_writes_nothing() {
    for app in common::apps().await {
        let (_, delegated) = Client::member(&app, "10.1.3.1", true).await;
        for helpful in ["1", "0"] {
            let r = delegated
                .feedback(
                    &app,
                    &[
                        ("postId", "p"),
                        ("url", "/p"),
                        ("helpful", helpful),
                        ("feedback", "A reason long enough."),
                    ],
                )
                .await;
            assert_eq!(r.status, 200, "{}", r.text());
            assert_eq!(
                r.json(),
                serde_json::json!({
                    "error": true,
                    "message": "Oops. You don't have permission to make edits on this account."
                })
            );
        }
        assert_eq!(count(&app, "feedback").await, 0);
        assert_eq!(count(&app, "rate_limits").await, 0);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_eleventh_feedback_in_a_minute_from_one_address_is_a_429() {
    for app in common::apps().await {
        let guest = Client::guest(&app, "10.1.4.1").await;
        let max = plainrate::limits::FEEDBACK_IP_MINUTE.max;
        let mut statuses = Vec::new();
        for n in 0..=max {
            let post = format!("post-{n}");
            let r = guest
                .feedback(&app, &[("postId", &post), ("url", "/p"), ("helpful", "1")])
                .await;
            statuses.push(r.status.as_u16());
            if r.status == StatusCode::TOO_MANY_REQUESTS {
                let body = r.json();
                assert_eq!(body["code"], "rate_limited");
                assert_eq!(body["message"], plainrate::limits::TOO_MANY);
            }
        }
        // A window may turn over during the run; then every answer is a 200.
        let ok = statuses.iter().filter(|s| **s == 200).count();
        assert!(ok == max as usize || ok == max as usize + 1, "{statuses:?}");
        assert_eq!(count(&app, "feedback").await, ok as i64);
        // Another address is not limited.
        let other = Client::guest(&app, "10.1.4.2").await;
        let r = other
            .feedback(&app, &[("postId", "q"), ("url", "/q"), ("helpful", "1")])
            .await;
        assert_eq!(r.status, 200);
        app.cleanup().await;
    }
}

// ---------------------------------------------------------------------------------------
// download_app

#[tokio::test]
async fn a_valid_number_queues_one_text_with_the_store_link() {
    for app in common::apps().await {
        let guest = Client::guest(&app, "10.2.0.1").await;
        let r = guest.text(&app, "(555) 010-4567", "android").await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        assert_eq!(r.header("cache-control"), Some("no-store"));
        assert_eq!(
            r.json(),
            serde_json::json!({
                "error": false,
                "messages": ["Awesome! You should be receiving a text with the download link shortly."]
            })
        );
        assert_eq!(outcome(&r), TextMessageOutcome::Sent);
        let sent = texts(&app).await;
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].recipient, "+15550104567");
        assert!(
            sent[0]
                .body
                .contains(app.state.settings.play_store_url.as_deref().unwrap()),
            "{}",
            sent[0].body
        );
        assert!(
            !sent[0]
                .body
                .contains(app.state.settings.app_store_url.as_deref().unwrap())
        );

        // The first send of the dialog has an empty type: both links.
        let r = guest
            .post(
                &app,
                &[
                    ("action", "download_app"),
                    ("type", ""),
                    ("phoneNumber", "5550104568"),
                    ("commId", "footer-1"),
                ],
            )
            .await;
        assert_eq!(outcome(&r), TextMessageOutcome::Sent, "{}", r.text());
        let sent = texts(&app).await;
        assert_eq!(sent.len(), 2);
        assert!(
            sent[1]
                .body
                .contains(app.state.settings.play_store_url.as_deref().unwrap())
        );
        assert!(
            sent[1]
                .body
                .contains(app.state.settings.app_store_url.as_deref().unwrap())
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn an_invalid_number_is_refused_with_the_rule_message_and_sends_nothing() {
    for app in common::apps().await {
        let guest = Client::guest(&app, "10.2.1.1").await;
        for phone in [
            "",
            "555123456",
            "15551234567",
            "555-CALL-NOW",
            &"5".repeat(5000),
        ] {
            let r = guest.text(&app, phone, "").await;
            assert_eq!(r.status, 400, "{phone}: {}", r.text());
            let body = r.json();
            assert_eq!(body["error"], true);
            assert_eq!(
                body["messages"],
                serde_json::json!(["Please enter a valid US number"])
            );
            assert_eq!(body["code"], "validation");
            assert_eq!(body["field"], "phoneNumber");
            assert_eq!(outcome(&r), TextMessageOutcome::Failed);
        }
        let r = guest.text(&app, "5551234567", "windows").await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["field"], "type");
        let r = guest
            .post(
                &app,
                &[
                    ("action", "download_app"),
                    ("phoneNumber", "5551234567"),
                    ("commId", "<script>"),
                ],
            )
            .await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["field"], "commId");
        let r = guest
            .send(
                &app,
                "application/json",
                b"{\"action\": \"download_app\", \"phoneNumber\": [1]}".to_vec(),
            )
            .await;
        assert_eq!(r.status, 400, "{}", r.text());
        let r = guest
            .send(&app, "multipart/form-data; boundary=x", b"--x--".to_vec())
            .await;
        assert_eq!(r.status, 400);
        assert!(texts(&app).await.is_empty());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn with_no_store_page_configured_nothing_is_offered_or_sent() {
    let configured = plainrate::pages::app_links_head(&common::settings("sqlite::memory:"));
    assert!(configured.contains(
        "<meta name=\"plainrate:app-store\" content=\"https://apps.example.test/plainrate\">"
    ));
    let without = |s: &mut plainrate::config::Settings| {
        s.app_store_url = None;
        s.play_store_url = None;
    };
    for app in common::apps_with(without).await {
        assert_eq!(plainrate::pages::app_links_head(&app.state.settings), "");
        let guest = Client::guest(&app, "10.2.9.1").await;
        let r = guest.text(&app, "555-010-2900", "").await;
        assert_eq!(r.status, 404, "{}: {}", app.name, r.text());
        assert_eq!(r.json()["error"], true);
        assert!(texts(&app).await.is_empty());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_clients_retry_sends_one_text() {
    for app in common::apps().await {
        let guest = Client::guest(&app, "10.2.2.1").await;
        let first = guest.text(&app, "555-010-2000", "apple").await;
        let retry = guest.text(&app, "555-010-2000", "apple").await;
        assert_eq!(outcome(&first), TextMessageOutcome::Sent);
        // The retry sends nothing, so it says the text already went, not that one is coming.
        assert_eq!(outcome(&retry), TextMessageOutcome::Sent);
        assert_eq!(
            retry.json()["messages"][0],
            qna_validation::constants::TEXT_MESSAGE_ALREADY_SENT_MESSAGE
        );
        assert_eq!(texts(&app).await.len(), 1, "{}", app.name);

        // Two copies at once.
        let (a, b) = tokio::join!(
            guest.text(&app, "555-010-3000", "android"),
            guest.text(&app, "555-010-3000", "android")
        );
        assert_eq!(outcome(&a), TextMessageOutcome::Sent);
        assert_eq!(outcome(&b), TextMessageOutcome::Sent);
        assert_eq!(texts(&app).await.len(), 2, "{}", app.name);

        // Another store is another request.
        let r = guest.text(&app, "555-010-2000", "android").await;
        assert_eq!(outcome(&r), TextMessageOutcome::Sent);
        assert_eq!(texts(&app).await.len(), 3);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn over_a_limit_the_dialog_is_locked_and_nothing_more_is_sent() {
    for app in common::apps().await {
        // Per number: three texts an hour, from whichever addresses.
        let max = plainrate::limits::TEXT_PHONE_HOUR.max;
        for n in 0..max {
            let client = Client::guest(&app, &format!("10.2.3.{}", n + 1)).await;
            let r = client.text(&app, "5550107000", "android").await;
            assert_eq!(outcome(&r), TextMessageOutcome::Sent, "{}", r.text());
        }
        let client = Client::guest(&app, "10.2.3.99").await;
        let r = client.text(&app, "5550107000", "android").await;
        assert_eq!(r.status, 200);
        assert_eq!(
            r.json(),
            serde_json::json!({"error": true, "messages": ["REQUEST_LOCKED_BY_FILTER"]})
        );
        assert_eq!(outcome(&r), TextMessageOutcome::Blocked);
        assert_eq!(texts(&app).await.len(), max as usize);

        // Per address: five texts an hour, whatever the numbers.
        let before = texts(&app).await.len();
        let client = Client::guest(&app, "10.2.4.1").await;
        let max = plainrate::limits::TEXT_IP_HOUR.max;
        for n in 0..max {
            let r = client.text(&app, &format!("555020{n:04}"), "apple").await;
            assert_eq!(outcome(&r), TextMessageOutcome::Sent, "{}", r.text());
        }
        let r = client.text(&app, "5550299999", "apple").await;
        assert_eq!(outcome(&r), TextMessageOutcome::Blocked);
        assert_eq!(texts(&app).await.len(), before + max as usize);

        // The site's daily cap.
        let before = texts(&app).await.len();
        let txn = store::begin_write(&app.state.db).await.unwrap();
        let site = plainrate::limits::TEXT_SITE_DAY.on(plainrate::limits::SITE_SUBJECT);
        let now = chrono::Utc::now();
        for _ in 0..plainrate::limits::TEXT_SITE_DAY.max {
            site.hit(&txn, now).await.unwrap();
        }
        txn.commit().await.unwrap();
        let client = Client::guest(&app, "10.2.5.1").await;
        let r = client.text(&app, "5550301234", "").await;
        assert_eq!(outcome(&r), TextMessageOutcome::Blocked, "{}", r.text());
        assert_eq!(texts(&app).await.len(), before);
        app.cleanup().await;
    }
}

// ---------------------------------------------------------------------------------------
// The HTTP transport, against a provider on 127.0.0.1

/// What the local provider saw, and the status it answers.
#[derive(Clone, Default)]
struct Provider {
    requests: Arc<Mutex<Vec<(HeaderMap, Value)>>>,
    status: Arc<std::sync::atomic::AtomicU16>,
}

impl Provider {
    /// Starts the provider on 127.0.0.1 and returns its address.
    async fn start(&self) -> String {
        self.status.store(200, std::sync::atomic::Ordering::SeqCst);
        let seen = self.clone();
        let app = axum::Router::new().route(
            "/send",
            axum::routing::post(move |headers: HeaderMap, body: axum::body::Bytes| {
                let seen = seen.clone();
                async move {
                    let json: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
                    seen.requests.lock().unwrap().push((headers, json));
                    StatusCode::from_u16(seen.status.load(std::sync::atomic::Ordering::SeqCst))
                        .unwrap()
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        format!("http://{address}/send")
    }

    fn answer(&self, status: u16) {
        self.status
            .store(status, std::sync::atomic::Ordering::SeqCst);
    }

    fn seen(&self) -> Vec<(HeaderMap, Value)> {
        self.requests.lock().unwrap().clone()
    }
}

#[tokio::test]
async fn the_http_transport_posts_to_the_provider_and_reports_its_failure() {
    let provider = Provider::default();
    let url = provider.start().await;
    let apps = common::apps_with(|s| {
        s.sms_transport = plainrate::config::SmsTransport::Http;
        s.sms_http_url = Some(url.clone());
        s.sms_http_key = Some("test-key".parse().unwrap());
    })
    .await;
    for app in apps {
        let start = provider.seen().len();
        let guest = Client::guest(&app, "10.3.0.1").await;
        let r = guest.text(&app, "555 010 8000", "apple").await;
        assert_eq!(
            outcome(&r),
            TextMessageOutcome::Sent,
            "{}: {}",
            app.name,
            r.text()
        );
        let seen = provider.seen();
        assert_eq!(seen.len(), start + 1);
        let (headers, body) = &seen[start];
        assert_eq!(headers.get("x-api-key").unwrap(), "test-key");
        assert_eq!(body["to"], "+15550108000");
        assert!(
            body["body"]
                .as_str()
                .unwrap()
                .contains(app.state.settings.app_store_url.as_deref().unwrap())
        );
        // The outbox records what was sent; the retry finds it and sends nothing more.
        assert_eq!(texts(&app).await.len(), 1);
        let r = guest.text(&app, "555 010 8000", "apple").await;
        assert_eq!(outcome(&r), TextMessageOutcome::Sent);
        assert_eq!(provider.seen().len(), start + 1);

        // The provider fails: the failure message, a 200 so the request layer does not
        // retry, and nothing recorded as sent.
        provider.answer(503);
        let r = guest.text(&app, "555 010 8001", "apple").await;
        assert_eq!(r.status, 200);
        assert_eq!(
            r.json(),
            serde_json::json!({"error": true, "messages": ["Failed. Please check your phone number."]})
        );
        assert_eq!(outcome(&r), TextMessageOutcome::Failed);
        assert_eq!(provider.seen().len(), start + 2);
        assert_eq!(texts(&app).await.len(), 1);
        // Trying again after the failure does send.
        provider.answer(200);
        let r = guest.text(&app, "555 010 8001", "apple").await;
        assert_eq!(outcome(&r), TextMessageOutcome::Sent);
        assert_eq!(provider.seen().len(), start + 3);
        assert_eq!(texts(&app).await.len(), 2);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn an_unreachable_provider_is_a_failure_not_a_5xx() {
    // A port that was just free: nothing listens there.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    drop(listener);
    let apps = common::apps_with(|s| {
        s.sms_transport = plainrate::config::SmsTransport::Http;
        s.sms_http_url = Some(format!("http://{address}/send"));
    })
    .await;
    for app in apps {
        let guest = Client::guest(&app, "10.3.1.1").await;
        let r = guest.text(&app, "5550109000", "").await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(outcome(&r), TextMessageOutcome::Failed);
        assert!(texts(&app).await.is_empty());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_http_transport_needs_a_provider_address() {
    let db = store::testing::all()
        .await
        .unwrap()
        .into_iter()
        .next()
        .unwrap();
    let mut settings = common::settings(&db.url);
    settings.sms_transport = plainrate::config::SmsTransport::Http;
    assert!(
        plainrate::AppState::with_database(settings, db.db.clone())
            .await
            .is_err()
    );
    db.cleanup().await.unwrap();
}

// ---------------------------------------------------------------------------------------
// Logs

/// A log sink the test reads back.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Captured {
    type Writer = Self;

    fn make_writer(&'a self) -> Self::Writer {
        self.clone()
    }
}

#[tokio::test]
async fn phone_numbers_appear_in_logs_only_masked() {
    let provider = Provider::default();
    let url = provider.start().await;
    let logs = Captured::default();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(logs.clone())
        .with_max_level(tracing::Level::DEBUG)
        .with_ansi(false)
        .finish();
    // Global: the other tests of this file run at the same time, and their log lines are
    // checked too.
    tracing::subscriber::set_global_default(subscriber).unwrap();
    for transport in ["outbox", "http"] {
        let apps = common::apps_with(|s| {
            if transport == "http" {
                s.sms_transport = plainrate::config::SmsTransport::Http;
                s.sms_http_url = Some(url.clone());
            }
        })
        .await;
        for app in apps {
            provider.answer(200);
            let guest = Client::guest(&app, "10.4.0.1").await;
            // Sent, sent again (the retry), refused, and (over HTTP) failed.
            for _ in 0..2 {
                guest.text(&app, "(555) 010-4321", "apple").await;
            }
            for n in 1..=4 {
                let other = Client::guest(&app, &format!("10.4.1.{n}")).await;
                other.text(&app, "(555) 010-4321", "android").await;
            }
            provider.answer(500);
            guest.text(&app, "555.010.4322", "").await;
            app.cleanup().await;
        }
    }
    let text = String::from_utf8(logs.0.lock().unwrap().clone()).unwrap();
    assert!(text.contains("***-***-4321"), "{text}");
    assert!(text.contains("app link refused"), "{text}");
    assert!(text.contains("app link not sent"), "{text}");
    // Every number of this file starts 555-010, 555-020, 555-029 or 555-030.
    for whole in [
        "555010", "555020", "555029", "555030", "+1555", "555-010", "(555)", "555.010", "555 010",
        "010-432",
    ] {
        assert!(!text.contains(whole), "{whole} in the logs:\n{text}");
    }
}

#[tokio::test]
async fn the_experts_page_renders_every_profile_with_the_gallery_as_its_data() {
    for app in common::apps().await {
        let r = app.get("/experts/", &[("accept", "text/html")]).await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
        let html = r.text();
        let gallery = app
            .get(&format!("{GALLERY}&path=/experts/"), &[])
            .await
            .json();
        let experts = gallery["data"]["expertsContent"].as_array().unwrap();
        assert!(html.contains("<h1>Ask the experts</h1>"), "{html}");
        assert!(html.contains("<link rel=\"canonical\" href=\"") && html.contains("/experts/\">"));
        // Every profile is on the page, each under the id its deep link's fragment names.
        for expert in experts {
            let hashtag = expert["HASHTAG"].as_str().unwrap();
            let id = format!("<article id=\"expert={}\">", &hashtag[1..]);
            assert!(html.contains(&id), "{id}");
            assert!(html.contains(expert["CONTENT"].as_str().unwrap()));
        }
        // The page's data is the gallery action's answer.
        let start = html.find("id=\"initial-data\">").unwrap() + 18;
        let end = start + html[start..].find("</script>").unwrap();
        let data: Value = serde_json::from_str(&html[start..end].replace("\\u003c", "<")).unwrap();
        assert_eq!(data["page"]["kind"], "experts");
        assert_eq!(data["page"]["gallery"], gallery);

        let moved = app.get("/experts", &[("accept", "text/html")]).await;
        assert_eq!(moved.status, 301);
        assert_eq!(moved.header("location"), Some("/experts/"));
        app.cleanup().await;
    }
}
