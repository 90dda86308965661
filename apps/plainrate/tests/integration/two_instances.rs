//! Two server instances over one database agree, on every backend.
//!
//! Instance B is a second `AppState` and router over its own connection pool to A's
//! database, with the same settings, as two processes behind a load balancer: they share
//! the database and the configuration, no memory. Requests go alternately to A and B, and
//! each test shows one thing that must hold whichever instance answers: sessions,
//! anti-forgery values, rating votes, rate limits (with the text-message lock), one-time
//! codes, and catalogue changes (seen after the other instance's refresh, which its
//! catalogue poll runs).

use crate::common;
use crate::common::members as member_helpers;

use std::net::SocketAddr;

use crate::common::{Reply, TestApp, form};
use member_helpers::{signed_in, token, window_id};
use offer_model::Offer;
use serde_json::{Value, json};

/// Instance A (from `common::apps`) and instance B over the same database.
async fn pairs() -> Vec<(TestApp, TestApp)> {
    let mut out = Vec::new();
    for a in common::apps().await {
        let b = a.second_instance().await;
        out.push((a, b));
    }
    out
}

/// Closes B's pool, then removes the database through A.
async fn cleanup(a: TestApp, b: TestApp) {
    b.cleanup().await;
    a.cleanup().await;
}

/// A for even `i`, B for odd: requests alternate between the instances.
fn either<'a>(a: &'a TestApp, b: &'a TestApp, i: usize) -> &'a TestApp {
    if i.is_multiple_of(2) { a } else { b }
}

/// The name of the instance [`either`] picks, for messages.
fn which(i: usize) -> &'static str {
    if i.is_multiple_of(2) { "A" } else { "B" }
}

fn peer(ip: &str) -> SocketAddr {
    format!("{ip}:40000").parse().unwrap()
}

/// What a browser sends with a request: the window id and token headers, and cookies.
#[derive(Clone, Default)]
struct Headers {
    whid: Option<String>,
    token: Option<String>,
    cookie: Option<String>,
}

impl Headers {
    fn new(whid: &str, token: &str, cookie: Option<&str>) -> Self {
        Self {
            whid: Some(whid.to_owned()),
            token: Some(token.to_owned()),
            cookie: cookie.map(str::to_owned),
        }
    }

    fn cookie(cookie: &str) -> Self {
        Self {
            cookie: Some(cookie.to_owned()),
            ..Self::default()
        }
    }

    fn list(&self) -> Vec<(&str, &str)> {
        let mut out = Vec::new();
        if let Some(whid) = &self.whid {
            out.push(("x-xsrf-whid", whid.as_str()));
        }
        if let Some(token) = &self.token {
            out.push(("x-xsrf-token", token.as_str()));
        }
        if let Some(cookie) = &self.cookie {
            out.push(("cookie", cookie.as_str()));
        }
        out
    }
}

/// Anti-forgery headers fetched from `app` for the session in `cookie` (`None`: a guest).
async fn csrf_from(app: &TestApp, cookie: Option<&str>) -> Headers {
    let whid = window_id(app).await;
    let token = token(app, &whid, cookie).await;
    Headers::new(&whid, &token, cookie)
}

/// A form-encoded action POSTed to `/home/rpc` from `from`.
async fn post_from(
    app: &TestApp,
    from: SocketAddr,
    headers: &Headers,
    action: &str,
    pairs: &[(&str, &str)],
) -> Reply {
    let mut all = vec![("action", action)];
    all.extend_from_slice(pairs);
    let mut b = axum::http::Request::builder()
        .method(axum::http::Method::POST)
        .uri("/home/rpc")
        .header("content-type", "application/x-www-form-urlencoded");
    for (k, v) in headers.list() {
        b = b.header(k, v);
    }
    app.send_from(b.body(axum::body::Body::from(form(&all))).unwrap(), from)
        .await
}

/// A form-encoded action POSTed to `/home/rpc` from 127.0.0.1.
async fn post(app: &TestApp, headers: &Headers, action: &str, pairs: &[(&str, &str)]) -> Reply {
    post_from(app, peer("127.0.0.1"), headers, action, pairs).await
}

