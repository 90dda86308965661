//! The server's metrics, in the Prometheus text format, on an address of their own
//! (`--metrics-bind`): visitors reach the site's address only, so they never read them.
//!
//! What is counted: requests by route and status with a latency histogram, the database
//! pool, the vote writer's queue and batch sizes, the e-mail outbox's backlog and delivery
//! results, catalogue rebuilds and their duration, and rate-limit refusals. Without
//! `--metrics-bind` no recorder is installed and every count is a no-op.
//!
//! Labels never hold a visitor's data: a route is the path's first one or two segments
//! (`/d`, `/api/offers`), never a product, token or address.

use std::net::SocketAddr;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use metrics::{
    Unit, counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram,
};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

use crate::AppState;

/// The metrics' path on the metrics listener (not a route of the site's address, whose
/// routes the API document lists).
pub const METRICS_PATH: &str = "/metrics";

/// Whether a recorder is installed (counting costs nothing otherwise).
static ENABLED: AtomicBool = AtomicBool::new(false);
/// The installed recorder's handle, which renders the text.
static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Request latency buckets, in seconds: from a cached listing to a slow write.
const LATENCY_BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0,
];

/// Installs the process's recorder (once); the handle that renders the metrics.
pub fn install() -> Result<PrometheusHandle, String> {
    if let Some(handle) = HANDLE.get() {
        return Ok(handle.clone());
    }
    let handle = PrometheusBuilder::new()
        .set_buckets(&LATENCY_BUCKETS)
        .map_err(|err| format!("metrics buckets: {err}"))?
        .install_recorder()
        .map_err(|err| format!("metrics recorder: {err}"))?;
    let handle = HANDLE.get_or_init(|| handle).clone();
    describe();
    ENABLED.store(true, Ordering::Relaxed);
    Ok(handle)
}

/// What each metric is (its HELP line), for the people reading the dashboards.
fn describe() {
    describe_counter!(
        "plainrate_http_requests_total",
        "Requests answered, by route and status."
    );
    describe_histogram!(
        "plainrate_http_request_duration_seconds",
        Unit::Seconds,
        "Time from a request's arrival to its answer, by route and status."
    );
    describe_counter!(
        "plainrate_rate_limit_refusals_total",
        "Writes refused by a rate limit, by the first limit they count on."
    );
    describe_histogram!(
        "plainrate_vote_batch_size",
        "Votes the vote writer committed in one transaction (SQLite)."
    );
    describe_gauge!(
        "plainrate_vote_queue_depth",
        "Votes waiting behind the vote writer's latest batch (SQLite)."
    );
    describe_counter!(
        "plainrate_email_attempts_total",
        "E-mail sending attempts, by result: sent, retry or failed."
    );
    describe_gauge!(
        "plainrate_email_backlog",
        "E-mails queued in the outbox, waiting for a first or a next attempt."
    );
    describe_counter!(
        "plainrate_catalogue_rebuilds_total",
        "Catalogue views rebuilt after the data or the vote totals changed."
    );
    describe_histogram!(
        "plainrate_catalogue_rebuild_seconds",
        Unit::Seconds,
        "Time one catalogue rebuild took."
    );
    describe_gauge!(
        "plainrate_db_pool_connections",
        "Open connections of the database pool."
    );
    describe_gauge!(
        "plainrate_db_pool_idle_connections",
        "Idle connections of the database pool."
    );
}

/// Whether metrics are counted (a recorder is installed).
pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// The route label of a path: its first segment, or its first two under `/api` and
/// `/home` (`/api/listings`, `/home/rpc`), so a product's or a question's address never
/// becomes a label of its own.
pub fn route_label(path: &str) -> String {
    let mut segments = path.trim_start_matches('/').split('/');
    let first = segments.next().unwrap_or("");
    match (first, segments.next()) {
        ("", _) => "/".to_owned(),
        ("api" | "home", Some(second)) if !second.is_empty() => format!("/{first}/{second}"),
        _ => format!("/{first}"),
    }
}

/// The label of routes the site does not have: a 404 or a redirect can be asked for at any
/// path a visitor types, so its path never becomes a label.
pub const OTHER_ROUTE: &str = "other";

