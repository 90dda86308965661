//! Rating votes over HTTP: `Details.SetRate` and `Reviews.SetInstRate`, on every backend.

use crate::common;
use crate::common::members as member_helpers;

use std::net::SocketAddr;

use crate::common::TestApp;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Method, Request};
use http_body_util::BodyExt;
use member_helpers::signed_in;
use offer_model::Offer;
use plainrate::listings::Snapshot;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use store::votes::{self, Tally, TargetKind};
use tower::ServiceExt;

/// A card with a `PID`, a checking account without one, and two institutions.
fn offers() -> Vec<Offer> {
    common::offers_from(&[
        json!({"ID": "ccb-1", "PID": "pid-1", "NAME": "Everyday Cash Card"}),
        json!({"ID": "chk-1", "NAME": "Interest Checking", "TYPE": "chkg"}),
        json!({"ID": "bank-1", "UID": "bank-1", "NAME": "First Test Bank", "TYPE": "inst"}),
        json!({"ID": "fdic-9", "UID": "uid-9", "NAME": "Second Test Bank", "TYPE": "inst"}),
    ])
}

async fn ratings_apps() -> Vec<TestApp> {
    let apps = common::apps().await;
    for app in &apps {
        app.state.catalogue.replace(Snapshot::new(1, offers()));
    }
    apps
}

/// The anti-forgery headers, obtained the way the browser does.
async fn csrf(app: &TestApp) -> Vec<(String, String)> {
    csrf_for(app, None).await
}

/// The anti-forgery headers for the session in `cookie` (tokens are bound to it).
async fn csrf_for(app: &TestApp, cookie: Option<&str>) -> Vec<(String, String)> {
    member_helpers::csrf_only(app, cookie).await
}

/// A client: its anti-forgery headers and, when signed in, its session cookie.
struct Client {
    headers: Vec<(String, String)>,
}

impl Client {
    async fn guest(app: &TestApp) -> Self {
        Self {
            headers: csrf(app).await,
        }
    }

    async fn member(app: &TestApp, delegated: bool) -> (i64, Self) {
        let (id, cookie) = signed_in(app, delegated).await;
        let mut headers = csrf_for(app, Some(&cookie)).await;
        headers.push(("cookie".to_owned(), cookie));
        (id, Self { headers })
    }

    fn with(&self, name: &str, value: &str) -> Self {
        let mut headers = self.headers.clone();
        headers.push((name.to_owned(), value.to_owned()));
        Self { headers }
    }

    fn header_refs(&self) -> Vec<(&str, &str)> {
        self.headers
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect()
    }

    async fn post(&self, app: &TestApp, form: &str) -> common::Reply {
        app.post_form("/ajax.php", form, &self.header_refs()).await
    }

    async fn post_json(&self, app: &TestApp, uri: &str, body: &str) -> common::Reply {
        let mut request = Request::builder()
            .method(Method::POST)
            .uri(uri)
            .header("content-type", "application/json");
        for (k, v) in &self.headers {
            request = request.header(k.as_str(), v.as_str());
        }
        app.send(request.body(Body::from(body.to_owned())).unwrap())
            .await
    }

    async fn rate(&self, app: &TestApp, pid: &str, rtg: &str) -> common::Reply {
        self.post(app, &format!("action=Details.SetRate&pid={pid}&rtg={rtg}"))
            .await
    }

    async fn rate_inst(&self, app: &TestApp, uid: &str, rating: &str) -> common::Reply {
        self.post(
            app,
            &format!("action=Reviews.SetInstRate&inst_uid={uid}&rating={rating}"),
        )
        .await
    }
}

