//! Offers on the wire (site-core §3): a summary of any product for listings and cards, with
//! every figure already formatted by the `formatting` crate and its raw value beside it.

use catalogue::{
    LargeBanks,
    breakdown::{CategoryScore, card_breakdown},
};
use formatting::{
    FieldKind, MoneyOptions, Truncation, format_min_to_open, format_money, format_percent,
    or_missing,
};
use offer_model::{
    Amount, Offer, RateTiers,
    headline::{CardHeadlines, Headline, with_kind},
    links::{self, AffiliateVisibility, ApplyFields, ApplyLink},
    product_type::ProductType,
};
use serde::{Deserialize, Serialize};

use crate::rating::RatingView;

/// A figure as shown, with the value it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Figure {
    /// What the page shows: a formatted amount, the source text, or `N/A` / `None` when missing.
    pub display: String,
    /// The exact number behind it as a decimal string, when the source was a plain amount.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub value: Option<String>,
}

/// The unit a bare number in a field has: a fee is dollars, a rate is percent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FigureUnit {
    /// Dollars (fees, bonuses, deposits).
    Dollars,
    /// Percent (APRs, APYs, rates).
    Percent,
}

impl Figure {
    /// Formats a field's amount; a missing one shows the missing label of its kind.
    pub fn of(amount: Option<&Amount>, unit: FigureUnit, kind: FieldKind) -> Self {
        // Whole-dollar amounts read best without cents ("$95"), as fee tables print them.
        let dollars = |value: rust_decimal::Decimal| {
            format_money(
                value,
                MoneyOptions {
                    truncation: Truncation::DropZeroCents,
                    ..MoneyOptions::default()
                },
            )
        };
        match amount {
            None => Self {
                display: or_missing(None::<String>, kind),
                value: None,
            },
            Some(Amount::Text(text)) => Self {
                display: or_missing(Some(text.clone()), kind),
                value: None,
            },
            Some(Amount::Dollars(value)) => Self::exact(dollars(*value), *value),
            Some(Amount::Percent(value)) => Self::exact(format_percent(*value), *value),
            Some(Amount::Number(value)) => match unit {
                FigureUnit::Dollars => Self::exact(dollars(*value), *value),
                FigureUnit::Percent => Self::exact(format_percent(*value), *value),
            },
        }
    }

    fn exact(display: String, value: rust_decimal::Decimal) -> Self {
        Self {
            display,
            value: Some(value.normalize().to_string()),
        }
    }
}

/// A deposit's APY: its `APY`, else, for a rate table without one, the highest tier's APY
/// as "Up to 4.00%" (the figure its listings sort by, `catalogue::figures::headline_apy`), so
/// a product with a table never reads "N/A" beside it.
fn deposit_apy(offer: &Offer) -> Figure {
    match (
        offer.banking.apy.as_ref(),
        offer.banking.rate_tiers.max_apy(),
    ) {
        (None, Some(top)) => Figure {
            display: format!("Up to {}", format_percent(top)),
            value: Some(top.normalize().to_string()),
        },
        (apy, _) => Figure::of(apy, FigureUnit::Percent, FieldKind::Rate),
    }
}

/// A deposit's account fee with cents ("$0.00", "$12.00"), as its minimum to open shows
/// beside it (site-core: MIN_TO_OPEN with 2 decimals), so one page's money reads alike.
fn account_fee(amount: Option<&Amount>) -> Figure {
    match amount {
        Some(Amount::Dollars(value) | Amount::Number(value)) => Figure {
            display: format_money(*value, MoneyOptions::default()),
            value: Some(value.normalize().to_string()),
        },
        other => Figure::of(other, FigureUnit::Dollars, FieldKind::Fee),
    }
}

/// One row of a deposit product's rate table (`RATE_INFO_STR`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RateTierRow {
    /// Lowest balance of the tier, as a decimal string.
    pub low: String,
    /// Highest balance, or absent when the tier is open-ended (99999999 or more).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub high: Option<String>,
    /// Interest rate in percent, as a decimal string.
    pub rate: String,
    /// APY in percent, as a decimal string.
    pub apy: String,
}

