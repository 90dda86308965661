//! The catalogue read API over HTTP, on every backend: every route of the route table
//! answers after importing the real fixtures; paging, sorting, sponsorship, ETags, gzip,
//! errors, and a catalogue change picked up by `refresh`.

use crate::common;

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::common::TestApp;
use plainrate::listings::{SharedCatalogue, route_table};
use serde_json::Value;

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/catalogue")
}

/// A copy of the fixture catalogue in a fresh temporary folder, each offer passed through
/// `edit` first.
fn edited_fixtures(edit: impl Fn(&mut Value)) -> PathBuf {
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "plainrate-listings-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(fixtures_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let mut value: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for item in value.as_array_mut().unwrap() {
            edit(item);
        }
        std::fs::write(dir.join(path.file_name().unwrap()), value.to_string()).unwrap();
    }
    dir
}

/// Imports a folder and rebuilds the app's view.
async fn import(app: &TestApp, dir: &Path) {
    store::catalogue::import_dir(&app.state.db, dir)
        .await
        .unwrap();
    assert!(app.state.catalogue.refresh(&app.state.db).await.unwrap());
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

fn ids(listing: &Value) -> Vec<String> {
    listing["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["offer"]["id"].as_str().unwrap().to_owned())
        .collect()
}

/// Every item of a listing, page by page (50 a page).
async fn all_items(app: &TestApp, query: &str) -> Vec<Value> {
    let mut out = Vec::new();
    let mut page = 1;
    loop {
        let r = app
            .get(
                &format!("/api/listings?{query}&per_page=50&page={page}"),
                &[],
            )
            .await;
        assert_eq!(r.status, 200, "{query}: {}", r.text());
        let body = r.json();
        out.extend(body["items"].as_array().unwrap().iter().cloned());
        if page >= body["pages"].as_u64().unwrap() {
            return out;
        }
        page += 1;
    }
}

/// The route with the most items, and its size.
async fn biggest_route(app: &TestApp) -> (String, u64) {
    let mut best = (String::new(), 0);
    for route in route_table().routes() {
        let r = app
            .get(&format!("/api/listings?route={}", route.path), &[])
            .await;
        let total = r.json()["total"].as_u64().unwrap();
        if total > best.1 {
            best = (route.path.clone(), total);
        }
    }
    best
}

#[test]
fn the_compiled_in_route_table_is_the_fixture_file_and_valid() {
    let on_disk = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/routes.json"),
    )
    .unwrap();
    assert_eq!(plainrate::listings::ROUTES_JSON, on_disk);
    let table = plainrate::listings::parse_routes().unwrap();
    assert!(table.len() >= 30, "{} routes", table.len());
    assert_eq!(route_table().len(), table.len());
}

#[tokio::test]
async fn every_route_answers_with_items_after_importing_the_fixtures() {
    for app in common::apps().await {
        import(&app, &fixtures_dir()).await;
        let r = app.get("/api/routes", &[]).await;
        assert_eq!(r.status, 200, "{}", app.name);
        let paths: Vec<String> = r.json()["routes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|route| route["path"].as_str().unwrap().to_owned())
            .collect();
        let expected: Vec<String> = route_table()
            .routes()
            .iter()
            .map(|r| r.path.clone())
            .collect();
        assert_eq!(paths, expected);
        for path in &paths {
            for uri in [
                format!("/api/listings?route={path}"),
                format!("/api/listings?route={}", encode(path)),
            ] {
                let r = app.get(&uri, &[]).await;
                assert_eq!(r.status, 200, "{}: {uri}: {}", app.name, r.text());
                assert_eq!(r.header("content-type"), Some("application/json"));
                let body = r.json();
                assert_eq!(body["route"]["path"], path.as_str());
                let items = body["items"].as_array().unwrap();
                // A route lists what the catalogue has of its kind, and nothing made up:
                // the kinds without named products (checking, loans…) list none.
                let size = app
                    .state
                    .catalogue
                    .snapshot()
                    .catalogue()
                    .route_size(path)
                    .unwrap();
                assert_eq!(
                    body["total"].as_u64(),
                    Some(size as u64),
                    "{}: {path}",
                    app.name
                );
                assert_eq!(items.is_empty(), size == 0, "{}: {path}", app.name);
                assert!(body["total"].as_u64().unwrap() >= items.len() as u64);
                for item in items {
                    let provenance = &item["offer"]["provenance"];
                    assert!(provenance["illustrative"].is_boolean(), "{path}: {item}");
                    assert!(provenance["editorialFields"].is_array(), "{path}: {item}");
                    assert!(provenance["source"].is_string(), "{path}: {item}");
                    assert!(provenance["asOf"].is_string(), "{path}: {item}");
                    assert!(item["editorialRank"].as_u64().unwrap() >= 1);
                    assert!(item["placement"].is_string());
                }
            }
            // The dispatch action answers the same bytes.
            let rpc = app
                .get(
                    &format!("/home/rpc?action=Catalogue.List&route={}", encode(path)),
                    &[],
                )
                .await;
            let rest = app.get(&format!("/api/listings?route={path}"), &[]).await;
            assert_eq!(rpc.status, 200, "{}", rpc.text());
            assert_eq!(rpc.body, rest.body, "{path}");
            assert_eq!(rpc.header("etag"), rest.header("etag"));
        }
        let rpc = app.get("/ajax.php?action=Catalogue.Routes", &[]).await;
        assert_eq!(rpc.body, r.body);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn pages_cover_the_listing_once_and_bad_pages_are_refused() {
    for app in common::apps().await {
        import(&app, &fixtures_dir()).await;
        let (path, total) = biggest_route(&app).await;
        assert!(total > 20, "{path} has {total}");
        let query = format!("route={path}&sponsorship=none");
        let items = all_items(&app, &query).await;
        assert_eq!(items.len() as u64, total, "{}", app.name);
        let unique: BTreeSet<&str> = items
            .iter()
            .map(|i| i["offer"]["id"].as_str().unwrap())
            .collect();
        assert_eq!(unique.len(), items.len(), "every item once");
        let ranks: Vec<u64> = items
            .iter()
            .map(|i| i["editorialRank"].as_u64().unwrap())
            .collect();
        assert_eq!(ranks, (1..=total).collect::<Vec<_>>());

        let first = app
            .get(&format!("/api/listings?{query}&per_page=7"), &[])
            .await
            .json();
        let second = app
            .get(&format!("/api/listings?{query}&per_page=7&page=2"), &[])
            .await
            .json();
        assert_eq!(
            (first["page"].as_u64(), second["page"].as_u64()),
            (Some(1), Some(2))
        );
        assert_eq!(first["perPage"], 7);
        assert_eq!(first["pages"].as_u64().unwrap(), total.div_ceil(7));
        let expected: Vec<String> = items
            .iter()
            .skip(7)
            .take(7)
            .map(|i| i["offer"]["id"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(ids(&second), expected);
        assert_eq!(ids(&first).len(), 7);

        let past = total.div_ceil(7) + 1;
        for (uri, field) in [
            (
                format!("/api/listings?{query}&per_page=7&page={past}"),
                "page",
            ),
            (format!("/api/listings?{query}&page=0"), "page"),
            (format!("/api/listings?{query}&page=x"), "page"),
            (format!("/api/listings?{query}&per_page=51"), "per_page"),
            (format!("/api/listings?{query}&per_page=0"), "per_page"),
            (format!("/api/listings?{query}&page=1&page=2"), "page"),
        ] {
            let r = app.get(&uri, &[]).await;
            assert_eq!(r.status, 400, "{uri}: {}", r.text());
            assert_eq!(r.json()["field"], field, "{uri}");
            assert_eq!(r.json()["code"], "validation");
        }
        app.cleanup().await;
    }
}

#[tokio::test]
async fn sort_orders_are_applied_and_named() {
    for app in common::apps().await {
        import(&app, &fixtures_dir()).await;
        let (path, _) = biggest_route(&app).await;
        let by_name = all_items(&app, &format!("route={path}&sort=name")).await;
        let names: Vec<&str> = by_name
            .iter()
            .map(|i| i["offer"]["name"].as_str().unwrap())
            .collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted, "{}", app.name);
        let r = app
            .get(&format!("/api/listings?route={path}&sort=name"), &[])
            .await;
        assert_eq!(r.json()["sort"], "name");
        assert!(
            r.json()["items"]
                .as_array()
                .unwrap()
                .iter()
                .all(|i| i["placement"] == "editorial"),
            "another order shows no sponsored placement"
        );
        let editorial = app
            .get(&format!("/api/listings?route={path}"), &[])
            .await
            .json();
        assert_eq!(editorial["sort"], "editorial");
        // A sort by APY on a deposit listing is highest first.
        let by_apy = all_items(&app, "type=cd&sort=apy").await;
        let apys: Vec<f64> = by_apy
            .iter()
            .filter_map(|i| i["offer"]["apy"]["value"].as_str())
            .map(|v| v.parse().unwrap())
            .collect();
        assert!(apys.len() > 10);
        assert!(apys.windows(2).all(|w| w[0] >= w[1]), "{apys:?}");
        let r = app
            .get(&format!("/api/listings?route={path}&sort=cheapest"), &[])
            .await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["field"], "sort");
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_sponsored_offer_is_placed_once_on_top_and_labelled_and_none_gives_the_editorial_order() {
    for app in common::apps().await {
        import(&app, &fixtures_dir()).await;
        let (path, total) = biggest_route(&app).await;
        let editorial = all_items(&app, &format!("route={path}&sponsorship=none")).await;
        let last = editorial.last().unwrap()["offer"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let dir = {
            let last = last.clone();
            edited_fixtures(move |item| {
                if item["ID"] == last.as_str() {
                    item["SPONSORED"] = Value::from("Y");
                } else if let Some(map) = item.as_object_mut() {
                    map.remove("SPONSORED");
                }
            })
        };
        import(&app, &dir).await;

        let listing = all_items(&app, &format!("route={path}")).await;
        assert_eq!(listing.len() as u64, total, "{}", app.name);
        assert_eq!(listing[0]["offer"]["id"], last.as_str());
        assert_eq!(listing[0]["placement"], "sponsored");
        assert_eq!(listing[0]["offer"]["sponsored"], true);
        assert_eq!(listing[0]["editorialRank"].as_u64(), Some(total));
        let placed = listing
            .iter()
            .filter(|i| i["offer"]["id"] == last.as_str())
            .count();
        assert_eq!(placed, 1, "the sponsored offer is not repeated");
        assert!(listing[1..].iter().all(|i| i["placement"] == "editorial"));
        let first_page = app
            .get(&format!("/api/listings?route={path}"), &[])
            .await
            .json();
        assert_eq!(first_page["hasSponsoredPlacement"], true);
        assert_eq!(first_page["sponsorship"], "default");

        let pure = all_items(&app, &format!("route={path}&sponsorship=none")).await;
        let pure_ids: Vec<&str> = pure
            .iter()
            .map(|i| i["offer"]["id"].as_str().unwrap())
            .collect();
        let old_ids: Vec<&str> = editorial
            .iter()
            .map(|i| i["offer"]["id"].as_str().unwrap())
            .collect();
        assert_eq!(
            pure_ids, old_ids,
            "sponsorship never moves the editorial order"
        );
        assert!(pure.iter().all(|i| i["placement"] == "editorial"));
        let scores: Vec<f64> = pure
            .iter()
            .filter_map(|i| i["editorialScore"].as_str())
            .map(|s| s.parse().unwrap())
            .collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
        let none_page = app
            .get(&format!("/api/listings?route={path}&sponsorship=none"), &[])
            .await
            .json();
        assert_eq!(none_page["hasSponsoredPlacement"], false);
        assert_eq!(none_page["sponsorship"], "none");
        let r = app
            .get(&format!("/api/listings?route={path}&sponsorship=some"), &[])
            .await;
        assert_eq!(
            (r.status.as_u16(), r.json()["field"].clone()),
            (400, Value::from("sponsorship"))
        );
        let _ = std::fs::remove_dir_all(dir);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn etags_answer_not_modified_and_gzip_decodes_to_the_same_json() {
    for app in common::apps().await {
        import(&app, &fixtures_dir()).await;
        let uri = "/api/listings?route=/savings-accounts&per_page=50";
        let plain = app.get(uri, &[]).await;
        assert_eq!(plain.status, 200, "{}", plain.text());
        let etag = plain.header("etag").unwrap().to_owned();
        assert!(
            etag.starts_with('"') && etag.ends_with('"') && etag.len() > 10,
            "{etag}"
        );
        assert_eq!(plain.header("cache-control"), Some("public, max-age=60"));
        assert!(
            plain
                .header("vary")
                .unwrap()
                .to_ascii_lowercase()
                .contains("accept-encoding")
        );
        assert_eq!(plain.header("content-encoding"), None);
        let again = app.get(uri, &[]).await;
        assert_eq!(again.body, plain.body);
        assert_eq!(again.header("etag"), Some(etag.as_str()));
        // The same query spelled differently shares the body.
        let other = app
            .get(
                "/api/listings?per_page=50&route=%2Fsavings-accounts%2F&page=1",
                &[],
            )
            .await;
        assert_eq!(other.body, plain.body);
        assert_eq!(other.header("etag"), Some(etag.as_str()));

        for header in [
            etag.clone(),
            format!("W/{etag}"),
            format!("\"x\", {etag}"),
            "*".to_owned(),
        ] {
            let r = app.get(uri, &[("if-none-match", header.as_str())]).await;
            assert_eq!(r.status, 304, "{header}");
            assert!(r.body.is_empty());
            assert_eq!(r.header("etag"), Some(etag.as_str()));
            assert_eq!(r.header("cache-control"), Some("public, max-age=60"));
        }
        let r = app.get(uri, &[("if-none-match", "\"stale\"")]).await;
        assert_eq!(r.status, 200);

        let packed = app
            .get(uri, &[("accept-encoding", "gzip, deflate, br")])
            .await;
        assert_eq!(packed.status, 200);
        assert_eq!(packed.header("content-encoding"), Some("gzip"));
        assert!(packed.body.len() < plain.body.len());
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(packed.body.as_slice())
            .read_to_end(&mut decoded)
            .unwrap();
        assert_eq!(decoded, plain.body);
        let gz_etag = packed.header("etag").unwrap().to_owned();
        assert_ne!(gz_etag, etag, "each encoding has its own strong tag");
        let r = app
            .get(
                uri,
                &[
                    ("accept-encoding", "gzip"),
                    ("if-none-match", gz_etag.as_str()),
                ],
            )
            .await;
        assert_eq!(r.status, 304);
        let refused = app.get(uri, &[("accept-encoding", "gzip;q=0")]).await;
        assert_eq!(refused.header("content-encoding"), None);
        assert_eq!(refused.body, plain.body);

        // Other pages have other tags.
        let page2 = app.get(&format!("{uri}&page=2"), &[]).await;
        assert_ne!(page2.header("etag"), Some(etag.as_str()));
        app.cleanup().await;
    }
}

#[tokio::test]
async fn offers_institutions_and_comparisons_answer_and_unknowns_are_404() {
    for app in common::apps().await {
        import(&app, &fixtures_dir()).await;
        let snapshot = app.state.catalogue.snapshot();
        let with_page = snapshot
            .offers()
            .iter()
            .find(|o| o.identity.details_html_page.is_some())
            .expect("a fixture offer with a details page");
        let page = with_page.identity.details_html_page.clone().unwrap();
        let name = page
            .trim_start_matches('/')
            .trim_start_matches("d/")
            .to_owned();
        let r = app.get(&format!("/api/offers/{name}"), &[]).await;
        assert_eq!(r.status, 200, "{}: {name}: {}", app.name, r.text());
        assert_eq!(r.json()["id"], with_page.identity.id.as_str());
        assert!(r.json()["provenance"].is_object());
        assert!(r.header("etag").is_some());
        let by_id = app
            .get(
                &format!("/api/offers/{}", with_page.identity.id.as_str()),
                &[],
            )
            .await;
        assert_eq!(by_id.body, r.body);
        let rpc = app
            .get(
                &format!("/home/rpc?action=Catalogue.Offer&name={}", encode(&page)),
                &[],
            )
            .await;
        assert_eq!(rpc.body, r.body);

        let bank = snapshot
            .offers()
            .iter()
            .find(|o| {
                o.product_type == offer_model::ProductType::Institution
                    && snapshot
                        .catalogue()
                        .institution_with_products(o.identity.id.as_str())
                        .is_ok_and(|v| !v.products.is_empty())
            })
            .expect("an institution with products");
        let r = app
            .get(
                &format!("/api/institutions/{}", bank.identity.id.as_str()),
                &[],
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["institution"]["id"], bank.identity.id.as_str());
        assert!(!r.json()["products"].as_array().unwrap().is_empty());
        let rpc = app
            .get(
                &format!(
                    "/home/rpc?action=Catalogue.Institution&id={}",
                    bank.identity.id.as_str()
                ),
                &[],
            )
            .await;
        assert_eq!(rpc.body, r.body);

        let cards: Vec<&str> = snapshot
            .offers()
            .iter()
            .filter(|o| o.product_type == offer_model::ProductType::CreditCard)
            .take(5)
            .map(|o| o.identity.id.as_str())
            .collect();
        let r = app
            .get(&format!("/api/compare?ids={},{}", cards[1], cards[0]), &[])
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let compared: Vec<String> = r.json()["offers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["id"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(compared, [cards[1], cards[0]]);
        let rpc = app
            .get(
                &format!(
                    "/home/rpc?action=Catalogue.Compare&ids={},{}",
                    cards[1], cards[0]
                ),
                &[],
            )
            .await;
        assert_eq!(rpc.body, r.body);

        for (uri, status, field) in [
            ("/api/offers/no-such-card".to_owned(), 404, None),
            ("/api/institutions/no-such-bank".to_owned(), 404, None),
            (format!("/api/institutions/{}", cards[0]), 404, None),
            (
                "/api/listings?route=/credit-cards/no-such-page".to_owned(),
                404,
                None,
            ),
            (
                format!("/api/compare?ids={},no-such-card", cards[0]),
                404,
                None,
            ),
            (format!("/api/compare?ids={}", cards[0]), 400, Some("ids")),
            (
                format!("/api/compare?ids={}", cards.join(",")),
                400,
                Some("ids"),
            ),
            (
                format!("/api/compare?ids={0},{0}", cards[0]),
                400,
                Some("ids"),
            ),
            ("/api/compare".to_owned(), 400, Some("ids")),
            ("/api/compare?ids=a&ids=b".to_owned(), 400, Some("ids")),
            ("/api/listings".to_owned(), 400, Some("route")),
            (
                "/api/listings?route=credit%20cards".to_owned(),
                400,
                Some("route"),
            ),
            (
                "/api/listings?route=/cd-rates&need=rewards".to_owned(),
                400,
                Some("need"),
            ),
            (
                "/api/listings?need=noSuchNeed".to_owned(),
                400,
                Some("need"),
            ),
            ("/api/listings?type=boat".to_owned(), 400, Some("type")),
            (
                "/api/listings?scenario=rich".to_owned(),
                400,
                Some("scenario"),
            ),
            (
                "/home/rpc?action=Catalogue.Offer".to_owned(),
                400,
                Some("name"),
            ),
            (
                "/home/rpc?action=Catalogue.List&route=/nope".to_owned(),
                404,
                None,
            ),
        ] {
            let r = app.get(&uri, &[]).await;
            assert_eq!(r.status, status, "{}: {uri}: {}", app.name, r.text());
            assert_eq!(r.json()["error"], true, "{uri}");
            if let Some(field) = field {
                assert_eq!(r.json()["field"], field, "{uri}: {}", r.text());
            }
        }
        // Listings by need, scenario and product type answer too.
        for uri in [
            "/api/listings?need=rewards",
            "/api/listings?type=cd",
            "/api/listings?scenario=savingAverageAmount",
        ] {
            let r = app.get(uri, &[]).await;
            assert_eq!(r.status, 200, "{uri}: {}", r.text());
            assert!(r.json()["route"].is_null());
        }
        app.cleanup().await;
    }
}

fn item_ids(items: &[Value]) -> Vec<String> {
    items
        .iter()
        .map(|item| item["offer"]["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_route_filtered_by_need_lists_its_offers_with_that_need_ranked_for_it() {
    use offer_model::needs::NeedKey;
    const PATH: &str = "/credit-cards/rewards";
    for app in common::apps().await {
        import(&app, &fixtures_dir()).await;
        // The route table names the needs each page may be filtered by, in need-table order.
        let routes = app.get("/api/routes", &[]).await.json();
        let route_of = |path: &str| {
            routes["routes"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["path"] == path)
                .cloned()
                .unwrap()
        };
        let needs = route_of(PATH)["needs"].as_array().unwrap().clone();
        assert!(needs.len() >= 2, "{}: {needs:?}", app.name);
        let keys: Vec<NeedKey> = needs
            .iter()
            .map(|n| NeedKey::parse(n["key"].as_str().unwrap()).unwrap())
            .collect();
        for (need, info) in keys.iter().zip(&needs) {
            assert_eq!(info["label"], need.label());
        }
        let in_table_order: Vec<NeedKey> = NeedKey::ALL
            .into_iter()
            .filter(|n| keys.contains(n))
            .collect();
        assert_eq!(keys, in_table_order);
        // Pages of other product families offer none and leave the field out.
        for path in [
            "/checking-accounts",
            "/cd-rates",
            "/banks",
            "/best-personal-loans",
        ] {
            assert!(route_of(path).get("needs").is_none(), "{path}");
        }

        // A need other than the page's own order: the page's offers with that need, in the
        // need listing's order.
        let need = keys.iter().find(|n| **n != NeedKey::Rewards).unwrap();
        let query = format!("route={PATH}&need={need}&sponsorship=none");
        let narrowed = item_ids(&all_items(&app, &query).await);
        let of_route: BTreeSet<String> =
            item_ids(&all_items(&app, &format!("route={PATH}&sponsorship=none")).await)
                .into_iter()
                .collect();
        let expected: Vec<String> =
            item_ids(&all_items(&app, &format!("need={need}&sponsorship=none")).await)
                .into_iter()
                .filter(|id| of_route.contains(id))
                .collect();
        assert!(!narrowed.is_empty(), "{}: {need}", app.name);
        assert!(narrowed.len() < of_route.len(), "{}: {need}", app.name);
        assert_eq!(narrowed, expected, "{}", app.name);

        let r = app.get(&format!("/api/listings?{query}"), &[]).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let body = r.json();
        assert_eq!(
            body["editorialOrder"],
            serde_json::json!({"kind": "need", "key": need.key(), "label": need.label()})
        );
        assert_eq!(body["route"]["path"], PATH);
        assert_eq!(body["route"]["order"]["key"], "rewards");
        assert_eq!(body["route"]["needs"], Value::from(needs.clone()));
        assert!(body.get("scenario").is_none());
        let ranks: Vec<u64> = body["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["editorialRank"].as_u64().unwrap())
            .collect();
        assert_eq!(ranks, (1..=ranks.len() as u64).collect::<Vec<_>>());
        // The plain page carries the same needs.
        let plain = app.get(&format!("/api/listings?route={PATH}"), &[]).await;
        assert_eq!(plain.json()["route"]["needs"], Value::from(needs.clone()));
        assert_eq!(plain.json()["editorialOrder"]["key"], "rewards");
        // The dispatch action answers the same bytes.
        let rpc = app
            .get(
                &format!(
                    "/home/rpc?action=Catalogue.List&route={}&need={need}&sponsorship=none",
                    encode(PATH)
                ),
                &[],
            )
            .await;
        assert_eq!(rpc.status, 200, "{}", rpc.text());
        assert_eq!(rpc.body, r.body);
        assert_eq!(rpc.header("etag"), r.header("etag"));

        // A need of the family that no offer of the page has: an empty page, not an error.
        let absent = NeedKey::ALL
            .into_iter()
            .find(|n| !keys.contains(n))
            .unwrap();
        let r = app
            .get(&format!("/api/listings?route={PATH}&need={absent}"), &[])
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(
            (r.json()["total"].as_u64(), r.json()["pages"].as_u64()),
            (Some(0), Some(1))
        );

        for (uri, field, message) in [
            (
                "/api/listings?route=/checking-accounts&need=rewards",
                "need",
                "/checking-accounts cannot be filtered by the need rewards",
            ),
            (
                "/home/rpc?action=Catalogue.List&route=/best-personal-loans&need=travel",
                "need",
                "/best-personal-loans cannot be filtered by the need travel",
            ),
            (
                "/api/listings?route=/credit-cards/rewards&need=travel&scenario=savingStudent",
                "scenario",
                "need and scenario cannot be combined",
            ),
            (
                "/api/listings?route=/credit-cards/rewards&need=travel&type=creditCard",
                "type",
                "route and type cannot be combined",
            ),
        ] {
            let r = app.get(uri, &[]).await;
            assert_eq!(r.status, 400, "{}: {uri}: {}", app.name, r.text());
            let body = r.json();
            assert_eq!(body["code"], "validation", "{uri}");
            assert_eq!(body["field"], field, "{uri}");
            assert_eq!(body["message"], message, "{uri}");
        }
        let r = app
            .get("/api/listings?route=/credit-cards/nope&need=travel", &[])
            .await;
        assert_eq!(r.status, 404, "{}", r.text());
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_route_lists_the_scenarios_it_may_be_ranked_for_and_takes_exactly_those() {
    use offer_model::scenarios::{ProductFamily, Scenario};
    for app in common::apps().await {
        import(&app, &fixtures_dir()).await;
        let routes = app.get("/api/routes", &[]).await.json();
        let routes = routes["routes"].as_array().unwrap();
        let keys = |scenarios: &[Scenario]| -> Vec<String> {
            scenarios.iter().map(|s| s.key().to_owned()).collect()
        };
        let checking: Vec<Scenario> = Scenario::of_family(ProductFamily::Checking).collect();
        let saving: Vec<Scenario> = Scenario::of_family(ProductFamily::Saving).collect();
        // Savings and money market accounts have no term.
        let saving_no_term: Vec<Scenario> = Scenario::of_family(ProductFamily::Saving)
            .filter(|s| s.term_months().is_none())
            .collect();
        let mut with_scenarios = Vec::new();
        for route in routes {
            let path = route["path"].as_str().unwrap();
            // The banking pages with a scenario list their family, in the scenario table's
            // order; every other page leaves the field out.
            let expected: &[Scenario] = match path {
                "/checking-accounts" => &checking,
                "/cd-rates" => &saving,
                "/savings-accounts" | "/money-market-accounts" => &saving_no_term,
                _ => &[],
            };
            let listed: Vec<Scenario> = match route.get("scenarios") {
                None => Vec::new(),
                Some(list) => list
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| Scenario::parse(s["key"].as_str().unwrap()).unwrap())
                    .collect(),
            };
            assert_eq!(keys(&listed), keys(expected), "{}: {path}", app.name);
            if listed.is_empty() {
                assert!(route.get("scenarios").is_none(), "{path}");
                continue;
            }
            with_scenarios.push(path);
            let own = route["scenario"]["key"].as_str().unwrap();
            assert!(listed.iter().any(|s| s.key() == own), "{path}");
            for (info, scenario) in route["scenarios"].as_array().unwrap().iter().zip(&listed) {
                assert_eq!(info["label"], scenario.label());
                assert_eq!(
                    info["termMonths"].as_u64(),
                    scenario.term_months().map(u64::from)
                );
            }

            // Every listed scenario ranks the page for it, and the listing carries the list.
            for scenario in &listed {
                let uri = format!("/api/listings?route={path}&scenario={scenario}&per_page=1");
                let r = app.get(&uri, &[]).await;
                assert_eq!(r.status, 200, "{}: {uri}: {}", app.name, r.text());
                let body = r.json();
                assert_eq!(body["scenario"]["key"], scenario.key(), "{uri}");
                assert_eq!(body["editorialOrder"]["kind"], "scenario", "{uri}");
                assert_eq!(body["route"]["scenarios"], route["scenarios"], "{uri}");
            }
        }
        assert_eq!(with_scenarios.len(), 4, "{}: {with_scenarios:?}", app.name);

        // Every other scenario is refused, on every page.
        for route in routes {
            let path = route["path"].as_str().unwrap();
            let listed: BTreeSet<&str> = route
                .get("scenarios")
                .and_then(Value::as_array)
                .map(|list| list.iter().filter_map(|s| s["key"].as_str()).collect())
                .unwrap_or_default();
            for scenario in Scenario::ALL
                .into_iter()
                .filter(|s| !listed.contains(s.key()))
            {
                let uri = format!("/api/listings?route={path}&scenario={scenario}");
                let r = app.get(&uri, &[]).await;
                assert_eq!(r.status, 400, "{}: {uri}: {}", app.name, r.text());
                let body = r.json();
                assert_eq!(body["code"], "validation", "{uri}");
                assert_eq!(body["field"], "scenario", "{uri}");
                assert_eq!(
                    body["message"],
                    format!("{path} cannot be ranked for the scenario {scenario}"),
                    "{uri}"
                );
            }
        }
        // The plain listing of a banking page carries the same list as /api/routes.
        let plain = app
            .get("/api/listings?route=/checking-accounts", &[])
            .await
            .json();
        let listed: Vec<&str> = plain["route"]["scenarios"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|s| s["key"].as_str())
            .collect();
        assert_eq!(listed, keys(&checking));
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_changed_catalogue_is_picked_up_by_refresh_on_every_instance() {
    for app in common::apps().await {
        // Before any import: the route table answers and listings are empty.
        let r = app.get("/api/routes", &[]).await;
        assert_eq!(r.status, 200);
        let r = app.get("/api/listings?route=/savings-accounts", &[]).await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["total"], 0);

        import(&app, &fixtures_dir()).await;
        assert!(
            !app.state.catalogue.refresh(&app.state.db).await.unwrap(),
            "nothing changed"
        );
        let uri = "/api/listings?route=/savings-accounts&sponsorship=none";
        let before = app.get(uri, &[]).await;
        let top = before.json()["items"][0]["offer"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let old_etag = before.header("etag").unwrap().to_owned();

        let dir = {
            let top = top.clone();
            edited_fixtures(move |item| {
                if item["ID"] == top.as_str() {
                    item["NAME"] = Value::from("Renamed Savings");
                }
            })
        };
        let version_before = app.state.catalogue.snapshot().version;
        store::catalogue::import_dir(&app.state.db, &dir)
            .await
            .unwrap();
        // The old snapshot answers until the refresh.
        let stale = app.get(uri, &[]).await;
        assert_eq!(stale.body, before.body);
        assert!(app.state.catalogue.refresh(&app.state.db).await.unwrap());
        assert_eq!(app.state.catalogue.snapshot().version, version_before + 1);
        let after = app.get(uri, &[]).await;
        assert_ne!(after.body, before.body);
        let renamed = all_items(&app, "route=/savings-accounts&sponsorship=none").await;
        let renamed = renamed
            .iter()
            .find(|i| i["offer"]["id"] == top.as_str())
            .expect("the renamed offer is still listed");
        assert_eq!(renamed["offer"]["name"], "Renamed Savings");
        assert_ne!(after.header("etag"), Some(old_etag.as_str()));
        let r = app.get(uri, &[("if-none-match", old_etag.as_str())]).await;
        assert_eq!(r.status, 200, "an old tag is not current any more");

        // A second instance over the same database and fixtures builds the same answer.
        let other = SharedCatalogue::new(plainrate::listings::load_large_banks(
            fixtures_dir().parent().unwrap(),
        ));
        assert!(other.refresh(&app.state.db).await.unwrap());
        let snapshot = other.snapshot();
        assert_eq!(snapshot.version, app.state.catalogue.snapshot().version);
        let body = plainrate::listings::api::listing_body(
            &snapshot,
            [("route", "/savings-accounts"), ("sponsorship", "none")],
        )
        .unwrap();
        assert_eq!(body.json().as_ref(), after.body.as_slice());
        assert_eq!(Some(body.etag().to_str().unwrap()), after.header("etag"));
        let _ = std::fs::remove_dir_all(dir);
        app.cleanup().await;
    }
}

/// Whether an offer's JSON carries the large-bank asterisk; the field is left out when false.
fn asterisk(offer: &Value) -> bool {
    match offer.get("largeBankAsterisk") {
        None => false,
        Some(flag) => {
            assert_eq!(flag, &Value::Bool(true), "written only when true: {offer}");
            true
        }
    }
}

#[tokio::test]
async fn offers_of_large_banks_without_an_affiliate_link_carry_the_asterisk() {
    for app in common::apps().await {
        let banks = app.state.catalogue.large_banks();
        assert!(
            banks.names().iter().any(|name| name == "Chase"),
            "{}: the list is read from the fixtures folder",
            app.name
        );
        import(&app, &fixtures_dir()).await;
        // A card of a large bank by its brand name, one by its TCCP spelling, one of a bank
        // below $100 billion; a large bank and a credit union.
        for (uri, expected) in [
            ("/api/offers/chase-world-of-hyatt-business", true),
            (
                "/api/offers/usaa-federal-savings-bank-usaa-cashback-rewards",
                true,
            ),
            ("/api/offers/barclays-xbox", false),
            ("/api/offers/fdic-628", true),
            ("/api/offers/ncua-5536", false),
        ] {
            let r = app.get(uri, &[]).await;
            assert_eq!(r.status, 200, "{}: {uri}", app.name);
            assert_eq!(asterisk(&r.json()), expected, "{}: {uri}", app.name);
        }
        let r = app.get("/api/institutions/fdic-628", &[]).await;
        let body = r.json();
        assert!(asterisk(&body["institution"]), "{}", app.name);
        let products = body["products"].as_array().unwrap();
        assert!(!products.is_empty());
        assert!(products.iter().all(asterisk), "{}", app.name);
        let r = app.get("/api/compare?ids=ncua-5536,fdic-628", &[]).await;
        let marked: Vec<bool> = r.json()["offers"]
            .as_array()
            .unwrap()
            .iter()
            .map(asterisk)
            .collect();
        assert_eq!(marked, [false, true], "{}", app.name);
        // Listings mark the same offers as the offer reads: on the bank page, the
        // institutions of $100 billion or more.
        let banks_page = all_items(&app, "route=/banks&sponsorship=none").await;
        let marked: BTreeSet<&str> = banks_page
            .iter()
            .filter(|item| asterisk(&item["offer"]))
            .map(|item| item["offer"]["id"].as_str().unwrap())
            .collect();
        assert!(marked.contains("fdic-628") && marked.contains("fdic-4297"));
        assert!(!marked.contains("fdic-57203"), "Barclays Bank Delaware");
        // Over the whole catalogue: every offer of a listed issuer without an affiliate link,
        // and no other.
        let snapshot = app.state.catalogue.snapshot();
        let count = snapshot
            .offers()
            .iter()
            .filter(|offer| snapshot.catalogue().large_banks().asterisk(offer))
            .count();
        // No shipped offer has an affiliate link: every offer of a large bank is marked.
        assert_eq!(count, 290, "{}", app.name);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn an_offer_with_an_affiliate_link_gets_no_asterisk() {
    let chase_affiliate = edited_fixtures(|offer| {
        if offer["ISSUER"] == "Chase" {
            offer["WH_AFFILIATE_LINK"] = Value::from("Y");
        }
    });
    for app in common::apps().await {
        import(&app, &chase_affiliate).await;
        let r = app
            .get("/api/offers/chase-world-of-hyatt-business", &[])
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(!asterisk(&r.json()), "{}", app.name);
        // The bank's own products without an affiliate link keep it.
        let r = app.get("/api/offers/fdic-628", &[]).await;
        assert!(asterisk(&r.json()), "{}", app.name);
        app.cleanup().await;
    }
    let _ = std::fs::remove_dir_all(&chase_affiliate);
}

/// The answers given at once (a `GET` of a listing page or of the pixel) are the answers
/// their routes give: same status, headers and bytes; anything else goes to the router.
#[tokio::test]
async fn listings_and_the_pixel_are_answered_at_once_as_their_routes_answer() {
    use axum::body::Body;
    use axum::http::{Method, Request};
    use http_body_util::BodyExt;
    use plainrate::middleware::Immediate;
    use tower::ServiceExt;

    let request = |method: Method, uri: &str, headers: &[(&str, &str)]| {
        let mut builder = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        builder.body(Body::empty()).unwrap()
    };
    // Status, headers and the body's SHA-256. The router also writes `content-length`,
    // which the connection writes for both from the body's exact size.
    async fn parts(response: axum::response::Response) -> (u16, Vec<(String, String)>, String) {
        use sha2::Digest;
        let (head, body) = response.into_parts();
        let mut headers: Vec<(String, String)> = head
            .headers
            .iter()
            .filter(|(name, _)| *name != axum::http::header::CONTENT_LENGTH)
            .map(|(name, value)| (name.to_string(), value.to_str().unwrap().to_owned()))
            .collect();
        headers.sort();
        let body = body.collect().await.unwrap().to_bytes();
        let digest = sha2::Sha256::digest(&body);
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        (
            head.status.as_u16(),
            headers,
            format!("{} bytes, {hex}", body.len()),
        )
    }
    for app in common::apps().await {
        import(&app, &fixtures_dir()).await;
        let site = plainrate::router::site(app.state.clone());
        let listing = "/api/listings?route=/credit-cards/rewards";
        let etag = app
            .get(listing, &[])
            .await
            .header("etag")
            .unwrap()
            .to_owned();
        let cases: [(&str, &[(&str, &str)]); 6] = [
            (listing, &[]),
            (listing, &[("accept-encoding", "gzip")]),
            (listing, &[("if-none-match", etag.as_str())]),
            ("/api/listings?route=/no-such-route", &[]),
            (
                "/pixel.png?adview_id=a1&adview_pid=42&adview_version=2",
                &[],
            ),
            ("/pixel.png?adview_id=%FF&adview_version=2", &[]),
        ];
        for (uri, headers) in cases {
            let at_once = site
                .immediate(&request(Method::GET, uri, headers))
                .unwrap_or_else(|| panic!("{}: {uri} was not answered at once", app.name));
            let routed = site
                .clone()
                .oneshot(request(Method::GET, uri, headers))
                .await
                .unwrap();
            assert_eq!(
                parts(at_once).await,
                parts(routed).await,
                "{}: {uri} {headers:?}",
                app.name
            );
        }
        for (method, uri) in [
            (Method::HEAD, listing),
            (Method::HEAD, "/pixel.png?adview_id=a1&adview_version=2"),
            (Method::POST, "/pixel.png"),
            (Method::GET, "/api/routes"),
            (Method::GET, "/healthz"),
        ] {
            assert!(
                site.immediate(&request(method.clone(), uri, &[])).is_none(),
                "{}: {method} {uri} was answered at once",
                app.name
            );
        }
        app.cleanup().await;
    }
}

/// A listing answered at once still passes the gate, with the caller's address read as
/// every route reads it: a blocked client behind a trusted proxy is refused, the proxy's
/// other clients and an untrusted peer's claim are not.
#[tokio::test]
async fn a_listing_answered_at_once_refuses_a_blocked_client_behind_a_trusted_proxy() {
    use axum::body::Body;
    use axum::http::Request;

    let adjust = |s: &mut plainrate::config::Settings| {
        s.trusted_proxies = vec!["10.0.0.1".parse().unwrap()];
        s.blocked_clients = vec!["203.0.113.7".parse().unwrap()];
    };
    for app in common::apps_with(adjust).await {
        import(&app, &fixtures_dir()).await;
        let ask = |forwarded_for: &str, peer: &str| {
            let request = Request::get("/api/listings?route=/credit-cards/rewards")
                .header("x-forwarded-for", forwarded_for)
                .body(Body::empty())
                .unwrap();
            (request, peer.parse().unwrap())
        };
        let (request, peer) = ask("203.0.113.7", "10.0.0.1:1234");
        let r = app.send_from(request, peer).await;
        assert_eq!(r.status, 403, "{}", app.name);
        assert_eq!(r.json()["apiblocked"], true);
        assert_eq!(r.header("x-request-trace"), r.header("x-request-id"));
        let (request, peer) = ask("203.0.113.8", "10.0.0.1:1234");
        assert_eq!(
            app.send_from(request, peer).await.status,
            200,
            "{}",
            app.name
        );
        let (request, peer) = ask("203.0.113.7", "198.51.100.4:1234");
        assert_eq!(
            app.send_from(request, peer).await.status,
            200,
            "{}: an untrusted peer's header is ignored",
            app.name
        );
        app.cleanup().await;
    }
}
