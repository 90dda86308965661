//! The caller's address: the socket peer, or the last untrusted hop of `X-Forwarded-For`
//! when the peer is a configured trusted proxy. Never the header alone.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use crate::AppState;

/// The caller's address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

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

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip())
            .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
        let forwarded = parts
            .headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok());
        Ok(Self(resolve(
            peer,
            forwarded,
            &state.settings.trusted_proxies,
        )))
    }
}
