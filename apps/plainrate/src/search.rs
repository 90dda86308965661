//! The site search, `GET /api/search?q=`: products and institutions from the catalogue
//! (matched by the catalogue crate's rule, [`catalogue::search`]) and community questions
//! from the database's full-text search (FTS5 on SQLite, `tsvector` on PostgreSQL; see
//! `store::qna`). A query the rule refuses is a 400 with the reason; a query that finds
//! nothing is an empty answer. `offset` pages the products, [`PRODUCTS_SHOWN`] at a time.

use api_types::offer::OfferSummary;
use api_types::search::{QuestionHit, SearchHit, SearchResponse};
use axum::Router;
use axum::extract::{Request, State};
use axum::response::Response;
use axum::routing::get;
use catalogue::search::{SearchQuery, search};
use offer_model::product_type::ProductType;
use qna_validation::links::FullSlug;
use store::qna::{self as db, ListFilter};

use crate::protocol::client_ip::ClientIp;
use crate::{ApiError, AppState};

/// Products listed at most.
pub const PRODUCTS_SHOWN: usize = 20;
/// Institutions listed at most.
pub const INSTITUTIONS_SHOWN: usize = 10;
/// Questions listed at most.
pub const QUESTIONS_SHOWN: u32 = 10;

/// The area's routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/search", get(get_search))
}

/// `GET /api/search?q=`.
pub async fn get_search(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
) -> Response {
    let answer_state = state.clone();
    let (request, _) = request.into_parts();
    crate::protocol::gated_query(&state, client, &request, |pairs| async move {
        let get = |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        let offset = match get("offset").map(str::trim) {
            None | Some("") => 0,
            Some(raw) => raw.parse().map_err(|_| {
                ApiError::validation("offset", "offset must be a whole number from 0")
            })?,
        };
        answer(&answer_state, get("q").unwrap_or(""), offset).await
    })
    .await
}

/// What the search finds for `text`; products from `offset` (the "More products" of the
/// results page), institutions and questions from the first.
pub async fn answer(
    state: &AppState,
    text: &str,
    offset: usize,
) -> Result<SearchResponse, ApiError> {
    let query = SearchQuery::parse(text).map_err(|e| ApiError::validation("q", e.to_string()))?;
    let snapshot = state.catalogue.snapshot();
    let catalogue = snapshot.catalogue();
    let hit = |offer| {
        SearchHit::from_summary(OfferSummary::from_offer(offer, "", catalogue.large_banks()))
    };
    let is_institution = |o: &&offer_model::Offer| o.product_type == ProductType::Institution;
    let (products, products_total) = search(
        snapshot.offers().iter().filter(|o| !is_institution(o)),
        &query,
        offset,
        PRODUCTS_SHOWN,
    );
    let (institutions, institutions_total) = search(
        snapshot.offers().iter().filter(is_institution),
        &query,
        0,
        INSTITUTIONS_SHOWN,
    );
    let products: Vec<SearchHit> = products.into_iter().map(hit).collect();
    let institutions: Vec<SearchHit> = institutions.into_iter().map(hit).collect();
    drop(snapshot);
    let filter = ListFilter {
        category_id: None,
        offer_id: None,
    };
    let found = db::search_questions(&state.db, query.text(), &filter, 1, QUESTIONS_SHOWN).await?;
    let questions = found
        .questions
        .into_iter()
        .map(|row| QuestionHit {
            id: row.id,
            path: FullSlug::new(&row.title, u64::try_from(row.id).unwrap_or(0)).link(),
            title: row.title,
            answers: i64::from(row.answer_count),
        })
        .collect();
    let total = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    Ok(SearchResponse {
        query: query.text().to_owned(),
        words: query.words().to_vec(),
        products,
        products_total: total(products_total),
        products_next_offset: (offset + PRODUCTS_SHOWN < products_total)
            .then(|| total(offset + PRODUCTS_SHOWN)),
        institutions,
        institutions_total: total(institutions_total),
        questions,
        questions_total: i64::try_from(found.total).unwrap_or(i64::MAX),
    })
}
