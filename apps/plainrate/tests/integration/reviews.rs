//! Written reviews over HTTP: `Reviews.Write` and `Reviews.List`, helpful votes, reports
//! and moderation through the community's calls, on every backend.

use crate::common;
use crate::common::members as member_helpers;

use crate::common::{TestApp, form};
use member_helpers::{csrf_headers, signed_in};
use offer_model::Offer;
use plainrate::listings::Snapshot;
use store::votes::{self, TargetKind};

fn offers() -> Vec<Offer> {
    common::offers_from(&common::card_and_bank())
}

async fn review_apps() -> Vec<TestApp> {
    let apps = common::apps().await;
    for app in &apps {
        app.state.catalogue.replace(Snapshot::new(1, offers()));
    }
    apps
}

fn refs(headers: &[(String, String)]) -> Vec<(&str, &str)> {
    headers
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

/// A member's anti-forgery headers with their session cookie.
async fn member(app: &TestApp, delegated: bool) -> (i64, Vec<(String, String)>) {
    let (id, cookie) = signed_in(app, delegated).await;
    (id, csrf_headers(app, Some(&cookie)).await)
}

const TEXT: &str = "Low fees and the app is fine, but support takes days to answer.";

async fn write(
    app: &TestApp,
    headers: &[(String, String)],
    rtg: &str,
    text: &str,
) -> common::Reply {
    app.post_form(
        "/ajax.php",
        &form(&[
            ("action", "Reviews.Write"),
            ("pid", "pid-1"),
            ("rtg", rtg),
            ("text", text),
        ]),
        &refs(headers),
    )
    .await
}

async fn list(app: &TestApp, headers: &[(&str, &str)], sort: &str) -> common::Reply {
    app.get(
        &format!("/ajax.php?action=Reviews.List&pid=ccb-1&sort={sort}"),
        headers,
    )
    .await
}

#[tokio::test]
async fn a_member_writes_a_review_its_stars_are_their_rating_and_it_is_listed_escaped() {
    for app in review_apps().await {
        let (id, headers) = member(&app, false).await;
        let text = "<script>alert(1)</script> fine card,\nbut slow support & odd fees";
        let r = write(&app, &headers, "2", text).await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        let body = r.json();
        assert_eq!(body["error"], false);
        assert_eq!(body["message"], "Thank you. Your review is published.");
        assert_eq!(body["review"]["stars"], 2);
        assert_eq!(
            body["review"]["text"],
            "&lt;script&gt;alert(1)&lt;/script&gt; fine card,<br>but slow support &amp; odd fees"
        );
        assert_eq!(body["review"]["mine"], true);
        assert_eq!(
            votes::member_vote(&app.state.db, TargetKind::Product, id, "ccb-1")
                .await
                .unwrap(),
            Some(ratings::StarCount::TWO),
            "the review's stars are the member's rating"
        );

        let r = list(&app, &[], "new").await;
        assert_eq!(r.status, 200, "{}", r.text());
        let page = r.json();
        assert_eq!(page["total"], 1);
        assert_eq!(page["sort"], "new");
        assert_eq!(page["reviews"][0]["mine"], false, "a guest wrote none");
        assert!(page.get("mine").is_none());
        assert!(!r.text().contains("<script>"));

        // Writing again replaces the review and the rating.
        let r = write(&app, &headers, "4", TEXT).await;
        assert_eq!(
            r.json()["message"],
            "Your review is updated.",
            "{}",
            r.text()
        );
        assert_eq!(r.json()["review"]["edited"], true);
        let mine = list(&app, &refs(&headers), "helpful").await.json();
        assert_eq!(mine["total"], 1);
        assert_eq!(mine["mine"]["stars"], 4);
        assert_eq!(
            mine["mine_text"], TEXT,
            "the form rewrites the text as written"
        );
        assert_eq!(
            votes::tally(&app.state.db, TargetKind::Product, "ccb-1")
                .await
                .unwrap()
                .votes,
            1
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn bad_reviews_are_refused_with_a_message_and_nothing_is_written() {
    for app in review_apps().await {
        let (_, headers) = member(&app, false).await;
        for (rtg, text, field, status) in [
            ("5", "Too short.", "text", 400),
            ("5", &"x".repeat(2_001) as &str, "text", 400),
            ("0", TEXT, "rtg", 400),
            ("six", TEXT, "rtg", 400),
        ] {
            let r = write(&app, &headers, rtg, text).await;
            assert_eq!(r.status, status, "{}: {rtg} {}", app.name, r.text());
            assert!(r.text().contains(field), "{}", r.text());
        }
        let r = app
            .post_form(
                "/ajax.php",
                &form(&[
                    ("action", "Reviews.Write"),
                    ("pid", "nope"),
                    ("rtg", "3"),
                    ("text", TEXT),
                ]),
                &refs(&headers),
            )
            .await;
        assert_eq!(r.status, 404, "{}", r.text());
        let r = app
            .post_form(
                "/ajax.php",
                &form(&[
                    ("action", "Reviews.Write"),
                    ("pid", "bank-1"),
                    ("rtg", "3"),
                    ("text", TEXT),
                ]),
                &refs(&headers),
            )
            .await;
        assert_eq!(
            r.status,
            404,
            "an institution is not a product: {}",
            r.text()
        );
        assert_eq!(list(&app, &[], "new").await.json()["total"], 0);
        let r = list(&app, &[], "bogus").await;
        assert_eq!(r.status, 400, "{}", r.text());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn guests_and_delegated_sessions_write_nothing() {
    for app in review_apps().await {
        let guest = csrf_headers(&app, None).await;
        let r = write(&app, &guest, "5", TEXT).await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["guest"], true);
        assert!(
            r.json()["redirect_url"]
                .as_str()
                .unwrap()
                .starts_with("/join/light")
        );
        let (_, delegated) = member(&app, true).await;
        let r = write(&app, &delegated, "5", TEXT).await;
        assert_eq!(r.json()["error"], true, "{}", r.text());
        assert_eq!(
            r.json()["message"],
            visitor_state::status::PERMISSION_DENIED_MESSAGE
        );
        // Without the anti-forgery token the write is refused before it is read.
        let (_, mut headers) = member(&app, false).await;
        headers.retain(|(k, _)| k != "x-xsrf-token");
        let r = write(&app, &headers, "5", TEXT).await;
        assert!(r.status.is_client_error(), "{}", r.status);
        assert_eq!(list(&app, &[], "new").await.json()["total"], 0);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn reviews_are_rate_limited_per_member() {
    for app in review_apps().await {
        let (_, headers) = member(&app, false).await;
        for n in 0..plainrate::limits::REVIEW_MEMBER.max {
            let r = write(&app, &headers, "3", &format!("{TEXT} ({n})")).await;
            assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        }
        let r = write(&app, &headers, "3", TEXT).await;
        assert_eq!(r.status, 429, "{}", r.text());
        assert!(r.text().contains("many reviews"), "{}", r.text());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn helpful_votes_order_the_reviews_and_a_moderator_hides_a_reported_one() {
    for app in review_apps().await {
        let (_, first) = member(&app, false).await;
        let (_, second) = member(&app, false).await;
        let (voter_id, voter) = member(&app, false).await;
        let older = write(&app, &first, "5", TEXT).await.json()["review"]["id"]
            .as_i64()
            .unwrap();
        let newer = write(&app, &second, "1", &format!("{TEXT} Newer."))
            .await
            .json()["review"]["id"]
            .as_i64()
            .unwrap();
        let ids = |r: serde_json::Value| -> Vec<i64> {
            r["reviews"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x["id"].as_i64().unwrap())
                .collect()
        };
        assert_eq!(ids(list(&app, &[], "new").await.json()), [newer, older]);
        let r = app
            .post_form(
                "/ajax.php",
                &form(&[
                    ("action", "Qna.Vote"),
                    ("kind", "review"),
                    ("id", &older.to_string()),
                    ("value", "up"),
                ]),
                &refs(&voter),
            )
            .await;
        assert_eq!(r.json()["upvote"], 1, "{}", r.text());
        assert_eq!(ids(list(&app, &[], "helpful").await.json()), [older, newer]);
        let mine = list(&app, &refs(&voter), "helpful").await.json();
        assert_eq!(mine["reviews"][0]["my_vote"], 1, "{mine}");
        assert_eq!(mine["reviews"][0]["helpful"], 1);

        let r = app
            .post_form(
                "/ajax.php",
                &form(&[
                    ("action", "Qna.Report"),
                    ("t", "r"),
                    ("id", &newer.to_string()),
                    ("ru", "/d/ccb-1"),
                    ("reason", "abuse"),
                ]),
                &refs(&voter),
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let (moderator_id, moderator) = member(&app, false).await;
        store::members::profile::set_role(
            &app.state.db,
            moderator_id,
            store::members::Role::Moderator,
        )
        .await
        .unwrap();
        let queue = app
            .get("/ajax.php?action=Qna.ModerationQueue", &refs(&moderator))
            .await
            .json();
        assert_eq!(queue["items"][0]["kind"], "review", "{queue}");
        assert_eq!(queue["items"][0]["id"], newer);
        let r = app
            .post_form(
                "/ajax.php",
                &form(&[
                    ("action", "Qna.Hide"),
                    ("kind", "review"),
                    ("id", &newer.to_string()),
                    ("reason", "abuse"),
                ]),
                &refs(&moderator),
            )
            .await;
        assert_eq!(r.json()["message"], "Hidden.", "{}", r.text());
        assert_eq!(ids(list(&app, &[], "new").await.json()), [older]);
        let own = list(&app, &refs(&second), "new").await.json();
        assert_eq!(own["mine"]["hidden"], true, "the author sees it is hidden");
        assert_ne!(voter_id, moderator_id);
        app.cleanup().await;
    }
}
