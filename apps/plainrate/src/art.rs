//! The site's own illustrations of its products, `GET /art/{id}.svg`: a card drawn from a
//! credit or prepaid card's issuer, name and network, and an institution's mark (its
//! initials) for a bank, a credit union or an account or loan they offer. They are drawn
//! by the artwork crate, chosen by `catalogue::art`, and labelled as illustrations; an
//! unknown id is a 404.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::{ApiError, AppState};

/// How long a browser may keep an illustration: it changes only with the catalogue.
const CACHE_CONTROL: &str = "public, max-age=3600";

/// The area's routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/art/{file}", get(get_art))
}

/// `GET /art/{id}.svg`.
pub async fn get_art(State(state): State<AppState>, Path(file): Path<String>) -> Response {
    let Some(id) = file.strip_suffix(".svg") else {
        return ApiError::NotFound("no such illustration".to_owned()).into_response();
    };
    let snapshot = state.catalogue.snapshot();
    let Some(offer) = snapshot.offer_or_retired(id) else {
        return ApiError::NotFound(format!("no product with id {}", id.escape_default()))
            .into_response();
    };
    let svg = catalogue::art::subject_of(offer).svg();
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("image/svg+xml"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static(CACHE_CONTROL),
            ),
        ],
        svg,
    )
        .into_response()
}
