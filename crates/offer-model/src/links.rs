//! Offer links and who sees an affiliate link (site-core §2 "Routes and links", §4 "Card
//! link visibility" and "Apply link", §5 large-bank asterisk; community §2 card redirect
//! links and /join/light).
//!
//! `base` below is the site's base address (an origin such as `https://example.com`, or
//! empty for root-relative links); trailing slashes on it are ignored.
//! Ids are percent-encoded with [`percent_encode_component`] before they go into a query;
//! [`percent_encode_component`] and [`percent_decode_component`] are JavaScript's
//! `encodeURIComponent` and `decodeURIComponent`, the one encoder and decoder of the
//! workspace.
//!
//! [`SameSitePath`] guards every address the server may send a visitor back to (the `ref`
//! of the light sign-up link, a rating response's `redirect_url`): it accepts only a path
//! on this site, so no redirect can leave the site. [`SameSitePath::from_page_address`]
//! turns the current page's address into one (falling back to `/`).
//!
//! ```
//! use offer_model::links::{
//!     apply_link, details_path, light_signup_link, ApplyFields, ApplyLink, SameSitePath,
//! };
//!
//! assert_eq!(details_path("https://example.com", "/card-a")?, "https://example.com/d/card-a");
//! let issuer_page = ApplyFields { issuer_page: Some("https://bank.example/card"), ..ApplyFields::default() };
//! assert_eq!(
//!     apply_link("https://example.com", "123", issuer_page)?,
//!     ApplyLink::DefaultRedirect { url: "https://example.com/r/?id=123c".to_owned() },
//! );
//! let back = SameSitePath::parse("/d/card-a?x=1")?;
//! assert_eq!(light_signup_link(&back), "/join/light?ref=%2Fd%2Fcard-a%3Fx%3D1");
//! assert!(SameSitePath::parse("//evil.com").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::{borrow::Cow, fmt, str::FromStr};

use serde::{Deserialize, Serialize};

#[cfg(test)]
mod tests;

/// Site-core §2: the details page lives at `{base}/d/{details page name}`.
pub const DETAILS_PREFIX: &str = "/d/";

/// Site-core §2: `{detail page}#reviews` is the reviews section of a card.
pub const REVIEWS_ANCHOR: &str = "#reviews";

/// Site-core §2: apply and tracking redirects go through `{base}/r/?id=…`.
pub const REDIRECT_PATH: &str = "/r/?id=";

/// Site-core §2, community §2: the id suffix of a card redirect, `/r/?id={PID}c`.
pub const CARD_REDIRECT_SUFFIX: &str = "c";

/// Community §2: the id suffix of a generic institution redirect, `/r/?id={PID}i`.
pub const INSTITUTION_REDIRECT_SUFFIX: &str = "i";

/// Site-core §2: "optional rf=1 gives the rates-and-fees link".
pub const RATES_AND_FEES_PARAM: &str = "rf=1";

/// Site-core §2: the sign-up page.
pub const JOIN_PATH: &str = "/join";

/// Site-core §2: the light sign-up page, `/join/light?ref={current page address}`.
pub const LIGHT_SIGNUP_PATH: &str = "/join/light";

/// Site-core §2: the query parameter of the light sign-up page that holds the address to
/// return to.
pub const REF_PARAM: &str = "ref";

/// The site's root path, where [`SameSitePath::from_page_address`] sends a visitor back to
/// when the page's address is not on this site.
pub const ROOT_PATH: &str = "/";

/// Our limit, not the spec's: the longest [`SameSitePath`] accepted, in bytes (the
/// customary longest URL browsers and servers handle).
pub const MAX_SAME_SITE_PATH_LEN: usize = 2048;

/// Our limit, not the spec's: the longest issuer page [`is_web_address`] accepts, in bytes
/// (the same customary longest URL).
pub const MAX_WEB_ADDRESS_LEN: usize = 2048;

