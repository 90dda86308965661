//! Catalogue listings, answered from an in-memory view that is rebuilt when the data
//! changes.
//!
//! - [`SharedCatalogue`] holds the current [`Snapshot`]: the pure [`catalogue::Catalogue`]
//!   built from the stored offers and the compiled-in route table (`fixtures/routes.json`).
//!   [`SharedCatalogue::refresh`] rebuilds it when the catalogue version in the database
//!   changes and swaps it in whole. Every build marks the offers of the large-bank issuers
//!   read at start-up from `large-banks.json` in the fixtures folder ([`load_large_banks`]).
//! - [`api`] answers the read API (`/api/routes`, `/api/listings`, `/api/offers/{name}`,
//!   `/api/institutions/{id}`, `/api/compare` and the `Catalogue.*` actions) from a cache of
//!   finished bodies kept per snapshot ([`cache`]): a repeated read is a hash-map lookup
//!   and a `Bytes` clone, with a strong ETag, `304 Not Modified` and precompressed gzip.

pub mod api;
pub mod cache;
mod snapshot;

use axum::Router;
use axum::routing::get;

pub use snapshot::{
    LARGE_BANKS_FILE, ROUTES_JSON, SharedCatalogue, Snapshot, load_large_banks, parse_routes,
    route_table,
};

use crate::AppState;
use crate::rpc::Action;

/// The area's dispatch actions: thin shims over the same functions as the GET routes.
pub fn actions() -> Vec<Action> {
    vec![
        Action::read("Catalogue.Routes", api::routes_action),
        Action::read("Catalogue.List", api::list_action),
        Action::read("Catalogue.Offer", api::offer_action),
        Action::read("Catalogue.Institution", api::institution_action),
        Action::read("Catalogue.Compare", api::compare_action),
    ]
}

/// Where a listing page is asked for (`GET /api/listings?route=…`).
pub const LISTINGS_PATH: &str = "/api/listings";

/// The area's own routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/routes", get(api::get_routes))
        .route(LISTINGS_PATH, get(api::get_listings))
        .route("/api/offers/{name}", get(api::get_offer))
        .route("/api/institutions/{id}", get(api::get_institution))
        .route("/api/compare", get(api::get_compare))
        .route("/api/feed", get(api::get_feed))
        .route("/api/feed/{id}", get(api::get_feed_product))
}
