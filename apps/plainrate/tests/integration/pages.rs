//! The site's pages and built files over HTTP, on every backend: the template filled with
//! a head (title, canonical address, Open Graph, JSON-LD), server-rendered content and the
//! initial data (byte for byte the API's answer), the built files with their cache
//! headers, ETags and gzip, content negotiation on the members' paths, the 404 page, and a
//! server without a frontend build.

use crate::common;
use crate::common::members as member_helpers;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::common::{Reply, TestApp};
use plainrate::listings::route_table;
use serde_json::Value;

const BASE: &str = "https://plainrate.example";
const NAVIGATION: (&str, &str) = (
    "accept",
    "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
);
const JS_NAME: &str = "index-T3stH4sh.js";
const CSS_NAME: &str = "index-T3stH4sh.css";

fn temp_dir(what: &str) -> PathBuf {
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "plainrate-pages-{what}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn js() -> String {
    "export const greeting = 'plainrate';\n".repeat(200)
}

/// A build folder as Vite writes it: the template, hashed files, a favicon, a robots file
/// and the manifest.
fn build_folder() -> PathBuf {
    let dir = temp_dir("dist");
    std::fs::write(
        dir.join("index.html"),
        format!(
            "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"utf-8\" />\n    \
             <link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\" />\n    <!--app-head-->\n    \
             <script type=\"module\" crossorigin src=\"/assets/{JS_NAME}\"></script>\n    \
             <link rel=\"stylesheet\" crossorigin href=\"/assets/{CSS_NAME}\">\n  </head>\n  <body>\n    \
             <div id=\"root\"><!--app-html--></div>\n    <!--app-data-->\n  </body>\n</html>\n"
        ),
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("assets").join(JS_NAME), js()).unwrap();
    std::fs::write(dir.join("assets").join(CSS_NAME), "body{margin:0}\n").unwrap();
    std::fs::write(
        dir.join("favicon.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"1\"/></svg>",
    )
    .unwrap();
    std::fs::write(dir.join("robots.txt"), "User-agent: *\nAllow: /\n").unwrap();
    std::fs::create_dir_all(dir.join(".vite")).unwrap();
    std::fs::write(dir.join(".vite").join("manifest.json"), "{}").unwrap();
    dir
}

/// The test copy of the content file (`tests/fixtures/content/pages.json`).
fn test_fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn catalogue_fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/catalogue")
}

/// The app with a build folder, the test content pages and a public base URL.
async fn site_apps() -> Vec<TestApp> {
    let dist = build_folder();
    common::apps_with(move |s| {
        s.assets_dir = dist.clone();
        s.fixtures_dir = test_fixtures();
        s.base_url = format!("{BASE}/");
    })
    .await
}

