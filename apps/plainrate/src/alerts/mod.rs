//! The rate alerts area: a member follows products ("alert me when this changes") and
//! listings with an APY threshold ("a 12-month CD at 4.50% APY or more"), chooses immediate
//! or weekly e-mail, and after each import gets one digest of what changed ([`digest`]).
//!
//! | Path | Action | What |
//! |---|---|---|
//! | `GET /home/settings/alerts` | `Alerts.List` | the member's [`AlertsView`]; a browser navigation gets the page |
//! | `POST /home/settings/alerts` | `Alerts.Follow` | `offer`: the member follows every figure change of that product on offer (404 when there is none) |
//! | | `Alerts.FollowListing` | `type`, `minApy` and for CDs optional `term`: a deposit listing at an APY threshold; optional `replace`, a follow this one takes the place of (404 when the member has no such follow) |
//! | | `Alerts.Stop` | `id`: the member stops following it |
//! | | `Alerts.SetCadence` | `cadence`: `immediate` or `weekly` |
//!
//! Every answer is the member's whole [`AlertsView`]. Writes need the anti-forgery token
//! and a member's own session (a delegated one is read-only); a guest gets 401 `guest`.

pub mod digest;

use api_types::alerts::{AlertsView, FollowView};
use axum::Router;
use catalogue::alerts::ListingAlert;
use chrono::Utc;
use mail_delivery::unsubscribe::List;
use offer_model::ProductType;
use qna_validation::permissions::Action as Permission;
use rust_decimal::Decimal;
use store::alerts::{Cadence, Follow, MAX_FOLLOWS, Target};

use crate::pages::{Form, form_or};
use crate::rpc::{Action, ActionFuture, ActionRequest, path_route, private_json};
use crate::{ApiError, AppState};

/// `Alerts.List` (also `GET /home/settings/alerts`).
pub const LIST: Action = Action::read("Alerts.List", list);
/// `Alerts.Follow` (also `POST /home/settings/alerts`).
pub const FOLLOW: Action = Action::write("Alerts.Follow", follow);

/// The area's dispatch actions.
pub fn actions() -> Vec<Action> {
    vec![
        LIST,
        FOLLOW,
        Action::write("Alerts.FollowListing", follow_listing),
        Action::write("Alerts.Stop", stop),
        Action::write("Alerts.SetCadence", set_cadence),
    ]
}

/// The area's own routes.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        "/home/settings/alerts",
        form_or(Form::Alerts, path_route!(LIST)).post(path_route!(FOLLOW)),
    )
}

/// The listing alert a stored follow holds; none for a product follow or a row the rules
/// no longer accept.
pub(crate) fn listing_alert(target: &Target) -> Option<ListingAlert> {
    let Target::Listing {
        product_type,
        min_apy,
        term_months,
    } = target
    else {
        return None;
    };
    let kind = ProductType::parse(product_type).ok()?;
    let term = term_months.and_then(|t| u32::try_from(t).ok());
    ListingAlert::new(kind, min_apy.parse().ok()?, term).ok()
}

fn view(state: &AppState, follow: &Follow) -> FollowView {
    let snapshot = state.catalogue.snapshot();
    let (kind, name, offer, link, retired) = match &follow.target {
        Target::Product { offer_id } => {
            let live = snapshot.offer(offer_id);
            let known = live.or_else(|| snapshot.offer_or_retired(offer_id));
            let name = known.map_or_else(
                || "A product no longer in our catalogue".to_owned(),
                |o| o.identity.name.as_str().to_owned(),
            );
            let link = known
                .and_then(|o| o.identity.details_html_page.as_deref())
                .and_then(|page| offer_model::links::details_path("", page).ok());
            (
                "product",
                name,
                Some(offer_id.clone()),
                link,
                live.is_none(),
            )
        }
        Target::Listing { .. } => {
            let name = listing_alert(&follow.target)
                .map_or_else(|| "A listing".to_owned(), |alert| alert.describe());
            ("listing", name, None, None, false)
        }
    };
    let (product_type, min_apy, term_months) = match &follow.target {
        Target::Listing {
            product_type,
            min_apy,
            term_months,
        } => (
            Some(product_type.clone()),
            Some(min_apy.clone()),
            *term_months,
        ),
        Target::Product { .. } => (None, None, None),
    };
    FollowView {
        id: follow.id,
        kind: kind.to_owned(),
        name,
        offer,
        link,
        product_type,
        min_apy,
        term_months,
        retired,
        since: follow.created_at.to_rfc3339(),
        last_sent_at: follow.last_sent_at.map(|at| at.to_rfc3339()),
    }
}

/// The member's whole alerts view, read in `db`.
async fn alerts_view(
    state: &AppState,
    db: &impl sea_orm::ConnectionTrait,
    member_id: i64,
    message: Option<String>,
) -> Result<AlertsView, ApiError> {
    let member = store::members::member(db, member_id)
        .await?
        .ok_or(ApiError::Guest)?;
    let unsubscribed =
        store::outbox::opt_outs::has_left(db, &member.email, List::RateAlerts.as_str()).await?;
    let subscriber = store::alerts::subscriber(db, member_id).await?;
    let follows = store::alerts::follows(db, member_id).await?;
    Ok(AlertsView {
        cadence: subscriber
            .map(|s| s.cadence)
            .unwrap_or_default()
            .as_str()
            .to_owned(),
        confirmed: member.email_confirmed_at.is_some(),
        unsubscribed,
        follows: follows.iter().map(|f| view(state, f)).collect(),
        max_follows: u32::try_from(MAX_FOLLOWS).unwrap_or(u32::MAX),
        message,
    })
}

