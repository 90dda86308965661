//! The whole HTTP surface, put together from the areas.

use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{any, get};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::timeout::TimeoutLayer;

use crate::middleware::{StampLayer, panic_response};
use crate::{ApiError, AppState, dispatch};

/// Largest request body any endpoint reads.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// Longest a request that waits on the database may take, well inside the client's
/// 30-second request timeout (site-core §9).
pub const DATABASE_REQUEST_TIMEOUT: Duration = Duration::from_secs(20);

/// Builds the app.
pub fn build(state: AppState) -> Router {
    // Routes that wait on the database get a deadline. Routes answered from memory (the
    // catalogue view, the pixel queue, signed window ids) cannot stall, and a timer per
    // request is a measurable share of their cost.
    let database = Router::new()
        .route("/home/rpc", any(dispatch::endpoint))
        .route("/ajax.php", any(dispatch::endpoint))
        .merge(crate::members::routes())
        .merge(crate::ratings::routes())
        .route_layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            DATABASE_REQUEST_TIMEOUT,
        ));
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .merge(database)
        .merge(crate::protocol::routes())
        .merge(crate::listings::routes())
        .merge(crate::tracking::routes())
        .fallback(|| async { ApiError::NotFound("no such page".to_owned()) })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(StampLayer)
        .with_state(state)
}
