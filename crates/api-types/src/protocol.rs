//! The request-layer protocol (site-core §7, §8): window id, errors and flags every endpoint shares.

use serde::{Deserialize, Serialize};

/// Answer of `GET /sid.php`: the window id the client sends back in `X-XSRF-WHID`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WindowIdResponse {
    /// The window (session) id.
    #[serde(rename = "__whid")]
    pub whid: String,
    /// Optional colour theme of the site.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub site_color: Option<String>,
}

/// What went wrong, as a stable code the frontend can switch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The request is malformed: a missing, oversized or unreadable field.
    BadRequest,
    /// A field broke a rule of the specs; the message is the spec's.
    Validation,
    /// The anti-forgery token or window id is missing or wrong (answered with 400 so the
    /// client retries once).
    Csrf,
    /// The action needs a signed-in member.
    Guest,
    /// A delegated session tried to write.
    Forbidden,
    /// Nothing exists at that id or name.
    NotFound,
    /// It existed and is gone for good: a product no longer offered.
    Gone,
    /// Too many requests of this kind; try again later.
    RateLimited,
    /// The body is larger than the endpoint accepts.
    PayloadTooLarge,
    /// The server failed; details are in its logs, never in the answer.
    Internal,
}

/// The body of every error answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ErrorBody {
    /// Always `true`: the spec's clients test the `error` field.
    pub error: bool,
    /// What went wrong.
    pub code: ErrorCode,
    /// A sentence a visitor can read.
    pub message: String,
    /// The request field at fault, when one is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub field: Option<String>,
}

impl ErrorBody {
    /// An error answer with a code and a message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            error: true,
            code,
            message: message.into(),
            field: None,
        }
    }

    /// Names the request field at fault.
    pub fn with_field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }
}

/// Answer while the site is switched to maintenance (the spec spells the flag `maintainance`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MaintenanceResponse {
    /// Always `true`.
    pub maintainance: bool,
}

/// Answer to a blocked client; the request-trace header travels beside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApiBlockedResponse {
    /// Always `true`.
    pub apiblocked: bool,
}

/// Answer of `?action=get-my-ip` (community §7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MyIpResponse {
    /// The caller's address as the server sees it.
    pub ip: String,
}
