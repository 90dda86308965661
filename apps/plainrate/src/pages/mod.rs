//! The site's pages: the built frontend's HTML shell, filled on the server for every page
//! route with a head (title, description, canonical address, Open Graph, JSON-LD), a plain
//! server-rendered version of the content, and the data the app starts with
//! ([`api_types::page::PageData`]), plus the built files the pages load.
//!
//! | Path | Page | Data (`kind`) |
//! |---|---|---|
//! | `/` | home: every listing | `home` (`/api/routes`) |
//! | a route of the route table, e.g. `/credit-cards/rewards` | a listing | `listing` (`/api/listings?route=…`), or `listingError` (400) |
//! | `/d/{name}` | a details page | `offer` (`/api/offers/{name}`), or `notFound` (404) |
//! | `/institutions/{id}` | an institution | `institution` (`/api/institutions/{id}`), or `notFound` (404) |
//! | `/compare?ids=a,b` | a comparison | `compare` (`/api/compare`), `compareEmpty` without a usable list, `notFound` (404) for an unknown id |
//! | a content page, e.g. `/about` | an editorial page | `content` (`/api/content?path=…`) |
//! | `/answers/` (`category`, `sort`, `qpage`, `q`) | the community's questions ([`answers`]) | `answers` (`Qna.List`), or `notFound` (400) for a bad category |
//! | `/answers/{slug}-{id}` | a question and its answers ([`answers`]) | `question` (`Qna.Question`), `notFound` (404), or a 301 to its own slug |
//! | `/experts/` | the experts gallery, every profile rendered | `experts` (`Posts.GetExpertsGallery`) |
//! | `/join`, `/join/light`, `/join/light/confirm`, `/sign-in`, `/home/settings/private-info`, `/report-abuse/`, `/moderation/` | a form, for a browser navigation only | `form` |
//! | `/sitemap.xml`, `/robots.txt` | every public page, and what crawlers may read ([`sitemap`]) | none |
//! | anything else asked for as HTML | the 404 page | `notFound` |
//!
//! The data's content is the matching API answer's bytes, taken from the same cache.
//! Finished 200 pages of the catalogue are kept per catalogue snapshot
//! ([`BodyCache::page`]) with a strong ETag and a gzip form; the community's pages are read
//! from the database on every request and never kept. Pages are `Cache-Control: no-cache` and vary by `Accept`.
//!
//! [`BodyCache::page`]: crate::listings::cache::BodyCache::page

pub mod answers;
pub mod assets;
pub mod content;
pub mod render;
pub mod sitemap;

use formatting::date_placeholders::{fill_date_placeholders, placeholder_date};
use std::net::IpAddr;
use std::sync::Arc;

use api_types::listing::{CompareResponse, InstitutionResponse, ListingResponse, RoutesResponse};
use api_types::offer::OfferSummary;
use api_types::page::{PageKind, page_data_json};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, Request, State};
use axum::handler::Handler;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get};
use catalogue::Route;

use self::assets::Assets;
use self::content::ContentPages;
use self::render::{Head, encode_component, escape};
use crate::config::Settings;
use crate::listings::cache::{CachedBody, Labels, quality_items};
use crate::listings::{Snapshot, api, route_table};
use crate::protocol::client_ip::ClientIp;
use crate::rpc::form_pairs;
use crate::{ApiError, AppState};

/// The listing parameters a listing page passes on to the listing query, with
/// `route=<the page's path>`; other parameters of the page's address are ignored.
pub const LISTING_PAGE_PARAMS: [&str; 5] = ["need", "scenario", "sort", "page", "sponsorship"];

/// The title of the 404 page.
pub const NOT_FOUND_TITLE: &str = "Page not found";

/// The app's store pages the operator configured, as `<meta>` tags every page carries,
/// so the browser offers "Get the app" only when there is one (`frontend/src/components/
/// community/storeLinks.ts` reads them); empty when none is configured.
pub fn app_links_head(settings: &Settings) -> String {
    [
        ("plainrate:app-store", &settings.app_store_url),
        ("plainrate:play-store", &settings.play_store_url),
    ]
    .iter()
    .filter_map(|(name, url)| {
        let url = url.as_deref()?.trim();
        (!url.is_empty()).then(|| {
            format!(
                "<meta name=\"{name}\" content=\"{}\">\n",
                render::escape(url)
            )
        })
    })
    .collect()
}

