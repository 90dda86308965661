//! Rating votes: `Details.SetRate` (a product, `pid` and `rtg`) and `Reviews.SetInstRate`
//! (an institution, `inst_uid` and `rating`), site-core §7 "Rating".
//!
//! Both are form-encoded (or JSON) POSTs with the anti-forgery token. The vote is 1 to 5
//! whole stars ([`ratings::StarCount`]); the product or institution must be in the
//! catalogue. The answer has the fields the rating widget reads ([`RateResponse`]):
//!
//! - a member: `error: false`, `uid`, the vote count after the vote (`reviews` for a
//!   product, `total` for an institution) and the mean of the votes (`rating`). Voting
//!   the same stars again is answered the same way and writes nothing, so the client's
//!   retry never counts twice;
//! - a guest: `error: true, guest: true` and `redirect_url`, the light sign-up with the
//!   voting page (from `Referer`, same-site only, else `/`) as `ref`;
//! - a delegated session: `error: true` with the permission message, and nothing
//!   written. It is a 200, because the client reads a 403 as "banned".
//!
//! A member may vote [`crate::limits::VOTE_MEMBER`] times a minute; beyond that the
//! answer is a 429. Each vote's writes (the rate-limit hit, the vote, the totals) are
//! committed together or not at all; see [`writer`] for how commits are grouped.

pub mod writer;

use api_types::rating::RateResponse;
use api_types::write_status::WriteStatus;
use axum::Router;
use axum::response::Response;
use chrono::Utc;
use offer_model::Offer;
use offer_model::product_type::ProductType;
use qna_validation::permissions::Action as Permission;
use ratings::StarCount;
use ratings::pending::{PendingKind, PendingVote};
use store::votes::{Cast, TargetKind};

use crate::rpc::{Action, ActionFuture, ActionRequest, Refusal, private_json};
use crate::{ApiError, AppState};

/// The area's dispatch actions.
pub fn actions() -> Vec<Action> {
    vec![
        Action::write(ratings::constants::PRODUCT_RATE_ACTION, set_rate),
        Action::write(ratings::constants::INSTITUTION_RATE_ACTION, set_inst_rate),
    ]
}

/// The area's own routes (none: both calls go through the dispatch endpoint).
pub fn routes() -> Router<AppState> {
    Router::new()
}

/// The parameters of one rating call.
struct Call {
    kind: TargetKind,
    /// Name of the parameter naming the target.
    target_field: &'static str,
    /// Name of the parameter holding the vote.
    stars_field: &'static str,
}

const PRODUCT: Call = Call {
    kind: TargetKind::Product,
    target_field: "pid",
    stars_field: "rtg",
};

const INSTITUTION: Call = Call {
    kind: TargetKind::Institution,
    target_field: "inst_uid",
    stars_field: "rating",
};

/// `Details.SetRate`: a member's vote on a product.
fn set_rate(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(vote(state, request, &PRODUCT))
}

/// `Reviews.SetInstRate`: a member's vote on an institution.
fn set_inst_rate(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(vote(state, request, &INSTITUTION))
}

/// Parses the vote with the ratings crate's rule; the error names the field.
pub(crate) fn parse_stars(request: &ActionRequest, field: &str) -> Result<StarCount, ApiError> {
    let raw = request.params.required(field)?;
    StarCount::parse(raw).map_err(|_| {
        ApiError::validation(
            field,
            format!("{field} must be a whole number of stars from 1 to 5"),
        )
    })
}

/// The catalogue id of the product a `pid` names (its id or `PID`), offered or retired, for
/// reading what members wrote about it; a 404 for neither.
pub(crate) fn product_id_to_read(state: &AppState, pid: &str) -> Result<String, ApiError> {
    match product_id(state, pid) {
        Err(ApiError::NotFound(_)) => state
            .catalogue
            .snapshot()
            .retired()
            .offer(pid)
            .map(|o| o.identity.id.as_str().to_owned())
            .ok_or_else(|| ApiError::NotFound(format!("no product with id {pid}"))),
        found => found,
    }
}

/// The catalogue id of the product a `pid` names (its id or `PID`), or a 404.
pub(crate) fn product_id(state: &AppState, pid: &str) -> Result<String, ApiError> {
    let snapshot = state.catalogue.snapshot();
    find_product(snapshot.offers(), snapshot.offer(pid), pid)
        .map(|o| o.identity.id.as_str().to_owned())
        .ok_or_else(|| ApiError::NotFound(format!("no product with id {pid}")))
}

/// The catalogue id of the product a `pid` names: an offer other than an institution
/// whose id or `PID` is `pid`.
fn find_product<'a>(offers: &'a [Offer], by_id: Option<&'a Offer>, pid: &str) -> Option<&'a Offer> {
    let is_product = |o: &&Offer| o.product_type != ProductType::Institution;
    by_id.filter(is_product).or_else(|| {
        offers
            .iter()
            .filter(is_product)
            .find(|o| o.identity.pid.as_deref() == Some(pid))
    })
}

/// The institution an `inst_uid` names: an institution whose id or `UID` is `inst_uid`.
fn find_institution<'a>(
    offers: &'a [Offer],
    by_id: Option<&'a Offer>,
    uid: &str,
) -> Option<&'a Offer> {
    let is_institution = |o: &&Offer| o.product_type == ProductType::Institution;
    by_id.filter(is_institution).or_else(|| {
        offers
            .iter()
            .filter(is_institution)
            .find(|o| o.identity.uid.as_deref() == Some(uid))
    })
}

