//! The tracking pixel, the go-to-top ping, the apply redirect and the tracking queue, on
//! every backend.

use crate::common;

use std::time::{Duration, Instant};

use chrono::{Days, Utc};
use offer_model::Offer;
use plainrate::listings::Snapshot;
use plainrate::tracking::{Tracker, TrackerConfig};
use serde_json::json;
use store::tracking::{self, Counter, RedirectTarget, TrackingEvent};
use visitor_state::ad_pixel::{AdView, PixelText};

use crate::common::{Reply, TestApp};

const FULL: &str = "/pixel.png?adview_id=ad-1&adview_pid=p-9&adview_page=/credit-cards/0-apr\
                    &adview_version=2&adview_section=top&adview_position=2&adview_totals=10";

/// Asserts the reply is the 1x1 PNG: headers, signature and IHDR size.
fn assert_png(r: &Reply) {
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("content-type"), Some("image/png"));
    assert_eq!(r.header("cache-control"), Some("no-store"));
    assert_eq!(
        r.header("content-length"),
        Some(r.body.len().to_string().as_str())
    );
    assert_eq!(&r.body[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&r.body[12..16], b"IHDR");
    let width = u32::from_be_bytes(r.body[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(r.body[20..24].try_into().unwrap());
    assert_eq!((width, height), (1, 1));
    assert_eq!(&r.body[r.body.len() - 8..r.body.len() - 4], b"IEND");
}

/// Asserts a 4xx JSON error.
fn assert_error(r: &Reply, status: u16) -> serde_json::Value {
    assert_eq!(r.status, status, "{}", r.text());
    assert!(
        r.header("content-type")
            .unwrap_or("")
            .starts_with("application/json"),
        "{:?}",
        r.header("content-type")
    );
    let body = r.json();
    assert_eq!(body["error"], true);
    body
}

fn text(value: &str) -> Option<PixelText> {
    Some(PixelText::parse(value).unwrap())
}

async fn views(app: &TestApp) -> Vec<AdView> {
    view_rows(app).await.into_iter().map(|r| r.view).collect()
}

/// The stored view rows, with their counts, once the queue is written.
async fn view_rows(app: &TestApp) -> Vec<tracking::AdEventRecord> {
    assert!(app.state.tracking.flush().await);
    tracking::ad_views(&app.state.db, 100).await.unwrap()
}

async fn clicks(app: &TestApp) -> Vec<AdView> {
    assert!(app.state.tracking.flush().await);
    tracking::ad_clicks(&app.state.db, 100)
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.view)
        .collect()
}

#[tokio::test]
async fn the_pixel_stores_a_view_and_a_click() {
    for app in common::apps().await {
        let before = Utc::now();
        let r = app.get(FULL, &[]).await;
        assert_png(&r);
        let r = app.get(&format!("{FULL}&adview_click=1"), &[]).await;
        assert_png(&r);

        let expected = AdView {
            id: text("ad-1"),
            pid: text("p-9"),
            page: text("/credit-cards/0-apr"),
            section: text("top"),
            position: Some(2),
            totals: Some(10),
            click: false,
        };
        assert!(app.state.tracking.flush().await);
        let stored = tracking::ad_views(&app.state.db, 10).await.unwrap();
        assert_eq!(stored.len(), 1, "{}", app.name);
        assert_eq!(stored[0].view, expected);
        assert!(stored[0].occurred_at >= before - chrono::Duration::seconds(1));
        assert!(stored[0].occurred_at <= Utc::now() + chrono::Duration::seconds(1));
        assert_eq!(
            clicks(&app).await,
            [AdView {
                click: true,
                ..expected
            }]
        );
        let stats = app.state.tracking.stats();
        assert_eq!((stats.accepted, stats.written, stats.dropped), (2, 2, 0));
        app.cleanup().await;
    }
}

#[tokio::test]
async fn empty_fields_are_dropped_and_percent_encoding_is_read() {
    for app in common::apps().await {
        let r = app
            .get(
                "/pixel.png?adview_id=&adview_pid=p%201&adview_page=%2Fa%3Fb%3Dc&adview_version=2\
                 &adview_section=&adview_position=&adview_totals=&adview_click=&unknown=x",
                &[],
            )
            .await;
        assert_png(&r);
        assert_eq!(
            views(&app).await,
            [AdView {
                pid: text("p 1"),
                page: text("/a?b=c"),
                ..AdView::default()
            }],
            "{}",
            app.name
        );
        assert!(clicks(&app).await.is_empty());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn position_and_totals_are_dropped_only_when_both_0_or_both_minus_1() {
    for app in common::apps().await {
        let cases = [
            ("adview_position=0&adview_totals=0", None, None),
            ("adview_position=-1&adview_totals=-1", None, None),
            ("adview_position=0&adview_totals=-1", Some(0), Some(-1)),
            ("adview_position=-1&adview_totals=0", Some(-1), Some(0)),
            ("adview_position=0&adview_totals=5", Some(0), Some(5)),
            ("adview_position=0", Some(0), None),
            ("adview_totals=-1", None, Some(-1)),
        ];
        for (query, _, _) in cases {
            let r = app
                .get(&format!("/pixel.png?adview_version=2&{query}"), &[])
                .await;
            assert_png(&r);
        }
        // The first two normalise to one payload, so they share a row counting both.
        let stored = view_rows(&app).await;
        let got: Vec<_> = stored
            .iter()
            .map(|r| (r.view.position, r.view.totals, r.count))
            .collect();
        let mut want: Vec<_> = cases.iter().skip(1).map(|(_, p, t)| (*p, *t, 1)).collect();
        if let Some(first) = want.first_mut() {
            first.2 = 2;
        }
        assert_eq!(got, want, "{}", app.name);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_bad_payload_answers_400_and_stores_nothing() {
    for app in common::apps().await {
        let long = "x".repeat(257);
        let cases = [
            ("/pixel.png", "adview_version"),
            ("/pixel.png?adview_id=a", "adview_version"),
            ("/pixel.png?adview_version=", "adview_version"),
            ("/pixel.png?adview_version=1", "adview_version"),
            ("/pixel.png?adview_version=2.0", "adview_version"),
            (
                "/pixel.png?adview_version=3&adview_click=1",
                "adview_version",
            ),
            (
                "/pixel.png?adview_version=2&adview_position=two",
                "adview_position",
            ),
            (
                "/pixel.png?adview_version=2&adview_totals=1.5",
                "adview_totals",
            ),
            (
                "/pixel.png?adview_version=2&adview_click=yes",
                "adview_click",
            ),
            (
                "/pixel.png?adview_version=2&adview_id=a&adview_id=b",
                "adview_id",
            ),
            (
                "/pixel.png?adview_version=2&adview_version=2",
                "adview_version",
            ),
        ];
        for (uri, field) in cases {
            let body = assert_error(&app.get(uri, &[]).await, 400);
            assert_eq!(body["field"], field, "{uri}");
            assert_eq!(body["code"], "validation", "{uri}");
        }
        let r = app
            .get(
                &format!("/pixel.png?adview_version=2&adview_page={long}&adview_click=1"),
                &[],
            )
            .await;
        assert_eq!(assert_error(&r, 400)["field"], "adview_page");
        // Not valid UTF-8 once decoded.
        assert_error(
            &app.get("/pixel.png?adview_version=2&adview_id=%FF", &[])
                .await,
            400,
        );

        assert!(views(&app).await.is_empty(), "{}", app.name);
        assert!(clicks(&app).await.is_empty());
        assert_eq!(app.state.tracking.stats().accepted, 0);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_go_to_top_ping_answers_the_pixel_and_counts_per_day() {
    for app in common::apps().await {
        for uri in ["/gototop.png", "/gototop.png?buster=123", "/gototop.png"] {
            assert_png(&app.get(uri, &[]).await);
        }
        assert!(app.state.tracking.flush().await);
        let today = Utc::now().date_naive();
        let mut total = 0;
        for day in [today, today.checked_sub_days(Days::new(1)).unwrap()] {
            total += tracking::daily_count(&app.state.db, Counter::GoToTop, day)
                .await
                .unwrap();
        }
        assert_eq!(total, 3, "{}", app.name);
        assert!(views(&app).await.is_empty());
        app.cleanup().await;
    }
}

const APPLY: &str = "https://bank.example/apply?src=site";
const TERMS: &str = "https://bank.example/terms";
const INST_SITE: &str = "https://credit-union.example/join";
const ISSUER_PAGE: &str = "https://issuer.example/cards/plain-card";

fn offers() -> Vec<Offer> {
    common::offers_from(&[
        json!({"ID": "card-1", "PID": "p1", "NAME": "Tracked Card",
               "TRACKING_URL": APPLY, "RATES_FEES_URL": TERMS}),
        json!({"ID": "card-2", "PID": "p2", "NAME": "Manual Card",
               "TRACKING_URL": APPLY, "MANUAL_APPLY": "Y", "RATES_FEES_URL": TERMS}),
        json!({"ID": "card-3", "PID": "p3", "NAME": "Bare Card"}),
        json!({"ID": "card-4", "PID": "p4", "NAME": "Odd Card",
               "TRACKING_URL": "javascript:alert(1)", "RATES_FEES_URL": "//evil.example"}),
        json!({"ID": "card-5", "NAME": "Redirect Card", "redirPid": "go-5",
               "TRACKING_URL": APPLY}),
        json!({"ID": "inst-1", "NAME": "A Credit Union", "TYPE": "inst",
               "TRACKING_URL": INST_SITE}),
        json!({"ID": "card-6", "PID": "p6", "NAME": "Plain Card",
               "RATES_FEES_URL": ISSUER_PAGE}),
        json!({"ID": "card-7", "PID": "p7", "NAME": "Malformed Page Card",
               "RATES_FEES_URL": "http:www.issuer.example"}),
    ])
}

/// Every address the test catalogue holds.
const STORED: [&str; 4] = [APPLY, TERMS, INST_SITE, ISSUER_PAGE];

async fn redirect(app: &TestApp, uri: &str) -> Reply {
    let r = app.get(uri, &[]).await;
    if r.status.is_redirection() {
        assert_eq!(r.status, 302, "{uri}");
        assert_eq!(r.header("cache-control"), Some("no-store"), "{uri}");
        assert_eq!(r.header("referrer-policy"), Some("no-referrer"), "{uri}");
        let location = r.header("location").unwrap_or("");
        assert!(STORED.contains(&location), "{uri} went to {location}");
    }
    r
}

#[tokio::test]
async fn redirects_send_to_the_stored_apply_and_rates_and_fees_addresses() {
    for app in common::apps().await {
        app.state.catalogue.replace(Snapshot::new(1, offers()));
        let cases = [
            ("/r/?id=p1c", APPLY),
            ("/r/?id=p1c&rf=1", TERMS),
            ("/r/?id=p1c&rf=0", APPLY),
            ("/r?id=p1c", APPLY),
            ("/r/?id=p2c&rf=1", TERMS),
            ("/r/?id=go-5", APPLY),
            ("/r/?id=card-5c", APPLY),
            ("/r/?id=inst-1i", INST_SITE),
            ("/r/?id=%20p1c%20", APPLY),
            ("/r/?id=p6c", ISSUER_PAGE),
            ("/r/?id=p6c&rf=1", ISSUER_PAGE),
        ];
        for (uri, to) in cases {
            let r = redirect(&app, uri).await;
            assert_eq!(r.status, 302, "{uri}: {}", r.text());
            assert_eq!(r.header("location"), Some(to), "{uri}");
        }
        assert!(app.state.tracking.flush().await);
        let clicks = tracking::redirect_clicks(&app.state.db, 100).await.unwrap();
        let got: Vec<(&str, RedirectTarget)> = clicks
            .iter()
            .map(|c| (c.offer_id.as_str(), c.target))
            .collect();
        use RedirectTarget::{Apply, RatesAndFees};
        assert_eq!(
            got,
            [
                ("card-1", Apply),
                ("card-1", RatesAndFees),
                ("card-1", Apply),
                ("card-1", Apply),
                ("card-2", RatesAndFees),
                ("card-5", Apply),
                ("card-5", Apply),
                ("inst-1", Apply),
                ("card-1", Apply),
                ("card-6", Apply),
                ("card-6", RatesAndFees),
            ],
            "{}",
            app.name
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn redirects_without_an_address_answer_404_and_record_nothing() {
    for app in common::apps().await {
        app.state.catalogue.replace(Snapshot::new(1, offers()));
        let manual = assert_error(&redirect(&app, "/r/?id=p2c").await, 404);
        assert!(
            manual["message"]
                .as_str()
                .unwrap()
                .contains("no apply link"),
            "{manual}"
        );
        let bare = assert_error(&redirect(&app, "/r/?id=p3c").await, 404);
        assert_eq!(bare["message"], "this offer has no apply address");
        assert_error(&redirect(&app, "/r/?id=p3c&rf=1").await, 404);
        assert_error(&redirect(&app, "/r/?id=p7c").await, 404);
        assert_error(&redirect(&app, "/r/?id=p7c&rf=1").await, 404);
        assert_error(&redirect(&app, "/r/?id=p4c").await, 404);
        assert_error(&redirect(&app, "/r/?id=p4c&rf=1").await, 404);
        assert_error(&redirect(&app, "/r/?id=inst-1i&rf=1").await, 404);
        let unknown = assert_error(&redirect(&app, "/r/?id=nope-c").await, 404);
        assert_eq!(unknown["code"], "not_found");
        assert_error(&redirect(&app, "/r/?id=p1").await, 404);
        assert_error(&redirect(&app, "/r/?id=p1i").await, 404);
        assert_eq!(
            assert_error(&redirect(&app, "/r/").await, 400)["field"],
            "id"
        );
        assert_error(&redirect(&app, "/r/?id=").await, 400);
        assert_error(&redirect(&app, "/r/?id=p1c&id=p2c").await, 400);
        assert_error(&redirect(&app, "/r/?id=p1c&rf=yes").await, 400);
        assert!(app.state.tracking.flush().await);
        assert!(
            tracking::redirect_clicks(&app.state.db, 10)
                .await
                .unwrap()
                .is_empty(),
            "{}",
            app.name
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn no_request_can_choose_where_a_redirect_goes() {
    for app in common::apps().await {
        app.state.catalogue.replace(Snapshot::new(1, offers()));
        let attempts = [
            "/r/?id=//evil.com",
            "/r/?id=%2F%2Fevil.com",
            "/r/?id=/%5Cevil.com",
            "/r/?id=javascript:alert(1)",
            "/r/?id=javascript%3Aalert(1)c",
            "/r/?id=https://evil.example",
            "/r/?id=https%3A%2F%2Fevil.example",
            "/r/?id=https://evil.example&rf=1",
            "/r/?id=p1c&url=https://evil.example",
            "/r/?id=p1c&redirect_url=//evil.com&next=https://evil.example",
            "/r/?id=p1c&rf=https://evil.example",
            "/r/?id=p4c",
            "/r/?id=p4c&rf=1",
            "/r/https://evil.example?id=p1c",
            "/r//evil.com?id=p1c",
        ];
        for uri in attempts {
            // `redirect` asserts any Location is one of the catalogue's addresses.
            let r = redirect(&app, uri).await;
            assert!(r.status != 301 && r.status != 303 && r.status != 307 && r.status != 308);
            if r.status != 302 {
                assert!(r.status.is_client_error(), "{uri}: {}", r.status);
                assert!(r.header("location").is_none(), "{uri}");
            }
        }
        app.cleanup().await;
    }
}

#[tokio::test]
async fn redirects_follow_catalogue_changes() {
    for app in common::apps().await {
        app.state.catalogue.replace(Snapshot::new(1, offers()));
        assert_eq!(redirect(&app, "/r/?id=p1c").await.status, 302);
        let changed = Offer::from_json(&json!({
            "ID": "card-1", "PID": "p1", "NAME": "Now Manual",
            "TRACKING_URL": APPLY, "MANUAL_APPLY": "Y"
        }))
        .unwrap();
        app.state.catalogue.replace(Snapshot::new(1, vec![changed]));
        assert_error(&redirect(&app, "/r/?id=p1c").await, 404);
        assert_error(&redirect(&app, "/r/?id=go-5").await, 404);
        app.state.catalogue.replace(Snapshot::new(2, Vec::new()));
        assert_error(&redirect(&app, "/r/?id=p1c").await, 404);
        app.cleanup().await;
    }
}

/// The apply target of an offer's summary, from `GET /api/offers/{name}`.
async fn apply_target(app: &TestApp, name: &str) -> serde_json::Value {
    let r = app.get(&format!("/api/offers/{name}"), &[]).await;
    assert_eq!(r.status, 200, "{name}: {}", r.text());
    r.json()["apply"].clone()
}

#[tokio::test]
async fn a_summary_links_to_the_redirect_only_when_it_has_somewhere_to_go() {
    for app in common::apps().await {
        app.state.catalogue.replace(Snapshot::new(1, offers()));
        let cases = [
            ("card-1", json!({"kind": "tracking", "url": APPLY})),
            ("card-2", json!({"kind": "none"})),
            ("card-3", json!({"kind": "none"})),
            ("card-4", json!({"kind": "none"})),
            ("card-6", json!({"kind": "redirect", "url": "/r/?id=p6c"})),
            ("card-7", json!({"kind": "none"})),
        ];
        for (id, want) in cases {
            assert_eq!(apply_target(&app, id).await, want, "{id} on {}", app.name);
        }
        let r = redirect(&app, "/r/?id=p6c").await;
        assert_eq!(r.status, 302, "{}", r.text());
        assert_eq!(r.header("location"), Some(ISSUER_PAGE));
        app.cleanup().await;
    }
}

fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Over the whole fixture catalogue: every offer whose summary links to the redirect is
/// sent by it (302) to its issuer's page, and every other offer links to its tracking
/// address or has no apply link; no summary shows a redirect that answers 404.
#[tokio::test]
async fn every_redirect_a_fixture_summary_shows_answers_302() {
    let fixtures =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/catalogue");
    for app in common::apps().await {
        store::catalogue::import_dir(&app.state.db, &fixtures)
            .await
            .unwrap();
        assert!(app.state.catalogue.refresh(&app.state.db).await.unwrap());
        let snapshot = app.state.catalogue.snapshot();
        let (mut redirects, mut nones) = (0, 0);
        for offer in snapshot.offers() {
            let id = offer.identity.id.as_str();
            let apply = apply_target(&app, &encode(id)).await;
            let page = offer.links.rates_fees_url.as_deref().map(str::trim);
            match apply["kind"].as_str() {
                Some("redirect") => {
                    redirects += 1;
                    let url = apply["url"].as_str().unwrap();
                    let r = app.get(url, &[]).await;
                    assert_eq!(r.status, 302, "{id}: {url} answered {}", r.text());
                    assert_eq!(r.header("location"), page, "{id}: {url}");
                }
                Some("tracking") => {
                    assert_eq!(apply["url"], json!(offer.links.tracking_url), "{id}");
                }
                Some("none") => {
                    nones += 1;
                    let page_usable = page.is_some_and(offer_model::links::is_web_address);
                    let tracked = offer.links.tracking_url.is_some();
                    assert!(!page_usable || tracked, "{id}: {page:?} not linked");
                }
                other => panic!("{id}: apply kind {other:?}"),
            }
        }
        assert!(redirects >= 200, "{redirects} redirects on {}", app.name);
        assert!(nones > 0);
        assert!(app.state.tracking.flush().await);
        // One more than expected may come back, so a surplus click would show.
        let limit = u64::try_from(redirects + 1).unwrap();
        let clicks = tracking::redirect_clicks(&app.state.db, limit)
            .await
            .unwrap();
        assert_eq!(clicks.len(), redirects, "{}", app.name);
        assert!(clicks.iter().all(|c| c.target == RedirectTarget::Apply));
        app.cleanup().await;
    }
}

fn ping() -> TrackingEvent {
    TrackingEvent::Ping {
        counter: Counter::GoToTop,
        at: Utc::now(),
    }
}

fn ad(id: usize) -> TrackingEvent {
    TrackingEvent::Ad {
        view: AdView {
            id: text(&format!("ad-{id}")),
            ..AdView::default()
        },
        at: Utc::now(),
    }
}

#[tokio::test]
async fn a_full_queue_drops_events_without_blocking() {
    for app in common::apps().await {
        let config = TrackerConfig {
            capacity: 4,
            ..TrackerConfig::default()
        };
        let tracker = Tracker::start_with(app.state.db.clone(), config);
        // Nothing yields to the writer here (single-threaded test runtime), so the queue
        // fills after four events.
        let started = Instant::now();
        let queued: Vec<bool> = (0..10).map(|i| tracker.record(ad(i))).collect();
        assert!(started.elapsed() < Duration::from_millis(500));
        assert_eq!(
            queued,
            [
                true, true, true, true, false, false, false, false, false, false
            ]
        );
        let stats = tracker.stats();
        assert_eq!((stats.accepted, stats.dropped), (4, 6), "{}", app.name);

        assert!(tracker.flush().await);
        let stats = tracker.stats();
        assert_eq!((stats.written, stats.failed), (4, 0));
        let stored = tracking::ad_views(&app.state.db, 100).await.unwrap();
        let ids: Vec<_> = stored
            .iter()
            .map(|r| r.view.id.as_ref().unwrap().as_str().to_owned())
            .collect();
        assert_eq!(ids, ["ad-0", "ad-1", "ad-2", "ad-3"]);

        // Room again once the writer drained the queue.
        assert!(tracker.record(ad(10)));
        assert!(tracker.flush().await);
        assert_eq!(tracking::count_ad_views(&app.state.db).await.unwrap(), 5);
        app.cleanup().await;
    }
}

/// Waits up to 5 s for the stored view count to reach `want`.
async fn wait_for_views(app: &TestApp, want: u64) -> u64 {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let n = tracking::count_ad_views(&app.state.db).await.unwrap();
        if n >= want || Instant::now() > deadline {
            return n;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn batches_are_written_when_full_or_after_the_interval_without_a_flush() {
    for app in common::apps().await {
        // A full batch is written at once, although the interval is long.
        let by_size = Tracker::start_with(
            app.state.db.clone(),
            TrackerConfig {
                capacity: 100,
                batch_size: 3,
                batch_interval: Duration::from_secs(3600),
            },
        );
        for i in 0..3 {
            assert!(by_size.record(ad(i)));
        }
        assert_eq!(wait_for_views(&app, 3).await, 3, "{}", app.name);

        // A lone event is written once the interval has passed.
        let by_time = Tracker::start_with(
            app.state.db.clone(),
            TrackerConfig {
                capacity: 100,
                batch_size: 500,
                batch_interval: Duration::from_millis(50),
            },
        );
        assert!(by_time.record(ad(3)));
        assert!(by_time.record(ping()));
        assert_eq!(wait_for_views(&app, 4).await, 4);
        assert_eq!(by_time.stats().written, 2);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn dropping_every_tracker_still_writes_what_was_queued() {
    for app in common::apps().await {
        let tracker = Tracker::start_with(
            app.state.db.clone(),
            TrackerConfig {
                capacity: 100,
                batch_size: 500,
                batch_interval: Duration::from_secs(3600),
            },
        );
        for i in 0..5 {
            assert!(tracker.record(ad(i)));
        }
        drop(tracker);
        assert_eq!(wait_for_views(&app, 5).await, 5, "{}", app.name);
        app.cleanup().await;
    }
}