/// A deposit product's rate table, with the source string the browser can feed to its
/// blended-APY calculator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RateTable {
    /// `RATE_INFO_STR` exactly as stored.
    pub rate_info: String,
    /// The tiers, lowest first.
    pub rows: Vec<RateTierRow>,
}

impl From<&RateTiers> for RateTable {
    fn from(tiers: &RateTiers) -> Self {
        Self {
            rate_info: tiers.to_string(),
            rows: tiers
                .iter()
                .map(|tier| RateTierRow {
                    low: tier.low().to_string(),
                    high: (!tier.is_open_ended()).then(|| tier.high().to_string()),
                    rate: tier.rate().to_string(),
                    apy: tier.apy().to_string(),
                })
                .collect(),
        }
    }
}

/// Where an apply button leads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", content = "url", rename_all = "camelCase")]
pub enum ApplyTarget {
    /// The offer's tracking address.
    Tracking(String),
    /// The site's redirect, `/r/?id={id}c`: no tracking address, so it sends the visitor to
    /// the issuer's own page (`offer_model::links::ApplyDestination::IssuerPage`).
    Redirect(String),
    /// No apply link: manual application, or no address to send the visitor to.
    None,
}

impl From<ApplyLink> for ApplyTarget {
    fn from(link: ApplyLink) -> Self {
        match link {
            ApplyLink::Tracking { url } => Self::Tracking(url),
            ApplyLink::DefaultRedirect { url } => Self::Redirect(url),
            ApplyLink::NoApplyLink => Self::None,
        }
    }
}

/// Where an offer's figures came from, so every figure the site shows can say so.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Provenance {
    /// The dataset the figures came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub source: Option<String>,
    /// The dataset's or its publisher's address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub source_url: Option<String>,
    /// The date the figures are as of, `YYYY-MM-DD`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub as_of: Option<String>,
    /// Each source with its own address, in order: a product whose figures come from
    /// several datasets lists each (`SOURCE` and `SOURCE_URL` hold them separated by `;`).
    pub sources: Vec<SourceLink>,
    /// The product is illustrative: generated, not a real product's terms.
    pub illustrative: bool,
    /// Raw names of the fields whose content is editorial (written or computed by the
    /// site, not taken from the source), e.g. `EDITORS_NOTES`, `RATING`.
    pub editorial_fields: Vec<String>,
}

/// One source of a product's figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SourceLink {
    /// The dataset's name.
    pub name: String,
    /// Its address, when it is a web address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub url: Option<String>,
}

