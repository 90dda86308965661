//! The card-value estimate, `GET /api/card-values`: every credit card ranked by its
//! yearly value for the visitor's spending (`groceries`, `dining`, `gas`, `travel`,
//! `other`, monthly dollars), carried `balance`, credit `tier` (`none`, `poor`, `good`,
//! `great`) and cents per point (`cpp`), a `page` of [`CARDS_PER_PAGE`] at a time. The
//! method is the catalogue crate's ([`catalogue::value`]); a value that cannot be read is
//! a 400 naming its field.

use api_types::card_value::{CardValueItem, CardValueResponse, ValueAssumptions};
use axum::Router;
use axum::extract::{Request, State};
use axum::response::Response;
use axum::routing::get;
use catalogue::value::{Assumptions, rank_by_value};

use crate::protocol::client_ip::ClientIp;
use crate::{ApiError, AppState};

/// Cards on one page of the estimate.
pub const CARDS_PER_PAGE: usize = 20;

/// The area's routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/card-values", get(get_card_values))
}

/// `GET /api/card-values`.
pub async fn get_card_values(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    let answer_state = state.clone();
    let (request, _) = request.into_parts();
    crate::protocol::gated_query(&state, client, &request, |pairs| async move {
        answer(&answer_state, &pairs)
    })
    .await
}

/// The estimate for the values of a query.
pub fn answer(state: &AppState, pairs: &[(String, String)]) -> Result<CardValueResponse, ApiError> {
    let get = |name: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    let assumptions =
        Assumptions::read(get).map_err(|e| ApiError::validation(e.field(), e.to_string()))?;
    let page: usize =
        match get("page").as_deref().map(str::trim) {
            None | Some("") => 1,
            Some(raw) => raw.parse().ok().filter(|p| *p >= 1).ok_or_else(|| {
                ApiError::validation("page", "page must be a whole number from 1")
            })?,
        };
    let snapshot = state.catalogue.snapshot();
    let ranked = rank_by_value(snapshot.offers(), &assumptions);
    let total = ranked.len();
    let pages = total.div_ceil(CARDS_PER_PAGE).max(1);
    if page > pages {
        return Err(ApiError::validation(
            "page",
            format!("page must be from 1 to {pages}"),
        ));
    }
    let estimated = ranked.iter().filter(|(_, v)| v.value.is_some()).count();
    let left_out = ranked.iter().filter(|(_, v)| v.rewards_left_out).count();
    let cards = ranked
        .iter()
        .skip((page - 1) * CARDS_PER_PAGE)
        .take(CARDS_PER_PAGE)
        .map(|(offer, value)| CardValueItem::new(offer, value, &assumptions))
        .collect();
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Ok(CardValueResponse {
        assumptions: ValueAssumptions::from(&assumptions),
        cards,
        page: count(page),
        per_page: count(CARDS_PER_PAGE),
        pages: count(pages),
        total: count(total),
        estimated: count(estimated),
        rewards_left_out: count(left_out),
    })
}