/// A copy of the fixture catalogue with each offer passed through `edit`.
fn edited_catalogue(edit: impl Fn(&mut Value)) -> PathBuf {
    let dir = temp_dir("catalogue");
    for entry in std::fs::read_dir(catalogue_fixtures()).unwrap() {
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

async fn import(app: &TestApp, dir: &Path) {
    store::catalogue::import_dir(&app.state.db, dir)
        .await
        .unwrap();
    assert!(app.state.catalogue.refresh(&app.state.db).await.unwrap());
}

const HOSTILE_NAME: &str = "Hostile </script><script>alert(1)</script> Card";

/// The fixtures, with the first rated credit card with a details page renamed to
/// [`HOSTILE_NAME`], sponsored, with 12 reviews.
fn hostile_catalogue() -> PathBuf {
    let done = std::sync::atomic::AtomicBool::new(false);
    edited_catalogue(|offer| {
        let card = offer["ID"]
            .as_str()
            .is_some_and(|id| id.starts_with("ccb-"))
            && offer.get("RATING").is_some()
            && offer.get("DETAILS_HTML_PAGE").is_some();
        if card && !done.swap(true, Ordering::Relaxed) {
            offer["NAME"] = Value::from(HOSTILE_NAME);
            offer["SPONSORED"] = Value::from("Y");
            offer["REVIEWS"] = Value::from("12");
            offer["MEMBER_RATING"] = Value::from("4.2");
        }
    })
}

// ---- reading a page -------------------------------------------------------------------

fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let len = text[from..].find(end)?;
    Some(&text[from..from + len])
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Text as the pages escape it.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

fn title(html: &str) -> String {
    unescape(between(html, "<title>", "</title>").expect("a title"))
}

fn meta(html: &str, attribute: &str, key: &str) -> Option<String> {
    between(
        html,
        &format!("<meta {attribute}=\"{key}\" content=\""),
        "\">",
    )
    .map(unescape)
}

fn canonical(html: &str) -> Option<String> {
    between(html, "<link rel=\"canonical\" href=\"", "\">").map(unescape)
}

fn json_ld(html: &str) -> Option<Value> {
    between(html, "<script type=\"application/ld+json\">", "</script>")
        .map(|text| serde_json::from_str(text).unwrap())
}

/// The initial data as written into the page.
fn raw_data(html: &str) -> &str {
    between(
        html,
        "<script type=\"application/json\" id=\"initial-data\">",
        "</script>",
    )
    .expect("initial data")
}

fn data(html: &str) -> Value {
    serde_json::from_str(raw_data(html)).unwrap()
}

/// What the initial data must be: the API's answer, spliced in unchanged.
fn expected_data(path: &str, kind: &str, field: Option<&str>, answer: &Reply) -> String {
    let path = serde_json::to_string(path).unwrap();
    match field {
        Some(field) => format!(
            "{{\"path\":{path},\"page\":{{\"kind\":\"{kind}\",\"{field}\":{}}}}}",
            answer.text()
        ),
        None => format!("{{\"path\":{path},\"page\":{{\"kind\":\"{kind}\"}}}}"),
    }
}

/// The page's data is byte for byte the API answer (once `\u003c` is read back as `<`).
fn assert_data_is(html: &str, path: &str, kind: &str, field: Option<&str>, answer: &Reply) {
    let raw = raw_data(html);
    assert!(!raw.contains('<'), "unescaped < in the data");
    assert_eq!(
        raw.replace("\\u003c", "<"),
        expected_data(path, kind, field, answer)
    );
    let typed: api_types::page::PageData = serde_json::from_str(raw).unwrap();
    assert_eq!(typed.path, path);
}

/// Headers every page has.
fn assert_page(reply: &Reply, status: u16) {
    assert_eq!(reply.status, status, "{}", reply.text());
    assert_eq!(
        reply.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(reply.header("cache-control"), Some("no-cache"));
    let vary = reply.header("vary").unwrap_or("");
    assert!(
        vary.split(',').any(|v| v.trim() == "accept"),
        "vary: {vary}"
    );
    let csp = reply.header("content-security-policy").unwrap();
    assert!(csp.contains("script-src 'self'") && csp.contains("style-src 'self'"));
    assert_no_inline_code(&reply.text());
}

/// No inline executable script and no inline style: every script is loaded from a file
/// or is a data block.
fn assert_no_inline_code(html: &str) {
    for (at, _) in html.match_indices("<script") {
        let tag = &html[at..at + html[at..].find('>').unwrap()];
        assert!(
            tag.contains(" src=")
                || tag.contains("type=\"application/json\"")
                || tag.contains("type=\"application/ld+json\""),
            "inline script: {tag}"
        );
    }
    assert!(!html.contains("<style"), "inline style element");
    assert!(!html.contains(" style="), "inline style attribute");
}

/// The head's findability tags: title, description, canonical, Open Graph.
fn assert_head(html: &str, page_title: &str, canonical_url: Option<&str>) {
    assert_eq!(title(html), format!("{page_title} | Plainrate"));
    assert_eq!(
        meta(html, "property", "og:title").as_deref(),
        Some(page_title)
    );
    assert_eq!(
        meta(html, "property", "og:site_name").as_deref(),
        Some("Plainrate")
    );
    assert_eq!(
        meta(html, "property", "og:type").as_deref(),
        Some("website")
    );
    let description = meta(html, "name", "description").expect("a description");
    assert!(!description.is_empty());
    assert_eq!(meta(html, "property", "og:description"), Some(description));
    assert_eq!(canonical(html).as_deref(), canonical_url);
    assert_eq!(meta(html, "property", "og:url").as_deref(), canonical_url);
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .unwrap();
    out
}

// ---- built files ----------------------------------------------------------------------

#[tokio::test]
async fn hashed_files_are_immutable_with_etags_304_and_gzip() {
    for app in site_apps().await {
        let path = format!("/assets/{JS_NAME}");
        let r = app.get(&path, &[]).await;
        assert_eq!(r.status, 200, "{}", app.name);
        assert_eq!(r.body, js().as_bytes());
        assert_eq!(
            r.header("content-type"),
            Some("text/javascript; charset=utf-8")
        );
        assert_eq!(
            r.header("cache-control"),
            Some("public, max-age=31536000, immutable")
        );
        assert_eq!(r.header("vary"), Some("accept-encoding"));
        assert_eq!(r.header("content-encoding"), None);
        let etag = r.header("etag").unwrap().to_owned();
        assert!(
            etag.starts_with('"') && etag.ends_with('"'),
            "strong: {etag}"
        );

        let again = app.get(&path, &[("if-none-match", &etag)]).await;
        assert_eq!(again.status, 304);
        assert!(again.body.is_empty());
        assert_eq!(again.header("etag"), Some(etag.as_str()));

        let packed = app.get(&path, &[("accept-encoding", "gzip, br")]).await;
        assert_eq!(packed.status, 200);
        assert_eq!(packed.header("content-encoding"), Some("gzip"));
        assert!(packed.body.len() < r.body.len());
        assert_eq!(gunzip(&packed.body), r.body);
        let gz_etag = packed.header("etag").unwrap().to_owned();
        assert_ne!(gz_etag, etag);
        let again = app
            .get(
                &path,
                &[("accept-encoding", "gzip"), ("if-none-match", &gz_etag)],
            )
            .await;
        assert_eq!(again.status, 304);
        // The same negotiation rules as the API: no gzip at q=0.
        let refused = app.get(&path, &[("accept-encoding", "gzip;q=0")]).await;
        assert_eq!(refused.header("content-encoding"), None);

        let css = app.get(&format!("/assets/{CSS_NAME}"), &[]).await;
        assert_eq!(css.header("content-type"), Some("text/css; charset=utf-8"));

        let head = app
            .send(
                axum::http::Request::head(&path)
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await;
        assert_eq!(head.status, 200);
        assert!(head.body.is_empty());

        // A miss under /assets/ is the API's JSON 404, even for a navigation.
        let missing = app.get("/assets/index-0000.js", &[NAVIGATION]).await;
        assert_eq!(missing.status, 404);
        assert_eq!(missing.json()["code"], "not_found");
        app.cleanup().await;
    }
}

#[tokio::test]
async fn top_level_files_have_a_short_cache_and_the_template_and_dot_files_are_not_served() {
    for app in site_apps().await {
        let icon = app.get("/favicon.svg", &[]).await;
        assert_eq!(icon.status, 200, "{}", app.name);
        assert_eq!(icon.header("content-type"), Some("image/svg+xml"));
        assert_eq!(icon.header("cache-control"), Some("public, max-age=3600"));
        let etag = icon.header("etag").unwrap().to_owned();
        let again = app.get("/favicon.svg", &[("if-none-match", &etag)]).await;
        assert_eq!(again.status, 304);

        let robots = app.get("/robots.txt", &[]).await;
        assert_eq!(robots.status, 200);
        assert_eq!(
            robots.header("content-type"),
            Some("text/plain; charset=utf-8")
        );
        // The site writes its own, whatever the build folder holds.
        assert!(robots.text().contains("Sitemap: "), "{}", robots.text());

        for path in ["/index.html", "/.vite/manifest.json", "/assets"] {
            let r = app.get(path, &[]).await;
            assert_eq!(r.status, 404, "{path}");
            assert!(!r.text().contains("<!--app-head-->"), "{path}");
        }
        app.cleanup().await;
    }
}

// ---- pages ----------------------------------------------------------------------------

#[tokio::test]
async fn the_home_page_carries_the_route_table() {
    for app in site_apps().await {
        import(&app, &catalogue_fixtures()).await;
        let r = app.get("/", &[NAVIGATION]).await;
        assert_page(&r, 200);
        let html = r.text();
        // The template's own parts stay; the markers are filled.
        assert!(html.contains(&format!("src=\"/assets/{JS_NAME}\"")));
        assert!(!html.contains("<!--app-"));
        assert_eq!(
            title(&html),
            "Plainrate: compare credit cards, bank accounts and loans"
        );
        assert_eq!(canonical(&html).as_deref(), Some(&*format!("{BASE}/")));
        assert_eq!(
            meta(&html, "property", "og:url").as_deref(),
            Some(&*format!("{BASE}/"))
        );
        let ld = json_ld(&html).unwrap();
        assert_eq!(ld["@type"], "WebSite");
        assert_eq!(ld["name"], "Plainrate");
        let api = app.get("/api/routes", &[]).await;
        assert_data_is(&html, "/", "home", Some("routes"), &api);
        // Every listing is linked, as a page.
        let root = between(&html, "<div id=\"root\">", "</div>\n").unwrap();
        assert!(root.contains("<h1>"));
        for route in route_table().routes() {
            assert!(
                root.contains(&format!("<a href=\"{}\">", route.path)),
                "{}",
                route.path
            );
        }
        // Any client gets the home page: it is a page route, not a negotiated one.
        assert_eq!(app.get("/", &[]).await.status, 200);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_best_of_title_fills_its_date_placeholders_from_today() {
    for app in site_apps().await {
        import(&app, &catalogue_fixtures()).await;
        let route = route_table()
            .routes()
            .iter()
            .find(|r| r.path == "/best-credit-cards")
            .unwrap();
        assert_eq!(route.title, "Best credit cards of {month} {year}");
        let today = chrono::Utc::now().date_naive();
        let filled = formatting::date_placeholders::fill_date_placeholders(&route.title, today);
        assert!(!filled.contains('{'), "{filled}");
        let r = app.get(&route.path, &[NAVIGATION]).await;
        assert_page(&r, 200);
        let html = r.text();
        assert_head(&html, &filled, Some(&format!("{BASE}{}", route.path)));
        assert!(
            html.contains(&format!("<h1>{}</h1>", esc(&filled))),
            "{filled}"
        );
        // The home page lists it by the same title.
        let home = app.get("/", &[NAVIGATION]).await.text();
        assert!(home.contains(&format!(
            "<a href=\"/best-credit-cards\">{}</a>",
            esc(&filled)
        )));
        app.cleanup().await;
    }
}

#[tokio::test]
async fn listing_pages_carry_the_listing_answer_an_item_list_and_paging() {
    for app in site_apps().await {
        import(&app, &catalogue_fixtures()).await;
        let route = route_table()
            .routes()
            .iter()
            .find(|r| r.path == "/credit-cards/rewards")
            .unwrap();
        let r = app.get(&route.path, &[NAVIGATION]).await;
        assert_page(&r, 200);
        let html = r.text();
        assert_head(&html, &route.title, Some(&format!("{BASE}{}", route.path)));
        let api = app
            .get(&format!("/api/listings?route={}", route.path), &[])
            .await;
        assert_data_is(&html, &route.path, "listing", Some("listing"), &api);
        let listing = api.json();

        let ld = json_ld(&html).unwrap();
        assert_eq!(ld["@context"], "https://schema.org");
        assert_eq!(ld["@type"], "ItemList");
        let items = ld["itemListElement"].as_array().unwrap();
        assert_eq!(items.len(), listing["items"].as_array().unwrap().len());
        assert_eq!(ld["numberOfItems"], items.len());
        for (n, (item, entry)) in items
            .iter()
            .zip(listing["items"].as_array().unwrap())
            .enumerate()
        {
            assert_eq!(item["@type"], "ListItem");
            assert_eq!(item["position"], n + 1);
            assert_eq!(item["item"]["@type"], "Product");
            assert_eq!(item["item"]["name"], entry["offer"]["name"]);
            if let Some(path) = entry["offer"]["detailsPath"].as_str() {
                assert_eq!(item["item"]["offers"]["url"], format!("{BASE}{path}"));
            }
        }

        // The content: the heading, then the offers in order, linked to their pages.
        let root = between(&html, "<div id=\"root\">", "</div>\n").unwrap();
        assert!(root.contains(&format!("<h1>{}</h1>", route.title)));
        let list = between(root, "<ol>", "</ol>").unwrap();
        let mut at = 0;
        for entry in listing["items"].as_array().unwrap() {
            let name = entry["offer"]["name"].as_str().unwrap();
            let escaped = esc(name);
            let found = list[at..]
                .find(&escaped)
                .unwrap_or_else(|| panic!("{name}"));
            at += found;
        }
        assert!(root.contains("Rated ") || root.contains("Not rated yet"));
        assert!(root.contains("rel=\"next\""), "a next-page link");

        // Page 2: its own canonical address and the API's page 2.
        let second = app
            .get(&format!("{}?page=2", route.path), &[NAVIGATION])
            .await;
        assert_page(&second, 200);
        let html2 = second.text();
        assert_eq!(
            canonical(&html2).as_deref(),
            Some(&*format!("{BASE}{}?page=2", route.path))
        );
        assert!(title(&html2).contains("page 2"));
        let api2 = app
            .get(&format!("/api/listings?route={}&page=2", route.path), &[])
            .await;
        assert_data_is(
            &html2,
            &format!("{}?page=2", route.path),
            "listing",
            Some("listing"),
            &api2,
        );
        let first_position = 1 + api2.json()["perPage"].as_u64().unwrap();
        assert_eq!(
            json_ld(&html2).unwrap()["itemListElement"][0]["position"],
            first_position
        );

        // Page parameters pass through to the query; others are ignored; sort is not
        // canonical.
        let path = format!(
            "{}?sort=name&utm_source=mail&per_page=50&route=/banks",
            route.path
        );
        let sorted = app.get(&path, &[NAVIGATION]).await;
        assert_page(&sorted, 200);
        let api = app
            .get(
                &format!("/api/listings?route={}&sort=name", route.path),
                &[],
            )
            .await;
        assert_data_is(&sorted.text(), &path, "listing", Some("listing"), &api);
        assert_eq!(
            canonical(&sorted.text()).as_deref(),
            Some(&*format!("{BASE}{}", route.path))
        );
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_refused_listing_filter_shows_the_list_with_its_default_and_says_so() {
    for app in site_apps().await {
        import(&app, &catalogue_fixtures()).await;
        let route = "/credit-cards/rewards";
        let plain = app
            .get(&format!("/api/listings?route={route}"), &[])
            .await
            .json();
        let first = plain["items"][0]["offer"]["name"]
            .as_str()
            .unwrap()
            .to_owned();
        for (query, left_out) in [
            ("page=999", "page=999"),
            ("sort=bogus", "sort=bogus"),
            ("page=2&page=3", "page=2, page=3"),
            (
                "scenario=savingAverageAmount",
                "scenario=savingAverageAmount",
            ),
        ] {
            let path = format!("{route}?{query}");
            let r = app.get(&path, &[NAVIGATION]).await;
            assert_page(&r, 200);
            let html = r.text();
            // The list with the defaults, and what was left out.
            assert!(html.contains(&esc(&first)), "{query}: the default list");
            assert!(
                html.contains(&format!(
                    "This address asked for {}, which this list cannot show",
                    esc(left_out)
                )),
                "{query}"
            );
            let api = app
                .get(&format!("/api/listings?route={route}&{query}"), &[])
                .await;
            assert_eq!(api.status, 400, "{query}");
            // The data is the first refusal, so the app reads the address again itself.
            assert_data_is(&html, &path, "listingError", Some("error"), &api);
            assert_eq!(
                meta(&html, "name", "robots").as_deref(),
                Some("noindex"),
                "{query}"
            );
        }
        app.cleanup().await;
    }
}

#[tokio::test]
async fn hostile_text_is_escaped_everywhere_and_sponsored_placements_are_labelled() {
    let dir = hostile_catalogue();
    for app in site_apps().await {
        import(&app, &dir).await;
        // A route whose first page carries the sponsored placement.
        let mut found = None;
        for route in route_table().routes() {
            let api = app
                .get(&format!("/api/listings?route={}", route.path), &[])
                .await;
            if api.json()["hasSponsoredPlacement"] == true {
                found = Some((route.path.clone(), api));
                break;
            }
        }
        let (path, api) = found.expect("a listing with the sponsored card");
        assert_eq!(api.json()["items"][0]["offer"]["name"], HOSTILE_NAME);
        let r = app.get(&path, &[NAVIGATION]).await;
        assert_page(&r, 200);
        let html = r.text();
        assert!(
            !html.contains("</script><script>alert(1)"),
            "raw name in the page"
        );
        assert!(!html.contains("<script>alert(1)"));
        assert_data_is(&html, &path, "listing", Some("listing"), &api);
        assert!(raw_data(&html).contains("\\u003c/script>"));
        let ld = json_ld(&html).unwrap();
        assert_eq!(ld["itemListElement"][0]["item"]["name"], HOSTILE_NAME);
        let list = between(&html, "<ol>", "</ol>").unwrap();
        let first = between(list, "<li>", "</li>").unwrap();
        assert!(first.contains("&lt;/script&gt;"), "{first}");
        assert!(first.contains("<strong>Sponsored</strong>"), "{first}");
        assert_eq!(list.matches("Sponsored").count(), 1);

        // Its details page: a Product with its rating.
        let offer = &api.json()["items"][0]["offer"];
        let details = offer["detailsPath"].as_str().unwrap().to_owned();
        let page = app.get(&details, &[NAVIGATION]).await;
        assert_page(&page, 200);
        let html = page.text();
        assert!(!html.contains("<script>alert(1)"));
        assert_eq!(
            meta(&html, "property", "og:title").as_deref(),
            Some(HOSTILE_NAME)
        );
        let ld = json_ld(&html).unwrap();
        assert_eq!(ld["@type"], "Product");
        assert_eq!(ld["name"], HOSTILE_NAME);
        let rating = &ld["aggregateRating"];
        assert_eq!(rating["@type"], "AggregateRating");
        // The members' mean from their 12 votes (10 or more, as the page's rule asks), on
        // the 1-to-5 scale the votes are cast on; never the editors' rating.
        assert_eq!(rating["ratingValue"], offer["memberRating"]["value"]);
        assert_eq!(rating["ratingCount"], 12);
        assert_eq!(rating["bestRating"], 5);
        assert_eq!(rating["worstRating"], 1);
        assert!(html.contains("Rated ") && html.contains("by our editors (12 member ratings)"));
        assert!(html.contains("<strong>Sponsored</strong>"));
        app.cleanup().await;
    }
}

#[tokio::test]
async fn details_pages_carry_the_offer_and_a_product_and_unknown_names_are_404() {
    for app in site_apps().await {
        import(&app, &catalogue_fixtures()).await;
        let listing = app
            .get("/api/listings?route=/credit-cards/rewards", &[])
            .await
            .json();
        let offer = listing["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| &e["offer"])
            .find(|o| o["detailsPath"].is_string() && o["rating"].is_object())
            .unwrap()
            .clone();
        let path = offer["detailsPath"].as_str().unwrap();
        let name = path.strip_prefix("/d/").unwrap();
        let r = app.get(path, &[NAVIGATION]).await;
        assert_page(&r, 200);
        let html = r.text();
        let offer_name = offer["name"].as_str().unwrap();
        assert_head(&html, offer_name, Some(&format!("{BASE}{path}")));
        let api = app.get(&format!("/api/offers/{name}"), &[]).await;
        assert_data_is(&html, path, "offer", Some("offer"), &api);
        let ld = json_ld(&html).unwrap();
        assert_eq!(ld["@context"], "https://schema.org");
        assert_eq!(ld["@type"], "Product");
        assert_eq!(ld["offers"]["url"], format!("{BASE}{path}"));
        assert!(ld["description"].as_str().is_some_and(|d| !d.is_empty()));
        if let Some(issuer) = offer["issuer"].as_str() {
            assert_eq!(ld["brand"]["name"], issuer);
            assert!(html.contains(&format!("from {}", esc(issuer))));
        }
        // No votes in the fixtures: no aggregate rating.
        assert_eq!(offer["reviews"], 0);
        assert!(ld.get("aggregateRating").is_none());
        let root = between(&html, "<div id=\"root\">", "</div>\n").unwrap();
        assert!(root.contains("<h1>"));
        assert!(root.contains(&format!(
            "Rated {} out of 5",
            offer["rating"]["text"].as_str().unwrap()
        )));
        for pro in offer["pros"].as_array().unwrap() {
            let pro = esc(pro.as_str().unwrap());
            assert!(root.contains(&pro), "{pro}");
        }

        // By id, the canonical address is still the details page.
        let id = offer["id"].as_str().unwrap();
        let by_id = app.get(&format!("/d/{id}"), &[NAVIGATION]).await;
        assert_page(&by_id, 200);
        assert_eq!(
            canonical(&by_id.text()).as_deref(),
            Some(&*format!("{BASE}{path}"))
        );

        let missing = app.get("/d/no-such-card", &[NAVIGATION]).await;
        assert_page(&missing, 404);
        let html = missing.text();
        assert_eq!(title(&html), "Page not found | Plainrate");
        assert_eq!(data(&html)["page"]["kind"], "notFound");
        assert_eq!(data(&html)["path"], "/d/no-such-card");
        assert_eq!(meta(&html, "name", "robots").as_deref(), Some("noindex"));
        assert_eq!(canonical(&html), None);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn institution_pages_carry_the_institution_and_unknown_ids_are_404() {
    for app in site_apps().await {
        import(&app, &catalogue_fixtures()).await;
        let banks = app.get("/api/listings?route=/banks", &[]).await.json();
        let bank = banks["items"][0]["offer"].clone();
        let id = bank["id"].as_str().unwrap();
        let path = format!("/institutions/{id}");
        let r = app.get(&path, &[NAVIGATION]).await;
        assert_page(&r, 200);
        let html = r.text();
        assert_head(
            &html,
            bank["name"].as_str().unwrap(),
            Some(&format!("{BASE}{path}")),
        );
        let api = app.get(&format!("/api/institutions/{id}"), &[]).await;
        assert_data_is(&html, &path, "institution", Some("institution"), &api);
        for product in api.json()["products"].as_array().unwrap().iter().take(3) {
            let name = esc(product["name"].as_str().unwrap());
            assert!(html.contains(&name), "{name}");
        }

        let missing = app.get("/institutions/no-such-bank", &[NAVIGATION]).await;
        assert_page(&missing, 404);
        assert_eq!(data(&missing.text())["page"]["kind"], "notFound");
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_compare_page_carries_the_comparison_or_its_picker() {
    for app in site_apps().await {
        import(&app, &catalogue_fixtures()).await;
        let listing = app
            .get("/api/listings?route=/credit-cards/rewards", &[])
            .await
            .json();
        let a = listing["items"][0]["offer"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let b = listing["items"][1]["offer"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let path = format!("/compare?ids={a},{b}");
        let r = app.get(&path, &[NAVIGATION]).await;
        assert_page(&r, 200);
        let html = r.text();
        let api = app.get(&format!("/api/compare?ids={a},{b}"), &[]).await;
        assert_data_is(&html, &path, "compare", Some("compare"), &api);
        assert!(title(&html).starts_with("Compare "));
        assert_eq!(
            canonical(&html).as_deref(),
            Some(&*format!("{BASE}/compare?ids={a}%2C{b}"))
        );

        for path in [
            "/compare",
            "/compare?ids=",
            &format!("/compare?ids={a}"),
            &format!("/compare?ids={a},{a}"),
        ] {
            let r = app.get(path, &[NAVIGATION]).await;
            assert_page(&r, 200);
            assert_data_is(&r.text(), path, "compareEmpty", None, &r);
        }
        let unknown = format!("/compare?ids={a},no-such-card");
        let r = app.get(&unknown, &[NAVIGATION]).await;
        assert_page(&r, 404);
        assert_eq!(data(&r.text())["page"]["kind"], "notFound");
        app.cleanup().await;
    }
}

#[tokio::test]
async fn content_pages_are_served_at_their_exact_paths_and_by_the_api() {
    for app in site_apps().await {
        let r = app.get("/about", &[NAVIGATION]).await;
        assert_page(&r, 200);
        let html = r.text();
        assert_head(&html, "About Plainrate", Some(&format!("{BASE}/about")));
        let api = app.get("/api/content?path=/about", &[]).await;
        assert_eq!(api.status, 200);
        assert_eq!(api.header("content-type"), Some("application/json"));
        assert!(api.header("etag").is_some());
        assert_data_is(&html, "/about", "content", Some("content"), &api);
        let page: api_types::content::ContentPage = serde_json::from_slice(&api.body).unwrap();
        assert_eq!(page.sections.len(), 2);
        assert_eq!(page.sections[1].heading, None);
        assert_eq!(page.links.len(), 2);
        assert!(html.contains("<h2>What we do</h2>"));
        assert!(html.contains("&quot;Sponsored&quot; &lt;/script&gt; every time"));
        assert!(html.contains("<a href=\"/best-credit-cards\">Best credit cards</a>"));
        assert!(raw_data(&html).contains("\\u003c/script>"));

        // A trailing slash is part of the path.
        let guides = app.get("/guides/", &[NAVIGATION]).await;
        assert_page(&guides, 200);
        let api = app.get("/api/content?path=%2Fguides%2F", &[]).await;
        assert_eq!(api.json()["links"], serde_json::json!([]));
        assert_data_is(&guides.text(), "/guides/", "content", Some("content"), &api);
        // The other spelling leads to the page.
        let without = app.get("/guides?x=1", &[NAVIGATION]).await;
        assert_eq!(without.status, 301);
        assert_eq!(without.header("location"), Some("/guides/?x=1"));

        let r = app.get("/api/content?path=/nope", &[]).await;
        assert_eq!(r.status, 404);
        assert_eq!(r.json()["code"], "not_found");
        let r = app.get("/api/content", &[]).await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["field"], "path");
        let r = app.get("/api/content?path=/about&path=/guides/", &[]).await;
        assert_eq!(r.status, 400);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn without_a_content_file_there_are_no_content_pages() {
    let empty = temp_dir("no-content");
    let dist = build_folder();
    for app in common::apps_with(|s| {
        s.fixtures_dir = empty.clone();
        s.assets_dir = dist.clone();
    })
    .await
    {
        assert!(app.state.site.content.is_empty());
        assert_page(&app.get("/about", &[NAVIGATION]).await, 404);
        assert_eq!(app.get("/api/content?path=/about", &[]).await.status, 404);
        app.cleanup().await;
    }
}

// ---- forms and negotiation --------------------------------------------------------------

#[tokio::test]
async fn members_paths_answer_a_navigation_with_the_form_page_and_other_gets_as_before() {
    for app in site_apps().await {
        for path in [
            "/join",
            "/join/light?ref=%2Fd%2Fx",
            "/join/light/confirm?code=abc",
            "/sign-in",
            "/home/settings/private-info",
            "/report-abuse/?ru=%2Fanswers%2Fx-2&t=a&id=7",
            "/moderation/",
        ] {
            let r = app.get(path, &[NAVIGATION]).await;
            assert_page(&r, 200);
            let html = r.text();
            assert_data_is(&html, path, "form", None, &r);
            assert_eq!(
                meta(&html, "name", "robots").as_deref(),
                Some("noindex"),
                "{path}"
            );
            let bare = path.split('?').next().unwrap();
            assert_eq!(canonical(&html).as_deref(), Some(&*format!("{BASE}{bare}")));
            assert!(html.contains("<h1>"), "{path}");
        }

        // The report form and the moderation queue are pages only.
        for path in ["/report-abuse/?t=a&id=7", "/moderation/"] {
            let r = app.get(path, &[]).await;
            assert_eq!(r.status, 404, "{path}");
            assert_eq!(r.json()["code"], "not_found");
        }

        // Any other GET: what the API answered before.
        for path in ["/join", "/join/light/confirm?code=abc", "/sign-in"] {
            for accept in [None, Some("application/json"), Some("*/*")] {
                let headers: Vec<(&str, &str)> =
                    accept.map(|a| ("accept", a)).into_iter().collect();
                let r = app.get(path, &headers).await;
                assert_eq!(r.status, 405, "{path} {accept:?}");
                assert_eq!(r.header("allow"), Some("POST"), "{path}");
                assert_eq!(r.json()["code"], "bad_request");
                assert_eq!(r.json()["message"], "Method Not Allowed");
            }
        }
        let r = app
            .get(
                "/join/light?ref=%2Fd%2Fx",
                &[("accept", "application/json")],
            )
            .await;
        assert_eq!(r.status, 200);
        assert_eq!(r.json(), serde_json::json!({"ref": "/d/x"}));
        assert!(r.header("vary").unwrap_or("").contains("accept"));
        let r = app.get("/home/settings/private-info", &[]).await;
        assert_eq!(r.status, 401);
        assert_eq!(r.json()["code"], "guest");
        let (_, cookie) = member_helpers::signed_in(&app, false).await;
        let r = app
            .get("/home/settings/private-info", &[("cookie", &cookie)])
            .await;
        assert_eq!(r.json(), serde_json::json!({"optOut": false}));

        // POST is unchanged, whatever the Accept header says.
        let r = app
            .post_form("/sign-in", "email=a%40b.c&password=x", &[NAVIGATION])
            .await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["code"], "csrf");
        // Other methods still answer 405.
        let put = app
            .send(
                axum::http::Request::put("/sign-in")
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await;
        assert_eq!(put.status, 405);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn unknown_paths_are_the_404_page_for_a_navigation_and_json_otherwise() {
    for app in site_apps().await {
        let r = app
            .get("/no/such/page?x=%3C/script%3E", &[NAVIGATION])
            .await;
        assert_page(&r, 404);
        let html = r.text();
        assert_eq!(title(&html), "Page not found | Plainrate");
        assert_eq!(
            meta(&html, "property", "og:title").as_deref(),
            Some("Page not found")
        );
        assert!(html.contains("<h1>Page not found</h1>"));
        assert_data_is(&html, "/no/such/page?x=%3C/script%3E", "notFound", None, &r);
        assert_eq!(meta(&html, "name", "robots").as_deref(), Some("noindex"));

        let r = app.get("/no/such/page", &[]).await;
        assert_eq!(r.status, 404);
        assert_eq!(r.json()["code"], "not_found");
        for path in ["/api/nope", "/api"] {
            let r = app.get(path, &[NAVIGATION]).await;
            assert_eq!(r.status, 404, "{path}");
            assert_eq!(r.json()["code"], "not_found", "{path}");
        }
        let r = app.post_form("/no/such/page", "", &[NAVIGATION]).await;
        assert_eq!(r.status, 404);
        assert_eq!(r.json()["code"], "not_found");
        // A listing path with a trailing slash leads to the listing, its query kept; a
        // path that is no page with or without the slash stays a 404, and no spelling
        // leads off the site.
        let slashed = app
            .get("/credit-cards/rewards//?sort=name", &[NAVIGATION])
            .await;
        assert_eq!(slashed.status, 301);
        assert_eq!(
            slashed.header("location"),
            Some("/credit-cards/rewards?sort=name")
        );
        for path in ["/no/such/page/", "//evil.example/", "/%2F%2Fevil.example/"] {
            assert_page(&app.get(path, &[NAVIGATION]).await, 404);
        }
        app.cleanup().await;
    }
}

// ---- caching --------------------------------------------------------------------------

#[tokio::test]
async fn pages_revalidate_with_etags_gzip_and_change_with_the_catalogue() {
    for app in site_apps().await {
        import(&app, &catalogue_fixtures()).await;
        let path = "/credit-cards/rewards";
        let r = app.get(path, &[NAVIGATION]).await;
        let etag = r.header("etag").unwrap().to_owned();
        let again = app.get(path, &[NAVIGATION, ("if-none-match", &etag)]).await;
        assert_eq!(again.status, 304);
        assert!(again.body.is_empty());
        let packed = app
            .get(path, &[NAVIGATION, ("accept-encoding", "gzip")])
            .await;
        assert_eq!(packed.header("content-encoding"), Some("gzip"));
        assert_eq!(packed.header("vary"), Some("accept, accept-encoding"));
        assert_eq!(gunzip(&packed.body), r.body);

        let head = app
            .send(
                axum::http::Request::head(path)
                    .header("accept", "text/html")
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await;
        assert_eq!(head.status, 200);
        assert!(head.body.is_empty());

        import(&app, &hostile_catalogue()).await;
        let changed = app.get(path, &[NAVIGATION, ("if-none-match", &etag)]).await;
        assert_eq!(changed.status, 200, "a new catalogue makes a new page");
        assert_ne!(changed.header("etag"), Some(etag.as_str()));
        let api = app.get(&format!("/api/listings?route={path}"), &[]).await;
        assert_data_is(&changed.text(), path, "listing", Some("listing"), &api);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn maintenance_answers_pages_with_a_503_page() {
    let dist = build_folder();
    for app in common::apps_with(|s| {
        s.maintenance = true;
        s.assets_dir = dist.clone();
    })
    .await
    {
        let r = app.get("/", &[NAVIGATION]).await;
        assert_eq!(r.status, 503);
        assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
        assert_eq!(r.header("retry-after"), Some("300"));
        assert!(r.text().contains("maintenance"));
        // The built files are still served.
        assert_eq!(
            app.get(&format!("/assets/{JS_NAME}"), &[]).await.status,
            200
        );
        app.cleanup().await;
    }
}

// ---- no frontend build ----------------------------------------------------------------

#[tokio::test]
async fn without_a_frontend_build_the_server_answers_plain_pages() {
    let missing = temp_dir("no-dist").join("dist");
    let no_markers = temp_dir("no-markers");
    std::fs::write(no_markers.join("index.html"), "<html><body></body></html>").unwrap();
    for (dir, notice) in [
        (missing, "The frontend is not built"),
        (no_markers, "lacks its markers"),
    ] {
        for app in common::apps_with(|s| {
            s.assets_dir = dir.clone();
            s.fixtures_dir = test_fixtures();
        })
        .await
        {
            assert!(!app.state.site.assets.is_built());
            assert!(app.state.site.assets.is_empty());
            import(&app, &catalogue_fixtures()).await;
            for path in ["/", "/credit-cards/rewards", "/about", "/join"] {
                let r = app.get(path, &[NAVIGATION]).await;
                assert_page(&r, 200);
                let html = r.text();
                assert!(html.contains(notice), "{path}");
                assert!(html.contains("<title>"));
                assert!(html.contains("id=\"initial-data\""));
                assert!(!html.contains("<!--app-"));
            }
            assert_page(&app.get("/nope", &[NAVIGATION]).await, 404);
            assert_eq!(app.get("/favicon.svg", &[]).await.status, 404);
            assert_eq!(
                app.get(&format!("/assets/{JS_NAME}"), &[]).await.status,
                404
            );
            // The API does not care.
            assert_eq!(app.get("/api/routes", &[]).await.status, 200);
            app.cleanup().await;
        }
    }
}

#[tokio::test]
async fn the_sitemap_lists_every_public_page_once_and_robots_names_it() {
    for app in site_apps().await {
        import(&app, &catalogue_fixtures()).await;
        let r = app.get("/sitemap.xml", &[]).await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(
            r.header("content-type"),
            Some("application/xml; charset=utf-8")
        );
        let xml = r.text();
        assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
        let locs: Vec<&str> = xml
            .split("<loc>")
            .skip(1)
            .map(|part| part.split("</loc>").next().unwrap())
            .collect();
        let unique: std::collections::HashSet<&&str> = locs.iter().collect();
        assert_eq!(unique.len(), locs.len(), "an address is listed twice");
        let listed = |path: &str| locs.contains(&format!("{BASE}{path}").as_str());
        for path in [
            "/",
            "/credit-cards/rewards",
            "/answers/",
            "/experts/",
            "/about",
        ] {
            assert!(listed(path), "{path} is missing");
        }
        // A page saying the site does not offer what its address names answers, but is
        // neither listed nor to be indexed.
        assert!(!listed("/premium"), "/premium is listed");
        let premium = app.get("/premium", &[NAVIGATION]).await;
        assert_eq!(premium.status, 200);
        assert_eq!(
            meta(&premium.text(), "name", "robots").as_deref(),
            Some("noindex")
        );
        for route in route_table().routes() {
            assert!(listed(&route.path), "{} is missing", route.path);
        }
        // A product's details page and an institution's page, as the listings link them.
        let cards = app
            .get("/api/listings?route=/credit-cards/rewards", &[])
            .await
            .json();
        let details = cards["items"][0]["offer"]["detailsPath"]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(listed(&details), "{details} is missing");
        let banks = app.get("/api/listings?route=/banks", &[]).await.json();
        let id = banks["items"][0]["offer"]["id"].as_str().unwrap();
        let institution = format!("/institutions/{}", id.replace(' ', "%20"));
        assert!(listed(&institution), "{institution} is missing");
        // Every listed page answers 200 (a sample, to keep the test short).
        for loc in locs.iter().step_by(25) {
            let path = loc.strip_prefix(BASE).unwrap();
            let page = app.get(&path.replace("&amp;", "&"), &[NAVIGATION]).await;
            assert_eq!(page.status, 200, "{path}");
        }

        let robots = app.get("/robots.txt", &[]).await;
        assert_eq!(robots.status, 200);
        let text = robots.text();
        assert!(text.starts_with("User-agent: *\n"));
        assert!(text.contains("Disallow: /api/\n"));
        assert!(text.contains(&format!("Sitemap: {BASE}/sitemap.xml\n")));
        app.cleanup().await;
    }
}

/// The server's home heading and lead are the app's hero, word for word, so the app's
/// first render changes nothing the visitor reads.
#[test]
fn the_home_pages_heading_and_lead_are_the_apps_hero() {
    let app = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../frontend/src/pages/HomePage.tsx"
    ))
    .unwrap();
    // JSX joins a text's lines with one space.
    let app = app.split_whitespace().collect::<Vec<_>>().join(" ");
    let (heading, lead) = plainrate::pages::HOME_HERO;
    assert!(app.contains(&format!("<h1>{heading}</h1>")), "{heading}");
    assert!(app.contains(&format!("<p> {lead} </p>")), "{lead}");
}

#[tokio::test]
async fn a_product_gone_from_an_import_answers_410_with_its_last_figures_and_comes_back() {
    // The fixtures without one CD; then with it again.
    const GONE: &str = "cd-abound-credit-union-12m";
    let without = edited_catalogue(|_| {});
    for entry in std::fs::read_dir(&without).unwrap() {
        let path = entry.unwrap().path();
        let mut items: Vec<Value> =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        items.retain(|item| item["DETAILS_HTML_PAGE"] != GONE);
        std::fs::write(&path, Value::Array(items).to_string()).unwrap();
    }
    for app in site_apps().await {
        import(&app, &catalogue_fixtures()).await;
        let page = format!("/d/{GONE}");
        let html = |r: &Reply| r.text();
        let before = app.get(&page, &[("accept", "text/html")]).await;
        assert_page(&before, 200);
        let listed = |body: &str| body.contains(GONE);
        let sitemap = app.get("/sitemap.xml", &[]).await.text();
        assert!(listed(&sitemap));
        // Every offered product is in the product-data feed.
        let feed = app.get("/api/feed", &[]).await.text();
        assert!(listed(&feed), "{}", app.name);

        let imported = store::catalogue::import(
            &app.state.db,
            &store::catalogue::read_dir(&without).unwrap(),
            store::catalogue::ImportOptions::default(),
            chrono::Utc::now(),
        )
        .await
        .unwrap();
        assert_eq!(
            imported.plan.retired.len(),
            1,
            "{:?}",
            imported.plan.retired
        );
        assert!(app.state.catalogue.refresh(&app.state.db).await.unwrap());
        let gone = app.get(&page, &[("accept", "text/html")]).await;
        assert_page(&gone, 410);
        let text = html(&gone);
        assert!(text.contains("No longer offered."), "{text}");
        assert!(text.contains("these are its last known figures"), "{text}");
        assert!(text.contains("3.00%"), "the last APY is shown");
        assert!(text.contains("noindex"), "kept out of search indexes");
        let data = data(&text);
        let offer = &data["page"]["offer"];
        assert!(offer["retiredSince"].is_string(), "{data}");
        assert_eq!(
            offer["apply"],
            serde_json::json!({"kind": "none"}),
            "{data}"
        );
        let api = app.get(&format!("/api/offers/{GONE}"), &[]).await;
        assert_eq!(api.status, 410, "{}", api.text());
        assert_eq!(api.json()["code"], "gone");
        // Its history stays readable: its first figures, from the first import.
        let history = app.get(&format!("/api/offers/{GONE}/history"), &[]).await;
        assert_eq!(history.status, 200, "{}", history.text());
        let history = history.json();
        assert!(history["retiredSince"].is_string(), "{history}");
        let apy = history["changes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["field"] == "APY")
            .expect("the first APY");
        assert_eq!(
            (apy["label"].as_str(), apy["new"].as_str()),
            (Some("APY"), Some("3.00%"))
        );
        assert!(
            apy.get("old").is_none() && apy["source"].is_string(),
            "{apy}"
        );
        assert_eq!(
            app.get("/api/offers/no-such-product/history", &[])
                .await
                .status,
            404
        );
        assert!(!listed(&app.get("/sitemap.xml", &[]).await.text()));
        let feed = app.get("/api/feed", &[]).await.text();
        assert!(
            !listed(&feed),
            "{}: gone from the listings and the feed",
            app.name
        );
        // An unknown product is still a 404.
        assert_eq!(
            app.get("/d/no-such-product", &[("accept", "text/html")])
                .await
                .status,
            404
        );

        // Back in the data: restored.
        import(&app, &catalogue_fixtures()).await;
        assert_page(&app.get(&page, &[("accept", "text/html")]).await, 200);
        assert_eq!(
            app.get(&format!("/api/offers/{GONE}"), &[]).await.status,
            200
        );
        app.cleanup().await;
    }
    let _ = std::fs::remove_dir_all(without);
}
