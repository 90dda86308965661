//! `GET /`: a plain front page that links every listing of the route table, grouped by
//! section, and the API reference entry points. It stands in for the site's pages until
//! the frontend serves them, so a fresh checkout has somewhere to point a browser.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use catalogue::RouteSection;

use super::snapshot::route_table;

/// Escapes text for HTML element content and double-quoted attributes.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

fn section_title(section: RouteSection) -> &'static str {
    match section {
        RouteSection::CreditCards => "Credit cards",
        RouteSection::BestOf => "Best of",
        RouteSection::Banking => "Banking",
        RouteSection::Loans => "Loans",
    }
}

/// The front page's HTML.
pub fn front_page_html() -> String {
    let mut body = String::from(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Compare consumer-finance products</title>\n</head>\n<body>\n<main>\n\
         <h1>Compare consumer-finance products</h1>\n\
         <p>Every listing below is in editorial order; a sponsored placement is labelled, and \
         <code>sponsorship=none</code> shows the order without it. The API is documented in \
         <code>docs/API.md</code>.</p>\n",
    );
    let routes = route_table().routes();
    for section in RouteSection::ALL {
        let in_section: Vec<_> = routes.iter().filter(|r| r.section == section).collect();
        if in_section.is_empty() {
            continue;
        }
        body.push_str(&format!("<h2>{}</h2>\n<ul>\n", section_title(section)));
        for route in in_section {
            let href = format!("/api/listings?route={}", escape(&route.path));
            body.push_str(&format!(
                "<li><a href=\"{href}\">{}</a> <small>{}</small></li>\n",
                escape(&route.title),
                escape(&route.path)
            ));
        }
        body.push_str("</ul>\n");
    }
    body.push_str(
        "<h2>API</h2>\n<ul>\n<li><a href=\"/api/routes\">Route table</a></li>\n\
         <li><a href=\"/home/rpc?action=get-my-ip\">Your address</a></li>\n\
         <li><a href=\"/healthz\">Health</a></li>\n</ul>\n</main>\n</body>\n</html>\n",
    );
    body
}

/// `GET /`.
pub async fn front_page() -> Response {
    let mut response = front_page_html().into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=300"),
    );
    response
}

#[cfg(test)]
mod tests;
