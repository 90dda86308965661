//! Nothing untrue on the page: a generated product (`ILLUSTRATIVE` = Y), even one that
//! bears a real institution's name, appears in no listing, ranking, search result, sitemap
//! entry, feed item, institution page or JSON-LD block; and the shipped catalogue holds
//! none.

use crate::common;

use std::path::Path;

use crate::common::TestApp;
use offer_model::Offer;
use plainrate::listings::{Snapshot, route_table};
use serde_json::{Value, json};

/// The shipped catalogue, as the server imports it.
fn shipped() -> Vec<Offer> {
    store::catalogue::read_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/catalogue"),
    )
    .unwrap()
}

/// The words every generated test product's name carries, and only theirs.
const MARK: &str = "Zzgenerated";

/// Generated products of every kind, each under a real institution's name and page (the
/// shape the old fixtures had), rated high enough to lead any list they were let into.
fn generated(real: &[Offer]) -> Vec<Offer> {
    let ally = real
        .iter()
        .find(|o| {
            o.product_type == offer_model::ProductType::Institution
                && o.identity.name.as_str().starts_with("Ally Bank")
        })
        .expect("the catalogue has Ally Bank");
    let (uid, issuer) = (ally.identity.id.as_str(), ally.identity.name.as_str());
    [
        ("svg", "Savings", "APY", "5.50%"),
        ("svg", "Money Market", "APY", "5.50%"),
        ("chkg", "Checking", "APY", "5.50%"),
        ("svg", "CD", "APY", "9.00%"),
        ("prsn", "Personal Loan", "APR", "1.99%"),
        ("none", "", "REGULAR_PURCHASE_APR", "1.99%"),
    ]
    .iter()
    .enumerate()
    .map(|(n, (kind, pdt, field, value))| {
        let mut raw = json!({
            "ID": format!("zz-generated-{n}"), "DETAILS_HTML_PAGE": format!("zz-generated-{n}"),
            "NAME": format!("{issuer} {MARK} Balance Transfer Product {n} (illustrative)"),
            "ISSUER": issuer, "UID": uid, "TYPE": kind, "RATING": "5.0", "WH_RATINGS": "5.0",
            "ELIGIBLE_NEEDS": "balanceTransfer,rewards,travel", "OFFERS_BT_INTRO_APR": "Y",
            "BT_INTRO_APR": "0%", "BT_INTRO_APR_PERIOD": "21 months", "RATE_INFO_STR": "0|99999999|5.50|5.50",
            "SOURCE": "Generated", "SOURCE_AS_OF": "2026-01-01", "ILLUSTRATIVE": "Y",
        });
        raw[*field] = Value::from(*value);
        if !pdt.is_empty() {
            raw["PDT_TYPE"] = Value::from(*pdt);
        }
        Offer::from_json(&raw).unwrap()
    })
    .collect()
}

async fn app_with_generated() -> (TestApp, Vec<Offer>) {
    let app = common::apps().await.into_iter().next().unwrap();
    let real = shipped();
    let fake = generated(&real);
    let mut all = real;
    all.extend(fake.iter().cloned());
    app.state.catalogue.replace(Snapshot::new(1, all));
    (app, fake)
}

/// Fails when `text` names any generated product, by id or by name.
fn assert_clean(what: &str, text: &str, fake: &[Offer]) {
    assert!(!text.contains(MARK), "{what} shows a generated product");
    for offer in fake {
        assert!(
            !text.contains(offer.identity.id.as_str()),
            "{what} holds {}",
            offer.identity.id.as_str()
        );
    }
}

#[test]
fn the_shipped_catalogue_holds_no_generated_product() {
    for offer in shipped() {
        assert!(
            !offer.provenance.illustrative,
            "{}",
            offer.identity.id.as_str()
        );
        assert!(
            !offer
                .identity
                .name
                .as_str()
                .to_lowercase()
                .contains("illustrative"),
            "{}",
            offer.identity.id.as_str()
        );
    }
}

/// Every product can be saved and skipped: its id is one the visitor state takes.
#[test]
fn every_shipped_product_id_can_be_saved() {
    for offer in shipped() {
        let id = offer.identity.id.as_str();
        assert!(visitor_state::ids::ProductId::parse(id).is_ok(), "{id}");
    }
}