/// Why a link could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    /// `DETAILS_HTML_PAGE` names no page once slashes and the `/d/` prefix are removed.
    #[error("details page name `{value}` is empty")]
    EmptyDetailsPage {
        /// The field as given.
        value: String,
    },
    /// `DETAILS_HTML_PAGE` holds whitespace, a control character, a backslash or `//`.
    #[error("details page name `{value}` is not a plain page name")]
    InvalidDetailsPage {
        /// The field as given.
        value: String,
    },
    /// A redirect needs an id and none was given.
    #[error("redirect id is empty")]
    EmptyRedirectId,
    /// A `tracking_url` is neither an http(s) address nor a same-site path, so it is not
    /// put in a link.
    #[error("tracking url `{url}` is neither an http(s) address nor a same-site path")]
    UnsafeTrackingUrl {
        /// The tracking url as given.
        url: String,
    },
}

/// The details-page link of a card: `{base}/d/{name}` (site-core §2).
///
/// The `/d/` prefix is added when `details_page` (the card's `DETAILS_HTML_PAGE`) lacks
/// it and never doubled; leading slashes and surrounding blanks are ignored, so `card`,
/// `/card`, `d/card` and `/d/card` all give `{base}/d/card`.
///
/// ```
/// use offer_model::links::details_path;
///
/// assert_eq!(details_path("", "d/card-a")?, "/d/card-a");
/// assert_eq!(details_path("https://example.com/", "/d/card-a")?, "https://example.com/d/card-a");
/// # Ok::<(), offer_model::links::LinkError>(())
/// ```
pub fn details_path(base: &str, details_page: &str) -> Result<String, LinkError> {
    let trimmed = details_page.trim().trim_start_matches('/');
    let name = trimmed.strip_prefix("d/").unwrap_or(trimmed);
    let name = name.trim_start_matches('/');
    if name.is_empty() {
        return Err(LinkError::EmptyDetailsPage {
            value: details_page.to_owned(),
        });
    }
    let plain = !name.contains("//")
        && !name
            .chars()
            .any(|c| c == '\\' || c.is_whitespace() || c.is_control());
    if !plain {
        return Err(LinkError::InvalidDetailsPage {
            value: details_page.to_owned(),
        });
    }
    Ok(format!("{}{DETAILS_PREFIX}{name}", trim_base(base)))
}

/// The reviews section of a details page: the link with its fragment replaced by
/// `#reviews` (site-core §2).
pub fn reviews_link(details_link: &str) -> String {
    let without_fragment = details_link
        .split_once('#')
        .map_or(details_link, |(before, _)| before);
    format!("{without_fragment}{REVIEWS_ANCHOR}")
}

/// What a redirect id names (site-core §2, community §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RedirectKind {
    /// A card: `/r/?id={PID}c`.
    Card,
    /// A generic institution: `/r/?id={PID}i`.
    Institution,
    /// A redirect id used as given, such as a card's `redirPid`: `/r/?id={redirect id}`.
    AsGiven,
}

impl RedirectKind {
    /// The suffix added after the id.
    pub fn suffix(self) -> &'static str {
        match self {
            Self::Card => CARD_REDIRECT_SUFFIX,
            Self::Institution => INSTITUTION_REDIRECT_SUFFIX,
            Self::AsGiven => "",
        }
    }
}

/// A redirect link: `{base}/r/?id={id}{suffix}` (site-core §2, community §2).
///
/// The id is trimmed and percent-encoded; an empty id is an error.
///
/// ```
/// use offer_model::links::{redirect_link, RedirectKind};
///
/// assert_eq!(redirect_link("", "42", RedirectKind::Institution)?, "/r/?id=42i");
/// # Ok::<(), offer_model::links::LinkError>(())
/// ```
pub fn redirect_link(base: &str, id: &str, kind: RedirectKind) -> Result<String, LinkError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(LinkError::EmptyRedirectId);
    }
    Ok(format!(
        "{}{REDIRECT_PATH}{}{}",
        trim_base(base),
        percent_encode_component(id),
        kind.suffix()
    ))
}

/// The rates-and-fees link of a card: its card redirect with `&rf=1` (site-core §2).
///
/// ```
/// use offer_model::links::rates_and_fees_link;
///
/// assert_eq!(rates_and_fees_link("", "42")?, "/r/?id=42c&rf=1");
/// # Ok::<(), offer_model::links::LinkError>(())
/// ```
pub fn rates_and_fees_link(base: &str, card_id: &str) -> Result<String, LinkError> {
    redirect_link(base, card_id, RedirectKind::Card)
        .map(|link| format!("{link}&{RATES_AND_FEES_PARAM}"))
}

