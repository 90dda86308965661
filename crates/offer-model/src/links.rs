//! Offer links and who sees an affiliate link (site-core §2 "Routes and links", §4 "Card
//! link visibility" and "Apply link", §5 large-bank asterisk; community §2 card redirect
//! links).
//!
//! `base` below is the site's base address (an origin such as `https://example.com`, or
//! empty for root-relative links); surrounding blanks and trailing slashes on it are
//! ignored ([`site_urls::trim_base_address`]).
//! Ids are percent-encoded with [`site_urls::encoding::percent_encode_component`] before
//! they go into a query. The site's own addresses (percent-encoding, same-site paths, the
//! light sign-up link) are in the `site-urls` crate.
//!
//! ```
//! use offer_model::links::{apply_link, details_path, ApplyFields, ApplyLink};
//!
//! assert_eq!(details_path("https://example.com", "/card-a")?, "https://example.com/d/card-a");
//! let issuer_page = ApplyFields { issuer_page: Some("https://bank.example/card"), ..ApplyFields::default() };
//! assert_eq!(
//!     apply_link("https://example.com", "123", issuer_page)?,
//!     ApplyLink::DefaultRedirect { url: "https://example.com/r/?id=123c".to_owned() },
//! );
//! # Ok::<(), offer_model::links::LinkError>(())
//! ```

use serde::{Deserialize, Serialize};
use site_urls::{encoding::percent_encode_component, same_site::SameSitePath, trim_base_address};

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

/// Our limit, not the spec's: the longest issuer page [`is_web_address`] accepts, in bytes
/// (the customary longest URL, as for [`site_urls::same_site::MAX_SAME_SITE_PATH_LEN`]).
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
    Ok(format!("{}{DETAILS_PREFIX}{name}", trim_base_address(base)))
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
        trim_base_address(base),
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

/// Whether `RATES_FEES_URL` is a page of its own to link as "Rates and fees": only when the
/// apply link goes elsewhere (a tracking address, or applying by hand). Without a tracking
/// address the apply redirect already sends to that very page, and a second link to the
/// same address would promise rates and fees it does not lead to.
///
/// ```
/// use offer_model::links::{rates_fees_page_of_its_own, ApplyFields};
/// let page = Some("https://bank.example/card");
/// assert!(!rates_fees_page_of_its_own(ApplyFields { issuer_page: page, ..ApplyFields::default() }));
/// let tracked = ApplyFields { tracking_url: Some("https://aff.example/c"), issuer_page: page, ..ApplyFields::default() };
/// assert!(rates_fees_page_of_its_own(tracked));
/// ```
#[must_use]
pub fn rates_fees_page_of_its_own(fields: ApplyFields<'_>) -> bool {
    fields
        .issuer_page
        .map(str::trim)
        .is_some_and(is_web_address)
        && !matches!(
            apply_destination(fields),
            Ok(ApplyDestination::IssuerPage { .. } | ApplyDestination::Nowhere) | Err(_)
        )
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

/// Whether a card has the logged-in-only critical setting (site-core §4 "Card link
/// visibility"). The specs do not say which value means it; our reading: a critical
/// message for signed-in visitors (`CRITICAL_LOGGED_IN`) and none for signed-out visitors
/// (`CRITICAL_LOGGED_OUT`) or for everyone (`CRITICAL`).
///
/// ```
/// use offer_model::{links::has_logged_in_only_critical, Offer};
///
/// let offer = Offer::from_json(&serde_json::json!({
///     "ID": "c1", "NAME": "Card", "TYPE": "none", "CRITICAL_LOGGED_IN": "Members' offer",
/// }))?;
/// assert!(has_logged_in_only_critical(&offer.links));
/// # Ok::<(), offer_model::OfferError>(())
/// ```
pub fn has_logged_in_only_critical(links: &crate::offer::Links) -> bool {
    let set = |field: &Option<String>| field.as_deref().is_some_and(|text| !text.trim().is_empty());
    set(&links.critical_logged_in) && !set(&links.critical_logged_out) && !set(&links.critical)
}

/// Whether a card's link is an affiliate link for a signed-in and for a signed-out visitor
/// ([`is_affiliate_link`] for each), so a page can show the right one for its visitor.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AffiliateVisibility {
    /// For a signed-in visitor.
    pub signed_in: bool,
    /// For a signed-out visitor.
    pub signed_out: bool,
}

impl AffiliateVisibility {
    /// The visibility of an offer's affiliate link.
    ///
    /// ```
    /// use offer_model::{links::AffiliateVisibility, Offer};
    ///
    /// let offer = Offer::from_json(&serde_json::json!({
    ///     "ID": "c1", "NAME": "Card", "TYPE": "none", "WH_AFFILIATE_LINK": "Y",
    ///     "AFFILIATE_INFLUENCE_SCOPE": "I",
    /// }))?;
    /// let seen = AffiliateVisibility::of(&offer.links);
    /// assert!(seen.signed_in && !seen.signed_out);
    /// # Ok::<(), offer_model::OfferError>(())
    /// ```
    pub fn of(links: &crate::offer::Links) -> Self {
        let context = |signed_in| AffiliateContext {
            affiliate: links.affiliate,
            logged_in_only_critical: has_logged_in_only_critical(links),
            scope: links.affiliate_influence_scope,
            signed_in,
        };
        Self {
            signed_in: is_affiliate_link(context(true)),
            signed_out: is_affiliate_link(context(false)),
        }
    }

    /// Whether the link is an affiliate link for anyone.
    pub fn any(self) -> bool {
        self.signed_in || self.signed_out
    }
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
