//! Rate alerts: following products and listings under settings, and the one digest e-mail
//! an import sends each member whose follows changed. The catalogue here is made up for the
//! test (every name says so).

use chrono::{Duration, Utc};
use serde_json::{Value, json};

use crate::common::members::{csrf_headers, signed_in};
use crate::common::{Reply, TestApp, apps, offers_from};

/// A member's request headers (session cookie and anti-forgery headers).
struct Member {
    id: i64,
    headers: Vec<(String, String)>,
}

impl Member {
    async fn new(app: &TestApp, confirmed: bool, delegated: bool) -> Self {
        let (id, cookie) = signed_in(app, delegated).await;
        if confirmed {
            store::members::confirm_email(&app.state.db, id, Utc::now())
                .await
                .unwrap();
        }
        Self {
            id,
            headers: csrf_headers(app, Some(&cookie)).await,
        }
    }

    async fn post(&self, app: &TestApp, action: &str, pairs: &[(&str, &str)]) -> Reply {
        let mut form = format!("action={action}");
        for (k, v) in pairs {
            form.push_str(&format!(
                "&{k}={}",
                site_urls::encoding::percent_encode_component(v)
            ));
        }
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        app.post_form("/home/rpc", &form, &headers).await
    }

    async fn alerts(&self, app: &TestApp) -> Value {
        let mut headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        headers.push(("accept", "application/json"));
        let r = app.get("/home/settings/alerts", &headers).await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        r.json()
    }

    async fn email(&self, app: &TestApp) -> String {
        store::members::member(&app.state.db, self.id)
            .await
            .unwrap()
            .unwrap()
            .email
    }
}

fn savings(id: &str, name: &str, apy: &str, fee: &str) -> Value {
    json!({"ID": id, "TYPE": "svg", "PDT_TYPE": "Savings", "NAME": name, "APY": apy,
        "MONTHLY_FEE": fee, "DETAILS_HTML_PAGE": id, "ISSUER": "Alert Test Bank"})
}

fn cd(id: &str, apy: &str, term: &str) -> Value {
    json!({"ID": id, "TYPE": "svg", "PDT_TYPE": "CD", "NAME": format!("Alert Test CD {id}"),
        "APY": apy, "TERM": term, "DETAILS_HTML_PAGE": id, "ISSUER": "Alert Test Bank"})
}

/// The first catalogue: two savings accounts the member follows, one they do not, one CD.
fn first() -> Vec<Value> {
    vec![
        savings("svg-a", "Alert Test Savings A", "4.10", "$0"),
        savings("svg-b", "Alert Test Savings B", "3.50", "$5"),
        savings("svg-c", "Alert Test Savings C", "2.00", "$0"),
        cd("cd-old", "4.70", "12"),
    ]
}

/// The second: A's APY falls, B's fee goes, C changes (not followed), a 12-month CD comes
/// in over 4.50%, one under it, and a 6-month CD over it.
fn second() -> Vec<Value> {
    vec![
        savings("svg-a", "Alert Test Savings A", "3.85", "$0"),
        savings("svg-b", "Alert Test Savings B", "3.50", "$0"),
        savings("svg-c", "Alert Test Savings C", "2.25", "$0"),
        cd("cd-old", "4.75", "12"),
        cd("cd-new", "4.60", "12"),
        cd("cd-low", "4.40", "12"),
        cd("cd-short", "4.90", "6"),
    ]
}

async fn import(app: &TestApp, raws: &[Value]) {
    store::catalogue::replace(&app.state.db, &offers_from(raws))
        .await
        .unwrap();
    app.state.catalogue.refresh(&app.state.db).await.unwrap();
}