/// One answered request, by its route label ([`route_label`]; [`OTHER_ROUTE`] for a 404
/// or a redirect).
pub fn request(route: String, status: u16, seconds: f64) {
    let route = if status == 404 || (300..400).contains(&status) {
        OTHER_ROUTE.to_owned()
    } else {
        route
    };
    let labels = [("route", route), ("status", status.to_string())];
    counter!("plainrate_http_requests_total", &labels).increment(1);
    histogram!("plainrate_http_request_duration_seconds", &labels).record(seconds);
}

/// A write refused by a rate limit (`limit`: the first limit the write counts on).
pub fn rate_limited(limit: &'static str) {
    counter!("plainrate_rate_limit_refusals_total", "limit" => limit).increment(1);
}

/// A batch the vote writer committed, and the votes still waiting behind it.
pub fn vote_batch(size: usize, waiting: usize) {
    histogram!("plainrate_vote_batch_size").record(size as f64);
    gauge!("plainrate_vote_queue_depth").set(waiting as f64);
}

/// What one e-mail attempt came to: `sent`, `retry`, `failed`, or `withheld` (its address
/// left its list).
pub fn mail_attempt(result: &'static str) {
    counter!("plainrate_email_attempts_total", "result" => result).increment(1);
}

/// A catalogue rebuild and how long it took.
pub fn catalogue_rebuild(took: Duration) {
    counter!("plainrate_catalogue_rebuilds_total").increment(1);
    histogram!("plainrate_catalogue_rebuild_seconds").record(took.as_secs_f64());
}

/// The metrics text, with the gauges read now: the database pool and the outbox's
/// backlog.
pub async fn render(state: &AppState, handle: &PrometheusHandle) -> String {
    let (size, idle) = pool_figures(&state.db);
    gauge!("plainrate_db_pool_connections").set(size as f64);
    gauge!("plainrate_db_pool_idle_connections").set(idle as f64);
    match store::outbox::backlog(&state.db, store::outbox::Channel::Email).await {
        Ok(queued) => gauge!("plainrate_email_backlog").set(queued as f64),
        Err(err) => tracing::warn!(%err, "metrics: the outbox backlog could not be read"),
    }
    handle.render()
}

/// The pool's open and idle connections.
fn pool_figures(db: &sea_orm::DatabaseConnection) -> (u32, usize) {
    match store::Backend::of(db) {
        store::Backend::Sqlite => {
            let pool = db.get_sqlite_connection_pool();
            (pool.size(), pool.num_idle())
        }
        store::Backend::Postgres => {
            let pool = db.get_postgres_connection_pool();
            (pool.size(), pool.num_idle())
        }
    }
}

/// Serves `GET /metrics` on `addr`, beside the site (its own listener, on the process's
/// event loop).
pub async fn serve(state: AppState, addr: SocketAddr) -> Result<(), std::io::Error> {
    use axum::routing::get;
    let handle = install().map_err(std::io::Error::other)?;
    let router = axum::Router::new().route(
        METRICS_PATH,
        get(move || {
            let (state, handle) = (state.clone(), handle.clone());
            async move {
                (
                    [(
                        axum::http::header::CONTENT_TYPE,
                        "text/plain; version=0.0.4; charset=utf-8",
                    )],
                    render(&state, &handle).await,
                )
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!(%addr, "metrics");
    tokio::spawn(async move {
        if let Err(err) = axum::serve(listener, router).await {
            tracing::error!(%err, "the metrics listener stopped");
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::route_label;

    #[test]
    fn a_route_label_never_names_a_product_or_a_token() {
        assert_eq!(route_label("/"), "/");
        assert_eq!(route_label("/d/card-of-some-bank"), "/d");
        assert_eq!(route_label("/api/offers/ccb-1"), "/api/offers");
        assert_eq!(route_label("/home/rpc/Members.Join"), "/home/rpc");
        assert_eq!(route_label("/credit-cards/rewards"), "/credit-cards");
        assert_eq!(route_label("/api"), "/api");
    }
}