/// The sources named in `SOURCE` with the addresses of `SOURCE_URL`: when both hold the
/// same number of `;`-separated parts (more than one), each part is a source with its own
/// address; otherwise the whole text is one source ("Illustrative; rates modelled on …"
/// is one description, not two sources). An address that is not a web address is left out.
fn source_links(source: Option<&str>, url: Option<&str>) -> Vec<SourceLink> {
    let split = |text: Option<&str>| -> Vec<String> {
        text.map(|t| {
            t.split(';')
                .map(str::trim)
                .filter(|part| !part.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
    };
    let names = split(source);
    let urls = split(url);
    if names.len() != urls.len() || names.len() < 2 {
        let web = |address: &str| links::is_web_address(address).then(|| address.to_owned());
        return source
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(|name| SourceLink {
                name: name.to_owned(),
                url: url.map(str::trim).and_then(web),
            })
            .into_iter()
            .collect();
    }
    names
        .into_iter()
        .enumerate()
        .map(|(index, name)| SourceLink {
            name,
            url: urls
                .get(index)
                .filter(|address| links::is_web_address(address))
                .cloned(),
        })
        .collect()
}

impl From<&offer_model::offer::Provenance> for Provenance {
    fn from(provenance: &offer_model::offer::Provenance) -> Self {
        let sources = source_links(
            provenance.source.as_deref(),
            provenance.source_url.as_deref(),
        );
        Self {
            source: provenance.source.clone(),
            // A single address: the first source's, never several joined.
            source_url: sources
                .first()
                .and_then(|first| first.url.clone())
                .or_else(|| {
                    provenance
                        .source_url
                        .clone()
                        .filter(|url| links::is_web_address(url))
                }),
            sources,
            as_of: provenance
                .source_as_of
                .map(|date| date.format("%Y-%m-%d").to_string()),
            illustrative: provenance.illustrative,
            editorial_fields: provenance.editorial_fields.clone(),
        }
    }
}

/// A card's APR beside the market: the median purchase APR of the credit tiers it targets,
/// from a market survey.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MarketApr {
    /// The median APR.
    pub median_apr: Figure,
    /// The credit tiers it is the median of, as written (e.g. "620-719, 720 or more").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub tiers: Option<String>,
    /// The card's own lowest regular APR in percent, as a decimal string, when it states
    /// one (`catalogue::figures::regular_apr`): what the page draws beside the median.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub card_apr: Option<String>,
}

/// An illustration the site draws of a product (`GET /art/{id}.svg`), with its size, so a
/// page reserves its box, and its text, which says it is an illustration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ArtView {
    /// The image's address.
    pub src: String,
    /// Its text ("Illustration of the … card by …").
    pub alt: String,
    /// Width in CSS pixels.
    pub width: u32,
    /// Height in CSS pixels.
    pub height: u32,
}

/// An editors' review address a page may link to: a path of this site (`/guides/x`, not
/// `//host`) or an `https` address, with no white space or control character.
///
/// ```
/// use api_types::offer::editors_review_link;
/// assert_eq!(editors_review_link(" /reviews/cash-card "), Some("/reviews/cash-card".to_owned()));
/// assert_eq!(editors_review_link("https://example.com/r"), Some("https://example.com/r".to_owned()));
/// for refused in ["//evil.test/x", "javascript:alert(1)", "http://example.com", "/a b", ""] {
///     assert_eq!(editors_review_link(refused), None);
/// }
/// ```
pub fn editors_review_link(url: &str) -> Option<String> {
    let url = url.trim();
    let clean = !url.is_empty() && !url.chars().any(|c| c.is_whitespace() || c.is_control());
    let allowed = (url.starts_with('/') && !url.starts_with("//") && !url.starts_with("/\\"))
        || url.starts_with("https://");
    (clean && allowed).then(|| url.to_owned())
}

/// One point of a rate's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatePoint {
    /// The day, `YYYY-MM-DD`.
    pub date: String,
    /// The APY that day, in percent (`3.3`).
    pub apy: String,
}

/// An id as one path segment: unreserved characters as they are, any other byte as `%XX`.
fn path_segment(id: &str) -> String {
    id.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

impl ArtView {
    /// The illustration of an offer.
    pub fn of(offer: &Offer, base: &str) -> Self {
        let subject = catalogue::art::subject_of(offer);
        let (width, height) = subject.size();
        Self {
            src: format!(
                "{base}/art/{}.svg",
                path_segment(offer.identity.id.as_str())
            ),
            alt: subject.label(),
            width,
            height,
        }
    }
}

/// A recent move of a product's APY, as a listing marks it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RateChange {
    /// What moved and by how much: "APY up 0.25 points".
    pub summary: String,
    /// The day the change was recorded (`YYYY-MM-DD`).
    pub date: String,
    /// The rate before.
    pub old: String,
    /// The rate after.
    pub new: String,
    /// Whether it rose.
    pub up: bool,
}

