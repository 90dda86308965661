//! Middleware every response goes through: a request id, security headers, and JSON bodies
//! for the framework's own refusals (a wrong method, an oversized or unreadable body).

use api_types::protocol::{ErrorBody, ErrorCode};
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Header carrying the request id, in and out.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The request id of a request, stored in its extensions.
#[derive(Debug, Clone)]
pub struct RequestId(pub String);

/// Security headers set on every response.
const SECURITY_HEADERS: [(&str, &str); 6] = [
    (
        "content-security-policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; \
         connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
    ("x-frame-options", "DENY"),
    (
        "permissions-policy",
        "camera=(), microphone=(), geolocation=(), payment=()",
    ),
    ("cross-origin-opener-policy", "same-origin"),
];

/// A client-sent id is kept when it is short and plain; otherwise a fresh one is made.
fn accept_request_id(value: Option<&HeaderValue>) -> Option<String> {
    let text = value?.to_str().ok()?;
    let ok = !text.is_empty()
        && text.len() <= 64
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    ok.then(|| text.to_owned())
}

fn new_request_id() -> String {
    hex::encode(crate::state::random_bytes::<8>())
}

/// Stamps the request id and security headers, and turns plain-text refusals into JSON.
pub async fn stamp(mut request: Request, next: Next) -> Response {
    let id = accept_request_id(request.headers().get(&REQUEST_ID)).unwrap_or_else(new_request_id);
    if let Ok(value) = HeaderValue::from_str(&id) {
        request.headers_mut().insert(REQUEST_ID, value);
    }
    request.extensions_mut().insert(RequestId(id.clone()));
    let response = next.run(request).await;
    let mut response = jsonify_refusal(response).await;
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&id) {
        headers.insert(REQUEST_ID, value);
    }
    for (name, value) in SECURITY_HEADERS {
        headers
            .entry(HeaderName::from_static(name))
            .or_insert(HeaderValue::from_static(value));
    }
    response
}

/// A 4xx without a JSON body (the framework's own refusals) gets one.
async fn jsonify_refusal(response: Response) -> Response {
    let status = response.status();
    if !status.is_client_error() {
        return response;
    }
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let is_image = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("image/"));
    if is_json || is_image {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 4096)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_owned())
        .unwrap_or_default();
    let code = match status {
        StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::PayloadTooLarge,
        StatusCode::NOT_FOUND => ErrorCode::NotFound,
        StatusCode::FORBIDDEN => ErrorCode::Forbidden,
        StatusCode::TOO_MANY_REQUESTS => ErrorCode::RateLimited,
        _ => ErrorCode::BadRequest,
    };
    let message = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("bad request")
            .to_owned()
    } else {
        text
    };
    let mut fresh = (status, axum::Json(ErrorBody::new(code, message))).into_response();
    for (name, value) in parts.headers.iter() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            fresh.headers_mut().insert(name.clone(), value.clone());
        }
    }
    fresh
}

/// A panic becomes a plain 500 JSON error; details stay in the log.
pub fn panic_response(_err: Box<dyn std::any::Any + Send + 'static>) -> Response<Body> {
    tracing::error!("a handler panicked");
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        axum::Json(ErrorBody::new(ErrorCode::Internal, "internal error")),
    )
        .into_response()
}
