//! Tracking: the ad-view pixel, the go-to-top ping and the apply redirect.
//!
//! - `GET /pixel.png?adview_id=…&adview_version=2&…` (site-core §3, §5, §7): the payload
//!   is read by `visitor_state::ad_pixel::AdView::from_query`, which owns its rules
//!   (empty values dropped, position and totals dropped when both 0 or both -1, version
//!   exactly 2). A view is stored as an ad view, `adview_click` makes it an ad click.
//!   Answers a 1x1 transparent PNG; an invalid payload answers a 400 JSON error.
//! - `GET /gototop.png` (community §7): the same PNG; counted once per ping in a daily
//!   counter.
//! - `GET /r/?id=…[&rf=1]` (site-core §2, §4; community §2): a 302 to the offer's stored
//!   apply or rates-and-fees address, recorded as a redirect click.
//!
//! Every event goes through [`Tracker`]: a bounded in-memory queue that a background task
//! drains into the database in batches (one transaction each). The request path never
//! waits for the database; when the queue is full, events are dropped and counted. Views
//! and clicks are analytics data: a crash loses at most the events still queued.

pub(crate) mod pixel;
mod queue;
mod redirect;

use axum::Router;
use axum::routing::get;

pub use pixel::{PIXEL_PNG, png_response};
pub use queue::{Tracker, TrackerConfig, TrackingStats};
pub use redirect::{RedirectIndex, destination, is_safe_destination};

use crate::rpc::Action;
use crate::{ApiError, AppState};

/// The area's dispatch actions (none: tracking has its own paths).
pub fn actions() -> Vec<Action> {
    Vec::new()
}

/// The area's own routes: `/pixel.png`, `/gototop.png` and `/r/` (also `/r`).
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(visitor_state::ad_pixel::PIXEL_PATH, get(pixel::pixel))
        .route("/gototop.png", get(pixel::go_to_top))
        .route("/r/", get(redirect::redirect))
        .route("/r", get(redirect::redirect))
}

/// One decoded name and value of a query string, borrowed when nothing was decoded.
pub type QueryPair<'a> = site_urls::encoding::FormPair<'a>;

/// Reads a query string into decoded pairs, in order, with
/// [`site_urls::encoding::form_pairs`]: `+` is a space and `%XX` escapes are decoded once;
/// an escape that is malformed or decodes to invalid UTF-8 refuses the whole query (rather
/// than storing a replacement character). Empty segments are skipped; a segment without
/// `=` has an empty value. Pairs borrow from the query unless they had something to decode.
pub fn query_pairs(query: Option<&str>) -> Result<Vec<QueryPair<'_>>, ApiError> {
    site_urls::encoding::form_pairs(query.unwrap_or("")).ok_or_else(|| {
        ApiError::BadRequest("the query string is not valid percent-encoded UTF-8".to_owned())
    })
}

#[cfg(test)]
mod tests;
