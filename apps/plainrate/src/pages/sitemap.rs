//! `/sitemap.xml` and `/robots.txt`: every public page for search engines, and what they
//! may read.
//!
//! The sitemap lists the home page, every listing of the route table, every content page but
//! those that say the site does not offer what their address names (`notOffered`),
//! the answers list and the experts gallery, every product's details page and institution
//! page of the catalogue, and every visible question, up to the protocol's 50,000 addresses.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use offer_model::links::details_path;
use offer_model::product_type::ProductType;
use qna_validation::links::FullSlug;
use store::qna::{ListFilter, Sort, list_page};

use crate::escaping::{encode_component, escape};
use crate::listings::route_table;
use crate::{ApiError, AppState};

/// At most this many addresses in one sitemap (sitemaps.org).
pub const SITEMAP_LIMIT: usize = 50_000;
/// Questions read per query while the sitemap is written.
const QUESTIONS_PER_READ: u32 = 1_000;

/// Paths that are for members, staff or the app, not for search engines.
pub const NOT_FOR_CRAWLERS: [&str; 9] = [
    "/api/",
    "/ajax.php",
    "/home/",
    "/moderation/",
    "/report-abuse/",
    "/r/",
    "/compare",
    "/saved",
    "/search",
];

/// `GET /robots.txt`.
pub async fn robots(State(state): State<AppState>) -> Response {
    let mut text = String::from("User-agent: *\n");
    for path in NOT_FOR_CRAWLERS {
        text.push_str(&format!("Disallow: {path}\n"));
    }
    text.push_str(&format!("Sitemap: {}/sitemap.xml\n", state.site.base_url()));
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            ),
        ],
        text,
    )
        .into_response()
}

/// `GET /sitemap.xml`.
pub async fn sitemap(State(state): State<AppState>) -> Response {
    match paths(&state).await {
        Ok(paths) => {
            let base = state.site.base_url();
            let mut xml = String::from(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
                 <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
            );
            for path in paths.iter().take(SITEMAP_LIMIT) {
                xml.push_str(&format!(
                    "<url><loc>{}</loc></url>\n",
                    escape(&format!("{base}{path}"))
                ));
            }
            xml.push_str("</urlset>\n");
            (
                [
                    (
                        header::CONTENT_TYPE,
                        HeaderValue::from_static("application/xml; charset=utf-8"),
                    ),
                    (
                        header::CACHE_CONTROL,
                        HeaderValue::from_static("public, max-age=3600"),
                    ),
                ],
                xml,
            )
                .into_response()
        }
        Err(err) => err.into_response(),
    }
}

/// Every public page's path, in a stable order, without repeats.
async fn paths(state: &AppState) -> Result<Vec<String>, ApiError> {
    let mut paths: Vec<String> = vec!["/".to_owned()];
    paths.extend(
        route_table()
            .routes()
            .iter()
            .map(|route| route.path.clone()),
    );
    paths.extend(state.site.content.indexed_paths().map(str::to_owned));
    paths.push("/answers/".to_owned());
    paths.push("/experts/".to_owned());
    let snapshot = state.catalogue.snapshot();
    for offer in snapshot.offers() {
        if offer.product_type == ProductType::Institution {
            paths.push(format!(
                "/institutions/{}",
                encode_component(offer.identity.id.as_str())
            ));
        } else if let Some(path) = offer
            .identity
            .details_html_page
            .as_deref()
            .and_then(|page| details_path("", page).ok())
        {
            paths.push(path);
        }
    }
    let filter = ListFilter::default();
    let mut page = 1;
    while paths.len() < SITEMAP_LIMIT {
        let rows = list_page(&state.db, &filter, Sort::Upvotes, page, QUESTIONS_PER_READ).await?;
        if rows.is_empty() {
            break;
        }
        for row in &rows {
            paths.push(FullSlug::new(&row.title, u64::try_from(row.id).unwrap_or(0)).link());
        }
        page += 1;
    }
    let mut seen = std::collections::HashSet::new();
    paths.retain(|path| seen.insert(path.clone()));
    Ok(paths)
}
