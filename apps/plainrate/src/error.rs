//! The one error type of the HTTP layer. Every error becomes a 4xx (or, for a store
//! failure, a 500) with a JSON [`ErrorBody`]; nothing leaks internals to the client.

use api_types::protocol::{ErrorBody, ErrorCode};
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed (bad JSON, bad form body, unknown action…).
    #[error("{0}")]
    BadRequest(String),
    /// A field failed validation; the message is the one shown to the visitor.
    #[error("{message}")]
    Validation {
        /// The field at fault.
        field: String,
        /// What is wrong, as shown to the visitor.
        message: String,
    },
    /// The anti-forgery check failed; the client retries once after a new token.
    #[error("invalid or missing anti-forgery token")]
    Csrf,
    /// The action needs a signed-in member.
    #[error("sign in to do this")]
    Guest,
    /// The session may not do this (e.g. a delegated session writing).
    #[error("{0}")]
    Forbidden(String),
    /// Nothing here.
    #[error("{0}")]
    NotFound(String),
    /// It existed and is gone for good (a retired product).
    #[error("{0}")]
    Gone(String),
    /// The method is not allowed for this action.
    #[error("{0}")]
    MethodNotAllowed(String),
    /// Too many attempts; try again later.
    #[error("{0}")]
    RateLimited(String),
    /// The body is larger than the endpoint accepts.
    #[error("request body too large")]
    PayloadTooLarge,
    /// The store failed; logged, never shown in detail.
    #[error("internal error")]
    Internal(String),
}

impl ApiError {
    /// A validation error on `field`.
    pub fn validation(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::Validation {
            field: field.into(),
            message: message.into(),
        }
    }

    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) | Self::Validation { .. } | Self::Csrf => StatusCode::BAD_REQUEST,
            Self::Guest => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Gone(_) => StatusCode::GONE,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::RateLimited(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The JSON body of this error.
    pub fn body(&self) -> ErrorBody {
        let code = match self {
            Self::BadRequest(_) | Self::MethodNotAllowed(_) => ErrorCode::BadRequest,
            Self::Validation { .. } => ErrorCode::Validation,
            Self::Csrf => ErrorCode::Csrf,
            Self::Guest => ErrorCode::Guest,
            Self::Forbidden(_) => ErrorCode::Forbidden,
            Self::NotFound(_) => ErrorCode::NotFound,
            Self::Gone(_) => ErrorCode::Gone,
            Self::RateLimited(_) => ErrorCode::RateLimited,
            Self::PayloadTooLarge => ErrorCode::PayloadTooLarge,
            Self::Internal(_) => ErrorCode::Internal,
        };
        let body = ErrorBody::new(code, self.to_string());
        match self {
            Self::Validation { field, .. } => body.with_field(field.clone()),
            _ => body,
        }
    }
}

impl From<store::StoreError> for ApiError {
    fn from(err: store::StoreError) -> Self {
        match err {
            store::StoreError::NotFound(what) => Self::NotFound(what),
            store::StoreError::Conflict(what) => Self::BadRequest(what),
            other => Self::Internal(other.to_string()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Self::Internal(detail) = &self {
            tracing::error!(%detail, "request failed");
        }
        (self.status(), Json(self.body())).into_response()
    }
}
