use super::*;

#[test]
fn summaries_cut_at_a_word_with_an_ellipsis() {
    assert_eq!(summary("  short   text ", 160), "short text");
    let long = "word ".repeat(60);
    let cut = summary(&long, 160);
    assert!(cut.chars().count() <= 160, "{cut}");
    assert!(cut.ends_with("word…"), "{cut}");
    assert_eq!(summary("abcdefghij", 5), "abcd…");
}

#[test]
fn the_head_escapes_and_carries_open_graph_and_json_ld() {
    let head = Head::new("Cards \"&\" <more>", "Desc <b>")
        .canonical("https://example.com/x?a=1&b=2".to_owned())
        .json_ld(json!({"@type": "Thing", "name": "</script>"}));
    let html = head.html();
    assert!(html.contains("<title>Cards &quot;&amp;&quot; &lt;more&gt; | Plainrate</title>"));
    assert!(html.contains("<meta name=\"description\" content=\"Desc &lt;b&gt;\">"));
    assert!(html.contains("<link rel=\"canonical\" href=\"https://example.com/x?a=1&amp;b=2\">"));
    assert!(html.contains("<meta property=\"og:site_name\" content=\"Plainrate\">"));
    assert!(html.contains("<meta property=\"og:type\" content=\"website\">"));
    assert!(
        html.contains("<meta property=\"og:url\" content=\"https://example.com/x?a=1&amp;b=2\">")
    );
    assert!(html.contains("\\u003c/script>"));
    assert!(!html.contains("noindex"));
    let hidden = Head::new("x", "y").noindex().html();
    assert!(hidden.contains("<meta name=\"robots\" content=\"noindex\">"));
    assert!(!hidden.contains("canonical"));
    assert!(!hidden.contains("og:url"));
}

#[test]
fn unsafe_links_of_content_pages_are_written_as_text() {
    let page = ContentPage {
        path: "/about".to_owned(),
        title: "About".to_owned(),
        description: "d".to_owned(),
        sections: vec![],
        links: vec![
            api_types::content::ContentLink {
                label: "Home".to_owned(),
                href: "/".to_owned(),
            },
            api_types::content::ContentLink {
                label: "Bad".to_owned(),
                href: "javascript:alert(1)".to_owned(),
            },
            api_types::content::ContentLink {
                label: "Other host".to_owned(),
                href: "//evil.example".to_owned(),
            },
        ],
        not_offered: false,
    };
    let html = content_html(&page);
    assert!(html.contains("<a href=\"/\">Home</a>"));
    assert!(!html.contains("javascript:"));
    assert!(!html.contains("evil.example"));
    assert!(html.contains("<li>Bad</li>"));
}