/// The apply link of a card (site-core §4 "Apply link", DECISIONS.md "Apply link").
///
/// Travels as `{"kind": "tracking", "url": …}`, `{"kind": "noApplyLink"}` or
/// `{"kind": "defaultRedirect", "url": …}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ApplyLink {
    /// `tracking_url` exists and `manual_apply` is false: the tracking url is used.
    Tracking {
        /// The tracking url, trimmed.
        url: String,
    },
    /// No apply link: `tracking_url` exists and `manual_apply` is true (site-core §4), or
    /// there is no `tracking_url` and no issuer page for the redirect to send to.
    NoApplyLink,
    /// There is no `tracking_url`: the default redirect `{base}/r/?id={cardId}c`, which
    /// sends the visitor to the issuer's own page ([`ApplyDestination::IssuerPage`]).
    DefaultRedirect {
        /// The redirect link.
        url: String,
    },
}

impl ApplyLink {
    /// The address to link to, if there is an apply link.
    pub fn url(&self) -> Option<&str> {
        match self {
            Self::Tracking { url } | Self::DefaultRedirect { url } => Some(url),
            Self::NoApplyLink => None,
        }
    }
}

/// What a card's apply link is chosen from: the offer's `TRACKING_URL`, `MANUAL_APPLY` and
/// `RATES_FEES_URL` (site-core §3 "Flags and links").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ApplyFields<'a> {
    /// `TRACKING_URL`: the affiliate tracking address.
    pub tracking_url: Option<&'a str>,
    /// `MANUAL_APPLY`: the product is applied for directly with the issuer.
    pub manual_apply: bool,
    /// `RATES_FEES_URL`: the issuer's own page for the product, where the default redirect
    /// sends the visitor when there is no tracking address.
    pub issuer_page: Option<&'a str>,
}

impl<'a> ApplyFields<'a> {
    /// The apply fields of an offer.
    pub fn of(links: &'a crate::offer::Links) -> Self {
        Self {
            tracking_url: links.tracking_url.as_deref(),
            manual_apply: links.manual_apply,
            issuer_page: links.rates_fees_url.as_deref(),
        }
    }
}

/// Where a card's apply redirect `{base}/r/?id={cardId}c` sends the visitor, or why it
/// sends nowhere: the one decision behind both [`apply_link`] and the redirect itself, so
/// the site never shows a redirect that has nowhere to go.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ApplyDestination {
    /// The tracking url, trimmed: `tracking_url` exists and `manual_apply` is false.
    Tracking {
        /// The tracking url, trimmed.
        url: String,
    },
    /// The issuer's own page (`RATES_FEES_URL`, trimmed): there is no `tracking_url` and
    /// the page is a [web address](is_web_address).
    IssuerPage {
        /// The issuer's page, trimmed.
        url: String,
    },
    /// `tracking_url` exists and `manual_apply` is true: applied for directly with the
    /// issuer, no apply link.
    Manual,
    /// No `tracking_url` and no issuer page that is a web address: nowhere to send to.
    Nowhere,
}

impl ApplyDestination {
    /// The address to send the visitor to, if any.
    pub fn url(&self) -> Option<&str> {
        match self {
            Self::Tracking { url } | Self::IssuerPage { url } => Some(url),
            Self::Manual | Self::Nowhere => None,
        }
    }
}