/// What the site serves besides the API: the built frontend, the content pages and the
/// address pages are canonical under. Read once at start-up.
#[derive(Debug)]
pub struct Site {
    /// The built frontend.
    pub assets: Assets,
    /// The editorial content pages.
    pub content: ContentPages,
    base_url: String,
    qna_attribution: Option<String>,
}

impl Site {
    /// Reads the build folder (`ASSETS_DIR`) and the content file under `FIXTURES_DIR`;
    /// what is missing is logged and left out.
    pub fn load(settings: &Settings) -> Self {
        Self::new(
            Assets::load(&settings.assets_dir).with_head(&app_links_head(settings)),
            ContentPages::load(&settings.fixtures_dir),
            &settings.base_url,
        )
        .with_qna_attribution(answers::sample_attribution(&settings.fixtures_dir))
    }

    /// A site from its parts.
    pub fn new(assets: Assets, content: ContentPages, base_url: &str) -> Self {
        Self {
            assets,
            content,
            base_url: base_url.trim_end_matches('/').to_owned(),
            qna_attribution: None,
        }
    }

    /// The site with the line that attributes its sample questions and answers.
    pub fn with_qna_attribution(mut self, attribution: Option<String>) -> Self {
        self.qna_attribution = attribution.filter(|line| !line.trim().is_empty());
        self
    }

    /// Where the sample questions and answers come from and their licence, shown with
    /// them; `None` when the site holds no sample content.
    pub fn qna_attribution(&self) -> Option<&str> {
        self.qna_attribution.as_deref()
    }

    /// The public base address, without a trailing `/`.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    fn absolute(&self, path: &str) -> String {
        render::absolute(&self.base_url, path)
    }
}

/// The pages' own routes (the listing and content pages, the built files at the top of the
/// build folder and the 404 page are answered by [`fallback`]; the form pages share their
/// paths with the members area, see [`form_or`]).
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(home))
        .route("/d/{name}", get(offer))
        .route("/institutions/{id}", get(institution))
        .route("/compare", get(compare))
        .route("/answers", get(answers::list_redirect))
        .route("/answers/", get(answers::list))
        .route("/answers/{slug}", get(answers::question))
        .route("/sitemap.xml", get(sitemap::sitemap))
        .route("/robots.txt", get(sitemap::robots))
        .route("/experts", get(experts_redirect))
        .route("/experts/", get(experts))
        .route("/report-abuse/", get(report_abuse))
        .route("/moderation/", get(moderation))
        .route("/saved", get(saved))
        .route("/search", get(search))
        .route("/card-value", get(card_value))
        .route("/assets/{*file}", get(asset))
        .route("/api/content", get(content::get_content))
}

/// Whether a request asks for HTML (a browser navigation): its `Accept` names `text/html`
/// with a quality above zero.
pub fn wants_html(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .any(|text| {
            quality_items(text)
                .any(|(media, positive)| positive && media.eq_ignore_ascii_case("text/html"))
        })
}

/// The headers of a finished page.
fn page_labels() -> Labels {
    Labels {
        content_type: HeaderValue::from_static("text/html; charset=utf-8"),
        cache_control: HeaderValue::from_static("no-cache"),
        vary: HeaderValue::from_static("accept, accept-encoding"),
    }
}

/// A page ready to be written into the template.
struct Page {
    status: StatusCode,
    kind: PageKind,
    /// The API answer the data carries, as its bytes.
    content: Option<Bytes>,
    head: Head,
    html: String,
    /// Whether the finished page may be kept for the snapshot (a 200 whose address does
    /// not carry a one-time value).
    keep: bool,
}

impl Page {
    fn ok(kind: PageKind, content: Option<Bytes>, head: Head, html: String) -> Self {
        Self {
            status: StatusCode::OK,
            kind,
            content,
            head,
            html,
            keep: true,
        }
    }
}

/// The whole page: the template with the head, the content and the data.
fn write(site: &Site, path_and_query: &str, page: &Page) -> Result<Vec<u8>, ApiError> {
    let data = page_data_json(path_and_query, page.kind, page.content.as_deref())
        .map_err(|err| ApiError::Internal(err.to_string()))?;
    let data = format!(
        "<script type=\"application/json\" id=\"initial-data\">{}</script>",
        render::json_for_html(&data)
    );
    Ok(site
        .assets
        .template()
        .fill(&page.head.html(), &page.html, &data)
        .into_bytes())
}

