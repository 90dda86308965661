//! The card-value estimate over HTTP, `GET /api/card-values`: the ranking by yearly value
//! for the visitor's figures, its working, its pages and its refusals.

use crate::common;

use crate::common::TestApp;
use offer_model::Offer;
use plainrate::listings::Snapshot;
use serde_json::json;

fn offers() -> Vec<Offer> {
    let mut cards: Vec<Offer> = [
        json!({"ID": "two", "NAME": "Two Percent", "ISSUER": "Bank A", "ANNUAL_FEE": "$0", "REWARDS": "Y",
               "REWARDS_BASE_RATE": "2%", "REWARDS_REDEEM_TYPE": "Cash back", "DETAILS_HTML_PAGE": "two-percent",
               "REGULAR_PURCHASE_APR": "20% - 28%", "APR_GOOD": "24%"}),
        json!({"ID": "miles", "NAME": "Miles Plus", "ISSUER": "Bank B", "ANNUAL_FEE": "$95", "REWARDS": "Y",
               "REWARDS_BASE_RATE": "1%", "REWARDS_REDEEM_TYPE": "Airline miles",
               "REWARDS_INITIAL_BONUS": "60,000 miles after spending $4,000 in 90 days", "REGULAR_PURCHASE_APR": "22%"}),
        json!({"ID": "low", "NAME": "Low Rate", "ISSUER": "Bank C", "ANNUAL_FEE": "$0", "REWARDS": "N",
               "REGULAR_PURCHASE_APR": "12%", "APR_GOOD": "12%"}),
        json!({"ID": "mystery", "NAME": "Mystery Rewards", "ISSUER": "Bank D", "ANNUAL_FEE": "$0", "REWARDS": "Y"}),
        json!({"ID": "svg-1", "NAME": "Savings", "TYPE": "svg", "PDT_TYPE": "Savings"}),
    ]
    .iter()
    .map(|raw| Offer::from_json(raw).unwrap())
    .collect();
    for n in 0..30 {
        cards.push(
            Offer::from_json(&json!({"ID": format!("plain-{n:02}"), "NAME": format!("Plain {n:02}"), "ANNUAL_FEE": "$0", "REWARDS": "N"}))
                .unwrap(),
        );
    }
    cards
}

async fn value_apps() -> Vec<TestApp> {
    let apps = common::apps().await;
    for app in &apps {
        app.state.catalogue.replace(Snapshot::new(1, offers()));
    }
    apps
}

#[tokio::test]
async fn cards_are_ranked_by_yearly_value_for_the_visitors_figures_with_their_working() {
    let app = value_apps().await.into_iter().next().unwrap();
    // $1,500 a month, no balance: the miles card's bonus counts ($4,500 in 90 days).
    let r = app
        .get(
            "/api/card-values?groceries=500&other=1000&dining=0&gas=0&travel=0&cpp=1.5",
            &[],
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let body = r.json();
    let ids: Vec<&str> = body["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(&ids[..2], ["miles", "two"], "{body}");
    assert_eq!(
        body["cards"][0]["value"], "$1,075",
        "$270 + $900 bonus − $95"
    );
    assert_eq!(body["cards"][1]["value"], "$360");
    assert_eq!(body["total"], 34, "credit cards only");
    // The mystery card earns rewards at no rate a source gives: valued before rewards.
    assert_eq!(body["estimated"], 34);
    assert_eq!(body["rewardsLeftOut"], 1);
    assert_eq!(body["pages"], 2);
    assert_eq!(body["cards"][1]["detailsPath"], "/d/two-percent");
    assert!(
        body["cards"][0]["working"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l == "First-year bonus: $900")
    );
    assert_eq!(body["assumptions"]["tierLabel"], "620-719");

    // A $2,000 balance at good credit: the low-rate card moves ahead of the 2% card.
    let body = app
        .get("/api/card-values?groceries=500&other=1000&dining=0&gas=0&travel=0&balance=2000&score=680", &[])
        .await
        .json();
    let ids: Vec<&str> = body["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(&ids[..2], ["miles", "two"], "{body}");
    assert_eq!(
        body["cards"][1]["value"], "-$120",
        "$360 − 24% of $2,000: {body}"
    );
    assert!(
        body["cards"][1]["working"][2]
            .as_str()
            .unwrap()
            .contains("the survey's APR for 620-719")
    );
    let low = body["cards"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c["id"] == "low")
        .unwrap();
    assert!(low < 3, "{body}");

    // The card without an earn rate is valued before rewards ($0: no fee, no bonus) and
    // says so; no headline rate stands in for one.
    let mut all = Vec::new();
    for page in [1, 2] {
        let body = app
            .get(&format!("/api/card-values?page={page}"), &[])
            .await
            .json();
        all.extend(body["cards"].as_array().unwrap().clone());
    }
    let mystery = all.iter().find(|c| c["id"] == "mystery").unwrap();
    assert_eq!(mystery["value"], "$0", "{mystery}");
    assert_eq!(mystery["rewardsLeftOut"], true);
    assert!(mystery.get("unknown").is_none(), "{mystery}");
    assert_eq!(
        mystery["working"][0],
        "Rewards: left out (no source gives this card's earn rate on every purchase)"
    );
    app.cleanup().await;
}

#[tokio::test]
async fn a_figure_that_cannot_be_read_is_a_400_naming_it() {
    let app = value_apps().await.into_iter().next().unwrap();
    for (query, field) in [
        ("groceries=lots", "groceries"),
        ("balance=-1", "balance"),
        ("cpp=50", "cpp"),
        ("tier=superb", "tier"),
        ("score=1000", "score"),
        ("page=0", "page"),
        ("page=3", "page"),
    ] {
        let r = app.get(&format!("/api/card-values?{query}"), &[]).await;
        assert_eq!(r.status, 400, "{query}: {}", r.text());
        assert!(r.text().contains(field), "{query}: {}", r.text());
    }
    app.cleanup().await;
}
