//! The whole HTTP surface, put together from the areas.

use std::convert::Infallible;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{Method, StatusCode};
use axum::response::Response;
use axum::routing::{any, get};
use tower::{Layer, Service};
use tower_http::timeout::TimeoutLayer;

use crate::middleware::{Immediate, Stamp, StampLayer};
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
/// its service type cannot be named. The answers given at once, [`Site`]'s, read no
/// body and pass only the stamping layer.)
pub type App = Stamp<Site>;

/// Builds the app.
pub fn build(state: AppState) -> App {
    StampLayer.layer(site(state))
}

/// The site without the stamping layer: what [`build`] wraps.
pub fn site(state: AppState) -> Site {
    let router = routes()
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state.clone());
    Site { router, state }
}

/// The routes, and the state the answers given from memory read. As a service it is the
/// router alone; the stamping layer asks [`Immediate::immediate`] first.
#[derive(Clone)]
pub struct Site {
    router: Router,
    state: AppState,
}

impl Service<Request> for Site {
    type Response = Response;
    type Error = Infallible;
    type Future = <Router as Service<Request>>::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Service::<Request>::poll_ready(&mut self.router, cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        self.router.call(request)
    }
}

impl Immediate for Site {
    /// The two answers a page view asks for most, given without the router: the ad pixel
    /// and a catalogue listing, both from memory and never waiting. They are the same
    /// functions their routes call (behind the stamping layer, the routes answer the other
    /// methods). The router's call and its boxed futures were about half of the cost of
    /// an answer that does nothing (docs/BENCHMARKS.md). A layer added to these two routes
    /// would not apply to these answers.
    fn immediate(&self, request: &Request) -> Option<Response> {
        if request.method() != Method::GET {
            return None;
        }
        match request.uri().path() {
            visitor_state::ad_pixel::PIXEL_PATH => {
                Some(crate::tracking::pixel::answer(&self.state, request.uri()))
            }
            crate::listings::LISTINGS_PATH => {
                Some(crate::listings::api::listings_answer(&self.state, request))
            }
            _ => None,
        }
    }
}

/// Every route of the site: the dispatch endpoint and every area's paths
/// ([`crate::areas::AREAS`]).
fn routes() -> Router<AppState> {
    let mut database = Router::new()
        .route("/home/rpc", any(rpc::endpoint))
        .route("/ajax.php", any(rpc::endpoint))
        .route("/home/rpc/{name}", any(rpc::named));
    let mut memory = Router::new().route("/healthz", get(|| async { "ok" }));
    for area in crate::areas::AREAS {
        if area.waits_on_database {
            database = database.merge((area.routes)());
        } else {
            memory = memory.merge((area.routes)());
        }
    }
    // Routes that wait on the database get a deadline (`Area::waits_on_database`).
    let database = database.route_layer(TimeoutLayer::with_status_code(
        StatusCode::SERVICE_UNAVAILABLE,
        DATABASE_REQUEST_TIMEOUT,
    ));
    memory.merge(database).fallback(crate::pages::fallback)
}