/// Decides where a card's apply redirect sends the visitor (site-core §4, DECISIONS.md
/// "Apply link"): `tracking_url` present and `manual_apply` false gives the tracking url;
/// present and `manual_apply` true gives [`ApplyDestination::Manual`]; no `tracking_url`
/// gives the issuer's page when it is a [web address](is_web_address) (whatever
/// `manual_apply` says), else [`ApplyDestination::Nowhere`].
///
/// A blank `tracking_url` counts as absent. A tracking url that would be used must be an
/// `http://` or `https://` address without blanks or control characters, or a
/// [`SameSitePath`]; any other (`javascript:…`) is refused rather than used.
///
/// ```
/// use offer_model::links::{apply_destination, ApplyDestination, ApplyFields};
///
/// let fields = ApplyFields { issuer_page: Some("https://bank.example/card"), ..ApplyFields::default() };
/// assert_eq!(apply_destination(fields)?.url(), Some("https://bank.example/card"));
/// assert_eq!(apply_destination(ApplyFields::default())?, ApplyDestination::Nowhere);
/// # Ok::<(), offer_model::links::LinkError>(())
/// ```
pub fn apply_destination(fields: ApplyFields<'_>) -> Result<ApplyDestination, LinkError> {
    match fields
        .tracking_url
        .map(str::trim)
        .filter(|url| !url.is_empty())
    {
        Some(_) if fields.manual_apply => Ok(ApplyDestination::Manual),
        Some(url) if is_http_url(url) || SameSitePath::parse(url).is_ok() => {
            Ok(ApplyDestination::Tracking {
                url: url.to_owned(),
            })
        }
        Some(url) => Err(LinkError::UnsafeTrackingUrl {
            url: url.to_owned(),
        }),
        None => Ok(fields
            .issuer_page
            .map(str::trim)
            .filter(|url| is_web_address(url))
            .map_or(ApplyDestination::Nowhere, |url| {
                ApplyDestination::IssuerPage {
                    url: url.to_owned(),
                }
            })),
    }
}

/// Chooses a card's apply link from [`apply_destination`] (site-core §4, DECISIONS.md
/// "Apply link"): the tracking url is linked to directly; the issuer's page is reached
/// through the default redirect `{base}/r/?id={card_id}c`; manual application and a
/// redirect with nowhere to go give no apply link.
///
/// ```
/// use offer_model::links::{apply_link, ApplyFields, ApplyLink};
///
/// let tracking = ApplyFields { tracking_url: Some("https://bank.example/apply"), ..ApplyFields::default() };
/// assert_eq!(apply_link("", "7", tracking)?.url(), Some("https://bank.example/apply"));
/// let manual = ApplyFields { manual_apply: true, ..tracking };
/// assert_eq!(apply_link("", "7", manual)?, ApplyLink::NoApplyLink);
/// let issuer = ApplyFields { issuer_page: Some("https://bank.example/card"), ..ApplyFields::default() };
/// assert_eq!(apply_link("", "7", issuer)?.url(), Some("/r/?id=7c"));
/// assert_eq!(apply_link("", "7", ApplyFields::default())?, ApplyLink::NoApplyLink);
/// # Ok::<(), offer_model::links::LinkError>(())
/// ```
pub fn apply_link(
    base: &str,
    card_id: &str,
    fields: ApplyFields<'_>,
) -> Result<ApplyLink, LinkError> {
    match apply_destination(fields)? {
        ApplyDestination::Tracking { url } => Ok(ApplyLink::Tracking { url }),
        ApplyDestination::IssuerPage { .. } => redirect_link(base, card_id, RedirectKind::Card)
            .map(|url| ApplyLink::DefaultRedirect { url }),
        ApplyDestination::Manual | ApplyDestination::Nowhere => Ok(ApplyLink::NoApplyLink),
    }
}

/// The id a card's redirect links are built from (site-core §2 `{cardId}`): its `PID`,
/// trimmed, when not blank, else its `ID`.
pub fn card_redirect_id(identity: &crate::offer::Identity) -> &str {
    identity
        .pid
        .as_deref()
        .map(str::trim)
        .filter(|pid| !pid.is_empty())
        .unwrap_or(identity.id.as_str())
}

/// Whether `url` is an absolute http(s) address with a host and no blanks or control
/// characters.
fn is_http_url(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"));
    rest.is_some_and(|rest| {
        !rest.is_empty()
            && !rest.starts_with('/')
            && !url
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || c == '\\')
    })
}