/// An offer of any product type, as listings and product cards show it. It holds nothing that
/// depends on who is looking (affiliate visibility is decided per visitor by the server).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OfferSummary {
    /// The offer's id.
    pub id: String,
    /// When the product stopped being offered (`YYYY-MM-DD`): the figures are its last
    /// known ones. Absent for a product on offer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub retired_since: Option<String>,
    /// The product's APY moved in the last 30 days, from its recorded history (the latest
    /// move); absent when it did not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub rate_change: Option<RateChange>,
    /// The product type's key, e.g. `creditCard`, `savings`.
    pub product_type: String,
    /// The product type as a reader sees it, e.g. "Savings".
    pub product_label: String,
    /// The product's name.
    pub name: String,
    /// The issuer or institution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub issuer: Option<String>,
    /// The issuer is a large bank and the offer has no affiliate link: its name gets an
    /// asterisk (site-core §5; [`catalogue::LargeBanks::asterisk`]). It reads the offer's own
    /// affiliate flag, so it is the same for every visitor. Written only when true.
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(feature = "ts-rs", ts(as = "Option<bool>", optional))]
    pub large_bank_asterisk: bool,
    /// Image file name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub image_name: Option<String>,
    /// The details page (`/d/…`), when the offer has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub details_path: Option<String>,
    /// The site's illustration of the product (card art or the institution's mark).
    pub art: ArtView,
    /// The APY over time, where a source tracked it (`[{"date", "apy"}]`, oldest first);
    /// empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts-rs", ts(as = "Option<Vec<RatePoint>>", optional))]
    pub apy_history: Vec<RatePoint>,
    /// The card's rates-and-fees link (`/r/?id={cardId}c&rf=1`, site-core §2), when the
    /// card has the issuer's rates-and-fees page to send to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub rates_and_fees_path: Option<String>,
    /// Where the apply button leads.
    pub apply: ApplyTarget,
    /// A paid placement: always labelled as one.
    pub sponsored: bool,
    /// Whether the apply link is an affiliate link for a signed-in and for a signed-out
    /// visitor (site-core §4 "Card link visibility"); the page shows the one for its
    /// visitor. Left out when it is one for no one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub affiliate_link: Option<AffiliateLinkView>,
    /// The overall rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub rating: Option<RatingView>,
    /// The editors' rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub editors_rating: Option<RatingView>,
    /// The editors' full review (`EDITORS_REVIEW_URL`): a path of this site or an `https`
    /// address; anything else is left out ([`editors_review_link`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub editors_review_link: Option<String>,
    /// Number of member votes.
    pub reviews: u64,
    /// The mean of the member votes (shown once there are enough of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub member_rating: Option<RatingView>,
    /// Annual fee.
    pub annual_fee: Figure,
    /// A deposit account's or prepaid card's own fee (`ACCOUNT_FEE`).
    pub account_fee: Figure,
    /// Regular purchase APR.
    pub regular_purchase_apr: Figure,
    /// Introductory purchase APR; on a card, with its period ("0% for 15 months") or "None"
    /// when the card has no intro offer (`offer_model::headline`).
    pub purchase_intro_apr: Figure,
    /// Sign-up bonus.
    pub initial_bonus: Figure,
    /// What a product earns: on a card, its earn or base rate, else the reward kind ("Cash
    /// back, travel rewards"), and "None" only for a card that earns nothing
    /// (`offer_model::headline`).
    pub rewards_earn_rate: Figure,
    /// APY of a deposit product.
    pub apy: Figure,
    /// APR of a loan.
    pub apr: Figure,
    /// More about a loan's APR (its range, whether it is fixed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub apr_additional_info: Option<String>,
    /// A card's market comparison, when its source gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub market_apr: Option<MarketApr>,
    /// A card's ratings breakdown (site-core §3): its five categories in the spec's order,
    /// each with its rating and what it rests on (`catalogue::breakdown`). Left out for
    /// other products.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts-rs", ts(as = "Option<Vec<CategoryRating>>", optional))]
    pub ratings_breakdown: Vec<CategoryRating>,
    /// Minimum deposit to open a deposit account, with two decimals (`N/A` when missing).
    pub min_to_open: String,
    /// The minimum credit label, e.g. "Good".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub min_credit: Option<String>,
    /// Whether a card is secured: a bad-credit secured card asks for a lower score
    /// (site-core §9), which the approval odds use. Left out when false.
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(feature = "ts-rs", ts(as = "Option<bool>", optional))]
    pub secured: bool,
    /// Pros, in order.
    pub pros: Vec<String>,
    /// Cons, in order.
    pub cons: Vec<String>,
    /// Description bullets.
    pub description: Vec<String>,
    /// Editor's notes (editorial text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub editors_notes: Option<String>,
    /// The rate table of a tiered deposit product.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub rate_table: Option<RateTable>,
    /// Where the figures came from.
    pub provenance: Provenance,
}