/// A page answer that is not kept: no ETag, no compression.
fn plain(status: StatusCode, html: Vec<u8>) -> Response {
    let mut response = Response::new(Body::from(html));
    *response.status_mut() = status;
    let labels = page_labels();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, labels.content_type);
    headers.insert(header::CACHE_CONTROL, labels.cache_control);
    headers.insert(header::VARY, HeaderValue::from_static("accept"));
    response
}

/// The gate's refusal (maintenance, blocked client) as a small HTML page, with the gate's
/// status and headers.
fn html_refusal(refusal: Response) -> Response {
    let (mut parts, _) = refusal.into_parts();
    let (title, text) = if parts.status == StatusCode::SERVICE_UNAVAILABLE {
        (
            "Down for maintenance",
            "The site is down for maintenance. Please try again in a few minutes.",
        )
    } else {
        (
            "Access refused",
            "This site cannot be used from your address.",
        )
    };
    let html = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{}</title>\n</head>\n<body>\n{}</body>\n</html>\n",
        escape(title),
        render::plain_html(title, text)
    );
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    parts
        .headers
        .insert(header::VARY, HeaderValue::from_static("accept"));
    Response::from_parts(parts, Body::from(html))
}

/// Answers a page: the gate, then the snapshot's kept page, else the page `build` gives,
/// kept when it may be.
fn serve(
    state: &AppState,
    client: IpAddr,
    headers: &HeaderMap,
    path_and_query: &str,
    build: impl FnOnce(&Snapshot, &Site) -> Result<Page, ApiError>,
) -> Response {
    if let Some(refusal) = crate::protocol::gate(state, headers, client) {
        return html_refusal(refusal);
    }
    let snapshot = state.catalogue.snapshot();
    // Titles fill their date placeholders from today, so a kept page is kept for its day.
    let key = format!("{path_and_query}#{}", placeholder_date(today()));
    if let Some(hit) = snapshot.cache().page(&key) {
        return hit.respond(headers);
    }
    let site = &state.site;
    let answer = build(&snapshot, site).and_then(|page| {
        let html = write(site, path_and_query, &page)?;
        Ok((page.status, page.keep, html))
    });
    match answer {
        Ok((StatusCode::OK, true, html)) => {
            let body = Arc::new(CachedBody::labelled(
                snapshot.version,
                html,
                page_labels(),
                true,
            ));
            snapshot.cache().remember_page(&key, &body);
            body.respond(headers)
        }
        Ok((status, _, html)) => plain(status, html),
        Err(err) => err.into_response(),
    }
}

/// Answers a page read from the database on every request (the community's): the gate,
/// then the page `build` gives, never kept (`build` runs only past the gate).
async fn serve_live(
    state: &AppState,
    client: IpAddr,
    headers: &HeaderMap,
    path_and_query: &str,
    build: impl Future<Output = Result<Page, ApiError>>,
) -> Response {
    if let Some(refusal) = crate::protocol::gate(state, headers, client) {
        return html_refusal(refusal);
    }
    let answer = build
        .await
        .and_then(|page| Ok((page.status, write(&state.site, path_and_query, &page)?)));
    match answer {
        Ok((status, html)) => plain(status, html),
        Err(err) => err.into_response(),
    }
}

fn path_and_query(request: &Request) -> &str {
    request.uri().path_and_query().map_or("/", |pq| pq.as_str())
}

fn read<T: serde::de::DeserializeOwned>(body: &CachedBody) -> Result<T, ApiError> {
    serde_json::from_slice(body.json())
        .map_err(|err| ApiError::Internal(format!("reading a cached answer: {err}")))
}

/// The 404 page.
fn not_found() -> Page {
    let text = "There is no page at this address. It may have moved, or the link may be mistyped.";
    Page {
        status: StatusCode::NOT_FOUND,
        kind: PageKind::NotFound,
        content: None,
        head: Head::new(NOT_FOUND_TITLE, text).noindex(),
        html: render::not_found_html(NOT_FOUND_TITLE, text),
        keep: false,
    }
}

/// `GET /`: the home page.
pub async fn home(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    serve(
        &state,
        client,
        request.headers(),
        path_and_query(&request),
        home_page,
    )
}

