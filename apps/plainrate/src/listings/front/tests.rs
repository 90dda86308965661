use super::*;

#[test]
fn escaping_covers_markup_and_quotes() {
    assert_eq!(
        escape(r#"<a href="x">'&'</a>"#),
        "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
    );
}

#[test]
fn the_front_page_links_every_route() {
    let html = front_page_html();
    for route in route_table().routes() {
        let link = format!("/api/listings?route={}", escape(&route.path));
        assert!(html.contains(&link), "{}", route.path);
    }
}