/// `Members.PrivateInfo` with the session in `cookie`.
async fn private_info(app: &TestApp, cookie: Option<&str>) -> Reply {
    let headers = cookie.map(Headers::cookie).unwrap_or_default();
    app.get("/home/rpc?action=Members.PrivateInfo", &headers.list())
        .await
}

/// The value of the cookie `name` the reply sets.
fn set_cookie(reply: &Reply, name: &str) -> String {
    reply
        .set_cookies()
        .iter()
        .find_map(|line| {
            let pair = line.split(';').next()?;
            let (n, v) = pair.split_once('=')?;
            (n.trim() == name).then(|| v.to_owned())
        })
        .unwrap_or_else(|| panic!("no {name} cookie in {:?}", reply.set_cookies()))
}

/// The `Cookie` header carrying the session the reply starts.
fn session_cookie(app: &TestApp, reply: &Reply) -> String {
    let name = plainrate::members::session_cookie_name(&app.state.settings);
    format!("{name}={}", set_cookie(reply, name))
}

fn assert_refused_as_forged(r: &Reply, what: &str) {
    assert_eq!(r.status, 400, "{what}: {}", r.text());
    assert_eq!(r.json()["code"], "csrf", "{what}: {}", r.text());
}

/// Waits, when the current wall-clock window of `window_secs` has fewer than `room_secs`
/// left, for the next one, so a sequence of requests is counted in one window.
async fn wait_for_room(window_secs: i64, room_secs: i64) {
    let into = chrono::Utc::now().timestamp().rem_euclid(window_secs);
    if window_secs - into < room_secs {
        let wait = (window_secs - into + 1) as u64;
        tokio::time::sleep(std::time::Duration::from_secs(wait)).await;
    }
}

/// A card with a `PID`, and an institution.
fn offers() -> Vec<Offer> {
    common::offers_from(&common::card_and_bank())
}

/// Stores `offers` through A's database and lets both instances load them.
async fn stock(a: &TestApp, b: &TestApp, offers: &[Offer]) {
    store::catalogue::replace(&a.state.db, offers)
        .await
        .unwrap();
    for app in [a, b] {
        assert!(
            app.state.catalogue.refresh(&app.state.db).await.unwrap(),
            "{}: the stored catalogue is loaded",
            app.name
        );
    }
}

// ---------------------------------------------------------------------------------------
// 1. Sessions

#[tokio::test]
async fn a_member_who_joins_or_signs_in_on_one_instance_is_signed_in_on_the_other() {
    for (a, b) in pairs().await {
        let n = a.name;
        let guest = csrf_from(&a, None).await;
        let account = [
            ("email", "pair@example.com"),
            ("password", "correct horse"),
            ("name", "Ada Lovelace"),
        ];
        let r = post(&a, &guest, "Members.Join", &account).await;
        assert_eq!(r.status, 200, "{n}: join on A: {}", r.text());
        let id = r.json()["member"]["id"].as_i64().unwrap();
        let first = session_cookie(&a, &r);
        let first_token = set_cookie(&r, "XSRF-TOKEN");

        // B knows the session A started, and nobody without it.
        let r = private_info(&b, Some(&first)).await;
        assert_eq!(r.status, 200, "{n}: A's session on B: {}", r.text());
        assert_eq!(r.json(), json!({"optOut": false}), "{n}");
        let r = private_info(&b, None).await;
        assert_eq!(r.status, 401, "{n}: no cookie on B: {}", r.text());

        // A write on B with A's window id and the token A handed out at the join; A reads
        // what B wrote.
        let signed_in = Headers::new(guest.whid.as_deref().unwrap(), &first_token, Some(&first));
        let r = post(&b, &signed_in, "Members.SetPrivateInfo", &[("optOut", "1")]).await;
        assert_eq!(r.status, 200, "{n}: write on B: {}", r.text());
        let r = private_info(&a, Some(&first)).await;
        assert_eq!(r.json(), json!({"optOut": true}), "{n}: B's write on A");

        // Signing in on B with A's session ends that session on A too, and A knows the
        // new one.
        let pair = [account[0], account[1]];
        let r = post(&b, &signed_in, "Members.SignIn", &pair).await;
        assert_eq!(r.status, 200, "{n}: sign-in on B: {}", r.text());
        assert_eq!(r.json()["member"]["id"], id, "{n}");
        let second = session_cookie(&b, &r);
        let second_token = set_cookie(&r, "XSRF-TOKEN");
        assert_ne!(second, first, "{n}: a new session");
        let r = private_info(&a, Some(&first)).await;
        assert_eq!(r.status, 401, "{n}: the old session on A: {}", r.text());
        let r = private_info(&a, Some(&second)).await;
        assert_eq!(r.status, 200, "{n}: B's session on A: {}", r.text());
        assert_eq!(r.json(), json!({"optOut": true}), "{n}");

        // Signing out on A ends the session on B.
        let whid = guest.whid.as_deref().unwrap();
        let headers = Headers::new(whid, &second_token, Some(&second));
        let r = post(&a, &headers, "Members.SignOut", &[]).await;
        assert_eq!(r.status, 200, "{n}: sign-out on A: {}", r.text());
        let r = private_info(&b, Some(&second)).await;
        assert_eq!(
            r.status,
            401,
            "{n}: a signed-out session on B: {}",
            r.text()
        );

        // A password sign-in on A, without any session: B knows it.
        let r = post(&a, &guest, "Members.SignIn", &pair).await;
        assert_eq!(r.status, 200, "{n}: sign-in on A: {}", r.text());
        let third = session_cookie(&a, &r);
        let r = private_info(&b, Some(&third)).await;
        assert_eq!(r.status, 200, "{n}: A's new session on B: {}", r.text());
        cleanup(a, b).await;
    }
}