/// `GET /home/settings/alerts`, `Alerts.List`.
fn list(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let id = request.visitor.member_id().ok_or(ApiError::Guest)?;
        let view = alerts_view(&state, &state.db, id, None).await?;
        Ok(private_json(view))
    })
}

/// The product `Alerts.Follow` names, on offer.
fn product_target(state: &AppState, request: &ActionRequest) -> Result<Target, ApiError> {
    let offer = request.params.required("offer")?.trim();
    let snapshot = state.catalogue.snapshot();
    snapshot
        .offer(offer)
        .filter(|o| o.product_type != ProductType::Institution)
        .map(|o| Target::Product {
            offer_id: o.identity.id.as_str().to_owned(),
        })
        .ok_or_else(|| {
            ApiError::NotFound("There is no product with that id on offer to follow.".to_owned())
        })
}

/// The listing `Alerts.FollowListing` names, with its threshold.
fn listing_target(request: &ActionRequest) -> Result<Target, ApiError> {
    let kind = request.params.required("type")?;
    let kind = ProductType::parse(kind)
        .map_err(|_| ApiError::validation("type", "Choose a kind of account to follow."))?;
    let min_apy: Decimal = request
        .params
        .required("minApy")?
        .trim()
        .trim_end_matches('%')
        .parse()
        .map_err(|_| ApiError::validation("minApy", "The APY must be a number, like 4.5."))?;
    let term: Option<u32> = match request.params.get("term").map(str::trim) {
        None | Some("") => None,
        Some(raw) => Some(raw.parse().map_err(|_| {
            ApiError::validation("term", "The term must be a whole number of months.")
        })?),
    };
    let alert = ListingAlert::new(kind, min_apy, term).map_err(|err| {
        let field = match err {
            catalogue::alerts::AlertError::NotDeposit => "type",
            catalogue::alerts::AlertError::ApyOutOfRange => "minApy",
            _ => "term",
        };
        ApiError::validation(field, capitalised(&err.to_string()))
    })?;
    Ok(Target::Listing {
        product_type: alert.product_type().key().to_owned(),
        min_apy: format!("{:.2}", alert.min_apy()),
        term_months: alert.term_months().and_then(|t| i32::try_from(t).ok()),
    })
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        format!("{}{}.", first.to_uppercase(), chars.as_str())
    })
}

/// `POST /home/settings/alerts`, `Alerts.Follow`: `offer`.
fn follow(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let member_id = request.member_for(Permission::Edit)?;
        let target = product_target(&state, &request)?;
        add(&state, member_id, target, None).await
    })
}

/// `Alerts.FollowListing`: `type`, `minApy`, optional `term` and `replace`.
fn follow_listing(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let member_id = request.member_for(Permission::Edit)?;
        let target = listing_target(&request)?;
        let replace: Option<i64> = request.params.parse_optional("replace")?;
        add(&state, member_id, target, replace).await
    })
}

/// The member follows `target` (in place of follow `replace`), in one transaction.
async fn add(
    state: &AppState,
    member_id: i64,
    target: Target,
    replace: Option<i64>,
) -> Result<axum::response::Response, ApiError> {
    let txn = store::begin_write(&state.db).await?;
    if let Some(old) = replace
        && !store::alerts::stop(&txn, member_id, old).await?
    {
        return Err(ApiError::NotFound(
            "You do not follow that any more.".to_owned(),
        ));
    }
    let (followed, new) = store::alerts::follow(&txn, member_id, target, Utc::now()).await?;
    let name = view(state, &followed).name;
    let message = if new {
        format!("Following {name}. We will e-mail you when it changes.")
    } else {
        format!("You already follow {name}.")
    };
    let view = alerts_view(state, &txn, member_id, Some(message)).await?;
    txn.commit().await.map_err(store::StoreError::from)?;
    Ok(private_json(view))
}

/// `Alerts.Stop`: `id`.
fn stop(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let member_id = request.member_for(Permission::Edit)?;
        let id: i64 = request.params.parse("id")?;
        let txn = store::begin_write(&state.db).await?;
        let message = if store::alerts::stop(&txn, member_id, id).await? {
            "Stopped. You will get no more e-mail about it."
        } else {
            "You were not following that."
        };
        let view = alerts_view(&state, &txn, member_id, Some(message.to_owned())).await?;
        txn.commit().await.map_err(store::StoreError::from)?;
        Ok(private_json(view))
    })
}

/// `Alerts.SetCadence`: `cadence`, `immediate` or `weekly`.
fn set_cadence(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let member_id = request.member_for(Permission::Edit)?;
        let cadence = Cadence::parse(request.params.required("cadence")?.trim())
            .ok_or_else(|| ApiError::validation("cadence", "Choose immediate or weekly."))?;
        let txn = store::begin_write(&state.db).await?;
        store::alerts::set_cadence(&txn, member_id, cadence).await?;
        let message = match cadence {
            Cadence::Immediate => {
                "Saved: an e-mail after each update that changes what you follow."
            }
            Cadence::Weekly => {
                "Saved: at most one e-mail a week, with every change since the last."
            }
        };
        let view = alerts_view(&state, &txn, member_id, Some(message.to_owned())).await?;
        txn.commit().await.map_err(store::StoreError::from)?;
        Ok(private_json(view))
    })
}
