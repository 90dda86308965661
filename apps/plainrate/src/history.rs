//! A product's history, `GET /api/offers/{name}/history`: every figure an import changed
//! (and a new product's first figures), with when and from which source, oldest first
//! ([`store::catalogue::history`]). A retired product's history stays readable.

use api_types::history::{FigureChange, OfferHistory};
use axum::Router;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::listings::api::retired_offer;
use crate::protocol::client_ip::ClientIp;
use crate::{ApiError, AppState};

/// The area's routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/offers/{name}/history", get(get_history))
}

/// `GET /api/offers/{name}/history`.
async fn get_history(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: axum::http::HeaderMap,
    Path(name): Path<String>,
) -> Response {
    if let Some(refusal) = crate::protocol::gate(&state, &headers, client) {
        return refusal;
    }
    match history(&state, &name).await {
        Ok(body) => axum::Json(body).into_response(),
        Err(err) => err.into_response(),
    }
}

async fn history(state: &AppState, name: &str) -> Result<OfferHistory, ApiError> {
    let snapshot = state.catalogue.snapshot();
    let (id, product, retired_since) =
        match crate::listings::api::find_offer(snapshot.catalogue(), name) {
            Some(offer) => (
                offer.identity.id.as_str().to_owned(),
                offer.identity.name.as_str().to_owned(),
                None,
            ),
            None => {
                let retired = retired_offer(&snapshot, name).ok_or_else(|| {
                    ApiError::NotFound(format!("no product named {}", name.escape_default()))
                })?;
                (retired.id, retired.name, retired.retired_since)
            }
        };
    let recorded = store::catalogue::history::of_offer(&state.db, &id).await?;
    // The import that brought the product in: the earliest (rows recorded before versions
    // were kept are older than any with one).
    let first_version = if recorded.iter().any(|c| c.import_version.is_none()) {
        None
    } else {
        recorded.iter().filter_map(|c| c.import_version).min()
    };
    let changes = recorded
        .into_iter()
        .map(|change| FigureChange {
            first: change.import_version == first_version,
            date: change.recorded_at.to_rfc3339(),
            label: catalogue::refresh::figure_label(&change.field).to_owned(),
            field: change.field,
            old: change.old,
            new: change.new,
            source: change.source,
            source_as_of: change.source_as_of,
        })
        .collect();
    Ok(OfferHistory {
        id,
        name: product,
        retired_since,
        changes,
    })
}