/// The savings listing's marked products: id and mark.
async fn marks(app: &TestApp) -> Vec<(String, Value)> {
    let r = app.get("/api/listings?route=/savings-accounts", &[]).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let mut out: Vec<(String, Value)> = r.json()["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| item["offer"].get("rateChange").is_some())
        .map(|item| {
            (
                item["offer"]["id"].as_str().unwrap().to_owned(),
                item["offer"]["rateChange"].clone(),
            )
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

async fn queue(app: &TestApp, at: chrono::DateTime<Utc>) -> usize {
    let links = plainrate::alerts::digest::Links {
        base_url: &app.state.settings.base_url,
        secret: &app.state.secret,
    };
    plainrate::alerts::digest::queue_due(&app.state.db, links, at)
        .await
        .unwrap()
}

async fn alert_mails(app: &TestApp, to: &str) -> Vec<store::outbox::Message> {
    store::outbox::for_recipient(&app.state.db, to)
        .await
        .unwrap()
        .into_iter()
        .filter(|m| m.list.as_ref().is_some_and(|l| l.list == "rate-alerts"))
        .collect()
}

#[tokio::test]
async fn a_member_following_two_products_and_a_listing_gets_one_digest_per_import() {
    for app in apps().await {
        import(&app, &first()).await;
        let member = Member::new(&app, true, false).await;
        let unconfirmed = Member::new(&app, false, false).await;
        for (who, offer) in [
            (&member, "svg-a"),
            (&member, "svg-b"),
            (&unconfirmed, "svg-a"),
        ] {
            let r = who.post(&app, "Alerts.Follow", &[("offer", offer)]).await;
            assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        }
        let r = member
            .post(
                &app,
                "Alerts.FollowListing",
                &[("type", "cd"), ("minApy", "4.5"), ("term", "12")],
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let view = r.json();
        assert_eq!(view["follows"].as_array().unwrap().len(), 3, "{view}");
        assert_eq!(
            view["follows"][2]["name"],
            "a 12-month CD at 4.50% APY or more"
        );
        assert_eq!(view["follows"][0]["name"], "Alert Test Savings A");
        assert_eq!(view["follows"][0]["link"], "/d/svg-a");
        assert!(view["follows"][0].get("lastSentAt").is_none());
        // Following the same thing again keeps one follow.
        let again = member
            .post(&app, "Alerts.Follow", &[("offer", "svg-a")])
            .await;
        assert_eq!(again.json()["follows"].as_array().unwrap().len(), 3);
        assert!(
            again.json()["message"]
                .as_str()
                .unwrap()
                .starts_with("You already follow")
        );

        // Nothing has changed since the member followed: nothing to send.
        assert_eq!(queue(&app, Utc::now()).await, 0, "{}", app.name);

        // A product new to the catalogue has no move to mark.
        assert_eq!(marks(&app).await, Vec::<(String, Value)>::new());

        import(&app, &second()).await;
        // The listing marks each APY that moved, from the history; a fee is no rate.
        let marked = marks(&app).await;
        let today = Utc::now().format("%Y-%m-%d").to_string();
        assert_eq!(
            marked,
            [
                (
                    "svg-a".to_owned(),
                    json!({"summary": "APY down 0.25 points", "date": today, "old": "4.10", "new": "3.85", "up": false})
                ),
                (
                    "svg-c".to_owned(),
                    json!({"summary": "APY up 0.25 points", "date": today, "old": "2.00", "new": "2.25", "up": true})
                ),
            ],
            "{}",
            app.name
        );
        let page = app
            .get("/savings-accounts", &[("accept", "text/html")])
            .await
            .text();
        assert!(
            page.contains(&format!(
                "<span>APY down 0.25 points on {}</span>",
                Utc::now().format("%b %-d, %Y")
            )),
            "{page}"
        );
        assert_eq!(queue(&app, Utc::now()).await, 1, "{}", app.name);
        let to = member.email(&app).await;
        let sent = alert_mails(&app, &to).await;
        assert_eq!(sent.len(), 1, "{}", app.name);
        let mail = &sent[0];
        assert_eq!(
            mail.subject.as_deref(),
            Some("Rate alert: 3 products changed")
        );
        let body = &mail.body;
        assert!(body.contains("Alert Test Savings A (Alert Test Bank)\n  APY: 4.10 → 3.85\n  http://127.0.0.1:8080/d/svg-a\n"), "{body}");
        assert!(
            body.contains("Alert Test Savings B (Alert Test Bank)\n  Monthly fee: $5 → $0\n"),
            "{body}"
        );
        assert!(body.contains("Alert Test CD cd-new (Alert Test Bank)\n  Now a 12-month CD at 4.50% APY or more.\n"), "{body}");
        // Not followed, already over the threshold, under it, or of another term.
        for absent in ["Savings C", "cd-old", "cd-low", "cd-short"] {
            assert!(!body.contains(absent), "{absent} in {body}");
        }
        assert!(body.ends_with(&mail.list.as_ref().unwrap().unsubscribe_url));
        assert!(body.contains("http://127.0.0.1:8080/home/settings/alerts"));
        // The unconfirmed address gets nothing, ever.
        assert!(
            alert_mails(&app, &unconfirmed.email(&app).await)
                .await
                .is_empty()
        );

        // The alerts page shows when each was last told of.
        let view = member.alerts(&app).await;
        for follow in view["follows"].as_array().unwrap() {
            assert!(follow["lastSentAt"].is_string(), "{view}");
        }
        assert_eq!(view["confirmed"], true);
        assert_eq!(view["unsubscribed"], false);

        // A second pass, another instance's, and the same import again send nothing.
        assert_eq!(queue(&app, Utc::now()).await, 0);
        import(&app, &second()).await;
        assert_eq!(queue(&app, Utc::now()).await, 0);
        assert_eq!(alert_mails(&app, &to).await.len(), 1, "{}", app.name);

        // Weekly: the next change waits for the week; then one e-mail covers it.
        let r = member
            .post(&app, "Alerts.SetCadence", &[("cadence", "weekly")])
            .await;
        assert_eq!(r.json()["cadence"], "weekly", "{}", r.text());
        let mut third = second();
        third[0]["APY"] = json!("3.60");
        import(&app, &third).await;
        assert_eq!(queue(&app, Utc::now()).await, 0);
        assert_eq!(queue(&app, Utc::now() + Duration::days(8)).await, 1);
        let sent = alert_mails(&app, &to).await;
        assert_eq!(sent.len(), 2);
        assert!(
            sent[1].body.contains("APY: 3.85 → 3.60"),
            "{}",
            sent[1].body
        );

        // A followed product gone from the data: the digest says so.
        let r = member
            .post(&app, "Alerts.SetCadence", &[("cadence", "immediate")])
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let without_b: Vec<Value> = third
            .iter()
            .filter(|o| o["ID"] != "svg-b")
            .cloned()
            .collect();
        import(&app, &without_b).await;
        assert_eq!(queue(&app, Utc::now()).await, 1, "{}", app.name);
        let sent = alert_mails(&app, &to).await;
        assert_eq!(sent.len(), 3);
        assert_eq!(
            sent[2].subject.as_deref(),
            Some("Rate alert: 1 product changed")
        );
        assert!(
            sent[2].body.contains(
                "Alert Test Savings B (Alert Test Bank)\n  No longer offered: it left the data we publish."
            ),
            "{}",
            sent[2].body
        );

        // Stopping a follow: it is gone from the page and from the next digest.
        let a = view["follows"][0]["id"].as_i64().unwrap().to_string();
        let r = member.post(&app, "Alerts.Stop", &[("id", &a)]).await;
        assert_eq!(
            r.json()["follows"].as_array().unwrap().len(),
            2,
            "{}",
            r.text()
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn following_refuses_what_cannot_be_followed_and_guests_and_delegated_sessions() {
    for app in apps().await {
        import(&app, &first()).await;
        let member = Member::new(&app, true, false).await;
        let r = member
            .post(&app, "Alerts.Follow", &[("offer", "no-such-offer")])
            .await;
        assert_eq!(r.status, 404, "{}", r.text());
        let r = member
            .post(
                &app,
                "Alerts.FollowListing",
                &[("type", "cd"), ("minApy", "4"), ("replace", "999999")],
            )
            .await;
        assert_eq!(r.status, 404, "{}", r.text());
        for (pairs, field) in [
            (vec![("type", "creditCard"), ("minApy", "4")], "type"),
            (vec![("type", "savings"), ("minApy", "forty")], "minApy"),
            (vec![("type", "savings"), ("minApy", "26")], "minApy"),
            (
                vec![("type", "savings"), ("minApy", "4"), ("term", "12")],
                "term",
            ),
            (vec![("type", "cd"), ("minApy", "4"), ("term", "0")], "term"),
        ] {
            let r = member.post(&app, "Alerts.FollowListing", &pairs).await;
            assert_eq!(r.status, 400, "{pairs:?}: {}", r.text());
            assert_eq!(r.json()["field"], field, "{pairs:?}: {}", r.text());
        }
        let r = member
            .post(&app, "Alerts.SetCadence", &[("cadence", "hourly")])
            .await;
        assert_eq!(r.status, 400, "{}", r.text());
        assert!(
            member.alerts(&app).await["follows"]
                .as_array()
                .unwrap()
                .is_empty()
        );

        let delegated = Member::new(&app, true, true).await;
        let r = delegated
            .post(&app, "Alerts.Follow", &[("offer", "svg-a")])
            .await;
        assert_eq!(r.status, 403, "{}", r.text());

        let guest = app
            .get("/home/settings/alerts", &[("accept", "application/json")])
            .await;
        assert_eq!(guest.status, 401, "{}", guest.text());
        // A browser navigation gets the page, whoever asks.
        let page = app
            .get("/home/settings/alerts", &[("accept", "text/html")])
            .await;
        assert_eq!(page.status, 200);
        app.cleanup().await;
    }
}