/// Whether `url` is a web address the apply redirect may send a visitor to: at most
/// [`MAX_WEB_ADDRESS_LEN`] bytes, `http://` or `https://` (any case), a host name of ASCII
/// letters, digits, dots and hyphens with at least one letter or digit, an optional port of
/// 1 to 5 digits, then only the characters RFC 3986 lets a URI hold (letters, digits and
/// ``-._~:/?#@!$&'()*+,;=%``). No user info, no IP-literal brackets, nothing for a browser
/// or proxy to read differently, so it is always a valid `Location`.
///
/// ```
/// use offer_model::links::is_web_address;
///
/// assert!(is_web_address("https://www.bank.example/cards/cash?src=a%20b"));
/// assert!(!is_web_address("http:www.bank.example"));
/// assert!(!is_web_address("https://bank.example@evil.example/"));
/// assert!(!is_web_address("https://bank.example/<script>"));
/// ```
pub fn is_web_address(url: &str) -> bool {
    if url.len() > MAX_WEB_ADDRESS_LEN {
        return false;
    }
    let lower = url.to_ascii_lowercase();
    let Some(rest) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    else {
        return false;
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let Some((authority, tail)) = rest.split_at_checked(end) else {
        return false;
    };
    let (host, port) = match authority.split_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (authority, None),
    };
    let host_ok = host
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        && host.bytes().any(|b| b.is_ascii_alphanumeric());
    let port_ok = port.is_none_or(|port| {
        (1..=5).contains(&port.len()) && port.bytes().all(|b| b.is_ascii_digit())
    });
    let tail_ok = tail
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-._~:/?#@!$&'()*+,;=%".contains(&b));
    host_ok && port_ok && tail_ok
}

/// A value of `AFFILIATE_INFLUENCE_SCOPE` that is neither `O` nor `I`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown affiliate influence scope `{value}`")]
pub struct UnknownAffiliateScope {
    /// The value that was given, trimmed.
    pub value: String,
}

/// A card's `AFFILIATE_INFLUENCE_SCOPE` (site-core §4, community §3), also the type of the
/// offer's field ([`crate::offer::Links`]). Travels as `"O"` or `"I"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AffiliateScope {
    /// `O`, out only: not an affiliate link when the visitor is signed in.
    #[serde(rename = "O")]
    OutOnly,
    /// `I`, in only: not an affiliate link when the visitor is signed out.
    #[serde(rename = "I")]
    InOnly,
}

impl AffiliateScope {
    /// Reads the raw field, ignoring case and surrounding blanks: blank means no scope
    /// (`Ok(None)`), `O`/`o` and `I`/`i` are the scopes, anything else is an error.
    ///
    /// ```
    /// use offer_model::links::AffiliateScope;
    ///
    /// assert_eq!(AffiliateScope::from_field(" o "), Ok(Some(AffiliateScope::OutOnly)));
    /// assert_eq!(AffiliateScope::from_field(""), Ok(None));
    /// assert!(AffiliateScope::from_field("X").is_err());
    /// ```
    pub fn from_field(raw: &str) -> Result<Option<Self>, UnknownAffiliateScope> {
        match raw.trim() {
            "" => Ok(None),
            "O" | "o" => Ok(Some(Self::OutOnly)),
            "I" | "i" => Ok(Some(Self::InOnly)),
            other => Err(UnknownAffiliateScope {
                value: other.to_owned(),
            }),
        }
    }

    /// The field value, `O` or `I`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::OutOnly => "O",
            Self::InOnly => "I",
        }
    }
}

/// What decides whether a card's link counts as an affiliate link for one visitor
/// (site-core §4 "Card link visibility"). Travels with camelCase field names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AffiliateContext {
    /// The offer's affiliate flag, `WH_AFFILIATE_LINK` = `Y`.
    pub affiliate: bool,
    /// The card has the logged-in-only critical setting.
    pub logged_in_only_critical: bool,
    /// The card's `AFFILIATE_INFLUENCE_SCOPE`, if any.
    pub scope: Option<AffiliateScope>,
    /// The visitor is signed in.
    pub signed_in: bool,
}

impl AffiliateContext {
    /// Whether the card's link is an affiliate link for this visitor; see
    /// [`is_affiliate_link`].
    pub fn is_affiliate_link(self) -> bool {
        is_affiliate_link(self)
    }
}

/// Whether a card's link is an affiliate link for this visitor (site-core §4).
///
/// Only an affiliate offer can be one. With the logged-in-only critical setting it is not
/// for signed-out visitors; with scope `O` it is not when signed in; with scope `I` it is
/// not when signed out. The rules combine: each one can only take the affiliate link
/// away.
///
/// ```
/// use offer_model::links::{is_affiliate_link, AffiliateContext, AffiliateScope};
///
/// let context = AffiliateContext {
///     affiliate: true,
///     logged_in_only_critical: false,
///     scope: Some(AffiliateScope::OutOnly),
///     signed_in: true,
/// };
/// assert!(!is_affiliate_link(context));
/// assert!(is_affiliate_link(AffiliateContext { signed_in: false, ..context }));
/// ```
pub fn is_affiliate_link(context: AffiliateContext) -> bool {
    let AffiliateContext {
        affiliate,
        logged_in_only_critical,
        scope,
        signed_in,
    } = context;
    let hidden_by_critical = logged_in_only_critical && !signed_in;
    let hidden_by_scope = match scope {
        Some(AffiliateScope::OutOnly) => signed_in,
        Some(AffiliateScope::InOnly) => !signed_in,
        None => false,
    };
    affiliate && !hidden_by_critical && !hidden_by_scope
}