// ---------------------------------------------------------------------------------------
// 2. Anti-forgery

#[tokio::test]
async fn window_ids_and_tokens_from_one_instance_pass_on_the_other_bound_to_their_session() {
    for (a, b) in pairs().await {
        let n = a.name;
        let (m, m_cookie) = signed_in(&a, false).await;
        let (other, other_cookie) = signed_in(&b, false).await;
        let whid = window_id(&a).await;
        let m_token = token(&a, &whid, Some(&m_cookie)).await;

        // B keeps the token A set in the shared cookie, for A's window id, as every tab of
        // one browser keeps one token.
        let cookie = format!("{m_cookie}; XSRF-TOKEN={m_token}");
        let r = b
            .get(
                "/home/rpc?action=get-csrf-token",
                &[("x-xsrf-whid", &whid), ("cookie", &cookie)],
            )
            .await;
        assert_eq!(r.status, 200, "{n}: {}", r.text());
        assert_eq!(r.text(), m_token, "{n}: B hands out A's token again");

        // A write on B with A's window id and token (and the double-submit cookie).
        let headers = Headers::new(&whid, &m_token, Some(&cookie));
        let r = post(&b, &headers, "Members.SetPrivateInfo", &[("optOut", "1")]).await;
        assert_eq!(r.status, 200, "{n}: A's token on B: {}", r.text());

        // The token is still bound to its session on B: A's guest token with M's session,
        // and M's token with another member's session, are refused.
        let guest_token = token(&a, &whid, None).await;
        let headers = Headers::new(&whid, &guest_token, Some(&m_cookie));
        let r = post(&b, &headers, "Members.SetPrivateInfo", &[("optOut", "0")]).await;
        assert_refused_as_forged(&r, &format!("{n}: A's guest token, M's session, on B"));
        let headers = Headers::new(&whid, &m_token, Some(&other_cookie));
        let r = post(&b, &headers, "Members.SetPrivateInfo", &[("optOut", "1")]).await;
        assert_refused_as_forged(&r, &format!("{n}: M's token, another session, on B"));

        // And the other way round: B's values pass on A, for their own session only.
        let whid_b = window_id(&b).await;
        let other_token = token(&b, &whid_b, Some(&other_cookie)).await;
        let headers = Headers::new(&whid_b, &other_token, Some(&m_cookie));
        let r = post(&a, &headers, "Members.SetPrivateInfo", &[("optOut", "0")]).await;
        assert_refused_as_forged(&r, &format!("{n}: B's token, another session, on A"));
        let headers = Headers::new(&whid_b, &other_token, Some(&other_cookie));
        let r = post(&a, &headers, "Members.SetPrivateInfo", &[("optOut", "1")]).await;
        assert_eq!(r.status, 200, "{n}: B's token on A: {}", r.text());

        // A window id neither instance issued is refused, with a good token.
        let forged = if whid.starts_with('A') {
            whid.replacen('A', "B", 1)
        } else {
            format!("A{}", &whid[1..])
        };
        let headers = Headers::new(&forged, &m_token, Some(&m_cookie));
        let r = post(&b, &headers, "Members.SetPrivateInfo", &[("optOut", "0")]).await;
        assert_refused_as_forged(&r, &format!("{n}: a forged window id on B"));

        // The refused writes changed nothing; the accepted ones are stored.
        for (id, who) in [(m, "M"), (other, "the other member")] {
            let stored = store::members::member(&a.state.db, id)
                .await
                .unwrap()
                .unwrap();
            assert!(stored.private_info_opt_out, "{n}: {who}'s opt-out");
        }
        cleanup(a, b).await;
    }
}

