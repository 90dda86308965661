//! The site search over HTTP, `GET /api/search?q=`, on every backend: products and
//! institutions from the catalogue, questions from the database's full-text search.

use crate::common;

use crate::common::TestApp;
use offer_model::Offer;
use plainrate::listings::Snapshot;
use serde_json::{Value, json};
use store::qna as db;

fn offers() -> Vec<Offer> {
    common::offers_from(&[
        json!({"ID": "sp", "NAME": "Sapphire Preferred", "ISSUER": "Chase", "RATING": "4.5", "DETAILS_HTML_PAGE": "sapphire-preferred"}),
        json!({"ID": "ff", "NAME": "Freedom Flex", "ISSUER": "Chase", "RATING": "4.2", "DETAILS_HTML_PAGE": "freedom-flex"}),
        json!({"ID": "hy", "NAME": "Online Savings", "ISSUER": "Ally Bank", "TYPE": "svg", "PDT_TYPE": "Savings", "DETAILS_HTML_PAGE": "ally-savings"}),
        json!({"ID": "chase-bank", "UID": "chase-bank", "NAME": "JPMorgan Chase Bank", "TYPE": "inst"}),
    ])
}

fn community() -> db::CommunityFixture {
    serde_json::from_value(json!({
        "source": "test",
        "categories": [{"id": 1, "name": "Credit Cards", "slug": "credit-cards"}],
        "authors": [{"login": "bob", "name": "Bob Example", "title": "Member", "avatar": "", "staff": false}],
        "questions": [
            {"id": 1, "category_id": 1, "offer_id": null, "title": "Is the Sapphire Preferred worth its annual fee?",
             "more_info": "", "author": "bob", "created_at": "2025-01-01T10:00:00Z", "upvotes": 0, "downvotes": 0, "answers": []},
            {"id": 2, "category_id": 1, "offer_id": null, "title": "How do balance transfers work?",
             "more_info": "", "author": "bob", "created_at": "2025-01-01T10:00:00Z", "upvotes": 0, "downvotes": 0, "answers": []}
        ]
    }))
    .unwrap()
}

async fn search_apps() -> Vec<TestApp> {
    let apps = common::apps().await;
    for app in &apps {
        app.state.catalogue.replace(Snapshot::new(1, offers()));
        db::load_community(
            &app.state.db,
            &community(),
            qna_validation::links::question_slug,
        )
        .await
        .unwrap();
    }
    apps
}

fn ids(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|h| h["id"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn a_query_finds_products_institutions_and_questions_best_first() {
    for app in search_apps().await {
        let r = app.get("/api/search?q=chase", &[]).await;
        assert_eq!(r.status, 200, "{}: {}", app.name, r.text());
        let found = r.json();
        assert_eq!(ids(&found["products"]), ["sp", "ff"], "by rating: {found}");
        assert_eq!(found["productsTotal"], 2);
        assert_eq!(ids(&found["institutions"]), ["chase-bank"]);
        assert_eq!(found["institutions"][0]["path"], "/institutions/chase-bank");
        assert_eq!(found["products"][0]["path"], "/d/sapphire-preferred");
        assert_eq!(found["products"][0]["issuer"], "Chase");
        assert!(
            found.get("productsNextOffset").is_none(),
            "all products on one page"
        );
        let rest = app.get("/api/search?q=chase&offset=1", &[]).await.json();
        assert_eq!(ids(&rest["products"]), ["ff"]);
        assert_eq!(
            app.get("/api/search?q=chase&offset=x", &[]).await.status,
            400
        );

        let found = app
            .get("/api/search?q=Sapphire%20Preferred", &[])
            .await
            .json();
        assert_eq!(ids(&found["products"]), ["sp"]);
        assert_eq!(found["questionsTotal"], 1, "{found}");
        assert_eq!(
            found["questions"][0]["title"],
            "Is the Sapphire Preferred worth its annual fee?"
        );
        assert!(
            found["questions"][0]["path"]
                .as_str()
                .unwrap()
                .starts_with("/answers/")
        );

        // Stemmed full-text: "transfer" finds "transfers".
        let found = app.get("/api/search?q=balance+transfer", &[]).await.json();
        assert_eq!(found["questionsTotal"], 1, "{found}");
        assert_eq!(found["productsTotal"], 0);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_query_that_is_too_short_or_only_filler_is_a_400_with_the_reason() {
    for app in search_apps().await {
        for (query, message) in [
            ("q=x", "at least 2 characters"),
            ("q=", "at least 2 characters"),
            ("", "at least 2 characters"),
            ("q=the+%26+of", "a product, a bank or a topic"),
        ] {
            let r = app.get(&format!("/api/search?{query}"), &[]).await;
            assert_eq!(r.status, 400, "{query}: {}", r.text());
            assert!(r.text().contains(message), "{query}: {}", r.text());
        }
        // Search syntax and odd bytes are words or nothing, never an error.
        for query in ["q=%22%2A%28OR%29", "q=%FF%FE%00ab", "q=NEAR%28a+b%29+-c"] {
            let r = app.get(&format!("/api/search?{query}"), &[]).await;
            assert!(r.status == 200 || r.status == 400, "{query}: {}", r.status);
        }
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_search_page_is_a_page_for_browsers_and_kept_from_crawlers() {
    for app in search_apps().await {
        let r = app.get("/search?q=chase", &[("accept", "text/html")]).await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(r.text().contains("noindex"), "{}", r.text());
        let robots = app.get("/robots.txt", &[]).await.text();
        assert!(robots.contains("Disallow: /search\n"), "{robots}");
        app.cleanup().await;
    }
}