/// Every row of the tables a vote may write, as text, in a fixed order.
async fn dump(app: &TestApp) -> Vec<String> {
    let db = &app.state.db;
    let backend = db.get_database_backend();
    let mut out = Vec::new();
    for sql in [
        "SELECT CAST(member_id AS TEXT) || '|' || product_id || '|' || CAST(stars AS TEXT) \
         FROM product_votes ORDER BY 1",
        "SELECT CAST(member_id AS TEXT) || '|' || institution_id || '|' || CAST(stars AS TEXT) \
         FROM institution_votes ORDER BY 1",
        "SELECT kind || '|' || target_id || '|' || CAST(votes AS TEXT) || '|' \
         || CAST(star_sum AS TEXT) FROM vote_totals ORDER BY 1",
        "SELECT key || '|' || CAST(hits AS TEXT) FROM rate_limits \
         WHERE key LIKE 'vote:%' ORDER BY 1",
    ] {
        for row in db
            .query_all_raw(Statement::from_string(backend, sql.to_owned()))
            .await
            .unwrap()
        {
            out.push(row.try_get_by_index::<String>(0).unwrap());
        }
        out.push("--".to_owned());
    }
    out
}

async fn tally(app: &TestApp, kind: TargetKind, id: &str) -> Tally {
    votes::tally(&app.state.db, kind, id).await.unwrap()
}