// ---------------------------------------------------------------------------------------
// 3. Rating votes

/// `Details.SetRate` from the member behind `headers`.
async fn rate(app: &TestApp, headers: &Headers, pid: &str, stars: &str) -> Value {
    let r = post(
        app,
        headers,
        "Details.SetRate",
        &[("pid", pid), ("rtg", stars)],
    )
    .await;
    assert_eq!(r.status, 200, "{}: vote: {}", app.name, r.text());
    r.json()
}

/// The card as `app` serves it from its catalogue view.
async fn card(app: &TestApp) -> Value {
    let r = app.get("/api/offers/ccb-1", &[]).await;
    assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
    r.json()
}

#[tokio::test]
async fn a_vote_cast_on_one_instance_counts_on_the_other() {
    for (a, b) in pairs().await {
        let n = a.name;
        stock(&a, &b, &offers()).await;
        assert_eq!(card(&b).await["reviews"], 0, "{n}: no votes yet");
        let (_, first) = signed_in(&a, false).await;
        let first = csrf_from(&a, Some(&first)).await;
        let (_, second) = signed_in(&a, false).await;
        let second = csrf_from(&b, Some(&second)).await;

        let r = rate(&a, &first, "pid-1", "4").await;
        assert_eq!(
            (&r["reviews"], &r["rating"]),
            (&json!(1), &json!("4")),
            "{n}: {r}"
        );
        // B's refresh (its poll) sees A's vote, and B's reads carry it.
        assert!(
            b.state.catalogue.refresh(&b.state.db).await.unwrap(),
            "{n}: B rebuilds for a vote cast on A"
        );
        let on_b = card(&b).await;
        assert_eq!(on_b["reviews"], 1, "{n}: {on_b}");
        assert_eq!(on_b["memberRating"]["value"], "4", "{n}: {on_b}");

        // B takes the member's next vote as a change of A's, not a second vote.
        let r = rate(&b, &first, "pid-1", "2").await;
        assert_eq!(
            (&r["reviews"], &r["rating"]),
            (&json!(1), &json!("2")),
            "{n}: {r}"
        );
        let r = rate(&b, &second, "ccb-1", "5").await;
        assert_eq!(
            (&r["reviews"], &r["rating"]),
            (&json!(2), &json!("3.5")),
            "{n}: {r}"
        );
        // The same vote again on A is a retry: counted once.
        let r = rate(&a, &first, "pid-1", "2").await;
        assert_eq!(
            (&r["reviews"], &r["rating"]),
            (&json!(2), &json!("3.5")),
            "{n}: {r}"
        );

        // A's refresh sees B's votes; both serve the same totals.
        assert!(
            a.state.catalogue.refresh(&a.state.db).await.unwrap(),
            "{n}: A rebuilds for votes cast on B"
        );
        assert!(
            b.state.catalogue.refresh(&b.state.db).await.unwrap(),
            "{n}: B rebuilds for its own votes"
        );
        let (on_a, on_b) = (card(&a).await, card(&b).await);
        assert_eq!(on_a["reviews"], 2, "{n}: {on_a}");
        assert_eq!(on_a["memberRating"]["value"], "3.5", "{n}: {on_a}");
        assert_eq!(on_a, on_b, "{n}: A and B serve the same card");
        cleanup(a, b).await;
    }
}

// ---------------------------------------------------------------------------------------
// 4. Rate limits

