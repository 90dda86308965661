//! Middleware every response goes through: a request id, security headers, JSON bodies
//! for the framework's own refusals (a wrong method, an oversized or unreadable body; not
//! for images or HTML pages), and
//! a plain 500 for a handler that panicked.

use std::convert::Infallible;
use std::future::Future;
use std::panic::{self, AssertUnwindSafe};
use std::pin::Pin;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Instant;

use api_types::protocol::{ErrorBody, ErrorCode};
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tower::{Layer, Service};
use tracing::Instrument;

/// Whether every request is logged at `info` with its status and duration (set at start-up
/// for JSON logs; the text logs of a developer's console log only server errors).
static REQUEST_LOG: AtomicBool = AtomicBool::new(false);

/// Logs every request (`LOG_FORMAT=json`): one line each with its request id, method,
/// route (the path, never the query, where tokens travel), status and duration.
pub fn log_every_request(on: bool) {
    REQUEST_LOG.store(on, Ordering::Relaxed);
}

/// Header carrying the request id, in and out.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

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

/// Header slots worth reserving in a response built on a hot path: its own few headers
/// plus the ones this layer adds (a map of this size holds them without growing).
pub const RESPONSE_HEADER_ROOM: usize = 12;

/// The security headers, parsed once.
fn security_headers() -> &'static [(HeaderName, HeaderValue)] {
    static PARSED: OnceLock<Vec<(HeaderName, HeaderValue)>> = OnceLock::new();
    PARSED.get_or_init(|| {
        SECURITY_HEADERS
            .iter()
            .map(|(name, value)| {
                (
                    HeaderName::from_static(name),
                    HeaderValue::from_static(value),
                )
            })
            .collect()
    })
}

/// A client-sent id is kept when it is short and plain; otherwise a fresh one is made.
fn accept_request_id(value: Option<&HeaderValue>) -> Option<HeaderValue> {
    let value = value?;
    let bytes = value.as_bytes();
    let ok = !bytes.is_empty()
        && bytes.len() <= 64
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_');
    ok.then(|| value.clone())
}

/// A fresh request id: 16 hex digits, unique within the process (a counter) and unlikely
/// to repeat across instances (a random start), without a random draw per request.
fn new_request_id() -> HeaderValue {
    static START: OnceLock<u64> = OnceLock::new();
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let start = *START.get_or_init(|| u64::from_le_bytes(crate::state::random_bytes::<8>()));
    // An odd multiplier is a bijection on u64, so distinct counts give distinct ids.
    let n = COUNTER
        .fetch_add(1, Ordering::Relaxed)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ start;
    // Written into a stack buffer: one allocation (the header's) instead of three.
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let digit = |nibble: u8| DIGITS.get(usize::from(nibble)).copied().unwrap_or(b'0');
    let mut hex = [b'0'; 16];
    for (pair, byte) in hex.chunks_exact_mut(2).zip(n.to_be_bytes()) {
        pair.copy_from_slice(&[digit(byte >> 4), digit(byte & 0xf)]);
    }
    HeaderValue::from_bytes(&hex).unwrap_or_else(|_| HeaderValue::from_static("0000000000000000"))
}

/// A service that can answer some requests at once, from memory, without a future: the
/// hot answers (the ad pixel, a cached listing) skip the router and its boxed futures.
/// What it answers goes through the same stamping as every other answer, except that its
/// refusals are not read again to be turned into JSON: they must be JSON already (the
/// answers given at once today refuse with [`crate::ApiError`]s and the gate's JSON).
pub trait Immediate {
    /// The answer, when this request is one answered from memory.
    fn immediate(&self, request: &Request) -> Option<Response>;
}

/// The layer every request passes first: it gives the request an id (kept from the client
/// when plain), opens the request's log span, and on the way out stamps the id and the
/// security headers and turns the framework's plain-text refusals into JSON. A panic in
/// the service it wraps becomes a 500 JSON error (and is logged), so a connection never
/// ends without an answer.
#[derive(Debug, Clone, Copy, Default)]
pub struct StampLayer;

impl<S> Layer<S> for StampLayer {
    type Service = Stamp<S>;

    fn layer(&self, inner: S) -> Stamp<S> {
        Stamp { inner }
    }
}

/// The service of [`StampLayer`].
#[derive(Debug, Clone)]
pub struct Stamp<S> {
    inner: S,
}