#[tokio::test]
async fn a_member_votes_changes_the_vote_and_a_retry_counts_once() {
    for app in ratings_apps().await {
        let (id, client) = Client::member(&app, false).await;
        let r = client.rate(&app, "pid-1", "4").await;
        assert_eq!(r.status, 200, "{} {}", app.name, r.text());
        assert_eq!(r.header("cache-control"), Some("no-store"));
        assert_eq!(
            r.json(),
            json!({"error": false, "guest": false, "uid": id.to_string(), "reviews": 1, "rating": "4"})
        );
        // The answer is what the widget's state machine reads.
        let wire: api_types::rating::RateResponse = serde_json::from_slice(&r.body).unwrap();
        let read = ratings::VoteResponse::from(wire);
        assert_eq!(read.votes(), Some(1));
        assert!(!read.error);

        // The vote is stored under the offer's id, whichever id named it.
        assert_eq!(
            votes::member_vote(&app.state.db, TargetKind::Product, id, "ccb-1")
                .await
                .unwrap(),
            Some(ratings::StarCount::FOUR)
        );

        let r = client.rate(&app, "ccb-1", "2").await;
        assert_eq!(r.json()["reviews"], 1, "{}", r.text());
        assert_eq!(r.json()["rating"], "2");

        let before = dump(&app).await;
        let again = client.rate(&app, "pid-1", "2").await;
        assert_eq!(again.status, 200);
        assert_eq!(again.json(), r.json(), "the retry gets the same answer");
        assert_eq!(
            dump(&app).await,
            before,
            "{}: the retry wrote nothing",
            app.name
        );
        assert_eq!(
            tally(&app, TargetKind::Product, "ccb-1").await,
            Tally {
                votes: 1,
                star_sum: 2
            }
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn counts_and_mean_follow_several_members_on_products_and_institutions() {
    for app in ratings_apps().await {
        let mut clients = Vec::new();
        for _ in 0..3 {
            clients.push(Client::member(&app, false).await.1);
        }
        let mut last = Value::Null;
        for (client, stars) in clients.iter().zip(["5", "4", "5"]) {
            last = client.rate(&app, "chk-1", stars).await.json();
        }
        assert_eq!(last["reviews"], 3, "{} {last}", app.name);
        assert_eq!(last["rating"], "4.67");
        assert!(last.get("total").is_none());

        let r = clients[0].rate_inst(&app, "uid-9", "1").await;
        assert_eq!(r.status, 200, "{}", r.text());
        let r = clients[1].rate_inst(&app, "fdic-9", "2").await;
        assert_eq!(r.json()["total"], 2, "{}", r.text());
        assert_eq!(r.json()["rating"], "1.5");
        assert!(r.json().get("reviews").is_none());
        // JSON bodies are read too.
        let r = clients[2]
            .post_json(
                &app,
                "/home/rpc",
                r#"{"action": "Reviews.SetInstRate", "inst_uid": "bank-1", "rating": 3}"#,
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["total"], 1);
        assert_eq!(
            tally(&app, TargetKind::Institution, "fdic-9").await,
            Tally {
                votes: 2,
                star_sum: 3
            }
        );
        assert_eq!(
            tally(&app, TargetKind::Product, "chk-1").await,
            Tally {
                votes: 3,
                star_sum: 14
            }
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn votes_show_in_the_cached_reads_after_the_next_refresh() {
    for app in common::apps().await {
        // The catalogue as it is served: stored, then loaded by a refresh.
        store::catalogue::replace(&app.state.db, &offers())
            .await
            .unwrap();
        assert!(app.state.catalogue.refresh(&app.state.db).await.unwrap());
        let before = app.get("/api/offers/ccb-1", &[]).await.json();
        assert_eq!(before["reviews"], 0, "{} {before}", app.name);
        assert!(before.get("memberRating").is_none(), "{before}");
        // Nothing changed: no rebuild.
        assert!(!app.state.catalogue.refresh(&app.state.db).await.unwrap());

        let (_, a) = Client::member(&app, false).await;
        let (_, b) = Client::member(&app, false).await;
        assert_eq!(a.rate(&app, "pid-1", "5").await.status, 200);
        assert_eq!(b.rate(&app, "pid-1", "2").await.status, 200);
        assert_eq!(b.rate_inst(&app, "bank-1", "4").await.status, 200);
        // Until the refresh the cached answer stands; after it, every read has the votes.
        assert!(app.state.catalogue.refresh(&app.state.db).await.unwrap());
        let after = app.get("/api/offers/ccb-1", &[]).await.json();
        assert_eq!(after["reviews"], 2, "{} {after}", app.name);
        assert_eq!(after["memberRating"]["value"], "3.5", "{after}");
        let listing = app.get("/api/institutions/bank-1", &[]).await.json();
        assert_eq!(listing["institution"]["reviews"], 1, "{listing}");

        // A changed vote (same count) moves the mean at the next refresh.
        assert_eq!(b.rate(&app, "pid-1", "4").await.status, 200);
        assert!(app.state.catalogue.refresh(&app.state.db).await.unwrap());
        let changed = app.get("/api/offers/ccb-1", &[]).await.json();
        assert_eq!(changed["reviews"], 2);
        assert_eq!(changed["memberRating"]["value"], "4.5", "{changed}");
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_guest_is_sent_to_light_sign_up_back_to_a_same_site_page() {
    for app in ratings_apps().await {
        let client = Client::guest(&app).await;
        let cases = [
            (
                Some("http://127.0.0.1:8080/d/everyday-cash?x=1#reviews"),
                "/join/light?ref=%2Fd%2Feveryday-cash%3Fx%3D1%23reviews",
            ),
            (
                Some("https://evil.example/d/everyday-cash"),
                "/join/light?ref=%2F",
            ),
            (Some("//evil.example/x"), "/join/light?ref=%2F"),
            (Some("javascript:alert(1)"), "/join/light?ref=%2F"),
            (None, "/join/light?ref=%2F"),
        ];
        for (referer, link) in cases {
            let c = match referer {
                Some(r) => client.with("referer", r),
                None => client.with("x-none", "1"),
            };
            let r = c.rate(&app, "pid-1", "5").await;
            assert_eq!(r.status, 200, "{} {}", app.name, r.text());
            // The link also carries the vote chosen (the catalogue id `pid-1` names), which
            // the e-mailed link casts.
            let link = format!("{link}&vote=product%3Accb-1%3A5");
            assert_eq!(
                r.json(),
                json!({"error": true, "guest": true, "redirect_url": link}),
                "{referer:?}"
            );
        }
        let r = client.rate_inst(&app, "bank-1", "5").await;
        assert_eq!(r.json()["guest"], true);
        assert_eq!(
            dump(&app).await,
            vec!["--"; 4],
            "{}: a guest writes nothing",
            app.name
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_delegated_session_gets_the_permission_message_and_writes_nothing() {
    for app in ratings_apps().await {
        let (_, client) = Client::member(&app, true).await;
        for r in [
            client.rate(&app, "pid-1", "5").await,
            client.rate_inst(&app, "bank-1", "5").await,
        ] {
            assert_eq!(r.status, 200, "{} {}", app.name, r.text());
            assert_eq!(
                r.json(),
                json!({
                    "error": true,
                    "guest": false,
                    "message": "Oops. You don't have permission to make edits on this account."
                })
            );
        }
        assert_eq!(dump(&app).await, vec!["--"; 4], "{}", app.name);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_vote_needs_post_and_the_anti_forgery_token() {
    for app in ratings_apps().await {
        let (_, client) = Client::member(&app, false).await;
        let cookie = client
            .headers
            .iter()
            .find(|(k, _)| k == "cookie")
            .unwrap()
            .1
            .clone();
        let r = app
            .post_form(
                "/ajax.php",
                "action=Details.SetRate&pid=pid-1&rtg=4",
                &[("cookie", &cookie)],
            )
            .await;
        assert_eq!(r.status, 400, "{}", app.name);
        assert_eq!(r.json()["code"], "csrf");
        let r = app
            .get(
                "/home/rpc?action=Details.SetRate&pid=pid-1&rtg=4",
                &client.header_refs(),
            )
            .await;
        assert_eq!(r.status, 405, "{}", r.text());
        assert_eq!(r.json()["error"], true);
        let r = app
            .get(
                "/home/rpc?action=Reviews.SetInstRate&inst_uid=bank-1&rating=4",
                &client.header_refs(),
            )
            .await;
        assert_eq!(r.status, 405);
        assert_eq!(dump(&app).await, vec!["--"; 4]);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_vote_outside_one_to_five_whole_stars_is_refused_naming_the_field() {
    for app in ratings_apps().await {
        let (_, client) = Client::member(&app, false).await;
        for bad in ["0", "6", "abc", "", "3.5", "-1", "%20", "4%2B1"] {
            let r = client.rate(&app, "pid-1", bad).await;
            assert_eq!(r.status, 400, "{} rtg={bad:?}: {}", app.name, r.text());
            assert_eq!(r.json()["field"], "rtg", "{bad:?}");
            assert_eq!(r.json()["code"], "validation");
            let r = client.rate_inst(&app, "bank-1", bad).await;
            assert_eq!(r.status, 400, "rating={bad:?}");
            assert_eq!(r.json()["field"], "rating");
        }
        let r = client.post(&app, "action=Details.SetRate&rtg=4").await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["field"], "pid");
        let r = client
            .post(&app, "action=Reviews.SetInstRate&rating=4")
            .await;
        assert_eq!(r.json()["field"], "inst_uid");
        // A JSON number with a fraction is not a whole star count either.
        let r = client
            .post_json(
                &app,
                "/ajax.php",
                r#"{"action": "Details.SetRate", "pid": "pid-1", "rtg": 3.5}"#,
            )
            .await;
        assert_eq!(r.status, 400, "{}", r.text());
        assert_eq!(r.json()["field"], "rtg");
        assert_eq!(dump(&app).await, vec!["--"; 4], "{}", app.name);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn an_unknown_product_or_institution_is_a_404_and_changes_nothing() {
    for app in ratings_apps().await {
        let (_, client) = Client::member(&app, false).await;
        client.rate(&app, "pid-1", "3").await;
        let before = dump(&app).await;
        for r in [
            client.rate(&app, "no-such-card", "4").await,
            // An institution is not rated as a product, nor a product as an institution.
            client.rate(&app, "bank-1", "4").await,
            client.rate_inst(&app, "ccb-1", "4").await,
            client.rate_inst(&app, "no-such-bank", "4").await,
        ] {
            assert_eq!(r.status, 404, "{} {}", app.name, r.text());
            assert_eq!(r.json()["code"], "not_found");
        }
        assert_eq!(dump(&app).await, before, "{}", app.name);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_thirty_first_vote_in_a_minute_is_a_429_and_writes_nothing() {
    for app in ratings_apps().await {
        let (id, client) = Client::member(&app, false).await;
        // The window is a minute of the wall clock: start well inside one.
        let second = chrono::Timelike::second(&chrono::Utc::now());
        if second >= 45 {
            tokio::time::sleep(std::time::Duration::from_secs(u64::from(61 - second))).await;
        }
        // Alternate the vote so that every call writes and counts.
        for i in 0..plainrate::limits::VOTE_MEMBER.max {
            let stars = if i % 2 == 0 { "4" } else { "5" };
            let r = client.rate(&app, "pid-1", stars).await;
            assert_eq!(r.status, 200, "{} vote {i}: {}", app.name, r.text());
        }
        let before = dump(&app).await;
        let r = client.rate(&app, "pid-1", "1").await;
        assert_eq!(r.status, 429, "{} {}", app.name, r.text());
        assert_eq!(r.json()["code"], "rate_limited");
        assert_eq!(r.json()["error"], true);
        assert_eq!(
            dump(&app).await,
            before,
            "{}: a refused vote wrote",
            app.name
        );
        let r = client.rate_inst(&app, "bank-1", "1").await;
        assert_eq!(r.status, 429, "institutions count against the same limit");
        // Repeating the vote already taken writes nothing and is still answered.
        let mine = votes::member_vote(&app.state.db, TargetKind::Product, id, "ccb-1")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(mine, ratings::StarCount::FIVE);
        let r = client.rate(&app, "pid-1", "5").await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["reviews"], 1);
        assert_eq!(dump(&app).await, before);
        app.cleanup().await;
    }
}

/// A small fixed-seed generator, so the sequence is the same on every run.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[tokio::test]
async fn totals_equal_a_recount_after_a_random_sequence_of_votes() {
    for app in ratings_apps().await {
        let mut clients = Vec::new();
        for _ in 0..4 {
            clients.push(Client::member(&app, false).await.1);
        }
        let products = ["pid-1", "chk-1"];
        let institutions = ["bank-1", "uid-9"];
        let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
        for _ in 0..80 {
            let client = &clients[rng.below(4) as usize];
            let stars = (rng.below(5) + 1).to_string();
            let r = if rng.below(2) == 0 {
                client
                    .rate(&app, products[rng.below(2) as usize], &stars)
                    .await
            } else {
                client
                    .rate_inst(&app, institutions[rng.below(2) as usize], &stars)
                    .await
            };
            assert_eq!(r.status, 200, "{} {}", app.name, r.text());
            assert_eq!(r.json()["error"], false);
        }
        for (kind, id) in [
            (TargetKind::Product, "ccb-1"),
            (TargetKind::Product, "chk-1"),
            (TargetKind::Institution, "bank-1"),
            (TargetKind::Institution, "fdic-9"),
        ] {
            let stored = tally(&app, kind, id).await;
            let recounted = votes::recount(&app.state.db, kind, id).await.unwrap();
            assert_eq!(stored, recounted, "{} {kind:?} {id}", app.name);
        }
        app.cleanup().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_votes_are_each_acknowledged_and_counted_exactly() {
    for app in ratings_apps().await {
        let mut clients = Vec::new();
        for _ in 0..12 {
            clients.push(Client::member(&app, false).await.1);
        }
        let mut tasks = Vec::new();
        for (i, client) in clients.iter().enumerate() {
            for round in 0..6_usize {
                let router = app.router.clone();
                let stars = (i + round) % 5 + 1;
                let target = if round % 2 == 0 { "pid-1" } else { "chk-1" };
                let mut request = Request::builder()
                    .method(Method::POST)
                    .uri("/ajax.php")
                    .header("content-type", "application/x-www-form-urlencoded");
                for (k, v) in &client.headers {
                    request = request.header(k.as_str(), v.as_str());
                }
                let mut request = request
                    .body(Body::from(format!(
                        "action=Details.SetRate&pid={target}&rtg={stars}"
                    )))
                    .unwrap();
                let peer: SocketAddr = "127.0.0.1:40000".parse().unwrap();
                request.extensions_mut().insert(ConnectInfo(peer));
                tasks.push(tokio::spawn(async move {
                    let response = router.oneshot(request).await.unwrap();
                    let status = response.status();
                    let body = response.into_body().collect().await.unwrap().to_bytes();
                    (status, body)
                }));
            }
        }
        for task in tasks {
            let (status, body) = task.await.unwrap();
            assert_eq!(
                status,
                200,
                "{} {}",
                app.name,
                String::from_utf8_lossy(&body)
            );
        }
        for id in ["ccb-1", "chk-1"] {
            let stored = tally(&app, TargetKind::Product, id).await;
            let recounted = votes::recount(&app.state.db, TargetKind::Product, id)
                .await
                .unwrap();
            assert_eq!(stored, recounted, "{} {id}", app.name);
            assert_eq!(stored.votes, 12, "{} {id}", app.name);
        }
        app.cleanup().await;
    }
}

/// Sends a prepared vote through the router from its own task.
fn spawn_vote(
    app: &TestApp,
    client: &Client,
    form: String,
) -> tokio::task::JoinHandle<(axum::http::StatusCode, Value)> {
    let router = app.router.clone();
    let mut request = Request::builder()
        .method(Method::POST)
        .uri("/home/rpc")
        .header("content-type", "application/x-www-form-urlencoded");
    for (k, v) in &client.headers {
        request = request.header(k.as_str(), v.as_str());
    }
    let mut request = request.body(Body::from(form)).unwrap();
    let peer: SocketAddr = "127.0.0.1:40000".parse().unwrap();
    request.extensions_mut().insert(ConnectInfo(peer));
    tokio::spawn(async move {
        let response = router.oneshot(request).await.unwrap();
        let status = response.status();
        let body = response.into_body().collect().await.unwrap().to_bytes();
        (status, serde_json::from_slice(&body).unwrap())
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_over_the_limit_keeps_exactly_the_allowed_votes_and_no_others() {
    for app in common::apps().await {
        let many: Vec<Offer> = (0..40)
            .map(|i| {
                Offer::from_json(&json!({"ID": format!("p{i}"), "NAME": format!("Card {i}")}))
                    .unwrap()
            })
            .collect();
        app.state.catalogue.replace(Snapshot::new(1, many));
        let (flooder, flood) = Client::member(&app, false).await;
        let (_, calm) = Client::member(&app, false).await;
        let second = chrono::Timelike::second(&chrono::Utc::now());
        if second >= 45 {
            tokio::time::sleep(std::time::Duration::from_secs(u64::from(61 - second))).await;
        }
        let mut tasks = Vec::new();
        for i in 0..40 {
            tasks.push(spawn_vote(
                &app,
                &flood,
                format!("action=Details.SetRate&pid=p{i}&rtg=5"),
            ));
            if i % 4 == 0 {
                tasks.push(spawn_vote(
                    &app,
                    &calm,
                    format!("action=Details.SetRate&pid=p{i}&rtg=1"),
                ));
            }
        }
        let mut ok = 0;
        let mut limited = 0;
        for task in tasks {
            let (status, body) = task.await.unwrap();
            match status.as_u16() {
                200 => ok += 1,
                429 => limited += 1,
                _ => panic!("{} {status} {body}", app.name),
            }
        }
        let allowed = plainrate::limits::VOTE_MEMBER.max as usize;
        assert_eq!((ok, limited), (allowed + 10, 40 - allowed), "{}", app.name);
        let mut flooder_votes = 0;
        for i in 0..40 {
            let id = format!("p{i}");
            let stored = tally(&app, TargetKind::Product, &id).await;
            let recounted = votes::recount(&app.state.db, TargetKind::Product, &id)
                .await
                .unwrap();
            assert_eq!(stored, recounted, "{} {id}", app.name);
            flooder_votes += votes::member_vote(&app.state.db, TargetKind::Product, flooder, &id)
                .await
                .unwrap()
                .is_some() as usize;
        }
        assert_eq!(flooder_votes, allowed, "{}", app.name);
        app.cleanup().await;
    }
}
