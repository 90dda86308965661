//! The open product-data feed: every product with its figures, each figure with the
//! source it came from and the date that source is as of.
//!
//! - **Figures** are the raw fields of an offer's rewards, fees, rates, eligibility,
//!   banking, loan, promotion and rating parts, as written (`"$95"`, `"19.99% - 29.99%"`).
//!   Names, links, editorial text and provenance are the product's own entries, not
//!   figures.
//! - **Source of a figure**: our editors for a field the offer lists as editorial
//!   (`EDITORIAL_FIELDS`, e.g. `RATING`); this site's members for the member rating and
//!   its count; otherwise the offer's source (`SOURCE`, `SOURCE_URL`, `SOURCE_AS_OF`).
//!   A product built from two datasets names both in `SOURCE`; its figures carry that
//!   whole text, since the data does not record which dataset gave which field.
//!   An illustrative product says so (`illustrative`), and its source text says how its
//!   figures were made.

use std::collections::BTreeMap;

use offer_model::Offer;
use offer_model::offer::{Content, Editorial, Identity, Links, Needs, Provenance};
use serde::Serialize;
use serde_json::Value;

/// Who wrote an editorial figure.
pub const EDITORS: &str = "Plainrate editors";
/// Who gave the member figures.
pub const MEMBERS: &str = "Plainrate members' ratings";
/// The member figures (set from this site's votes).
const MEMBER_FIELDS: [&str; 2] = ["REVIEWS", "MEMBER_RATING"];
/// Fields of the offer's type, not figures.
const TYPE_FIELDS: [&str; 2] = ["TYPE", "PDT_TYPE"];

/// One figure with its origin.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FeedFigure {
    /// The value as written.
    pub value: Value,
    /// Who or what gave it.
    pub source: String,
    /// The source's address, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_url: Option<String>,
    /// The date the source is as of (`YYYY-MM-DD`), when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub as_of: Option<String>,
}

/// One product of the feed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FeedProduct {
    /// The offer's id (`/api/feed/{id}`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its kind's key (`creditCard`, `savings`, `cd`…).
    pub product_type: String,
    /// The issuer or institution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issuer: Option<String>,
    /// Generated to show the site, not a real product's terms.
    pub illustrative: bool,
    /// The offer's source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Its address.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_url: Option<String>,
    /// The date its figures are as of.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub as_of: Option<String>,
    /// Every figure by raw field name, A to Z.
    pub figures: BTreeMap<String, FeedFigure>,
    /// Where the product's recorded history is: each change of a figure, when, and from
    /// which source (`/api/offers/{id}/history`; `/api/feed/{id}` carries it too).
    pub history: String,
}

/// One recorded change of a product's figure, as `/api/feed/{id}` carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FeedChange {
    /// When it was recorded (RFC 3339).
    pub date: String,
    /// The figure's raw field name.
    pub field: String,
    /// Before; absent when it was not given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old: Option<String>,
    /// After; absent when it is no longer given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new: Option<String>,
    /// The dataset the new figure came from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The date that source is as of (`YYYY-MM-DD`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub as_of: Option<String>,
}

/// One product of the feed with its recorded history (`/api/feed/{id}`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FeedProductWithHistory {
    /// The product, as in the whole feed.
    #[serde(flatten)]
    pub product: FeedProduct,
    /// Every recorded change of its figures, oldest first.
    pub changes: Vec<FeedChange>,
}

/// Whether a raw field is one of the product's own entries rather than a figure.
fn is_entry(field: &str) -> bool {
    TYPE_FIELDS.contains(&field)
        || [
            Identity::RAW_FIELDS,
            Editorial::RAW_FIELDS,
            Links::RAW_FIELDS,
            Content::RAW_FIELDS,
            Needs::RAW_FIELDS,
            Provenance::RAW_FIELDS,
        ]
        .iter()
        .any(|fields| fields.iter().any(|f| f.eq_ignore_ascii_case(field)))
}