#[tokio::test]
async fn a_limit_counts_requests_to_either_instance_together() {
    for (a, b) in pairs().await {
        let n = a.name;
        wait_for_room(3600, 30).await;
        let guest = csrf_from(&a, None).await;

        // Joins: three an hour per client address.
        let from = peer("10.9.0.1");
        let max = plainrate::limits::JOIN_IP_HOUR.max as usize;
        for i in 0..max {
            let email = format!("join{i}@example.com");
            let pairs = [("email", email.as_str()), ("password", "correct horse")];
            let app = either(&a, &b, i);
            let r = post_from(app, from, &guest, "Members.Join", &pairs).await;
            assert_eq!(r.status, 200, "{n}: join {i} on {}: {}", which(i), r.text());
        }
        for i in max..max + 2 {
            let pairs = [("email", "late@example.com"), ("password", "correct horse")];
            let r = post_from(either(&a, &b, i), from, &guest, "Members.Join", &pairs).await;
            assert_eq!(r.status, 429, "{n}: join {i} on {}: {}", which(i), r.text());
            assert_eq!(r.json()["code"], "rate_limited", "{n}");
        }
        let late = store::members::member_by_email(&a.state.db, "late@example.com").await;
        assert!(
            late.unwrap().is_none(),
            "{n}: a refused join created a member"
        );

        // Sign-in attempts: six a minute per client address, then 429 even with the
        // right password.
        wait_for_room(60, 10).await;
        let from = peer("10.9.0.2");
        let max = plainrate::limits::SIGN_IN_IP_MINUTE.max as usize;
        for i in 0..max {
            let pairs = [
                ("email", "nobody@example.com"),
                ("password", "wrong password"),
            ];
            let r = post_from(either(&a, &b, i), from, &guest, "Members.SignIn", &pairs).await;
            assert_eq!(
                r.status,
                400,
                "{n}: sign-in {i} on {}: {}",
                which(i),
                r.text()
            );
        }
        for i in max..max + 2 {
            let pairs = [
                ("email", "join0@example.com"),
                ("password", "correct horse"),
            ];
            let r = post_from(either(&a, &b, i), from, &guest, "Members.SignIn", &pairs).await;
            assert_eq!(
                r.status,
                429,
                "{n}: sign-in {i} on {}: {}",
                which(i),
                r.text()
            );
            assert!(
                r.set_cookies().is_empty(),
                "{n}: a refused sign-in signed in"
            );
        }
        cleanup(a, b).await;
    }
}

/// `download_app` from a guest at `from`.
async fn text(app: &TestApp, from: &str, phone: &str, kind: &str) -> Value {
    let guest = csrf_from(app, None).await;
    let pairs = [("type", kind), ("phoneNumber", phone)];
    let r = post_from(app, peer(from), &guest, "download_app", &pairs).await;
    assert_eq!(r.status, 200, "{}: text: {}", app.name, r.text());
    r.json()
}

async fn texts_to(app: &TestApp, to: &str) -> usize {
    store::outbox::for_recipient(&app.state.db, to)
        .await
        .unwrap()
        .len()
}

#[tokio::test]
async fn the_text_message_lock_and_the_retry_hold_across_instances() {
    let sent = json!({
        "error": false,
        "messages": [qna_validation::constants::TEXT_MESSAGE_SENT_MESSAGE]
    });
    let locked = json!({"error": true, "messages": ["REQUEST_LOCKED_BY_FILTER"]});
    for (a, b) in pairs().await {
        let n = a.name;
        wait_for_room(3600, 30).await;
        // Three texts an hour per number, from whichever addresses and instances.
        let max = plainrate::limits::TEXT_PHONE_HOUR.max as usize;
        for i in 0..max {
            let r = text(either(&a, &b, i), &format!("10.9.1.{i}"), "5550107000", "").await;
            assert_eq!(r, sent, "{n}: text {i} on {}", which(i));
        }
        for i in max..max + 2 {
            let r = text(either(&a, &b, i), &format!("10.9.1.{i}"), "5550107000", "").await;
            assert_eq!(r, locked, "{n}: text {i} on {}, over the limit", which(i));
        }
        assert_eq!(texts_to(&a, "+15550107000").await, max, "{n}: texts sent");

        // The client's retry of a request one instance sent, on the other, sends nothing.
        let first = text(&a, "10.9.2.1", "5550108000", "android").await;
        let retry = text(&b, "10.9.2.1", "5550108000", "android").await;
        let already = json!({
            "error": false,
            "messages": [qna_validation::constants::TEXT_MESSAGE_ALREADY_SENT_MESSAGE]
        });
        assert_eq!((&first, &retry), (&sent, &already), "{n}");
        assert_eq!(texts_to(&b, "+15550108000").await, 1, "{n}: one text");
        cleanup(a, b).await;
    }
}

