//! The read API of the catalogue: REST-shaped GET routes and the matching dispatch actions,
//! both answering through the same functions from the current snapshot's cache.
//!
//! | route | action | parameters |
//! |---|---|---|
//! | `GET /api/routes` | `Catalogue.Routes` | |
//! | `GET /api/listings` | `Catalogue.List` | `route`, `need`, `scenario`, `type`, `sort`, `page`, `per_page`, `sponsorship` |
//! | `GET /api/offers/{name}` | `Catalogue.Offer` | `name`: a details-page name (`cash-card`, `d/cash-card`) or an offer id or `PID` |
//! | `GET /api/institutions/{id}` | `Catalogue.Institution` | `id`: an institution's id or `UID` |
//! | `GET /api/compare?ids=a,b` | `Catalogue.Compare` | `ids`: two to four offer ids or `PID`s, comma-separated |
//! | `GET /api/feed` | | the open product-data feed: every product, each figure with its source and as-of date ([`catalogue::feed`]) |
//! | `GET /api/feed/{id}` | | one product of the feed, by offer id |
//!
//! A parameter that cannot be read is a 400 naming the field; an unknown route, offer or
//! institution is a 404. Links in answers are site-relative, so every instance and host
//! sends the same bytes.

use std::net::IpAddr;
use std::sync::Arc;

use api_types::listing::{CompareResponse, InstitutionResponse, ListingResponse, RoutesResponse};
use api_types::offer::OfferSummary;
use axum::extract::{Path, Request, State};
use axum::response::{IntoResponse, Response};
use catalogue::{
    CompareError, InstitutionError, ListingError, ListingQuery, QueryError, QueryField,
};
use serde::Serialize;

use super::cache::{CacheKey, CachedBody};
use super::snapshot::Snapshot;
use crate::protocol::client_ip::{self, ClientIp};
use crate::rpc::{ActionFuture, ActionRequest, form_pairs};
use crate::{ApiError, AppState};

/// Base of the links in answers: none, so links are site-relative.
const LINK_BASE: &str = "";

/// A value as JSON bytes; a value that cannot be written is an internal error.
pub(crate) fn to_json<T: Serialize>(value: &T) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(value).map_err(|err| ApiError::Internal(format!("serialising: {err}")))
}

fn query_error(err: &QueryError) -> ApiError {
    let field = err.field().unwrap_or(QueryField::Route);
    ApiError::validation(field.name(), err.to_string())
}

fn listing_error(err: &ListingError) -> ApiError {
    match err {
        ListingError::UnknownRoute { .. } => ApiError::NotFound(err.to_string()),
        ListingError::ScenarioNotForRoute { .. } => {
            ApiError::validation(QueryField::Scenario.name(), err.to_string())
        }
        ListingError::NeedNotForRoute { .. } => {
            ApiError::validation(QueryField::Need.name(), err.to_string())
        }
        ListingError::PageOutOfRange { .. } => {
            ApiError::validation(QueryField::Page.name(), err.to_string())
        }
    }
}

/// The route table.
pub fn routes_body(snapshot: &Snapshot) -> Result<Arc<CachedBody>, ApiError> {
    snapshot.cache().get_or_compute(CacheKey::Routes, || {
        to_json(&RoutesResponse::from(snapshot.catalogue()))
    })
}

/// A listing page, from query parameters (names other than the listing's are ignored).
pub fn listing_body<I, K, V>(snapshot: &Snapshot, pairs: I) -> Result<Arc<CachedBody>, ApiError>
where
    I: IntoIterator<Item = (K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    let query = ListingQuery::from_pairs(pairs).map_err(|err| query_error(&err))?;
    listing_body_for(snapshot, query)
}

/// A listing page for a checked query.
pub fn listing_body_for(
    snapshot: &Snapshot,
    query: ListingQuery,
) -> Result<Arc<CachedBody>, ApiError> {
    let compute = || {
        let listing = snapshot
            .catalogue()
            .listing(&query)
            .map_err(|err| listing_error(&err))?;
        let mut response =
            ListingResponse::from_listing(&listing, LINK_BASE, snapshot.catalogue().large_banks());
        for item in &mut response.items {
            item.offer.rate_change = snapshot.rate_change(&item.offer.id).cloned();
        }
        to_json(&response)
    };
    snapshot
        .cache()
        .get_or_compute(CacheKey::Listing(query.clone()), compute)
}