/// Whether an issuer's name gets the large-bank asterisk (site-core §5): the issuer is in
/// `large_banks` and the card shows no affiliate link.
///
/// Names match ignoring case (Unicode lowercase) and surrounding blanks; a blank issuer
/// never matches. The list is data passed in (DECISIONS.md "Large-bank asterisk").
/// `affiliate_link` should be what the visitor sees, that is [`is_affiliate_link`] for
/// this visitor.
///
/// ```
/// use offer_model::links::has_large_bank_asterisk;
///
/// let large_banks = ["Big Bank", "Mega Bank"];
/// assert!(has_large_bank_asterisk(" big BANK ", &large_banks, false));
/// assert!(!has_large_bank_asterisk("Big Bank", &large_banks, true));
/// ```
pub fn has_large_bank_asterisk<S: AsRef<str>>(
    issuer: &str,
    large_banks: &[S],
    affiliate_link: bool,
) -> bool {
    let issuer = issuer.trim().to_lowercase();
    !affiliate_link
        && !issuer.is_empty()
        && large_banks
            .iter()
            .any(|bank| bank.as_ref().trim().to_lowercase() == issuer)
}

/// The light sign-up link used when a guest tries to rate or vote:
/// `/join/light?ref={address}` with the address percent-encoded (site-core §2, §6;
/// community §2). The `ref` is only ever a [`SameSitePath`]; build it from the current
/// page's address with [`SameSitePath::from_page_address`].
///
/// ```
/// use offer_model::links::{light_signup_link, SameSitePath};
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

/// Percent-encodes a query value the way JavaScript's `encodeURIComponent` does: every
/// byte of the UTF-8 form is written `%XX` (upper-case hex) except the ASCII letters and
/// digits and `- _ . ! ~ * ' ( )`.
///
/// ```
/// use offer_model::links::percent_encode_component;
///
/// assert_eq!(percent_encode_component("/a b?c=é"), "%2Fa%20b%3Fc%3D%C3%A9");
/// ```
pub fn percent_encode_component(input: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(input.len());
    for byte in input.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push('%');
            for nibble in [byte >> 4, byte & 0x0F] {
                let digit = HEX.get(usize::from(nibble)).copied().unwrap_or(b'0');
                out.push(char::from(digit));
            }
        }
    }
    out
}

/// Decodes a percent-encoded query value the way JavaScript's `decodeURIComponent` does:
/// each `%XX` (two hex digits, either case) is one byte, and every other character stays
/// as it is (`+` stays `+`). Returns `None` where JavaScript throws: a `%` not followed by
/// two hex digits (`100%`, `%zz`, `%4`), or bytes that are not UTF-8 (`%FF`, `%C3`).
/// Decodes once: `%252F` gives `%2F`.
///
/// ```
/// use offer_model::links::percent_decode_component;
///
/// assert_eq!(percent_decode_component("a%20b%C3%A9+x").as_deref(), Some("a bé+x"));
/// assert_eq!(percent_decode_component("100%"), None);
/// assert_eq!(percent_decode_component("%FF"), None);
/// ```
pub fn percent_decode_component(input: &str) -> Option<String> {
    decode_component(input, false).map(Cow::into_owned)
}

/// Decodes one name or value of a form-encoded query string
/// (`application/x-www-form-urlencoded`): `+` is a space, and `%XX` escapes are decoded
/// as [`percent_decode_component`] decodes them (a `%2B` stays a plus sign). Returns
/// `None` for a malformed escape or bytes that are not UTF-8. Borrows the input when it
/// holds nothing to decode, which is the common case.
///
/// ```
/// use std::borrow::Cow;
/// use offer_model::links::form_decode_component;
///
/// assert_eq!(form_decode_component("a+b%2Bc").as_deref(), Some("a b+c"));
/// assert!(matches!(form_decode_component("plain"), Some(Cow::Borrowed("plain"))));
/// assert_eq!(form_decode_component("%zz"), None);
/// ```
pub fn form_decode_component(input: &str) -> Option<Cow<'_, str>> {
    decode_component(input, true)
}