// ---------------------------------------------------------------------------------------
// 5. One-time codes

/// The sign-in link's code in the newest e-mail to `to`.
async fn link_code(app: &TestApp, to: &str) -> String {
    let mails = store::outbox::for_recipient(&app.state.db, to)
        .await
        .unwrap();
    let body = &mails.last().expect("a sign-in link").body;
    let at = body.find("code=").unwrap() + "code=".len();
    body[at..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect()
}

/// The question code in the newest e-mail to `to`.
async fn question_code(app: &TestApp, to: &str) -> String {
    let mails = store::outbox::for_recipient(&app.state.db, to)
        .await
        .unwrap();
    let body = &mails.last().expect("a code e-mail").body;
    let at = body.find("code is ").unwrap() + "code is ".len();
    body[at..at + 6].to_owned()
}

/// A six-digit code other than `code`.
fn wrong(code: &str) -> String {
    if code == "000000" { "111111" } else { "000000" }.to_owned()
}

#[tokio::test]
async fn a_sign_in_link_sent_by_one_instance_signs_in_once_on_the_other() {
    for (a, b) in pairs().await {
        let n = a.name;
        let guest = csrf_from(&a, None).await;
        let r = post(
            &a,
            &guest,
            "Members.JoinLight",
            &[("email", "light@example.com")],
        )
        .await;
        assert_eq!(r.status, 200, "{n}: {}", r.text());
        let code = link_code(&a, "light@example.com").await;
        assert_eq!(code.len(), 64, "{n}");

        let r = post(&b, &guest, "Members.ConfirmLight", &[("code", &code)]).await;
        assert_eq!(r.status, 200, "{n}: A's code on B: {}", r.text());
        assert_eq!(r.json()["member"]["email"], "light@example.com", "{n}");
        let cookie = session_cookie(&b, &r);
        let r = private_info(&a, Some(&cookie)).await;
        assert_eq!(r.status, 200, "{n}: the link's session on A: {}", r.text());

        // Used on B, the code is refused on A (and again on B).
        for app in [&a, &b] {
            let r = post(app, &guest, "Members.ConfirmLight", &[("code", &code)]).await;
            assert_eq!(r.status, 400, "{n}: a used code: {}", r.text());
            assert_eq!(r.json()["field"], "code", "{n}");
            assert_eq!(r.json()["message"], plainrate::members::LINK_INVALID, "{n}");
            assert!(r.set_cookies().is_empty(), "{n}: a used code signed in");
        }
        cleanup(a, b).await;
    }
}

/// One category and one question, for asking.
fn community() -> store::qna::CommunityFixture {
    serde_json::from_value(json!({
        "source": "test",
        "categories": [{"id": 1, "name": "Credit Cards", "slug": "credit-cards"}],
        "authors": [{"login": "bob", "name": "Bob Example", "title": "Community member",
                     "avatar": "/assets/avatars/sample-2.svg", "staff": false}],
        "questions": [{"id": 1, "category_id": 1, "offer_id": null,
                       "title": "How does a secured card work?", "more_info": "",
                       "author": "bob", "created_at": "2025-01-01T10:00:00Z",
                       "upvotes": 0, "downvotes": 0, "answers": []}]
    }))
    .unwrap()
}

async fn question_count(app: &TestApp) -> u64 {
    store::qna::count_questions(&app.state.db, &store::qna::ListFilter::default())
        .await
        .unwrap()
}

#[tokio::test]
async fn a_question_code_sent_by_one_instance_is_checked_and_used_on_the_other() {
    for (a, b) in pairs().await {
        let n = a.name;
        let loaded = store::qna::load_community(
            &a.state.db,
            &community(),
            qna_validation::links::question_slug,
        )
        .await
        .unwrap();
        assert!(loaded, "{n}");
        let guest = csrf_from(&a, None).await;
        let ask = [
            ("title", "Do I need a bank account for a secured card?"),
            ("category", "1"),
            ("email", "asker@example.com"),
        ];
        let r = post(&a, &guest, "Qna.Ask", &ask).await;
        assert_eq!(r.status, 200, "{n}: ask on A: {}", r.text());
        assert_eq!(r.json()["status"], "code_required", "{n}");
        let pending = r.json()["pending"].as_str().unwrap().to_owned();
        let code = question_code(&a, "asker@example.com").await;

        // Wrong tries count on the code whichever instance checks it.
        let bad = wrong(&code);
        for (i, left) in [4, 3].into_iter().enumerate() {
            let app = either(&b, &a, i);
            let confirm = [("pending", pending.as_str()), ("code", bad.as_str())];
            let r = post(app, &guest, "Qna.ConfirmCode", &confirm).await;
            assert_eq!(r.json()["status"], "wrong_code", "{n}: {}", r.text());
            assert_eq!(r.json()["attempts_left"], left, "{n}: {}", r.text());
        }
        assert_eq!(question_count(&a).await, 1, "{n}: nothing published yet");

        // A's code is accepted on B; A then takes it as the client's retry and publishes
        // nothing twice.
        let confirm = [("pending", pending.as_str()), ("code", code.as_str())];
        let r = post(&b, &guest, "Qna.ConfirmCode", &confirm).await;
        assert_eq!(
            r.json()["status"],
            "submitted",
            "{n}: A's code on B: {}",
            r.text()
        );
        let r = post(&a, &guest, "Qna.ConfirmCode", &confirm).await;
        assert_eq!(
            r.json()["status"],
            "submitted",
            "{n}: the retry on A: {}",
            r.text()
        );
        assert_eq!(question_count(&a).await, 2, "{n}: published once");
        cleanup(a, b).await;
    }
}

// ---------------------------------------------------------------------------------------
// 6. The catalogue

#[tokio::test]
async fn a_catalogue_change_through_one_instance_is_served_by_the_other_after_its_refresh() {
    for (a, b) in pairs().await {
        let n = a.name;
        stock(&a, &b, &offers()).await;
        let r = b.get("/api/offers/new-1", &[]).await;
        assert_eq!(r.status, 404, "{n}: not in the catalogue yet");

        // A renamed card and a new one, stored through A's database.
        let changed: Vec<Offer> = [
            json!({"ID": "ccb-1", "PID": "pid-1", "NAME": "Renamed Cash Card"}),
            json!({"ID": "new-1", "NAME": "Brand New Card"}),
            json!({"ID": "bank-1", "UID": "bank-1", "NAME": "First Test Bank", "TYPE": "inst"}),
        ]
        .iter()
        .map(|raw| Offer::from_json(raw).unwrap())
        .collect();
        store::catalogue::replace(&a.state.db, &changed)
            .await
            .unwrap();
        assert!(
            a.state.catalogue.refresh(&a.state.db).await.unwrap(),
            "{n}: A rebuilds"
        );

        // B's poll: a refresh, which finds the new version and rebuilds.
        assert!(
            b.state.catalogue.refresh(&b.state.db).await.unwrap(),
            "{n}: B rebuilds for A's change"
        );
        let (va, vb) = (
            a.state.catalogue.snapshot().version,
            b.state.catalogue.snapshot().version,
        );
        assert_eq!(va, vb, "{n}: one catalogue version");
        let r = b.get("/api/offers/new-1", &[]).await;
        assert_eq!(r.status, 200, "{n}: the new card on B: {}", r.text());
        let r = b.get("/api/offers/ccb-1", &[]).await;
        let name = r.json()["name"].clone();
        assert_eq!(name, "Renamed Cash Card", "{n}: {}", r.text());
        for uri in ["/api/offers/new-1", "/api/offers/pid-1"] {
            let (on_a, on_b) = (a.get(uri, &[]).await, b.get(uri, &[]).await);
            assert_eq!(on_a.body, on_b.body, "{n}: {uri} on A and B");
        }
        cleanup(a, b).await;
    }
}