/// A card's rates-and-fees link, when it has a rates-and-fees page of its own, one the apply
/// link does not already lead to ([`links::rates_fees_page_of_its_own`]).
fn rates_and_fees_path(offer: &Offer, base: &str) -> Option<String> {
    let own_page = links::rates_fees_page_of_its_own(ApplyFields::of(&offer.links));
    (offer.product_type == ProductType::CreditCard && own_page)
        .then(|| links::rates_and_fees_link(base, links::card_redirect_id(&offer.identity)).ok())
        .flatten()
}

/// For whom a card's apply link is an affiliate link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AffiliateLinkView {
    /// For a signed-in visitor.
    pub signed_in: bool,
    /// For a signed-out visitor.
    pub signed_out: bool,
}

impl From<AffiliateVisibility> for AffiliateLinkView {
    fn from(seen: AffiliateVisibility) -> Self {
        Self {
            signed_in: seen.signed_in,
            signed_out: seen.signed_out,
        }
    }
}

/// One category of a card's ratings breakdown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CategoryRating {
    /// The category's key as the spec spells it (`APR`, `User Reviews`, `Other Features`,
    /// `approval`, `market comparison`).
    pub category: String,
    /// Its display label.
    pub label: String,
    /// Its rating, when the data can rate it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub rating: Option<RatingView>,
    /// What the rating rests on, or why there is none.
    pub basis: String,
    /// Its share of our overall rating in percent; absent when it is shown but not counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts-rs", ts(optional))]
    pub weight: Option<u8>,
}

impl From<CategoryScore> for CategoryRating {
    fn from(score: CategoryScore) -> Self {
        Self {
            category: score.category.key().to_owned(),
            label: score.category.label().to_owned(),
            rating: score.rating.map(RatingView::from),
            basis: score.basis,
            weight: score.weight,
        }
    }
}

/// A figure shown as a card's headline says, keeping the number behind it; a rate keeps
/// the page's percent format ("2.00% (Cash back)").
fn card_figure(figure: Figure, headline: Option<&Headline>) -> Figure {
    match headline {
        Some(Headline::Rate { kind, .. }) if figure.value.is_some() => Figure {
            display: with_kind(&figure.display, kind.as_deref()),
            ..figure
        },
        Some(headline) => Figure {
            display: headline.display(),
            ..figure
        },
        None => figure,
    }
}

/// Whether a flag is false: such flags are left out of the JSON.
fn is_false(flag: &bool) -> bool {
    !*flag
}