/// The home page's heading and lead, in the same words as the app's hero
/// (`frontend/src/pages/HomePage.tsx`), so the app paints over them without changing
/// what the visitor reads or moving it (a test checks that the two agree).
pub const HOME_HERO: (&str, &str) = (
    "Compare financial products, with every figure sourced",
    "Credit cards, bank accounts and personal loans, ranked by our published method. \
     Sponsored placements are always labelled, and every list has a switch to the order \
     with no sponsorship.",
);

fn home_page(snapshot: &Snapshot, site: &Site) -> Result<Page, ApiError> {
    let title = "Compare credit cards, bank accounts and loans";
    let lead = "Compare credit cards, bank accounts, CDs, prepaid cards and personal loans. \
                Our order is never bought, and sponsored placements are labelled.";
    let body = api::routes_body(snapshot)?;
    let routes: RoutesResponse = read(&body)?;
    let mut head = Head::new(title, lead)
        .canonical(site.absolute("/"))
        .json_ld(render::website(site.base_url()));
    head.document_title = format!(
        "{}: compare credit cards, bank accounts and loans",
        render::SITE_NAME
    );
    Ok(Page::ok(
        PageKind::Home,
        Some(body.json().clone()),
        head,
        render::home_html(HOME_HERO.0, HOME_HERO.1, &routes),
    ))
}

/// Today's date on the server's clock (UTC).
fn today() -> chrono::NaiveDate {
    chrono::Utc::now().date_naive()
}

/// A route title with its date placeholders filled from today (site-core §5).
pub(crate) fn dated(title: &str) -> String {
    fill_date_placeholders(title, today())
}

/// A query string with these pairs, values encoded; empty when there are none.
fn query_string(pairs: &[(&str, &str)]) -> String {
    let joined = pairs
        .iter()
        .map(|(name, value)| format!("{name}={}", encode_component(value)))
        .collect::<Vec<_>>()
        .join("&");
    if joined.is_empty() {
        joined
    } else {
        format!("?{joined}")
    }
}

/// A listing page of the route table.
fn listing_page(
    snapshot: &Snapshot,
    site: &Site,
    route: &Route,
    query: &str,
) -> Result<Page, ApiError> {
    let mut given: Vec<(String, String)> = form_pairs(query.as_bytes())
        .into_iter()
        .filter(|(name, _)| LISTING_PAGE_PARAMS.contains(&name.as_str()))
        .collect();
    // A filter the listing refuses is left out and the rest asked again, so a bad address
    // shows the list with that filter's default (and says so) instead of no list.
    let mut left_out: Vec<(String, String)> = Vec::new();
    let mut first_error: Option<ApiError> = None;
    let body = loop {
        let pairs = given
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .chain(std::iter::once(("route", route.path.as_str())));
        match api::listing_body(snapshot, pairs) {
            Err(ApiError::Validation { field, message })
                if given.iter().any(|(name, _)| *name == field) =>
            {
                left_out.extend(given.iter().filter(|(name, _)| *name == field).cloned());
                given.retain(|(name, _)| *name != field);
                first_error.get_or_insert(ApiError::Validation { field, message });
            }
            other => break other,
        }
    };
    let body = match body {
        Ok(body) => body,
        Err(ApiError::NotFound(_)) => return Ok(not_found()),
        Err(err @ (ApiError::Validation { .. } | ApiError::BadRequest(_))) => {
            let error = serde_json::to_vec(&err.body())
                .map_err(|e| ApiError::Internal(format!("serialising: {e}")))?;
            return Ok(Page {
                status: StatusCode::BAD_REQUEST,
                kind: PageKind::ListingError,
                content: Some(Bytes::from(error)),
                head: Head::new(dated(&route.title), &route.description)
                    .canonical(site.absolute(&route.path))
                    .noindex(),
                html: render::plain_html(&dated(&route.title), &err.to_string()),
                keep: false,
            });
        }
        Err(err) => return Err(err),
    };
    let listing: ListingResponse = read(&body)?;
    let value = |name: &str| {
        given
            .iter()
            .find(|(n, v)| n == name && !v.is_empty())
            .map(|(_, v)| v.as_str())
    };
    let page_text = listing.page.to_string();
    // The canonical address keeps what changes the set listed (need, scenario) and the
    // page; the order and the sponsorship mode only rearrange it.
    let mut canonical: Vec<(&str, &str)> = ["need", "scenario"]
        .into_iter()
        .filter_map(|name| value(name).map(|v| (name, v)))
        .collect();
    if listing.page > 1 {
        canonical.push(("page", &page_text));
    }
    let canonical = site.absolute(&format!("{}{}", route.path, query_string(&canonical)));
    let page_href = |page: u64| {
        let page = page.to_string();
        let mut pairs: Vec<(&str, &str)> = ["need", "scenario", "sort", "sponsorship"]
            .into_iter()
            .filter_map(|name| value(name).map(|v| (name, v)))
            .collect();
        if page != "1" {
            pairs.push(("page", &page));
        }
        format!("{}{}", route.path, query_string(&pairs))
    };
    let route_title = dated(&route.title);
    let title = if listing.page > 1 {
        format!("{route_title}, page {}", listing.page)
    } else {
        route_title
    };
    // Only a route the catalogue has nothing for says the data names none; a filter that
    // matches nothing says so instead.
    let route_is_empty = snapshot.catalogue().route_size(&route.path) == Some(0);
    let html = render::listing_html(
        &title,
        &route.description,
        &listing,
        route_is_empty,
        page_href,
    );
    let head = Head::new(title.clone(), &route.description)
        .canonical(canonical)
        .json_ld(render::item_list(&listing, site.base_url(), &title));
    if let Some(error) = first_error {
        // The list with defaults, and what was left out. Its data is the first refusal, so
        // the app reads the address again itself and says the same.
        let error = serde_json::to_vec(&error.body())
            .map_err(|e| ApiError::Internal(format!("serialising: {e}")))?;
        let named: Vec<String> = left_out.iter().map(|(n, v)| format!("{n}={v}")).collect();
        let (settings, defaults) = if left_out.len() == 1 {
            ("that setting is", "its default")
        } else {
            ("those settings are", "their defaults")
        };
        // The app's notice (`ignoredNotice`) says the same.
        let notice = render::paragraph_html(&format!(
            "This address asked for {}, which this list cannot show, so {settings} left at {defaults}.",
            named.join(", ")
        ));
        return Ok(Page {
            keep: false,
            ..Page::ok(
                PageKind::ListingError,
                Some(Bytes::from(error)),
                head.noindex(),
                html.replacen("</h1>\n", &format!("</h1>\n{notice}"), 1),
            )
        });
    }
    Ok(Page::ok(
        PageKind::Listing,
        Some(body.json().clone()),
        head,
        html,
    ))
}