/// A stamped answer, the future of [`Stamp`]. Like any future, it must not be polled
/// again once it has given its answer.
pub struct Stamped(Answer);

/// What [`Stamped`] holds: an answer ready at once (an immediate answer, or a panic while
/// starting one), or one still being worked out.
enum Answer {
    Ready(Option<Response>),
    Pending(Pin<Box<dyn Future<Output = Response> + Send>>),
}

impl Future for Stamped {
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match &mut self.get_mut().0 {
            Answer::Ready(response) => {
                Poll::Ready(Ok(response.take().unwrap_or_else(already_answered)))
            }
            Answer::Pending(future) => future.as_mut().poll(cx).map(Ok),
        }
    }
}

/// How the inner service took a request: answered at once, or with a future.
enum Started<F> {
    Now(Response),
    Later(F),
}

/// What a ready answer polled again gives: a caller's mistake, answered with a logged 500
/// rather than a panic.
fn already_answered() -> Response {
    tracing::error!("an answer was asked for twice");
    internal_error()
}

impl<S> Service<Request> for Stamp<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Immediate + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Stamped;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request) -> Self::Future {
        let id =
            accept_request_id(request.headers().get(&REQUEST_ID)).unwrap_or_else(new_request_id);
        let mut watch = Watch::start(&request);
        // Field values are only computed when the span is enabled. The route is the path:
        // the query, where links' tokens travel, is never logged.
        let span = tracing::info_span!(
            "request",
            method = %request.method(),
            route = %request.uri().path(),
            request_id = %id.to_str().unwrap_or(""),
        );
        request.headers_mut().insert(REQUEST_ID, id.clone());
        let called = {
            let _entered = span.enter();
            panic::catch_unwind(AssertUnwindSafe(|| match self.inner.immediate(&request) {
                Some(response) => Started::Now(stamp(response, id.clone(), watch.take())),
                None => Started::Later(self.inner.call(request)),
            }))
        };
        let future = match called {
            Ok(Started::Later(future)) => future,
            Ok(Started::Now(stamped)) => return Stamped(Answer::Ready(Some(stamped))),
            Err(payload) => {
                let _entered = span.enter();
                return Stamped(Answer::Ready(Some(stamp(
                    panic_response(payload),
                    id,
                    watch.take(),
                ))));
            }
        };
        Stamped(Answer::Pending(Box::pin(
            async move {
                let mut future = std::pin::pin!(future);
                let response = std::future::poll_fn(|cx| {
                    match panic::catch_unwind(AssertUnwindSafe(|| future.as_mut().poll(cx))) {
                        Ok(Poll::Pending) => Poll::Pending,
                        Ok(Poll::Ready(Ok(response))) => Poll::Ready(response),
                        Err(payload) => Poll::Ready(panic_response(payload)),
                    }
                })
                .await;
                stamp(jsonify_refusal(response).await, id, watch)
            }
            .instrument(span),
        )))
    }
}

/// When a request began and its route label, kept only when every request is logged or
/// metrics are counted (otherwise a request pays for neither).
struct Watch {
    started: Instant,
    route: Option<String>,
}

impl Watch {
    fn start(request: &Request) -> Option<Self> {
        let counted = crate::telemetry::enabled();
        (counted || REQUEST_LOG.load(Ordering::Relaxed)).then(|| Self {
            started: Instant::now(),
            route: counted.then(|| crate::telemetry::route_label(request.uri().path())),
        })
    }
}

/// Stamps the request id and the security headers on an answer, and logs a server error
/// (and, when every request is logged or counted, the answer and how long it took).
fn stamp(mut response: Response, id: HeaderValue, watch: Option<Watch>) -> Response {
    let headers = response.headers_mut();
    headers.reserve(SECURITY_HEADERS.len() + 1);
    headers.insert(REQUEST_ID, id);
    for (name, value) in security_headers() {
        headers.entry(name).or_insert_with(|| value.clone());
    }
    let status = response.status().as_u16();
    let took = watch.as_ref().map(|w| w.started.elapsed().as_secs_f64());
    if let Some(route) = watch.and_then(|w| w.route) {
        crate::telemetry::request(route, status, took.unwrap_or_default());
    }
    let logged = REQUEST_LOG.load(Ordering::Relaxed);
    let duration_ms = took.filter(|_| logged).map(|s| s * 1000.0);
    if response.status().is_server_error() {
        tracing::error!(status, duration_ms, "answered with a server error");
    } else if let Some(duration_ms) = duration_ms {
        tracing::info!(status, duration_ms, "answered");
    } else {
        tracing::debug!(status, "answered");
    }
    response
}

