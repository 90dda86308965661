//! The caller's address: the socket peer, or the last untrusted hop of `X-Forwarded-For`
//! when the peer is a configured trusted proxy. Never the header alone.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{Extensions, HeaderMap, HeaderName, Request};

use crate::AppState;

/// The caller's address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

/// The header a proxy names the addresses it forwarded for in.
const FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");

/// Resolves the client address from the peer and the forwarded chain.
pub fn resolve(peer: IpAddr, forwarded_for: Option<&str>, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    // Walk the chain from the nearest hop; the first address that is not a trusted
    // proxy is the client.
    let hops = forwarded_for
        .unwrap_or("")
        .split(',')
        .rev()
        .filter_map(|h| h.trim().parse::<IpAddr>().ok());
    let mut client = peer;
    for hop in hops {
        client = hop;
        if !trusted.contains(&hop) {
            break;
        }
    }
    client
}

/// The caller's address of a request with these extensions (the connection's peer, when
/// served) and headers.
fn of(extensions: &Extensions, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    let peer = extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    let forwarded = headers.get(FORWARDED_FOR).and_then(|v| v.to_str().ok());
    resolve(peer, forwarded, trusted)
}

/// The caller's address of a whole request, as the [`ClientIp`] extractor reads it.
pub fn of_request<B>(request: &Request<B>, trusted: &[IpAddr]) -> IpAddr {
    of(request.extensions(), request.headers(), trusted)
}

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        Ok(Self(of(
            &parts.extensions,
            &parts.headers,
            &state.settings.trusted_proxies,
        )))
    }
}