/// An offer, by details-page name, id or `PID`.
pub fn offer_body(snapshot: &Snapshot, name: &str) -> Result<Arc<CachedBody>, ApiError> {
    let catalogue = snapshot.catalogue();
    let Some(offer) = find_offer(catalogue, name) else {
        return Err(match retired_offer(snapshot, name) {
            Some(retired) => ApiError::Gone(format!(
                "{} is no longer offered (since {}).",
                retired.name,
                retired.retired_since.as_deref().unwrap_or("")
            )),
            None => ApiError::NotFound(format!("no product named {}", echo(name))),
        });
    };
    snapshot.cache().get_or_compute(
        CacheKey::Offer(offer.identity.id.as_str().to_owned()),
        || {
            let mut summary = OfferSummary::from_offer(offer, LINK_BASE, catalogue.large_banks());
            summary.rate_change = snapshot.rate_change(&summary.id).cloned();
            to_json(&summary)
        },
    )
}

/// The offer a details-page name, id or `PID` names.
pub(crate) fn find_offer<'a>(
    catalogue: &'a catalogue::Catalogue,
    name: &str,
) -> Option<&'a offer_model::Offer> {
    catalogue
        .offer_by_details_page(name)
        .or_else(|| catalogue.offer(name.trim()))
}

/// A retired offer's last figures, by the names an offered one answers to: no apply link,
/// and the date it was retired.
pub fn retired_offer(snapshot: &Snapshot, name: &str) -> Option<OfferSummary> {
    let retired = snapshot.retired();
    let offer = find_offer(retired, name)?;
    let mut summary = OfferSummary::from_offer(offer, LINK_BASE, retired.large_banks());
    summary.retired_since = snapshot
        .retired_at(offer.identity.id.as_str())
        .map(|at| at.format("%Y-%m-%d").to_string());
    summary.apply = api_types::offer::ApplyTarget::None;
    Some(summary)
}

/// An institution with its products, by id or `UID`.
pub fn institution_body(snapshot: &Snapshot, id: &str) -> Result<Arc<CachedBody>, ApiError> {
    let view = snapshot
        .catalogue()
        .institution_with_products(id.trim())
        .map_err(|err| match err {
            InstitutionError::Unknown { .. } | InstitutionError::NotAnInstitution { .. } => {
                ApiError::NotFound(format!("no institution with id {}", echo(id)))
            }
        })?;
    let key = CacheKey::Institution(view.institution.identity.id.as_str().to_owned());
    snapshot.cache().get_or_compute(key, || {
        to_json(&InstitutionResponse::from_view(
            &view,
            LINK_BASE,
            snapshot.catalogue().large_banks(),
        ))
    })
}

/// A comparison of two to four offers, from a comma-separated list of ids or `PID`s.
pub fn compare_body(snapshot: &Snapshot, ids: &str) -> Result<Arc<CachedBody>, ApiError> {
    let ids: Vec<&str> = ids
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .collect();
    let comparison = snapshot
        .catalogue()
        .compare(&ids)
        .map_err(|err| match err {
            CompareError::UnknownOffer { .. } => ApiError::NotFound(err.to_string()),
            CompareError::TooFew { .. }
            | CompareError::TooMany { .. }
            | CompareError::Repeated { .. } => ApiError::validation("ids", err.to_string()),
        })?;
    let key = CacheKey::Compare(
        comparison
            .offers
            .iter()
            .map(|offer| offer.identity.id.as_str().to_owned())
            .collect(),
    );
    snapshot.cache().get_or_compute(key, || {
        to_json(&CompareResponse::from_comparison(
            &comparison,
            LINK_BASE,
            snapshot.catalogue().large_banks(),
        ))
    })
}

/// Fills a new snapshot's cache with the answers asked for most: the route table and the
/// first page of every route.
pub(crate) fn warm(snapshot: &Snapshot) {
    let _ = routes_body(snapshot);
    for route in snapshot.catalogue().routes() {
        let _ = listing_body_for(snapshot, ListingQuery::route(route.path.clone()));
    }
}

/// A value repeated in a message, cut short.
fn echo(value: &str) -> String {
    value.chars().take(64).collect()
}

/// Answers a GET from the cache: by the exact path and query first, else by computing the
/// body (which looks up the normalised query) and remembering it under this request.
fn serve(
    state: &AppState,
    client: IpAddr,
    request: &Request,
    compute: impl FnOnce(&Snapshot) -> Result<Arc<CachedBody>, ApiError>,
) -> Response {
    if let Some(refusal) = crate::protocol::gate(state, request.headers(), client) {
        return refusal;
    }
    let snapshot = state.catalogue.snapshot();
    let key = request.uri().path_and_query().map_or("", |pq| pq.as_str());
    if let Some(hit) = snapshot.cache().by_request(key) {
        return hit.respond(request.headers());
    }
    match compute(&snapshot) {
        Ok(body) => {
            snapshot.cache().remember_request(key, &body);
            body.respond(request.headers())
        }
        Err(err) => err.into_response(),
    }
}

