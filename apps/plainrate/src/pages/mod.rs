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
mod catalogue_pages;
pub mod content;
mod fallback;
mod forms;
pub mod render;
mod serve;
mod site;
pub mod sitemap;

pub use catalogue_pages::{HOME_HERO, compare, home, institution, offer};
pub use fallback::{asset, fallback};
pub use forms::{
    Form, card_value, experts, experts_redirect, form_or, form_or_post_only, moderation,
    report_abuse, saved, search,
};
pub use site::{Site, app_links_head};

use self::catalogue_pages::{content_page, dated, listing_page, query_string, today};
use self::serve::{
    Page, html_refusal, not_found, path_and_query, read, serve, serve_live, vary_accept,
};

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
use self::render::Head;
use crate::config::Settings;
use crate::escaping::{encode_component, escape, json_for_html};
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

#[cfg(test)]
mod tests;
