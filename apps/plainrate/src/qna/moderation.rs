//! The moderation queue for staff and moderators: reported items, hide and restore with
//! a reason; every action is logged by the store.

use api_types::qna::{ModerationItem, ModerationQueueResponse, QnaDone};
use chrono::Utc;
use store::qna as db;

use super::wire::{self, item_kind, private_json};
use crate::rpc::{ActionFuture, ActionRequest, within_limit};
use crate::{ApiError, AppState};
use qna_validation::lengths;
use qna_validation::permissions::Action as Permission;

/// Items shown in the queue at most.
pub const QUEUE_LENGTH: u64 = 100;

/// The acting member when they may moderate.
async fn moderator(state: &AppState, member: i64) -> Result<i64, ApiError> {
    match store::members::profile::role(&state.db, member).await? {
        Some(role) if role.can_moderate() => Ok(member),
        // Not 403: the request layer reads a 403 as "banned".
        _ => Err(ApiError::validation("role", wire::ONLY_MODERATORS)),
    }
}

/// `Qna.ModerationQueue`: reported items, most recently reported first.
pub fn queue(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let member = request.visitor.member_id().ok_or(ApiError::Guest)?;
        moderator(&state, member).await?;
        let items = db::moderation_queue(&state.db, QUEUE_LENGTH)
            .await?
            .into_iter()
            .map(|e| ModerationItem {
                kind: e.item_kind.key().to_owned(),
                id: e.item_id,
                text: e.text,
                hidden: e.hidden,
                reports: e.reports,
                page_address: e.latest_page_address,
                reported_at: e.latest_reported_at.to_rfc3339(),
            })
            .collect();
        Ok(private_json(ModerationQueueResponse { items }))
    })
}

/// `Qna.Hide`: hides a question or answer, with a reason.
pub fn hide(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(act(state, request, true))
}

/// `Qna.Restore`: shows a hidden question or answer again, with a reason.
pub fn restore(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(act(state, request, false))
}

async fn act(
    state: AppState,
    request: ActionRequest,
    hide: bool,
) -> Result<axum::response::Response, ApiError> {
    let member = match request.member_for(Permission::Edit) {
        Ok(id) => id,
        Err(refused) => return wire::refusal(refused),
    };
    let member = moderator(&state, member).await?;
    let kind = item_kind(&request.params)?;
    let id: i64 = request.params.parse("id")?;
    let reason = request.params.required("reason")?;
    within_limit("reason", lengths::MODERATION_REASON, reason)?;
    let at = Utc::now();
    let txn = store::begin_write(&state.db).await?;
    let changed = if hide {
        db::hide(&txn, member, kind, id, reason, at).await
    } else {
        db::restore(&txn, member, kind, id, reason, at).await
    }
    .map_err(wire::refused)?;
    txn.commit().await.map_err(store::StoreError::from)?;
    let message = match (hide, changed) {
        (true, true) => "Hidden.",
        (true, false) => "It was already hidden.",
        (false, true) => "Restored.",
        (false, false) => "It was not hidden.",
    };
    Ok(private_json(QnaDone {
        error: false,
        message: message.to_owned(),
    }))
}
