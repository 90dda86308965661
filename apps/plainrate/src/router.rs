//! The whole HTTP surface, put together from the areas.

use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{any, get};
use tower::Layer;
use tower_http::timeout::TimeoutLayer;

use crate::middleware::{Stamp, StampLayer};
use crate::{AppState, rpc};

/// Largest request body any endpoint reads.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// Longest a request that waits on the database may take, well inside the client's
/// 30-second request timeout (site-core §9).
pub const DATABASE_REQUEST_TIMEOUT: Duration = Duration::from_secs(20);

/// The whole app: the routes behind the layers every request passes. The layers wrap the
/// router as one service instead of being added with `Router::layer`, which wraps (and
/// per request clones and boxes) every route's service once more for each layer.
/// (The body limit stays a router layer: the extractors read it from the request, and
/// its service type cannot be named.)
pub type App = Stamp<Router>;

/// Builds the app.
pub fn build(state: AppState) -> App {
    let routes = routes()
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state);
    StampLayer.layer(routes)
}

/// Every route of the site.
fn routes() -> Router<AppState> {
    // Routes that wait on the database get a deadline. Routes answered from memory (the
    // catalogue view, the pixel queue, signed window ids) cannot stall, and a timer per
    // request is a measurable share of their cost.
    let database = Router::new()
        .route("/home/rpc", any(rpc::endpoint))
        .route("/ajax.php", any(rpc::endpoint))
        .route("/home/rpc/{name}", any(rpc::named))
        .merge(crate::members::routes())
        .merge(crate::ratings::routes())
        .merge(crate::search::routes())
        .route_layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            DATABASE_REQUEST_TIMEOUT,
        ));
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .merge(database)
        .merge(crate::protocol::routes())
        .merge(crate::openapi::routes())
        .merge(crate::listings::routes())
        .merge(crate::card_value::routes())
        .merge(crate::art::routes())
        .merge(crate::tracking::routes())
        .merge(crate::pages::routes())
        .fallback(crate::pages::fallback)
}