fn query_pairs(request: &Request) -> Vec<(String, String)> {
    form_pairs(request.uri().query().unwrap_or("").as_bytes())
}

/// `GET /api/routes`.
pub async fn get_routes(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    serve(&state, client, &request, routes_body)
}

/// `GET /api/listings?route=…`. (Behind the stamping layer a `GET` is answered by
/// [`listings_answer`] without the router, so this route answers `HEAD`.)
pub async fn get_listings(State(state): State<AppState>, request: Request) -> Response {
    listings_answer(&state, &request)
}

/// The answer to a request for a listing page.
pub fn listings_answer(state: &AppState, request: &Request) -> Response {
    let client = client_ip::of_request(request, &state.settings.trusted_proxies);
    serve(state, client, request, |snapshot| {
        listing_body(snapshot, query_pairs(request))
    })
}

/// `GET /api/offers/{name}`.
pub async fn get_offer(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Path(name): Path<String>,
    request: Request,
) -> Response {
    serve(&state, client, &request, |snapshot| {
        offer_body(snapshot, &name)
    })
}

/// The whole product-data feed.
pub fn feed_body(snapshot: &Snapshot) -> Result<Arc<CachedBody>, ApiError> {
    snapshot.cache().get_or_compute(CacheKey::Feed, || {
        to_json(&catalogue::feed::feed(snapshot.offers()))
    })
}

/// `GET /api/feed`.
pub async fn get_feed(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    serve(&state, client, &request, feed_body)
}

/// `GET /api/feed/{id}`: the product with its recorded history (read from the database,
/// so not from the cache of finished answers).
pub async fn get_feed_product(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    if let Some(refusal) = crate::protocol::gate(&state, request.headers(), client) {
        return refusal;
    }
    match feed_product_with_history(&state, &id).await {
        Ok(body) => axum::Json(body).into_response(),
        Err(err) => err.into_response(),
    }
}

async fn feed_product_with_history(
    state: &AppState,
    id: &str,
) -> Result<catalogue::feed::FeedProductWithHistory, ApiError> {
    let product = {
        let snapshot = state.catalogue.snapshot();
        let offer = snapshot
            .catalogue()
            .offer(id.trim())
            .ok_or_else(|| ApiError::NotFound(format!("no product with id {}", echo(id))))?;
        catalogue::feed::feed_product(offer)
    };
    let changes = store::catalogue::history::of_offer(&state.db, &product.id)
        .await?
        .into_iter()
        .map(|change| catalogue::feed::FeedChange {
            date: change.recorded_at.to_rfc3339(),
            field: change.field,
            old: change.old,
            new: change.new,
            source: change.source,
            as_of: change.source_as_of,
        })
        .collect();
    Ok(catalogue::feed::FeedProductWithHistory { product, changes })
}

/// `GET /api/institutions/{id}`.
pub async fn get_institution(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    serve(&state, client, &request, |snapshot| {
        institution_body(snapshot, &id)
    })
}

/// `GET /api/compare?ids=a,b`.
pub async fn get_compare(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    serve(&state, client, &request, |snapshot| {
        let pairs = query_pairs(&request);
        let mut ids = pairs.iter().filter(|(name, _)| name == "ids");
        let value = match (ids.next(), ids.next()) {
            (Some(_), Some(_)) => {
                return Err(ApiError::validation("ids", "ids is given more than once"));
            }
            (Some((_, value)), None) if !value.trim().is_empty() => value,
            _ => return Err(ApiError::validation("ids", "ids is required")),
        };
        compare_body(snapshot, value)
    })
}

/// `action=Catalogue.Routes`.
pub fn routes_action(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let snapshot = state.catalogue.snapshot();
        Ok(routes_body(&snapshot)?.respond(&request.headers))
    })
}

/// `action=Catalogue.List`.
pub fn list_action(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let snapshot = state.catalogue.snapshot();
        Ok(listing_body(&snapshot, request.params.iter())?.respond(&request.headers))
    })
}

/// `action=Catalogue.Offer&name=…`.
pub fn offer_action(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let snapshot = state.catalogue.snapshot();
        let name = request.params.required("name")?;
        Ok(offer_body(&snapshot, name)?.respond(&request.headers))
    })
}

/// `action=Catalogue.Institution&id=…`.
pub fn institution_action(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let snapshot = state.catalogue.snapshot();
        let id = request.params.required("id")?;
        Ok(institution_body(&snapshot, id)?.respond(&request.headers))
    })
}

/// `action=Catalogue.Compare&ids=a,b`.
pub fn compare_action(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let snapshot = state.catalogue.snapshot();
        let ids = request.params.required("ids")?;
        Ok(compare_body(&snapshot, ids)?.respond(&request.headers))
    })
}
