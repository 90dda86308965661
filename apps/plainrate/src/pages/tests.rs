use super::assets::{Template, content_type};
use super::fallback::is_api_or_asset;
use super::*;

fn headers(accept: &str) -> HeaderMap {
    let mut map = HeaderMap::new();
    map.insert(header::ACCEPT, HeaderValue::from_str(accept).unwrap());
    map
}

#[test]
fn only_a_positive_text_html_is_a_navigation() {
    for (accept, expected) in [
        (
            "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
            true,
        ),
        ("TEXT/HTML", true),
        ("application/json, text/html;q=0.1", true),
        ("text/html;q=0", false),
        ("*/*", false),
        ("application/json", false),
        ("", false),
    ] {
        assert_eq!(wants_html(&headers(accept)), expected, "{accept}");
    }
    assert!(!wants_html(&HeaderMap::new()));
}

#[test]
fn the_template_is_cut_at_its_markers_in_order() {
    let template =
        Template::parse("<head><!--app-head--></head><div><!--app-html--></div><!--app-data--><x>")
            .unwrap();
    assert_eq!(
        template.fill("H", "B", "D"),
        "<head>H</head><div>B</div>D<x>"
    );
    assert!(Template::parse("<!--app-html--><!--app-head--><!--app-data-->").is_none());
    assert!(Template::parse("<!--app-head--><!--app-html-->").is_none());
    let built_in =
        Template::built_in("not built <yet>").fill("<title>t</title>", "<h1>x</h1>", "D");
    assert!(built_in.contains("not built &lt;yet&gt;"));
    assert!(built_in.contains("<title>t</title>"));
    assert!(built_in.contains("<div id=\"root\"><h1>x</h1></div>"));
}

#[test]
fn content_types_follow_the_extension() {
    assert_eq!(
        content_type("index-C6TsNvC_.js"),
        ("text/javascript; charset=utf-8", true)
    );
    assert_eq!(content_type("x.CSS"), ("text/css; charset=utf-8", true));
    assert_eq!(content_type("favicon.svg"), ("image/svg+xml", true));
    assert_eq!(content_type("font.woff2"), ("font/woff2", false));
    assert_eq!(content_type("README"), ("application/octet-stream", false));
}

#[test]
fn query_strings_encode_values_and_are_empty_without_pairs() {
    assert_eq!(query_string(&[]), "");
    assert_eq!(
        query_string(&[("need", "rewards"), ("page", "2")]),
        "?need=rewards&page=2"
    );
    assert_eq!(query_string(&[("ids", "a,b")]), "?ids=a%2Cb");
}

#[test]
fn api_and_asset_paths_keep_json_misses() {
    for path in ["/api", "/api/nope", "/assets", "/assets/x.js"] {
        assert!(is_api_or_asset(path), "{path}");
    }
    for path in ["/", "/apis", "/about", "/assetsx"] {
        assert!(!is_api_or_asset(path), "{path}");
    }
}
