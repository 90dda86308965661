//! The site's request protocol: window ids, anti-forgery tokens, the maintenance and
//! blocked-client gates, and the caller's address.

pub mod client_ip;
pub mod csrf;

use std::net::IpAddr;

use api_types::protocol::{
    ApiBlockedResponse, MaintenanceResponse, MyIpResponse, WindowIdResponse,
};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use crate::middleware::REQUEST_ID;
use crate::rpc::{Action, ActionFuture, ActionRequest};
use crate::{ApiError, AppState};

/// Header naming the request in a blocked answer, for support to trace it.
pub const REQUEST_TRACE: &str = "x-request-trace";

/// The protocol's own actions.
pub fn actions() -> Vec<Action> {
    vec![
        Action::read("get-csrf-token", csrf_token),
        Action::read("get-my-ip", my_ip),
    ]
}

/// The protocol's routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/sid.php", get(window_id))
}

/// `GET /sid.php?a=…&buster=…`: a new window id.
async fn window_id(
    State(state): State<AppState>,
    headers: HeaderMap,
    client: client_ip::ClientIp,
) -> Response {
    if let Some(refusal) = gate(&state, &headers, client.0) {
        return refusal;
    }
    crate::rpc::private_json(WindowIdResponse {
        whid: csrf::new_window_id(&state.secret),
        site_color: None,
    })
}

/// `action=get-csrf-token` with `X-XSRF-WHID`: the token as text, and in its cookie.
fn csrf_token(state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        let whid = request
            .headers
            .get(csrf::WHID_HEADER)
            .and_then(|v| v.to_str().ok())
            .ok_or(ApiError::Csrf)?;
        let cookie = crate::cookies::read_cookie(&request.headers, csrf::TOKEN_COOKIE);
        let session = crate::members::session::session_token(&state.settings, &request.headers);
        let token = csrf::token_for(&state.secret, whid, cookie, session)?;
        let mut response = crate::rpc::no_store(
            (
                [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                token.clone(),
            )
                .into_response(),
        );
        response.headers_mut().append(
            header::SET_COOKIE,
            csrf::token_cookie(&state.settings, &token),
        );
        Ok(response)
    })
}

/// `action=get-my-ip`: the caller's address (a trusted proxy's forwarded address only).
fn my_ip(_state: AppState, request: ActionRequest) -> ActionFuture {
    Box::pin(async move {
        Ok(crate::rpc::private_json(MyIpResponse {
            ip: request.client_ip.to_string(),
        }))
    })
}

/// A read answered from the query's values: through [`gate`], then `answer` with the
/// query's name-value pairs, as private JSON (`no-store`) or the error's answer.
pub async fn gated_query<T, F>(
    state: &AppState,
    client: IpAddr,
    request: &axum::http::request::Parts,
    answer: impl FnOnce(Vec<(String, String)>) -> F,
) -> Response
where
    T: serde::Serialize,
    F: std::future::Future<Output = Result<T, crate::ApiError>>,
{
    if let Some(refusal) = gate(state, &request.headers, client) {
        return refusal;
    }
    let pairs = crate::rpc::form_pairs(request.uri.query().unwrap_or("").as_bytes());
    match answer(pairs).await {
        Ok(body) => crate::rpc::private_json(body),
        Err(err) => axum::response::IntoResponse::into_response(err),
    }
}

/// Answers instead of the call when the site is in maintenance (503 with the spec's
/// `maintainance` flag) or the client is blocked (403 with `apiblocked` and the request id
/// as a trace header); `None` lets the request through.
pub fn gate(state: &AppState, headers: &HeaderMap, client: IpAddr) -> Option<Response> {
    if state.settings.maintenance {
        let mut response = (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(MaintenanceResponse { maintainance: true }),
        )
            .into_response();
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("300"));
        return Some(crate::rpc::no_store(response));
    }
    if state.settings.blocked_clients.contains(&client) {
        let mut response = (
            StatusCode::FORBIDDEN,
            Json(ApiBlockedResponse { apiblocked: true }),
        )
            .into_response();
        if let Some(id) = headers.get(&REQUEST_ID) {
            response.headers_mut().insert(REQUEST_TRACE, id.clone());
        }
        return Some(crate::rpc::no_store(response));
    }
    None
}
