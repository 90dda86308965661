//! The sign-up pages and the light sign-up link (site-core §2, §6; community §2 "sent to
//! /join/light with query ref holding the current address"):
//! `/join/light?ref={same-site path, percent-encoded}`, where the `ref` is only ever a
//! [`SameSitePath`], so the sign-up can never send the visitor off the site.

use crate::{encoding::percent_encode_component, same_site::SameSitePath};

#[cfg(test)]
mod tests;

/// Site-core §2: the sign-up page.
pub const JOIN_PATH: &str = "/join";

/// Site-core §2: the light sign-up page, `/join/light?ref={current page address}`.
pub const LIGHT_SIGNUP_PATH: &str = "/join/light";

/// Site-core §2: the query parameter of the light sign-up page that holds the address to
/// return to.
pub const REF_PARAM: &str = "ref";

/// The query parameter of the light sign-up page that holds a rating the guest chose before
/// signing up (`ratings::pending::PendingVote`'s wire form), cast once the link signs them in.
pub const VOTE_PARAM: &str = "vote";

/// A light sign-up link ([`light_signup_link`], [`join_light_link`]) that also carries the
/// rating the guest chose, percent-encoded, as [`VOTE_PARAM`].
///
/// ```
/// use site_urls::sign_up::{join_light_link, with_pending_vote};
/// let link = join_light_link("https://site.test", "/d/card");
/// assert_eq!(with_pending_vote(&link, "product:card:3"), "/join/light?ref=%2Fd%2Fcard&vote=product%3Acard%3A3");
/// ```
#[must_use]
pub fn with_pending_vote(link: &str, vote: &str) -> String {
    format!("{link}&{VOTE_PARAM}={}", percent_encode_component(vote))
}

/// The light sign-up link used when a guest tries to rate or vote:
/// `/join/light?ref={address}` with the address percent-encoded (site-core §2, §6;
/// community §2). The `ref` is only ever a [`SameSitePath`]; build it from the current
/// page's address with [`SameSitePath::from_page_address`].
///
/// ```
/// use site_urls::{same_site::SameSitePath, sign_up::light_signup_link};
///
/// let back = SameSitePath::from_page_address("https://example.com", "https://example.com/d/a?x=1");
/// assert_eq!(light_signup_link(&back), "/join/light?ref=%2Fd%2Fa%3Fx%3D1");
/// ```
pub fn light_signup_link(return_to: &SameSitePath) -> String {
    format!(
        "{LIGHT_SIGNUP_PATH}?{REF_PARAM}={}",
        percent_encode_component(return_to.as_str())
    )
}

/// The light sign-up link a guest who tries to vote is sent to (community §2 "sent to
/// /join/light with query ref holding the current address"):
/// `/join/light?ref={same-site path of the current address, percent-encoded}`.
///
/// The `ref` is only ever a same-site path, so the sign-up can never send the visitor
/// off the site. `site_origin` is this site's origin (such as `https://example.com`);
/// `current_address` the page's address. A full address of this site is reduced to its
/// path, query and fragment; a same-site path is kept; anything else (another site, a
/// relative address, a path that could leave the site) falls back to `/`. The rule is
/// [`SameSitePath::from_page_address`] and the link [`light_signup_link`].
///
/// ```
/// use site_urls::sign_up::join_light_link;
/// let origin = "https://site.test";
/// assert_eq!(join_light_link(origin, "/answers/?qpage=2"), "/join/light?ref=%2Fanswers%2F%3Fqpage%3D2");
/// assert_eq!(join_light_link(origin, "https://site.test/d/card#reviews"), "/join/light?ref=%2Fd%2Fcard%23reviews");
/// assert_eq!(join_light_link(origin, "https://evil.test/x"), "/join/light?ref=%2F");
/// ```
#[must_use]
pub fn join_light_link(site_origin: &str, current_address: &str) -> String {
    light_signup_link(&SameSitePath::from_page_address(
        site_origin,
        current_address,
    ))
}