#[tokio::test]
async fn no_listing_ranking_search_sitemap_feed_or_json_ld_holds_a_generated_product() {
    let (app, fake) = app_with_generated().await;
    // Every listing, every page of it, in every order a visitor can ask for.
    for route in route_table().routes() {
        for sort in ["", "&sort=rating", "&sort=apy", "&sort=apr", "&sort=name"] {
            let mut page = 1;
            loop {
                let r = app
                    .get(
                        &format!(
                            "/api/listings?route={}&per_page=50&page={page}{sort}",
                            route.path
                        ),
                        &[],
                    )
                    .await;
                if r.status != 200 {
                    break;
                }
                let body = r.text();
                assert_clean(&format!("{}{sort} page {page}", route.path), &body, &fake);
                let pages = r.json()["pages"].as_u64().unwrap_or(1);
                if page >= pages {
                    break;
                }
                page += 1;
            }
        }
        // The server's page of the listing, JSON-LD included.
        let html = app.get(&route.path, &[("accept", "text/html")]).await;
        assert_clean(&format!("the page {}", route.path), &html.text(), &fake);
    }
    for uri in [
        "/api/routes",
        "/",
        "/sitemap.xml",
        "/api/feed",
        "/api/search?q=balance%20transfer",
        "/api/search?q=Ally%20Bank",
        "/api/search?q=illustrative",
        "/api/search?q=savings%20account",
        "/api/card-values",
    ] {
        let r = app.get(uri, &[("accept", "text/html")]).await;
        assert_clean(uri, &r.text(), &fake);
    }
    // The real institution's page lists its real products only.
    let uid = fake[0].identity.uid.clone().unwrap();
    let r = app.get(&format!("/api/institutions/{uid}"), &[]).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_clean("the institution's page", &r.text(), &fake);
    // A generated product has no page of its own.
    for offer in &fake {
        let r = app
            .get(&format!("/api/offers/{}", offer.identity.id.as_str()), &[])
            .await;
        assert_eq!(r.status, 404, "{}", offer.identity.id.as_str());
    }
    app.cleanup().await;
}

#[tokio::test]
async fn a_kind_without_named_products_lists_none_and_says_why() {
    let (app, _) = app_with_generated().await;
    for path in [
        "/checking-accounts",
        "/money-market-accounts",
        "/prepaid-debit-cards",
        "/best-personal-loans",
    ] {
        let r = app.get(&format!("/api/listings?route={path}"), &[]).await;
        assert_eq!(r.status, 200, "{path}: {}", r.text());
        assert_eq!(r.json()["total"], 0, "{path}");
        let html = app.get(path, &[("accept", "text/html")]).await.text();
        assert!(
            html.contains("we do not make products up to fill a page"),
            "{path}"
        );
    }
    // A filter that matches nothing on a route that lists cards says only that.
    let mut empty_filter = None;
    'find: for route in [
        "/credit-cards/secured",
        "/credit-cards/charge-cards",
        "/best-hotel-credit-card",
    ] {
        for need in offer_model::needs::NeedKey::ALL {
            let uri = format!("/api/listings?route={route}&need={}", need.key());
            let r = app.get(&uri, &[]).await;
            if r.status == 200 && r.json()["total"] == 0 {
                empty_filter = Some(format!("{route}?need={}", need.key()));
                break 'find;
            }
        }
    }
    let empty_filter = empty_filter.expect("a card route and a need that match nothing");
    let html = app
        .get(&empty_filter, &[("accept", "text/html")])
        .await
        .text();
    assert!(
        html.contains(plainrate::pages::render::NO_MATCH),
        "{empty_filter}"
    );
    assert!(
        !html.contains(plainrate::pages::render::EMPTY_LISTING),
        "{empty_filter}"
    );
    let routes = app.get("/api/routes", &[]).await.json();
    let checking = routes["routes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["path"] == "/checking-accounts")
        .unwrap();
    assert_eq!(checking["productTypes"], json!(["checking"]));
    app.cleanup().await;
}