/// `GET /d/{name}`: a details page.
pub async fn offer(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Path(name): Path<String>,
    request: Request,
) -> Response {
    let path = request.uri().path().to_owned();
    serve(
        &state,
        client,
        request.headers(),
        path_and_query(&request),
        |snapshot, site| {
            let body = match api::offer_body(snapshot, &name) {
                Ok(body) => body,
                Err(ApiError::NotFound(_)) => return Ok(not_found()),
                Err(err) => return Err(err),
            };
            let offer: OfferSummary = read(&body)?;
            let canonical = site.absolute(offer.details_path.as_deref().unwrap_or(&path));
            let head = Head::new(offer.name.clone(), &render::offer_description(&offer))
                .canonical(canonical)
                .json_ld(render::product_document(&offer, site.base_url(), &path));
            let html = render::offer_html(&offer);
            Ok(Page::ok(
                PageKind::Offer,
                Some(body.json().clone()),
                head,
                html,
            ))
        },
    )
}

/// `GET /institutions/{id}`: an institution and its products.
pub async fn institution(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    serve(
        &state,
        client,
        request.headers(),
        path_and_query(&request),
        |snapshot, site| {
            let body = match api::institution_body(snapshot, &id) {
                Ok(body) => body,
                Err(ApiError::NotFound(_)) => return Ok(not_found()),
                Err(err) => return Err(err),
            };
            let view: InstitutionResponse = read(&body)?;
            let name = &view.institution.name;
            let description = match view.products.len() {
                0 => format!("{name}: ratings and reviews."),
                1 => format!("{name} and the product it offers, with its rating, rates and fees."),
                n => format!(
                    "{name} and the {n} products it offers, with their ratings, rates and fees."
                ),
            };
            let canonical = site.absolute(&format!(
                "/institutions/{}",
                encode_component(&view.institution.id)
            ));
            let head = Head::new(name.clone(), &description).canonical(canonical);
            let html = render::institution_html(&view);
            Ok(Page::ok(
                PageKind::Institution,
                Some(body.json().clone()),
                head,
                html,
            ))
        },
    )
}

