//! Ad views and clicks, redirect clicks and daily counters, on every backend.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use sea_orm::ConnectionTrait;
use store::testing;
use store::tracking::{self, Counter, RedirectTarget, TrackingEvent};
use visitor_state::ad_pixel::{AdView, PixelText};

fn text(value: &str) -> Option<PixelText> {
    Some(PixelText::parse(value).unwrap())
}

fn at(day: u32, hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, day, hour, 0, 0).unwrap()
}

fn view(id: &str, click: bool) -> AdView {
    AdView {
        id: text(id),
        pid: text("pid-1"),
        page: text("/credit-cards/0-apr"),
        section: text("list"),
        position: Some(3),
        totals: Some(20),
        click,
    }
}

#[tokio::test]
async fn views_clicks_redirects_and_pings_are_stored_in_one_batch() {
    for t in testing::all().await.unwrap() {
        let sparse = AdView {
            id: text("only-id"),
            ..AdView::default()
        };
        let events = vec![
            TrackingEvent::Ad {
                view: view("a1", false),
                at: at(1, 9),
            },
            TrackingEvent::Ad {
                view: sparse.clone(),
                at: at(1, 10),
            },
            TrackingEvent::Ad {
                view: view("a1", true),
                at: at(1, 11),
            },
            TrackingEvent::Redirect {
                offer_id: "offer-7".into(),
                target: RedirectTarget::RatesAndFees,
                at: at(1, 12),
            },
            TrackingEvent::Ping {
                counter: Counter::GoToTop,
                at: at(1, 13),
            },
            TrackingEvent::Ping {
                counter: Counter::GoToTop,
                at: at(1, 14),
            },
            TrackingEvent::Ping {
                counter: Counter::GoToTop,
                at: at(2, 0),
            },
        ];
        let recorded = tracking::record(&t.db, &events).await.unwrap();
        assert_eq!(
            (
                recorded.ad_views,
                recorded.ad_clicks,
                recorded.redirects,
                recorded.pings
            ),
            (2, 1, 1, 3),
            "{}",
            t.name
        );
        assert_eq!(recorded.total(), 7);

        let views = tracking::ad_views(&t.db, 10).await.unwrap();
        assert_eq!(views.len(), 2, "{}", t.name);
        assert_eq!(views[0].view, view("a1", false));
        assert_eq!(views[0].occurred_at, at(1, 9));
        assert_eq!(views[1].view, sparse);
        assert!(views[0].id < views[1].id);

        let clicks = tracking::ad_clicks(&t.db, 10).await.unwrap();
        assert_eq!(clicks.len(), 1);
        assert_eq!(clicks[0].view, view("a1", true));
        assert!(clicks[0].view.click);
        assert_eq!(tracking::count_ad_views(&t.db).await.unwrap(), 2);
        assert_eq!(tracking::count_ad_clicks(&t.db).await.unwrap(), 1);

        let redirects = tracking::redirect_clicks(&t.db, 10).await.unwrap();
        assert_eq!(redirects.len(), 1);
        assert_eq!(redirects[0].offer_id, "offer-7");
        assert_eq!(redirects[0].target, RedirectTarget::RatesAndFees);
        assert_eq!(redirects[0].occurred_at, at(1, 12));

        let day1 = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
        let day2 = NaiveDate::from_ymd_opt(2026, 3, 2).unwrap();
        let day3 = NaiveDate::from_ymd_opt(2026, 3, 3).unwrap();
        assert_eq!(
            tracking::daily_count(&t.db, Counter::GoToTop, day1)
                .await
                .unwrap(),
            2
        );
        assert_eq!(
            tracking::daily_count(&t.db, Counter::GoToTop, day2)
                .await
                .unwrap(),
            1
        );
        assert_eq!(
            tracking::daily_count(&t.db, Counter::GoToTop, day3)
                .await
                .unwrap(),
            0
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn counters_add_up_across_batches_and_limits_apply() {
    for t in testing::all().await.unwrap() {
        let ping = TrackingEvent::Ping {
            counter: Counter::GoToTop,
            at: at(5, 8),
        };
        tracking::record(&t.db, std::slice::from_ref(&ping))
            .await
            .unwrap();
        tracking::record(&t.db, &[ping.clone(), ping.clone(), ping])
            .await
            .unwrap();
        let day = NaiveDate::from_ymd_opt(2026, 3, 5).unwrap();
        assert_eq!(
            tracking::daily_count(&t.db, Counter::GoToTop, day)
                .await
                .unwrap(),
            4,
            "{}",
            t.name
        );

        // More rows than one statement holds.
        let many: Vec<TrackingEvent> = (0..1203)
            .map(|i| TrackingEvent::Ad {
                view: view(&format!("ad-{i}"), i % 3 == 0),
                at: at(6, 1),
            })
            .collect();
        let recorded = tracking::record(&t.db, &many).await.unwrap();
        assert_eq!((recorded.ad_views, recorded.ad_clicks), (802, 401));
        assert_eq!(tracking::count_ad_views(&t.db).await.unwrap(), 802);
        assert_eq!(tracking::count_ad_clicks(&t.db).await.unwrap(), 401);
        let first = tracking::ad_views(&t.db, 5).await.unwrap();
        assert_eq!(first.len(), 5);
        assert_eq!(first[0].view.id.as_ref().unwrap().as_str(), "ad-1");

        assert_eq!(
            tracking::record(&t.db, &[]).await.unwrap(),
            tracking::Recorded::default()
        );
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn identical_views_of_a_batch_share_a_counted_row_and_clicks_do_not() {
    for t in testing::all().await.unwrap() {
        let event = |id: &str, click: bool, hour: u32| TrackingEvent::Ad {
            view: view(id, click),
            at: at(7, hour),
        };
        let batch = [
            event("a", false, 1),
            event("b", false, 2),
            event("a", false, 3),
            event("a", true, 4),
            event("a", true, 5),
            event("a", false, 6),
        ];
        let recorded = tracking::record(&t.db, &batch).await.unwrap();
        assert_eq!(
            (recorded.ad_views, recorded.ad_clicks),
            (4, 2),
            "{}",
            t.name
        );
        let rows = tracking::ad_views(&t.db, 10).await.unwrap();
        let got: Vec<_> = rows
            .iter()
            .map(|r| (r.view.id.as_ref().unwrap().as_str(), r.count, r.occurred_at))
            .collect();
        // In first-seen order, stamped with the first view's time.
        assert_eq!(got, [("a", 3, at(7, 1)), ("b", 1, at(7, 2))], "{}", t.name);
        assert_eq!(tracking::count_ad_views(&t.db).await.unwrap(), 4);
        let clicks = tracking::ad_clicks(&t.db, 10).await.unwrap();
        assert_eq!(clicks.len(), 2);
        assert!(clicks.iter().all(|c| c.count == 1));

        // A later batch of the same payload adds a row; the total is their sum.
        tracking::record(&t.db, &[event("a", false, 8)])
            .await
            .unwrap();
        assert_eq!(tracking::ad_views(&t.db, 10).await.unwrap().len(), 3);
        assert_eq!(tracking::count_ad_views(&t.db).await.unwrap(), 5);
        t.cleanup().await.unwrap();
    }
}

#[tokio::test]
async fn a_failing_batch_stores_nothing() {
    for t in testing::all().await.unwrap() {
        // Without the redirect table the batch fails after the views were inserted.
        t.db.execute_unprepared("DROP TABLE redirect_clicks")
            .await
            .unwrap();
        let events = vec![
            TrackingEvent::Ad {
                view: view("a1", false),
                at: at(1, 9),
            },
            TrackingEvent::Ad {
                view: view("a1", true),
                at: at(1, 9),
            },
            TrackingEvent::Redirect {
                offer_id: "offer-7".into(),
                target: RedirectTarget::Apply,
                at: at(1, 9),
            },
        ];
        assert!(
            tracking::record(&t.db, &events).await.is_err(),
            "{}",
            t.name
        );
        assert_eq!(tracking::count_ad_views(&t.db).await.unwrap(), 0);
        assert_eq!(tracking::count_ad_clicks(&t.db).await.unwrap(), 0);
        t.cleanup().await.unwrap();
    }
}

#[test]
fn redirect_targets_round_trip() {
    for target in [RedirectTarget::Apply, RedirectTarget::RatesAndFees] {
        assert_eq!(RedirectTarget::parse(target.as_str()), Some(target));
    }
    assert_eq!(RedirectTarget::parse("elsewhere"), None);
    assert_eq!(Counter::GoToTop.as_str(), "gototop");
}