impl OfferSummary {
    /// The summary of an offer, with links built under `base` (the site's base address, empty
    /// for site-relative links) and the asterisk of the issuers in `large_banks`.
    pub fn from_offer(offer: &Offer, base: &str, large_banks: &LargeBanks) -> Self {
        let id = offer.identity.id.as_str().to_owned();
        let apply = links::apply_link(
            base,
            links::card_redirect_id(&offer.identity),
            ApplyFields::of(&offer.links),
        )
        .map(ApplyTarget::from)
        .unwrap_or(ApplyTarget::None);
        let tiers = &offer.banking.rate_tiers;
        // A card's headline figures say what they mean ("0% for 15 months", "Cash back").
        let headlines =
            (offer.product_type == ProductType::CreditCard).then(|| CardHeadlines::of(offer));
        Self {
            id,
            retired_since: None,
            rate_change: None,
            product_type: offer.product_type.key().to_owned(),
            product_label: offer.product_type.label().to_owned(),
            name: offer.identity.name.as_str().to_owned(),
            issuer: offer.identity.issuer.clone(),
            large_bank_asterisk: large_banks.asterisk(offer),
            image_name: offer.identity.image_name.clone(),
            art: ArtView::of(offer, base),
            apy_history: catalogue::figures::apy_history(offer)
                .into_iter()
                .map(|(date, apy)| RatePoint {
                    date,
                    apy: apy.normalize().to_string(),
                })
                .collect(),
            details_path: offer
                .identity
                .details_html_page
                .as_deref()
                .and_then(|page| links::details_path(base, page).ok()),
            rates_and_fees_path: rates_and_fees_path(offer, base),
            apply,
            sponsored: offer.links.sponsored,
            affiliate_link: Some(AffiliateVisibility::of(&offer.links))
                .filter(|seen| seen.any())
                .map(AffiliateLinkView::from),
            rating: offer.ratings.rating.map(RatingView::from),
            editors_rating: offer.ratings.editors_rating.map(RatingView::from),
            editors_review_link: offer
                .ratings
                .editors_review_url
                .as_deref()
                .and_then(editors_review_link),
            reviews: offer.ratings.reviews.unwrap_or(0),
            member_rating: offer.ratings.member_rating.map(RatingView::from),
            annual_fee: Figure::of(
                offer.fees.annual_fee.as_ref(),
                FigureUnit::Dollars,
                FieldKind::Fee,
            ),
            account_fee: account_fee(offer.banking.account_fee.as_ref()),
            regular_purchase_apr: Figure::of(
                offer.rates.regular_purchase_apr.as_ref(),
                FigureUnit::Percent,
                FieldKind::Rate,
            ),
            purchase_intro_apr: card_figure(
                Figure::of(
                    offer.rates.purchase_intro_apr.as_ref(),
                    FigureUnit::Percent,
                    FieldKind::Perk,
                ),
                headlines.as_ref().map(|h| &h.intro_apr),
            ),
            initial_bonus: Figure::of(
                offer.rewards.initial_bonus.as_ref(),
                FigureUnit::Dollars,
                FieldKind::Perk,
            ),
            rewards_earn_rate: card_figure(
                Figure::of(
                    offer
                        .rewards
                        .earn_rate
                        .as_ref()
                        .or(offer.rewards.base_rate.as_ref()),
                    FigureUnit::Percent,
                    FieldKind::Perk,
                ),
                headlines.as_ref().map(|h| &h.earns),
            ),
            apy: deposit_apy(offer),
            apr: Figure::of(
                offer.loan.apr.as_ref(),
                FigureUnit::Percent,
                FieldKind::Rate,
            ),
            apr_additional_info: offer.loan.apr_additional_info.clone(),
            market_apr: offer
                .rates
                .market_median_apr
                .as_ref()
                .map(|median| MarketApr {
                    median_apr: Figure::of(Some(median), FigureUnit::Percent, FieldKind::Rate),
                    tiers: offer.rates.market_median_apr_tier.clone(),
                    card_apr: catalogue::figures::regular_apr(offer)
                        .map(|apr| apr.normalize().to_string()),
                }),
            ratings_breakdown: if offer.product_type == ProductType::CreditCard {
                card_breakdown(offer)
                    .into_iter()
                    .map(CategoryRating::from)
                    .collect()
            } else {
                Vec::new()
            },
            min_to_open: min_to_open(offer.banking.min_to_open.as_ref()),
            min_credit: offer
                .eligibility
                .min_credit_required
                .as_ref()
                .map(|label| label.as_str().to_owned()),
            secured: offer.product_type == ProductType::CreditCard
                && offer_model::credit::is_secured(
                    offer.eligibility.pick_type.as_deref().unwrap_or_default(),
                    offer.identity.card_type.as_deref().unwrap_or_default(),
                ),
            pros: offer.editorial.pros_cons.pros().to_vec(),
            cons: offer.editorial.pros_cons.cons().to_vec(),
            description: offer.editorial.description.clone(),
            editors_notes: offer.editorial.editors_notes.clone(),
            rate_table: (!tiers.is_empty()).then(|| RateTable::from(tiers)),
            provenance: Provenance::from(&offer.provenance),
        }
    }
}

/// `MIN_TO_OPEN` as a number with two decimals (site-core §5); text that is not a plain
/// amount is shown as written.
fn min_to_open(amount: Option<&Amount>) -> String {
    match amount {
        Some(Amount::Dollars(value) | Amount::Number(value) | Amount::Percent(value)) => {
            format_min_to_open(Some(*value))
        }
        Some(Amount::Text(text)) => text.clone(),
        None => format_min_to_open(None),
    }
}