/// `GET /compare?ids=a,b`: a comparison, or the picker without a usable list.
pub async fn compare(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    let pairs = form_pairs(request.uri().query().unwrap_or("").as_bytes());
    let mut ids = pairs.iter().filter(|(name, _)| name == "ids");
    let ids = match (ids.next(), ids.next()) {
        (Some((_, value)), None) if !value.trim().is_empty() => Some(value.clone()),
        _ => None,
    };
    serve(
        &state,
        client,
        request.headers(),
        path_and_query(&request),
        |snapshot, site| {
            let picker = || {
                let title = "Compare products";
                let text = "Choose two to four products to see them side by side.";
                Page::ok(
                    PageKind::CompareEmpty,
                    None,
                    Head::new(title, text).canonical(site.absolute("/compare")),
                    render::plain_html(title, text),
                )
            };
            let Some(ids) = ids else {
                return Ok(picker());
            };
            let body = match api::compare_body(snapshot, &ids) {
                Ok(body) => body,
                Err(ApiError::NotFound(_)) => return Ok(not_found()),
                Err(ApiError::Validation { .. }) => return Ok(picker()),
                Err(err) => return Err(err),
            };
            let compared: CompareResponse = read(&body)?;
            let names: Vec<&str> = compared.offers.iter().map(|o| o.name.as_str()).collect();
            let listed = match names.split_last() {
                Some((last, [])) => (*last).to_owned(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => String::new(),
            };
            let title = format!("Compare {listed}");
            let description = format!("{listed} side by side: ratings, fees, rates and rewards.");
            let ids: Vec<&str> = compared.offers.iter().map(|o| o.id.as_str()).collect();
            let canonical = site.absolute(&format!(
                "/compare{}",
                query_string(&[("ids", &ids.join(","))])
            ));
            let head = Head::new(title.clone(), &description)
                .canonical(canonical)
                .noindex();
            let html = render::compare_html(&title, &compared);
            Ok(Page::ok(
                PageKind::Compare,
                Some(body.json().clone()),
                head,
                html,
            ))
        },
    )
}

/// A content page.
fn content_page(site: &Site, entry: &content::Entry) -> Page {
    let page = &entry.page;
    let head =
        Head::new(page.title.clone(), &page.description).canonical(site.absolute(&page.path));
    Page::ok(
        PageKind::Content,
        Some(entry.body.json().clone()),
        if page.not_offered {
            head.noindex()
        } else {
            head
        },
        render::content_html(page),
    )
}

/// `GET /assets/{*file}`: a built file.
pub async fn asset(State(state): State<AppState>, request: Request) -> Response {
    match state.site.assets.file(request.uri().path()) {
        Some(file) => file.respond(request.headers()),
        None => ApiError::NotFound("no such file".to_owned()).into_response(),
    }
}

/// Whether a path belongs to the API or the built files, where a miss is always JSON.
fn is_api_or_asset(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/") || path == "/assets" || path.starts_with("/assets/")
}

/// Every other request: a built file at the top of the build folder, a listing page of the
/// route table, a content page, the 404 page for a browser navigation, and otherwise the
/// API's JSON 404.
pub async fn fallback(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    let method = request.method();
    let read_only = method == Method::GET || method == Method::HEAD;
    let path = request.uri().path();
    if read_only {
        if let Some(file) = state
            .site
            .assets
            .file(path)
            .filter(|_| !path.starts_with("/assets/"))
        {
            file.respond(request.headers())
        } else if let Some(canonical) = canonical_spelling(&state.site, path) {
            // `/credit-cards/rewards/` and `/about/` are the pages without the slash (and
            // `/media` the page with it): one address per page.
            let query = request
                .uri()
                .query()
                .map(|q| format!("?{q}"))
                .unwrap_or_default();
            answers::moved(&format!("{canonical}{query}"))
        } else if let Some(route) = route_table().routes().iter().find(|r| r.path == path) {
            let query = request.uri().query().unwrap_or("");
            serve(
                &state,
                client,
                request.headers(),
                path_and_query(&request),
                |snapshot, site| listing_page(snapshot, site, route, query),
            )
        } else if let Some(entry) = state.site.content.get(path) {
            serve(
                &state,
                client,
                request.headers(),
                path_and_query(&request),
                |_, site| Ok(content_page(site, entry)),
            )
        } else if !is_api_or_asset(path) && wants_html(request.headers()) {
            serve(
                &state,
                client,
                request.headers(),
                path_and_query(&request),
                |_, _| Ok(not_found()),
            )
        } else {
            let mut response = ApiError::NotFound("no such page".to_owned()).into_response();
            if !is_api_or_asset(path) {
                response
                    .headers_mut()
                    .insert(header::VARY, HeaderValue::from_static("accept"));
            }
            response
        }
    } else {
        ApiError::NotFound("no such page".to_owned()).into_response()
    }
}

/// The page a mistyped spelling of a listing or content address means, when it is one: the
/// path with its trailing slashes taken off, or with one added, naming a page that exists.
/// Only a page of the route table or the content is returned, so the answer is always a
/// path of this site.
fn canonical_spelling(site: &Site, path: &str) -> Option<String> {
    let exists = |candidate: &str| {
        route_table().routes().iter().any(|r| r.path == candidate)
            || site.content.get(candidate).is_some()
    };
    if exists(path) {
        return None;
    }
    let trimmed = path.trim_end_matches('/');
    if trimmed.len() < path.len() && !trimmed.is_empty() && exists(trimmed) {
        return Some(trimmed.to_owned());
    }
    let slashed = format!("{trimmed}/");
    (slashed != path && exists(&slashed)).then_some(slashed)
}

/// A form page: the app draws the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `/join`.
    Join,
    /// `/join/light`.
    JoinLight,
    /// `/join/light/confirm`.
    ConfirmLight,
    /// `/sign-in`.
    SignIn,
    /// `/home/settings/private-info`.
    PrivateInfo,
    /// `/report-abuse/` (`ru`, `t`, `id`: the page, the kind of item and its id).
    ReportAbuse,
    /// `/moderation/`: the reported questions and answers, for staff and moderators.
    Moderation,
    /// `/saved`: the products this browser saved, from every listing (kept on the device).
    Saved,
    /// `/search?q=`: the site search's results (the app asks `/api/search`).
    Search,
    /// `/card-value`: credit cards ranked by their yearly value for the visitor's own
    /// figures (the app asks `/api/card-values`).
    CardValue,
}