/// The decoder behind both: `plus_is_space` tells whether `+` means a space.
fn decode_component(input: &str, plus_is_space: bool) -> Option<Cow<'_, str>> {
    let needs_work = |b: &u8| *b == b'%' || (plus_is_space && *b == b'+');
    if !input.as_bytes().iter().any(needs_work) {
        return Some(Cow::Borrowed(input));
    }
    let mut bytes = Vec::with_capacity(input.len());
    let mut rest = input.bytes();
    while let Some(byte) = rest.next() {
        match byte {
            b'%' => {
                let high = hex_value(rest.next()?)?;
                let low = hex_value(rest.next()?)?;
                bytes.push((high << 4) | low);
            }
            b'+' if plus_is_space => bytes.push(b' '),
            _ => bytes.push(byte),
        }
    }
    String::from_utf8(bytes).ok().map(Cow::Owned)
}

/// The value of one hex digit.
fn hex_value(digit: u8) -> Option<u8> {
    char::from(digit)
        .to_digit(16)
        .and_then(|value| u8::try_from(value).ok())
}

/// The base address without trailing slashes.
fn trim_base(base: &str) -> &str {
    base.trim().trim_end_matches('/')
}

/// Why an address was refused as a [`SameSitePath`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SameSitePathError {
    /// Nothing was given.
    #[error("path is empty")]
    Empty,
    /// The address is longer than [`MAX_SAME_SITE_PATH_LEN`] bytes.
    #[error("path is {len} bytes long, more than {MAX_SAME_SITE_PATH_LEN}")]
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// The address (or its percent-decoded form) holds a control character or whitespace.
    #[error("path contains the forbidden character {character:?}")]
    ForbiddenCharacter {
        /// The first such character.
        character: char,
    },
    /// The address does not start with `/`: it has a scheme or is relative to the page.
    #[error("path does not start with `/`")]
    NotRooted,
    /// The address (or its percent-decoded form) holds a backslash, which browsers may read
    /// as `/` (`/\evil.com`).
    #[error("path contains a backslash")]
    Backslash,
    /// The address (or its percent-decoded form) holds `//`, which at the start leaves the
    /// site (`//evil.com`).
    #[error("path contains `//`")]
    DoubleSlash,
    /// The address (or its percent-decoded form) holds `:`, the mark of a scheme.
    #[error("path contains `:`")]
    Colon,
    /// The address is not validly percent-encoded: a `%` is not followed by two hex
    /// digits, or the decoded bytes are not UTF-8 ([`percent_decode_component`] fails).
    #[error("path is not valid percent-encoded utf-8")]
    BadEncoding,
}

/// A path on this site, safe to redirect a visitor to (the light sign-up `ref`, a rating
/// response's `redirect_url`).
///
/// Accepted: a string of at most [`MAX_SAME_SITE_PATH_LEN`] bytes that starts with one
/// `/` and holds no `//`, no backslash, no `:` (so no scheme anywhere), no control
/// character and no whitespace, checked on the string as given and again after one round
/// of [`percent_decode_component`] (which must succeed: every `%` starts a `%XX` escape
/// and the bytes are UTF-8). Query and fragment are kept.
///
/// Refused, among others: `//evil.com`, `/\evil.com`, `https:evil.com`,
/// `%2F%2Fevil.com`, `/%2F%2Fevil.com`, `javascript:alert(1)`, `http://x.evil.com`,
/// `/100%`.
///
/// ```
/// use offer_model::links::SameSitePath;
///
/// let path = SameSitePath::parse("/answers/what-is-apr-12?qpage=2")?;
/// assert_eq!(path.as_str(), "/answers/what-is-apr-12?qpage=2");
/// assert!(SameSitePath::parse("/\\evil.com").is_err());
/// # Ok::<(), offer_model::links::SameSitePathError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SameSitePath(String);

