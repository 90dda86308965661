//! The open product-data feed over HTTP: `GET /api/feed` and `GET /api/feed/{id}`, with
//! their ETags, and the source and as-of date of every figure.

use crate::common;

use crate::common::TestApp;
use offer_model::Offer;
use serde_json::json;

fn offers() -> Vec<Offer> {
    common::offers_from(&[
        json!({"ID": "c1", "NAME": "Cash Card", "ISSUER": "Bank", "ANNUAL_FEE": "$95", "RATING": "4",
               "REGULAR_PURCHASE_APR": "20% - 28%", "SOURCE": "CFPB TCCP", "SOURCE_AS_OF": "2025-12-31",
               "EDITORIAL_FIELDS": "RATING"}),
        json!({"ID": "s1", "NAME": "Savings", "TYPE": "svg", "PDT_TYPE": "Savings", "APY": "4.10%",
               "SOURCE": "Rate tracker"}),
        // A generated product is never published.
        json!({"ID": "g1", "NAME": "Generated Savings", "TYPE": "svg", "PDT_TYPE": "Savings",
               "APY": "9%", "SOURCE": "Generated", "ILLUSTRATIVE": "Y"}),
    ])
}

async fn feed_app() -> TestApp {
    let app = common::apps().await.into_iter().next().unwrap();
    // Imported, so each product's first figures are its recorded history.
    store::catalogue::replace(&app.state.db, &offers())
        .await
        .unwrap();
    app.state.catalogue.refresh(&app.state.db).await.unwrap();
    app
}

#[tokio::test]
async fn the_feed_lists_every_product_with_the_source_of_every_figure_and_an_etag() {
    let app = feed_app().await;
    let r = app.get("/api/feed", &[]).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let etag = r.header("etag").unwrap().to_owned();
    let body = r.json();
    assert_eq!(body["count"], 2);
    assert!(body["about"].as_str().unwrap().contains("CC BY 4.0"));
    let card = &body["products"][0];
    assert_eq!(
        card["figures"]["ANNUAL_FEE"],
        json!({"value": "$95", "source": "CFPB TCCP", "asOf": "2025-12-31"})
    );
    assert_eq!(card["figures"]["RATING"]["source"], "Plainrate editors");
    assert_eq!(body["products"][1]["illustrative"], false);
    for product in body["products"].as_array().unwrap() {
        for (name, figure) in product["figures"].as_object().unwrap() {
            assert!(
                figure["source"].as_str().is_some_and(|s| !s.is_empty()),
                "{name}"
            );
        }
    }
    let again = app.get("/api/feed", &[("if-none-match", &etag)]).await;
    assert_eq!(again.status, 304);

    assert_eq!(body["products"][1]["history"], "/api/offers/s1/history");
    // One product: as in the feed, with its recorded history and each change's source.
    let one = app.get("/api/feed/s1", &[]).await;
    assert_eq!(one.status, 200);
    let mut product = one.json();
    let changes = product.as_object_mut().unwrap().remove("changes").unwrap();
    assert_eq!(product, body["products"][1]);
    assert_eq!(changes.as_array().unwrap().len(), 1, "{changes}");
    assert_eq!(changes[0]["field"], "APY");
    assert_eq!(changes[0]["new"], "4.10%");
    assert_eq!(changes[0]["source"], "Rate tracker");
    assert!(changes[0].get("old").is_none());
    assert_eq!(app.get("/api/feed/nope", &[]).await.status, 404);
    app.cleanup().await;
}