impl Form {
    /// The page's path.
    pub fn path(self) -> &'static str {
        match self {
            Self::Join => "/join",
            Self::JoinLight => "/join/light",
            Self::ConfirmLight => "/join/light/confirm",
            Self::SignIn => "/sign-in",
            Self::PrivateInfo => "/home/settings/private-info",
            Self::ReportAbuse => "/report-abuse/",
            Self::Moderation => "/moderation/",
            Self::Saved => "/saved",
            Self::Search => "/search",
            Self::CardValue => "/card-value",
        }
    }

    /// The page's title and what it is for.
    pub fn text(self) -> (&'static str, &'static str) {
        match self {
            Self::Join => (
                "Join Plainrate",
                "Create a free account to rate products and keep your choices.",
            ),
            Self::JoinLight => (
                "Join with your e-mail",
                "Get a link by e-mail that signs you in, with no password needed.",
            ),
            Self::ConfirmLight => (
                "Confirm your sign-in",
                "Finish signing in with the link we sent you.",
            ),
            Self::SignIn => ("Sign in", "Sign in to your Plainrate account."),
            Self::PrivateInfo => (
                "Private information",
                "Choose whether Plainrate may share your personal information.",
            ),
            Self::ReportAbuse => (
                "Report abuse",
                "Tell our moderators about a question or an answer that breaks the community guidelines.",
            ),
            Self::Moderation => (
                "Moderation queue",
                "Reported questions, answers and reviews, for moderators to hide or restore.",
            ),
            Self::Saved => (
                "Saved products",
                "The products you saved on this device, from every list, kept for 15 days.",
            ),
            Self::CardValue => (
                "What is a card worth to you?",
                "Credit cards ranked by their first-year value for your own spending, balance and credit: the bonus your spending reaches, less the annual fee and interest; rewards only where a source gives the earn rate.",
            ),
            Self::Search => (
                "Search",
                "Search Plainrate's cards, accounts, loans, banks, credit unions and community questions.",
            ),
        }
    }

    fn page(self, site: &Site) -> Page {
        let (title, text) = self.text();
        Page {
            keep: false,
            ..Page::ok(
                PageKind::Form,
                None,
                Head::new(title, text)
                    .canonical(site.absolute(self.path()))
                    .noindex(),
                render::plain_html(title, text),
            )
        }
    }
}