impl SameSitePath {
    /// Accepts a same-site path; see the type's documentation for the rules.
    pub fn parse(raw: &str) -> Result<Self, SameSitePathError> {
        if raw.is_empty() {
            return Err(SameSitePathError::Empty);
        }
        if raw.len() > MAX_SAME_SITE_PATH_LEN {
            return Err(SameSitePathError::TooLong { len: raw.len() });
        }
        check_same_site(raw)?;
        let decoded = percent_decode_component(raw).ok_or(SameSitePathError::BadEncoding)?;
        check_same_site(&decoded)?;
        Ok(Self(raw.to_owned()))
    }

    /// The site's root, [`ROOT_PATH`].
    pub fn root() -> Self {
        Self(ROOT_PATH.to_owned())
    }

    /// The same-site path of the page at `address` on the site whose origin is
    /// `site_origin` (such as `https://example.com`): what the light sign-up `ref` holds
    /// (site-core §2 "ref={current page address}", community §2), which must never lead
    /// off the site.
    ///
    /// - An absolute address on `site_origin` is reduced to its path, query and fragment
    ///   (`/` when it has no path), which must then pass [`SameSitePath::parse`]. The
    ///   origin is compared ignoring ASCII case and trailing slashes, and must be followed
    ///   by `/`, `?`, `#` or the end (`https://example.com.evil.test` is another site).
    ///   An empty `site_origin` matches no absolute address.
    /// - Any other address is kept if it passes [`SameSitePath::parse`].
    /// - Anything else (another site, scheme or port, a relative address, an address
    ///   [`SameSitePath::parse`] refuses) gives [`SameSitePath::root`], `/`.
    ///
    /// ```
    /// use offer_model::links::SameSitePath;
    ///
    /// let origin = "https://example.com";
    /// let back = |address| SameSitePath::from_page_address(origin, address).into_string();
    /// assert_eq!(back("https://EXAMPLE.com/d/card?x=1#reviews"), "/d/card?x=1#reviews");
    /// assert_eq!(back("/answers/?qpage=2"), "/answers/?qpage=2");
    /// assert_eq!(back("https://example.com"), "/");
    /// assert_eq!(back("https://evil.test/d/card"), "/");
    /// assert_eq!(back("https://example.com.evil.test/"), "/");
    /// ```
    pub fn from_page_address(site_origin: &str, address: &str) -> Self {
        let origin = trim_base(site_origin);
        let on_site = (!origin.is_empty())
            .then(|| address.get(..origin.len()).zip(address.get(origin.len()..)))
            .flatten()
            .filter(|(head, _)| head.eq_ignore_ascii_case(origin))
            .map(|(_, rest)| rest);
        let path = match on_site {
            Some(rest) if rest.is_empty() || rest.starts_with(['?', '#']) => {
                format!("{ROOT_PATH}{rest}")
            }
            Some(rest) if rest.starts_with('/') => rest.to_owned(),
            _ => address.to_owned(),
        };
        Self::parse(&path).unwrap_or_else(|_| Self::root())
    }

    /// The path as given.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The path as an owned string.
    pub fn into_string(self) -> String {
        self.0
    }
}

/// The checks a same-site path passes both as given and percent-decoded.
fn check_same_site(path: &str) -> Result<(), SameSitePathError> {
    if let Some(character) = path.chars().find(|c| c.is_control() || c.is_whitespace()) {
        return Err(SameSitePathError::ForbiddenCharacter { character });
    }
    if !path.starts_with('/') {
        return Err(SameSitePathError::NotRooted);
    }
    if path.contains('\\') {
        return Err(SameSitePathError::Backslash);
    }
    if path.contains("//") {
        return Err(SameSitePathError::DoubleSlash);
    }
    if path.contains(':') {
        return Err(SameSitePathError::Colon);
    }
    Ok(())
}

impl TryFrom<String> for SameSitePath {
    type Error = SameSitePathError;

    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl TryFrom<&str> for SameSitePath {
    type Error = SameSitePathError;

    fn try_from(raw: &str) -> Result<Self, Self::Error> {
        Self::parse(raw)
    }
}

impl FromStr for SameSitePath {
    type Err = SameSitePathError;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        Self::parse(raw)
    }
}

impl From<SameSitePath> for String {
    fn from(path: SameSitePath) -> Self {
        path.0
    }
}

impl AsRef<str> for SameSitePath {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SameSitePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
