//! The one request pipeline: every action, reached by name on the dispatch endpoint or by
//! a path of its own, passes the same steps in the same order.
//!
//! 1. the protocol gate (maintenance, blocked clients);
//! 2. the body size limit;
//! 3. the method the action accepts;
//! 4. the anti-forgery token, for writes;
//! 5. the parameters (query string, then the body);
//! 6. the handler.

use std::net::IpAddr;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request, State};
use axum::http::{HeaderMap, Method, Uri};
use axum::response::{IntoResponse, Response};

use super::action::{Action, ActionRequest};
use super::params::{PlainText, request_params};
use crate::protocol::client_ip::ClientIp;
use crate::router::MAX_BODY_BYTES;
use crate::visitor::Visitor;
use crate::{ApiError, AppState};

/// How the action was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// By name on the dispatch endpoint (`text/plain` bodies read as forms, as the
    /// request layer may send them).
    Dispatch,
    /// By its own path (`text/plain` bodies refused).
    Path,
}

/// Everything a request brings, before the pipeline reads it.
pub struct Incoming {
    /// The HTTP method.
    pub method: Method,
    /// The address asked for.
    pub uri: Uri,
    /// The request headers.
    pub headers: HeaderMap,
    /// Who is asking.
    pub visitor: Visitor,
    /// The caller's address.
    pub client_ip: IpAddr,
    /// The body, read whole.
    pub body: Bytes,
}

/// Read by the same extractors, in the same order, as a handler taking each part would
/// (the body last, under the router's body limit), so every entry reads a request alike.
impl FromRequest<AppState> for Incoming {
    type Rejection = Response;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Response> {
        let (method, uri, headers, visitor, ClientIp(client_ip), body) =
            <(Method, Uri, HeaderMap, Visitor, ClientIp, Bytes)>::from_request(request, state)
                .await?;
        Ok(Self {
            method,
            uri,
            headers,
            visitor,
            client_ip,
            body,
        })
    }
}

/// Runs the steps before the handler, then the handler. `find` names the action once the
/// parameters are read (the dispatch endpoint finds it by `action`).
pub async fn run(
    state: AppState,
    incoming: Incoming,
    entry: Entry,
    find: impl FnOnce(&super::Params) -> Result<Action, ApiError>,
) -> Response {
    if let Some(refusal) = crate::protocol::gate(&state, &incoming.headers, incoming.client_ip) {
        return refusal;
    }
    match steps(state, incoming, entry, find).await {
        Ok(response) => response,
        Err(err) => err.into_response(),
    }
}

async fn steps(
    state: AppState,
    incoming: Incoming,
    entry: Entry,
    find: impl FnOnce(&super::Params) -> Result<Action, ApiError>,
) -> Result<Response, ApiError> {
    let Incoming {
        method,
        uri,
        headers,
        visitor,
        client_ip,
        body,
    } = incoming;
    if body.len() > MAX_BODY_BYTES {
        return Err(ApiError::PayloadTooLarge);
    }
    let plain_text = match entry {
        Entry::Dispatch => PlainText::AsForm,
        Entry::Path => PlainText::Refused,
    };
    // The token is checked before the body is read when the action is known from the
    // path, so a forged write learns nothing about its parameters' validity.
    let (params, json) = match entry {
        Entry::Path => (Default::default(), None),
        Entry::Dispatch => request_params(&headers, &uri, &body, plain_text)?,
    };
    let action = find(&params)?;
    if !action.methods.allow(&method) {
        return Err(ApiError::MethodNotAllowed(format!(
            "{} does not accept {method}",
            action.name
        )));
    }
    if action.csrf {
        crate::protocol::csrf::verify(&state, &headers)?;
    }
    let (params, json) = match entry {
        Entry::Path => request_params(&headers, &uri, &body, plain_text)?,
        Entry::Dispatch => (params, json),
    };
    let request = ActionRequest {
        method,
        params,
        json,
        headers,
        visitor,
        client_ip,
    };
    (action.handler)(state, request).await
}

/// The axum handler of an action reached by its own path.
pub async fn path(action: Action, State(state): State<AppState>, incoming: Incoming) -> Response {
    run(state, incoming, Entry::Path, |_| Ok(action)).await
}