/// Answers a browser navigation with the form page; `None` for any other request.
fn form_navigation(
    form: Form,
    state: &AppState,
    client: IpAddr,
    request: &Request,
) -> Option<Response> {
    wants_html(request.headers()).then(|| {
        serve(
            state,
            client,
            request.headers(),
            path_and_query(request),
            |_, site| Ok(form.page(site)),
        )
    })
}

/// A page that exists for a browser navigation only: the form page, else the API's 404.
fn navigation_only(form: Form, state: &AppState, client: IpAddr, request: &Request) -> Response {
    form_navigation(form, state, client, request).unwrap_or_else(|| {
        vary_accept(ApiError::NotFound("no such page".to_owned()).into_response())
    })
}

const EXPERTS_PATH: &str = "/experts/";
const EXPERTS_LEAD: &str = "Who answers questions on Plainrate, and what they know about.";

/// `GET /experts/`: the experts gallery, every profile on the page (the app pages it and
/// opens a profile from the `#expert=` fragment). Built from the gallery read at start-up.
pub async fn experts(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    serve(
        &state,
        client,
        request.headers(),
        path_and_query(&request),
        |_, site| {
            let gallery = state.experts.gallery();
            let head = Head::new(gallery.header_text.clone(), EXPERTS_LEAD)
                .canonical(site.absolute(EXPERTS_PATH));
            let body = render::experts::gallery_html(gallery);
            Ok(Page {
                // The address may carry any query; the gallery is cheap to write again.
                keep: false,
                ..Page::ok(
                    PageKind::Experts,
                    Some(state.experts.body().json().clone()),
                    head,
                    body,
                )
            })
        },
    )
}

/// `GET /experts`: the gallery lives at `/experts/`.
pub async fn experts_redirect() -> Response {
    answers::moved(EXPERTS_PATH)
}

/// `GET /report-abuse/`: the report form (the app draws it and files the report with
/// `Qna.Report`).
pub async fn report_abuse(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    navigation_only(Form::ReportAbuse, &state, client, &request)
}

/// `GET /moderation/`: the moderation queue (the app reads it with `Qna.ModerationQueue`,
/// which answers staff and moderators only).
pub async fn moderation(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    navigation_only(Form::Moderation, &state, client, &request)
}

/// `GET /saved`: the saved products (the app reads them from the device and the offers
/// from the API).
pub async fn saved(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    navigation_only(Form::Saved, &state, client, &request)
}

/// `GET /search`: the search results page (the app reads them from `/api/search`).
pub async fn search(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    navigation_only(Form::Search, &state, client, &request)
}

/// `GET /card-value`: the card-value ranking (the app reads it from `/api/card-values`).
pub async fn card_value(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    navigation_only(Form::CardValue, &state, client, &request)
}

fn vary_accept(mut response: Response) -> Response {
    response
        .headers_mut()
        .append(header::VARY, HeaderValue::from_static("accept"));
    response
}

/// `GET` of a form path that the API also answers with a GET: a browser navigation gets
/// the form page, any other GET goes to `api` as before.
pub fn form_or<H, T>(form: Form, api: H) -> MethodRouter<AppState>
where
    H: Handler<T, AppState>,
    T: 'static,
{
    get(
        move |State(state): State<AppState>, ClientIp(client): ClientIp, request: Request| async move {
            if let Some(page) = form_navigation(form, &state, client, &request) {
                return page;
            }
            vary_accept(api.call(request, state).await)
        },
    )
}

/// `GET` of a form path the API answers only with a POST: a browser navigation gets the
/// form page, any other GET the 405 it got before (`Allow: POST`).
pub fn form_or_post_only(form: Form) -> MethodRouter<AppState> {
    get(
        move |State(state): State<AppState>, ClientIp(client): ClientIp, request: Request| async move {
            if let Some(page) = form_navigation(form, &state, client, &request) {
                return page;
            }
            let refused = (
                StatusCode::METHOD_NOT_ALLOWED,
                [(header::ALLOW, HeaderValue::from_static("POST"))],
            )
                .into_response();
            vary_accept(refused)
        },
    )
}

#[cfg(test)]
mod tests;
