//! The action vocabulary every area speaks: what an action is, what its handler receives
//! and what it returns.
//!
//! Every area declares its actions one way: its `actions()` lists each as
//! [`Action::read`] or [`Action::write`] with the action's name written there, once (the
//! ratings area takes its two names from the `ratings` crate, whose vote request names
//! them). An action that also answers on a path of its own is bound to a `const` of its
//! area first, which that list and the route share (the members area's `JOIN`).

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;

use axum::http::{HeaderMap, Method};
use axum::response::Response;

use super::params::Params;
use crate::visitor::Visitor;
use crate::{ApiError, AppState};

/// The future an action handler returns.
pub type ActionFuture = Pin<Box<dyn Future<Output = Result<Response, ApiError>> + Send>>;

/// An action handler.
pub type Handler = fn(AppState, ActionRequest) -> ActionFuture;

/// Which HTTP methods an action accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Methods {
    /// Reads: GET (and HEAD) only.
    Get,
    /// Writes: POST only (a GET never changes anything).
    Post,
}

impl Methods {
    /// Whether `method` is accepted.
    pub fn allow(self, method: &Method) -> bool {
        match self {
            Self::Get => method == Method::GET || method == Method::HEAD,
            Self::Post => method == Method::POST,
        }
    }
}

/// One action: a name on the dispatch endpoint, and optionally a path of its own (see
/// [`super::pipeline::path`]). Both run the same pipeline ([`super::pipeline`]).
#[derive(Clone, Copy)]
pub struct Action {
    /// The `action` value, e.g. `Details.SetRate`.
    pub name: &'static str,
    /// Accepted method.
    pub methods: Methods,
    /// Whether the anti-forgery token is checked (every write).
    pub csrf: bool,
    /// The handler.
    pub handler: Handler,
}

impl Action {
    /// A read: GET, no token.
    pub const fn read(name: &'static str, handler: Handler) -> Self {
        Self {
            name,
            methods: Methods::Get,
            csrf: false,
            handler,
        }
    }

    /// A write: POST with the anti-forgery token.
    pub const fn write(name: &'static str, handler: Handler) -> Self {
        Self {
            name,
            methods: Methods::Post,
            csrf: true,
            handler,
        }
    }
}

/// What an action handler receives.
#[derive(Debug, Clone)]
pub struct ActionRequest {
    /// The HTTP method.
    pub method: Method,
    /// Merged parameters.
    pub params: Params,
    /// The JSON body, when one was sent.
    pub json: Option<serde_json::Value>,
    /// The request headers.
    pub headers: HeaderMap,
    /// Who is asking.
    pub visitor: Visitor,
    /// The caller's address (trusted-proxy aware).
    pub client_ip: IpAddr,
}