/// A 4xx without a JSON body (the framework's own refusals) gets one; images and HTML
/// pages (the 404 page) are left as they are.
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
    let is_image_or_page = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("image/") || v.starts_with("text/html"));
    if is_json || is_image_or_page {
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
    internal_error()
}

/// The plain 500 JSON error.
fn internal_error() -> Response {
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        axum::Json(ErrorBody::new(ErrorCode::Internal, "internal error")),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower::ServiceExt;

    impl<T> Immediate for tower::util::ServiceFn<T> {
        fn immediate(&self, _: &Request) -> Option<Response> {
            None
        }
    }

    async fn answer_of<S>(service: S, path: &str) -> (StatusCode, axum::http::HeaderMap, String)
    where
        S: Service<Request, Response = Response, Error = Infallible> + Immediate + Send + 'static,
        S::Future: Send + 'static,
    {
        let request = Request::builder().uri(path).body(Body::empty()).unwrap();
        let Ok(response) = StampLayer.layer(service).oneshot(request).await;
        let (parts, body) = response.into_parts();
        let body = axum::body::to_bytes(body, 4096).await.unwrap();
        (
            parts.status,
            parts.headers,
            String::from_utf8(body.to_vec()).unwrap(),
        )
    }

    fn assert_stamped_500(answer: (StatusCode, axum::http::HeaderMap, String)) {
        let (status, headers, body) = answer;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(body.contains("internal error"), "{body}");
        assert!(headers.contains_key(REQUEST_ID));
        assert_eq!(headers["x-content-type-options"], "nosniff");
    }

    #[tokio::test]
    async fn a_panic_while_answering_becomes_a_stamped_500() {
        let service = tower::service_fn(|_: Request| async {
            if true {
                panic!("handler failed");
            }
            Ok::<Response, Infallible>(Response::new(Body::empty()))
        });
        assert_stamped_500(answer_of(service, "/x").await);
    }

    /// Answers `/now` at once with 200 "now", panics on `/panic` while answering at once
    /// and on `/call-panics` while starting the future, and leaves every other request to
    /// its future, which answers 200 "later".
    #[derive(Clone)]
    struct NowOrLater;
    impl Service<Request> for NowOrLater {
        type Response = Response;
        type Error = Infallible;
        type Future = std::future::Ready<Result<Response, Infallible>>;
        fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
            Poll::Ready(Ok(()))
        }
        fn call(&mut self, request: Request) -> Self::Future {
            assert_ne!(request.uri().path(), "/call-panics", "routing failed");
            std::future::ready(Ok(Response::new(Body::from("later"))))
        }
    }
    impl Immediate for NowOrLater {
        fn immediate(&self, request: &Request) -> Option<Response> {
            match request.uri().path() {
                "/now" => Some(Response::new(Body::from("now"))),
                "/panic" => panic!("answering at once failed"),
                _ => None,
            }
        }
    }

    #[tokio::test]
    async fn a_panic_before_the_answer_starts_becomes_a_stamped_500() {
        assert_stamped_500(answer_of(NowOrLater, "/call-panics").await);
    }

    #[tokio::test]
    async fn immediate_answers_are_stamped_as_every_other() {
        for (path, body) in [("/now", "now"), ("/x", "later")] {
            let (status, headers, text) = answer_of(NowOrLater, path).await;
            assert_eq!((status, text.as_str()), (StatusCode::OK, body));
            assert_eq!(headers[REQUEST_ID].len(), 16, "{path}");
            for (name, value) in SECURITY_HEADERS {
                assert_eq!(headers[name], value, "{path}: {name}");
            }
        }
    }

    #[tokio::test]
    async fn a_panic_while_answering_at_once_becomes_a_stamped_500() {
        assert_stamped_500(answer_of(NowOrLater, "/panic").await);
    }

    #[test]
    fn request_ids_are_sixteen_hex_digits_and_differ() {
        let a = new_request_id();
        let b = new_request_id();
        assert_ne!(a, b);
        for id in [a, b] {
            let text = id.to_str().unwrap();
            assert_eq!(text.len(), 16);
            assert!(
                text.bytes()
                    .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
            );
        }
    }
}