/// An offer as the feed writes it.
///
/// ```
/// use catalogue::feed::{EDITORS, feed_product};
/// use offer_model::Offer;
/// use serde_json::json;
/// let offer = Offer::from_json(&json!({
///     "ID": "c1", "NAME": "Cash Card", "ANNUAL_FEE": "$0", "RATING": "4.5",
///     "SOURCE": "CFPB TCCP", "SOURCE_AS_OF": "2025-12-31", "EDITORIAL_FIELDS": "RATING",
/// })).unwrap();
/// let product = feed_product(&offer);
/// assert_eq!(product.figures["ANNUAL_FEE"].source, "CFPB TCCP");
/// assert_eq!(product.figures["ANNUAL_FEE"].as_of.as_deref(), Some("2025-12-31"));
/// assert_eq!(product.figures["RATING"].source, EDITORS);
/// assert!(!product.figures.contains_key("NAME"));
/// ```
pub fn feed_product(offer: &Offer) -> FeedProduct {
    let provenance = &offer.provenance;
    let as_of = provenance.source_as_of.map(|d| d.to_string());
    let editorial = |field: &str| {
        provenance
            .editorial_fields
            .iter()
            .any(|f| f.eq_ignore_ascii_case(field))
    };
    let mut figures = BTreeMap::new();
    if let Value::Object(raw) = offer.to_raw_json() {
        for (field, value) in raw {
            if is_entry(&field) {
                continue;
            }
            let figure = if MEMBER_FIELDS.contains(&field.as_str()) {
                FeedFigure {
                    value,
                    source: MEMBERS.to_owned(),
                    source_url: None,
                    as_of: None,
                }
            } else if editorial(&field) {
                FeedFigure {
                    value,
                    source: EDITORS.to_owned(),
                    source_url: None,
                    as_of: None,
                }
            } else {
                FeedFigure {
                    value,
                    source: provenance
                        .source
                        .clone()
                        .unwrap_or_else(|| "Not recorded".to_owned()),
                    source_url: provenance.source_url.clone(),
                    as_of: as_of.clone(),
                }
            };
            figures.insert(field, figure);
        }
    }
    FeedProduct {
        id: offer.identity.id.as_str().to_owned(),
        name: offer.identity.name.as_str().to_owned(),
        product_type: offer.product_type.key().to_owned(),
        issuer: offer.identity.issuer.clone(),
        illustrative: provenance.illustrative,
        source: provenance.source.clone(),
        source_url: provenance.source_url.clone(),
        as_of,
        figures,
        history: format!(
            "/api/offers/{}/history",
            path_segment(offer.identity.id.as_str())
        ),
    }
}

/// `text` as one path segment: every byte but letters, digits and `-._~` percent-encoded.
fn path_segment(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The whole feed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Feed {
    /// What the feed is and the terms of its sources.
    pub about: &'static str,
    /// Products in the feed.
    pub count: usize,
    /// Every product, in catalogue order.
    pub products: Vec<FeedProduct>,
}

/// What the feed says about itself.
pub const ABOUT: &str = "Plainrate's product data: every card, account, loan and \
institution we list, each figure with its source and the date that source is as of. \
Figures from a dataset keep that dataset's terms: the CFPB and FDIC data are public; \
cd-rates-stepuplaw-2026 is CC BY 4.0 (credit StepUp Law); credit-card-bonuses-api is MIT \
with the Commons Clause. Illustrative products are marked and are not real offers.";

/// Every product of `offers` (institutions included) as the feed writes them.
pub fn feed<'a>(offers: impl IntoIterator<Item = &'a Offer>) -> Feed {
    let products: Vec<FeedProduct> = offers.into_iter().map(feed_product).collect();
    Feed {
        about: ABOUT,
        count: products.len(),
        products,
    }
}

#[cfg(test)]
mod tests {
    use offer_model::Offer;
    use serde_json::json;

    use super::*;

    #[test]
    fn every_figure_has_a_source_and_entries_are_not_figures() {
        let offer = Offer::from_json(&json!({
            "ID": "c1", "NAME": "Cash Card", "ISSUER": "Bank", "ANNUAL_FEE": "$95",
            "REGULAR_PURCHASE_APR": "20% - 28%", "RATING": "4", "REVIEWS": "12",
            "EDITORS_NOTES": "Good.", "WH_AFFILIATE_LINK": "Y", "SOURCE": "CFPB TCCP; bonuses",
            "SOURCE_URL": "https://example.test/tccp", "SOURCE_AS_OF": "2025-12-31",
            "EDITORIAL_FIELDS": "EDITORS_NOTES,RATING",
        }))
        .unwrap();
        let p = feed_product(&offer);
        assert_eq!(p.figures["ANNUAL_FEE"].value, json!("$95"));
        assert_eq!(
            p.figures["REGULAR_PURCHASE_APR"].source,
            "CFPB TCCP; bonuses"
        );
        assert_eq!(
            p.figures["REGULAR_PURCHASE_APR"].source_url.as_deref(),
            Some("https://example.test/tccp")
        );
        assert_eq!(p.figures["RATING"].source, EDITORS);
        assert_eq!(p.figures["REVIEWS"].source, MEMBERS);
        for entry in [
            "ID",
            "NAME",
            "ISSUER",
            "EDITORS_NOTES",
            "WH_AFFILIATE_LINK",
            "SOURCE",
        ] {
            assert!(!p.figures.contains_key(entry), "{entry}");
        }
        assert!(p.figures.values().all(|f| !f.source.is_empty()));
        let whole = feed([&offer]);
        assert_eq!(whole.count, 1);
    }
}
