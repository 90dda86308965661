//! The site's one request pipeline and its action vocabulary, used by every area.
//!
//! An area lists its [`Action`]s in `actions()`; each is reachable by name on the dispatch
//! endpoint (`/home/rpc` and `/ajax.php`, site-core §7: `action` in the query string, a
//! form-encoded body or a JSON object body) and, where the area gives it one, by a path of
//! its own (`path_route!`). Both run [`pipeline::run`]: the same gate, limits, token
//! check and parameter reading.

mod action;
pub mod gate;
mod params;
pub mod pipeline;

use std::collections::HashMap;
use std::sync::OnceLock;

use axum::extract::State;
use axum::response::Response;

pub use action::{Action, ActionFuture, ActionRequest, Handler, Methods};
pub use gate::{Acting, Refusal};
pub use params::{Params, PlainText, form_pairs, request_params};

use crate::{ApiError, AppState};

/// Every area's actions, by name.
fn registry() -> &'static HashMap<&'static str, Action> {
    static REGISTRY: OnceLock<HashMap<&'static str, Action>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        crate::areas::AREAS
            .iter()
            .flat_map(|area| (area.actions)())
            .map(|a| (a.name, a))
            .collect()
    })
}

/// Every registered action name, sorted (for the API document and its test).
pub fn action_names() -> Vec<&'static str> {
    let mut names: Vec<_> = registry().keys().copied().collect();
    names.sort_unstable();
    names
}

/// The registered action called `name`.
pub fn find(name: &str) -> Option<Action> {
    registry().get(name).copied()
}

/// The dispatch endpoint: finds the action named by `action` and runs it.
pub async fn endpoint(State(state): State<AppState>, incoming: pipeline::Incoming) -> Response {
    pipeline::run(state, incoming, pipeline::Entry::Dispatch, |params| {
        let name = params.required("action")?;
        find(name).ok_or_else(|| ApiError::BadRequest(format!("unknown action: {name}")))
    })
    .await
}

/// An action at its path on the dispatch endpoint, `/home/rpc/{name}`: the same as
/// `/home/rpc?action={name}`, in the form the API document lists each action. (Like an
/// action's own path, it refuses `text/plain` bodies and checks the token before reading
/// the body.) An unknown name is a 404.
pub async fn named(
    axum::extract::Path(name): axum::extract::Path<String>,
    State(state): State<AppState>,
    incoming: pipeline::Incoming,
) -> Response {
    pipeline::run(state, incoming, pipeline::Entry::Path, |_| {
        find(&name).ok_or_else(|| ApiError::NotFound(format!("unknown action: {name}")))
    })
    .await
}

/// An axum handler running `$action` through the pipeline, for an action's own path:
/// `.route("/join", post(path_route!(JOIN)))`.
macro_rules! path_route {
    ($action:expr) => {
        move |state: ::axum::extract::State<$crate::AppState>,
              incoming: $crate::rpc::pipeline::Incoming| {
            $crate::rpc::pipeline::path($action, state, incoming)
        }
    };
}
pub(crate) use path_route;

/// A JSON answer no cache may keep (it depends on who asks, or records a write).
pub fn private_json(body: impl serde::Serialize) -> Response {
    use axum::response::IntoResponse;
    no_store(axum::Json(body).into_response())
}

/// Marks an answer as one no cache may keep (`Cache-Control: no-store`).
pub fn no_store(mut response: Response) -> Response {
    response.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    response
}

/// Refuses `text`, sent as `field`, when it is longer than `limit` allows, with the
/// limit's own message (`qna_validation::lengths`).
pub fn within_limit(
    field: &str,
    limit: qna_validation::lengths::TextLimit,
    text: &str,
) -> Result<(), ApiError> {
    limit
        .check(text)
        .map_err(|refused| ApiError::validation(field, refused.to_string()))
}
