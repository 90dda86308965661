//! `GET /r/?id=…[&rf=1]`: the apply and rates-and-fees redirect (site-core §2, §4;
//! community §2).
//!
//! The id names an offer of the in-memory catalogue: `{PID}c` for a card (any offer, by
//! its `PID`, else its `ID`, the id the apply links are built from), `{PID}i` for an
//! institution, or a `redirPid` as given. A `redirPid` is matched first, then the
//! suffixed forms.
//!
//! The visitor is only ever sent to an address stored in the catalogue, and only to an
//! absolute http(s) one; nothing from the request becomes the `Location`. Without `rf=1`
//! the address is the one `offer_model::links::apply_destination` decides, the decision
//! the offer summary's apply link is built from: the tracking url unless applying is
//! manual, else, without a tracking url, the issuer's own page (`RATES_FEES_URL`). So a
//! summary shows a redirect only when the redirect has somewhere to go. With `rf=1` it
//! is the rates-and-fees address. An offer with no such address answers 404.

use std::collections::HashMap;

use axum::extract::{RawQuery, State};
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use offer_model::links::{self, ApplyDestination, ApplyFields};
use offer_model::{Offer, ProductType};
use store::tracking::{RedirectTarget, TrackingEvent};

use crate::{ApiError, AppState};

/// Offers by redirect id, for one catalogue snapshot (positions in `Snapshot::offers`).
#[derive(Debug, Default)]
pub struct RedirectIndex {
    by_id: HashMap<String, usize>,
}

impl RedirectIndex {
    /// Indexes `offers`: every `redirPid` as given, `{PID or ID}c` for every offer (cards
    /// first when two offers share a key) and `{PID, ID or UID}i` for institutions. The
    /// first offer to claim a key keeps it.
    pub fn build(offers: &[Offer]) -> Self {
        let mut by_id = HashMap::with_capacity(offers.len().saturating_mul(2));
        for (at, offer) in offers.iter().enumerate() {
            if let Some(redir) = clean(offer.identity.redir_pid.as_deref()) {
                by_id.entry(redir.to_owned()).or_insert(at);
            }
        }
        let cards_first = offers
            .iter()
            .enumerate()
            .filter(|(_, o)| o.product_type == ProductType::CreditCard)
            .chain(
                offers
                    .iter()
                    .enumerate()
                    .filter(|(_, o)| o.product_type != ProductType::CreditCard),
            );
        for (at, offer) in cards_first {
            let card_id = links::card_redirect_id(&offer.identity);
            by_id
                .entry(format!("{card_id}{}", links::CARD_REDIRECT_SUFFIX))
                .or_insert(at);
        }
        for (at, offer) in offers.iter().enumerate() {
            if offer.product_type != ProductType::Institution {
                continue;
            }
            let keys = [
                clean(offer.identity.pid.as_deref()),
                Some(offer.identity.id.as_str()),
                clean(offer.identity.uid.as_deref()),
            ];
            for key in keys.into_iter().flatten() {
                by_id
                    .entry(format!("{key}{}", links::INSTITUTION_REDIRECT_SUFFIX))
                    .or_insert(at);
            }
        }
        Self { by_id }
    }

    /// The position of the offer a redirect id names.
    pub fn find(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }
}

/// A stored text, trimmed, when not blank.
fn clean(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

/// Whether `url` is an absolute `http://` or `https://` address with a host, fit for a
/// `Location` header.
pub fn is_safe_destination(url: &str) -> bool {
    if url
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || c == '\\')
    {
        return false;
    }
    let Ok(uri) = url.parse::<Uri>() else {
        return false;
    };
    let http = uri
        .scheme_str()
        .is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
    http && uri.host().is_some_and(|h| !h.is_empty()) && HeaderValue::from_str(url).is_ok()
}

/// Where an offer sends the visitor, or why it sends nowhere.
pub fn destination(offer: &Offer, target: RedirectTarget) -> Result<String, ApiError> {
    let url = match target {
        RedirectTarget::RatesAndFees => clean(offer.links.rates_fees_url.as_deref())
            .ok_or_else(|| ApiError::NotFound("this offer has no rates-and-fees link".to_owned()))?
            .to_owned(),
        RedirectTarget::Apply => match links::apply_destination(ApplyFields::of(&offer.links)) {
            Ok(ApplyDestination::Tracking { url } | ApplyDestination::IssuerPage { url }) => url,
            Ok(ApplyDestination::Manual) => {
                return Err(ApiError::NotFound(
                    "this offer is applied for directly with the issuer: it has no apply link"
                        .to_owned(),
                ));
            }
            Ok(ApplyDestination::Nowhere) => {
                return Err(ApiError::NotFound(
                    "this offer has no apply address".to_owned(),
                ));
            }
            Err(err) => {
                tracing::warn!(offer = %offer.identity.id, %err, "stored apply address refused");
                return Err(ApiError::NotFound(
                    "this offer has no apply address".to_owned(),
                ));
            }
        },
    };
    if is_safe_destination(&url) {
        Ok(url)
    } else {
        tracing::warn!(offer = %offer.identity.id, "stored address is not an http(s) address");
        Err(ApiError::NotFound(
            "this offer has no address to send you to".to_owned(),
        ))
    }
}

/// The one value of a query field; a repeated field is refused.
fn single<'a>(pairs: &'a [super::QueryPair<'_>], name: &str) -> Result<Option<&'a str>, ApiError> {
    let mut found = pairs.iter().filter(|(k, _)| k == name).map(|(_, v)| v);
    let first = found.next();
    if found.next().is_some() {
        return Err(ApiError::validation(
            name,
            format!("{name} is given more than once"),
        ));
    }
    Ok(first.map(|v| &**v))
}

/// `GET /r/?id=…[&rf=1]`.
pub async fn redirect(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let pairs = super::query_pairs(query.as_deref())?;
    let id = single(&pairs, "id")?
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .ok_or_else(|| ApiError::validation("id", "id is required"))?;
    let target = match single(&pairs, "rf")? {
        Some("1") => RedirectTarget::RatesAndFees,
        None | Some("" | "0") => RedirectTarget::Apply,
        Some(_) => return Err(ApiError::validation("rf", "rf must be 1 or 0")),
    };
    let snapshot = state.catalogue.snapshot();
    let index = state.tracking.redirect_index(&snapshot);
    let offer = index
        .find(id)
        .and_then(|at| snapshot.offers().get(at))
        .ok_or_else(|| ApiError::NotFound("no offer has this redirect id".to_owned()))?;
    let url = destination(offer, target)?;
    let location = HeaderValue::from_str(&url)
        .map_err(|_| ApiError::NotFound("this offer has no address to send you to".to_owned()))?;
    state.tracking.record(TrackingEvent::Redirect {
        offer_id: offer.identity.id.as_str().to_owned(),
        target,
        at: Utc::now(),
    });
    Ok((
        StatusCode::FOUND,
        [
            (header::LOCATION, location),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (
                header::REFERRER_POLICY,
                HeaderValue::from_static("no-referrer"),
            ),
        ],
    )
        .into_response())
}
