//! `GET /pixel.png` (the ad-view pixel, site-core §3, §5, §7) and `GET /gototop.png` (the
//! go-to-top ping, community §7): both answer the same 1x1 transparent PNG and queue an
//! event; neither touches the database on the request path.

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Uri, header};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use store::tracking::{Counter, TrackingEvent};
use visitor_state::ad_pixel::{self, AdView, AdViewError};

use crate::{ApiError, AppState};

/// A 1x1 fully transparent PNG (8-bit RGBA): signature, IHDR, one IDAT, IEND.
pub const PIXEL_PNG: [u8; 68] = [
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, // signature
    0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, // IHDR, 13 bytes
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, // width 1, height 1
    0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, // 8-bit RGBA; CRC
    0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, // IDAT, 11 bytes
    0x78, 0xda, 0x63, 0x60, 0x00, 0x02, 0x00, 0x00, 0x05, 0x00, 0x01, // zlib data
    0xe9, 0xfa, 0xdc, 0xd8, // CRC
    0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82, // IEND
];

/// The PNG's length as header text, written out so that no answer has to format it.
const PIXEL_LENGTH: &str = "68";
const _: () = assert!(PIXEL_PNG.len() == 68);

/// The pixel response: the PNG, never cached. Built with its own header map, sized once
/// for these and the headers every answer gets (no default content type to replace).
pub fn png_response() -> Response {
    let mut headers = HeaderMap::with_capacity(crate::middleware::RESPONSE_HEADER_ROOM);
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::CONTENT_LENGTH,
        HeaderValue::from_static(PIXEL_LENGTH),
    );
    let mut response = Response::new(Body::from(Bytes::from_static(&PIXEL_PNG)));
    *response.headers_mut() = headers;
    response
}

/// The query field an ad-view error is about.
fn field_of(err: &AdViewError) -> &'static str {
    match err {
        AdViewError::MissingVersion | AdViewError::WrongVersion { .. } => ad_pixel::FIELD_VERSION,
        AdViewError::NotANumber { field, .. }
        | AdViewError::TooLong { field, .. }
        | AdViewError::Duplicate { field } => field,
        AdViewError::NotAFlag { .. } => ad_pixel::FIELD_CLICK,
    }
}

/// `GET /pixel.png?adview_…`: reads the payload with the domain rules and queues a view,
/// or a click when `adview_click` is set. An invalid payload answers 400 and queues
/// nothing. (Behind the stamping layer a `GET` is answered by [`answer`] without the
/// router, so this route answers `HEAD`.)
pub async fn pixel(State(state): State<AppState>, uri: Uri) -> Response {
    answer(&state, &uri)
}

/// The pixel's answer to a request for `uri`.
pub fn answer(state: &AppState, uri: &Uri) -> Response {
    let recorded = super::query_pairs(uri.query()).and_then(|pairs| {
        let view = AdView::from_query(pairs)
            .map_err(|err| ApiError::validation(field_of(&err), err.to_string()))?;
        state.tracking.record(TrackingEvent::Ad {
            view,
            at: Utc::now(),
        });
        Ok(())
    });
    match recorded {
        Ok(()) => png_response(),
        Err(err) => err.into_response(),
    }
}

/// `GET /gototop.png`: counts the ping (one counter per day) and answers the PNG.
pub async fn go_to_top(State(state): State<AppState>) -> Response {
    state.tracking.record(TrackingEvent::Ping {
        counter: Counter::GoToTop,
        at: Utc::now(),
    });
    png_response()
}
