//! The whole HTTP surface, put together from the areas.

use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{Request, StatusCode};
use axum::routing::{any, get};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::middleware::{REQUEST_ID, panic_response, stamp};
use crate::{ApiError, AppState, dispatch};

/// Largest request body any endpoint reads.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// Builds the app.
pub fn build(state: AppState) -> Router {
    Router::new()
        .route("/home/rpc", any(dispatch::endpoint))
        .route("/ajax.php", any(dispatch::endpoint))
        .route("/healthz", get(|| async { "ok" }))
        .merge(crate::protocol::routes())
        .merge(crate::members::routes())
        .merge(crate::ratings::routes())
        .merge(crate::listings::routes())
        .merge(crate::tracking::routes())
        .fallback(|| async { ApiError::NotFound("no such page".to_owned()) })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            Duration::from_secs(20),
        ))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(
            TraceLayer::new_for_http().make_span_with(|request: &Request<_>| {
                let id = request
                    .headers()
                    .get(&REQUEST_ID)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("");
                tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), request_id = %id)
            }),
        )
        .layer(axum::middleware::from_fn(stamp))
        .with_state(state)
}