async fn vote(state: AppState, request: ActionRequest, call: &Call) -> Result<Response, ApiError> {
    let target = request.params.required(call.target_field)?.to_owned();
    let stars = parse_stars(&request, call.stars_field)?;
    let snapshot = state.catalogue.snapshot();
    let by_id = snapshot.offer(&target);
    let offer = match call.kind {
        TargetKind::Product => find_product(snapshot.offers(), by_id, &target),
        TargetKind::Institution => find_institution(snapshot.offers(), by_id, &target),
    };
    let Some(offer) = offer else {
        return Err(ApiError::NotFound(match call.kind {
            TargetKind::Product => format!("no product with id {target}"),
            TargetKind::Institution => format!("no institution with id {target}"),
        }));
    };
    let target_id = offer.identity.id.as_str().to_owned();
    drop(snapshot);

    let member_id = match request.member_for(Permission::Vote) {
        Ok(id) => id,
        Err(Refusal::Delegated) => {
            return Ok(private_json(RateResponse {
                status: WriteStatus::delegated(),
                ..RateResponse::default()
            }));
        }
        Err(Refusal::Guest) => {
            let pending = PendingVote {
                kind: match call.kind {
                    TargetKind::Product => PendingKind::Product,
                    TargetKind::Institution => PendingKind::Institution,
                },
                target: target_id,
                stars,
            };
            return Ok(private_json(guest_answer(&state, &request, &pending)));
        }
    };

    let cast = state
        .votes
        .cast(writer::VoteRequest {
            kind: call.kind,
            target_id,
            member_id,
            stars,
            limit: crate::limits::VOTE_MEMBER,
            limit_subject: member_id.to_string(),
            now: Utc::now(),
        })
        .await?;
    match cast {
        Cast::Counted { tally, .. } => {
            let count = Some(tally.votes);
            Ok(private_json(RateResponse {
                uid: Some(member_id.to_string()),
                reviews: count.filter(|_| call.kind == TargetKind::Product),
                total: count.filter(|_| call.kind == TargetKind::Institution),
                rating: tally.mean().map(|r| r.to_string()),
                ..RateResponse::default()
            }))
        }
        Cast::RateLimited { .. } => Err(ApiError::RateLimited(format!(
            "no more than {} votes a minute; please try again shortly",
            crate::limits::VOTE_MEMBER.max
        ))),
    }
}

/// A guest is sent to the light sign-up, back to the page they voted from, with the vote
/// they chose: the sign-in link casts it, so it is not lost. A vote whose target id the
/// pending form cannot carry is left out rather than breaking the sign-up.
fn guest_answer(state: &AppState, request: &ActionRequest, vote: &PendingVote) -> RateResponse {
    let link = crate::visitor::light_sign_up_link(state, &request.headers);
    let text = vote.to_string();
    let link = match PendingVote::parse(&text) {
        Ok(_) => site_urls::sign_up::with_pending_vote(&link, &text),
        Err(_) => link,
    };
    RateResponse {
        status: WriteStatus::guest(link, None),
        ..RateResponse::default()
    }
}

/// What became of a vote chosen before the light sign-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PendingOutcome {
    /// Counted as the member's vote.
    Counted,
    /// The member had already rated it: their own vote stands, never replaced unseen.
    AlreadyRated,
    /// The product or institution is no longer in the catalogue.
    TargetGone,
    /// The member's per-minute vote limit was reached.
    RateLimited,
}

/// The product or institution a pending vote names, as its catalogue id and kind.
pub(crate) fn pending_target(
    state: &AppState,
    vote: &PendingVote,
) -> Option<(TargetKind, String, String)> {
    let snapshot = state.catalogue.snapshot();
    let by_id = snapshot.offer(&vote.target);
    let (kind, offer) = match vote.kind {
        PendingKind::Product => (
            TargetKind::Product,
            find_product(snapshot.offers(), by_id, &vote.target),
        ),
        PendingKind::Institution => (
            TargetKind::Institution,
            find_institution(snapshot.offers(), by_id, &vote.target),
        ),
    };
    offer.map(|o| {
        (
            kind,
            o.identity.id.as_str().to_owned(),
            o.identity.name.as_str().to_owned(),
        )
    })
}

/// Casts a vote a guest chose before the light sign-up, now that `member_id` is signed in.
/// A member who has already rated the target keeps their own vote.
pub(crate) async fn cast_pending(
    state: &AppState,
    member_id: i64,
    vote: &PendingVote,
) -> Result<PendingOutcome, ApiError> {
    let Some((kind, target_id, _)) = pending_target(state, vote) else {
        return Ok(PendingOutcome::TargetGone);
    };
    if store::votes::member_vote(&state.db, kind, member_id, &target_id)
        .await?
        .is_some()
    {
        return Ok(PendingOutcome::AlreadyRated);
    }
    let cast = state
        .votes
        .cast(writer::VoteRequest {
            kind,
            target_id,
            member_id,
            stars: vote.stars,
            limit: crate::limits::VOTE_MEMBER,
            limit_subject: member_id.to_string(),
            now: Utc::now(),
        })
        .await?;
    Ok(match cast {
        Cast::Counted { .. } => PendingOutcome::Counted,
        Cast::RateLimited { .. } => PendingOutcome::RateLimited,
    })
}
