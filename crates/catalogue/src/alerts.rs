//! Rate alerts: what a member can follow (one product, or a listing with a threshold such
//! as "a CD of 12 months at 4.50% APY or more") and which of the catalogue's recorded
//! changes each follow is told of. The e-mail, its schedule and its address are the
//! caller's; this module only decides what a digest holds.
//!
//! ```
//! use catalogue::alerts::{ListingAlert, digest};
//! use catalogue::refresh::FieldChange;
//! use offer_model::{Offer, ProductType};
//! use rust_decimal::Decimal;
//! use serde_json::json;
//!
//! let cd = |id: &str, apy: &str| {
//!     Offer::from_json(&json!({"ID": id, "TYPE": "svg", "PDT_TYPE": "CD", "NAME": "CD",
//!         "APY": apy, "TERM": "12"})).unwrap()
//! };
//! let alert = ListingAlert::new(ProductType::Cd, Decimal::new(450, 2), Some(12)).unwrap();
//! assert_eq!(alert.describe(), "a 12-month CD at 4.50% APY or more");
//! // One CD rose past the threshold; another was already over it and moved a little.
//! let rose = cd("rose", "4.60");
//! let rose_changes = vec![FieldChange { field: "APY".into(), old: Some("4.20".into()), new: Some("4.60".into()) }];
//! let still = cd("still", "4.80");
//! let still_changes = vec![FieldChange { field: "APY".into(), old: Some("4.70".into()), new: Some("4.80".into()) }];
//! let items = digest(&["still".to_owned()], &[alert], &[(&rose, rose_changes), (&still, still_changes)]);
//! assert_eq!(items.len(), 2);
//! assert_eq!((items[0].offer_id.as_str(), items[0].followed, items[0].listings.as_slice()), ("rose", false, &[0][..]));
//! assert_eq!((items[1].offer_id.as_str(), items[1].followed, items[1].listings.is_empty()), ("still", true, true));
//! ```

use std::collections::BTreeMap;

use offer_model::{Offer, ProductType};
use rust_decimal::Decimal;
use serde_json::Value;

use crate::figures::{headline_apy, term_months};
use crate::refresh::{FieldChange, is_figure};

/// The highest APY threshold a listing alert takes, in percent.
pub const MAX_APY_PERCENT: u32 = 25;
/// The longest term a CD listing alert takes, in months.
pub const MAX_TERM_MONTHS: u32 = 120;

/// Why a listing alert cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AlertError {
    /// Only deposit accounts have an APY to watch.
    #[error("alerts on a listing are for savings, money market, checking accounts and CDs")]
    NotDeposit,
    /// The threshold is below zero or above [`MAX_APY_PERCENT`].
    #[error("the APY must be between 0 and {MAX_APY_PERCENT}")]
    ApyOutOfRange,
    /// A term was given for a kind of account that has none.
    #[error("a term is for CDs only")]
    TermNotCd,
    /// The term is not 1 to [`MAX_TERM_MONTHS`] months.
    #[error("the term must be 1 to {MAX_TERM_MONTHS} months")]
    TermOutOfRange,
}

/// A listing followed with a threshold: the products of one kind (and, for CDs, one term)
/// whose APY comes to `min_apy` or more.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListingAlert {
    product_type: ProductType,
    min_apy: Decimal,
    term_months: Option<u32>,
}

impl ListingAlert {
    /// An alert on `product_type`'s listing at `min_apy` percent or more, for CDs
    /// optionally of `term_months`. The threshold is kept to two decimals.
    pub fn new(
        product_type: ProductType,
        min_apy: Decimal,
        term_months: Option<u32>,
    ) -> Result<Self, AlertError> {
        if !product_type.is_deposit_account() {
            return Err(AlertError::NotDeposit);
        }
        if min_apy.is_sign_negative() || min_apy > Decimal::from(MAX_APY_PERCENT) {
            return Err(AlertError::ApyOutOfRange);
        }
        if let Some(term) = term_months {
            if product_type != ProductType::Cd {
                return Err(AlertError::TermNotCd);
            }
            if !(1..=MAX_TERM_MONTHS).contains(&term) {
                return Err(AlertError::TermOutOfRange);
            }
        }
        Ok(Self {
            product_type,
            min_apy: min_apy.round_dp(2),
            term_months,
        })
    }

    /// The kind of product.
    pub fn product_type(&self) -> ProductType {
        self.product_type
    }

    /// The threshold, in percent.
    pub fn min_apy(&self) -> Decimal {
        self.min_apy
    }

    /// The CD term, when one is set.
    pub fn term_months(&self) -> Option<u32> {
        self.term_months
    }

    /// Whether `offer` is in the followed listing at the threshold now.
    pub fn matches(&self, offer: &Offer) -> bool {
        offer.product_type == self.product_type
            && headline_apy(offer).is_some_and(|apy| apy >= self.min_apy)
            && self
                .term_months
                .is_none_or(|term| term_months(offer) == Some(Decimal::from(term)))
    }

    /// What the alert follows, as a sentence's object: "a 12-month CD at 4.50% APY or more".
    pub fn describe(&self) -> String {
        let kind = match self.product_type {
            ProductType::Cd => "CD",
            ProductType::Savings => "savings account",
            ProductType::MoneyMarket => "money market account",
            ProductType::Checking => "checking account",
            other => other.label(),
        };
        let term = self
            .term_months
            .map(|months| format!("{months}-month "))
            .unwrap_or_default();
        let article = if term.is_empty() && kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {term}{kind} at {:.2}% APY or more", self.min_apy)
    }
}

/// One product's changes over the time one e-mail covers, each figure once: its first old
/// value and its last new value, in the order the figures first changed. A figure that came
/// back to where it started is left out, as is any field that is not a figure.
pub fn collapse(changes: impl IntoIterator<Item = FieldChange>) -> Vec<FieldChange> {
    let mut order: Vec<String> = Vec::new();
    let mut by_field: BTreeMap<String, FieldChange> = BTreeMap::new();
    for change in changes.into_iter().filter(|c| is_figure(&c.field)) {
        match by_field.get_mut(&change.field) {
            Some(kept) => kept.new = change.new,
            None => {
                order.push(change.field.clone());
                by_field.insert(change.field.clone(), change);
            }
        }
    }
    order
        .into_iter()
        .filter_map(|field| by_field.remove(&field))
        .filter(|change| change.old != change.new)
        .collect()
}

/// The product as it was before `changes`: `offer` with each changed field set back to its
/// old value (a field that was not given is taken out). None when that does not read as
/// an offer.
pub fn before(offer: &Offer, changes: &[FieldChange]) -> Option<Offer> {
    let Value::Object(mut fields) = offer.to_raw_json() else {
        return None;
    };
    for change in changes {
        match &change.old {
            Some(old) => fields.insert(change.field.clone(), Value::String(old.clone())),
            None => fields.remove(&change.field),
        };
    }
    Offer::from_json(&Value::Object(fields)).ok()
}

/// One product in a digest: why the member hears of it and what changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestItem {
    /// The product's id.
    pub offer_id: String,
    /// The member follows this product.
    pub followed: bool,
    /// The listing alerts (indexes into the `listings` given) it newly came into.
    pub listings: Vec<usize>,
    /// Its figures that changed, old and new.
    pub changes: Vec<FieldChange>,
}

/// What a member following `products` (ids) and `listings` hears of, from `changed`: each
/// live product with its collapsed changes ([`collapse`]) over the time the e-mail covers.
/// A followed product is in when any figure changed; any product is in for a listing alert
/// it matches now and did not match before the changes (a new product matched nothing
/// before). Products keep the order of `changed`.
pub fn digest(
    products: &[String],
    listings: &[ListingAlert],
    changed: &[(&Offer, Vec<FieldChange>)],
) -> Vec<DigestItem> {
    changed
        .iter()
        .filter(|(_, changes)| !changes.is_empty())
        .filter_map(|(offer, changes)| {
            let id = offer.identity.id.as_str();
            let followed = products.iter().any(|p| p == id);
            let earlier = before(offer, changes);
            let listings: Vec<usize> = listings
                .iter()
                .enumerate()
                .filter(|(_, alert)| {
                    alert.matches(offer) && !earlier.as_ref().is_some_and(|b| alert.matches(b))
                })
                .map(|(index, _)| index)
                .collect();
            (followed || !listings.is_empty()).then(|| DigestItem {
                offer_id: id.to_owned(),
                followed,
                listings,
                changes: changes.clone(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn change(field: &str, old: Option<&str>, new: Option<&str>) -> FieldChange {
        FieldChange {
            field: field.to_owned(),
            old: old.map(str::to_owned),
            new: new.map(str::to_owned),
        }
    }

    fn savings(id: &str, apy: &str) -> Offer {
        Offer::from_json(&json!({"ID": id, "TYPE": "svg", "NAME": "Savings", "APY": apy})).unwrap()
    }

    #[test]
    fn a_listing_alert_refuses_what_has_no_apy_and_out_of_range_figures() {
        let apy = Decimal::new(450, 2);
        assert_eq!(
            ListingAlert::new(ProductType::CreditCard, apy, None),
            Err(AlertError::NotDeposit)
        );
        assert_eq!(
            ListingAlert::new(ProductType::Savings, Decimal::new(-1, 0), None),
            Err(AlertError::ApyOutOfRange)
        );
        assert_eq!(
            ListingAlert::new(ProductType::Savings, Decimal::new(26, 0), None),
            Err(AlertError::ApyOutOfRange)
        );
        assert_eq!(
            ListingAlert::new(ProductType::Savings, apy, Some(12)),
            Err(AlertError::TermNotCd)
        );
        assert_eq!(
            ListingAlert::new(ProductType::Cd, apy, Some(0)),
            Err(AlertError::TermOutOfRange)
        );
        assert_eq!(
            ListingAlert::new(ProductType::Savings, Decimal::new(4_505, 3), None)
                .unwrap()
                .describe(),
            "a savings account at 4.50% APY or more"
        );
    }

    #[test]
    fn collapse_keeps_each_figure_s_first_old_and_last_new_and_drops_round_trips() {
        let collapsed = collapse([
            change("APY", Some("4.00"), Some("3.90")),
            change("NAME", Some("a"), Some("b")),
            change("MONTHLY_FEE", Some("$5"), Some("$0")),
            change("APY", Some("3.90"), Some("3.75")),
            change("MONTHLY_FEE", Some("$0"), Some("$5")),
        ]);
        assert_eq!(collapsed, [change("APY", Some("4.00"), Some("3.75"))]);
    }

    #[test]
    fn a_new_product_over_the_threshold_is_news_and_one_already_over_it_is_not() {
        let alert = ListingAlert::new(ProductType::Savings, Decimal::new(4, 0), None).unwrap();
        let new = savings("new", "4.25");
        let new_changes = vec![change("APY", None, Some("4.25"))];
        let moved = savings("moved", "4.30");
        let moved_changes = vec![change("APY", Some("4.20"), Some("4.30"))];
        let fell = savings("fell", "3.90");
        let fell_changes = vec![change("APY", Some("4.20"), Some("3.90"))];
        let items = digest(
            &["fell".to_owned()],
            &[alert],
            &[
                (&new, new_changes),
                (&moved, moved_changes),
                (&fell, fell_changes.clone()),
            ],
        );
        assert_eq!(
            items,
            [
                DigestItem {
                    offer_id: "new".into(),
                    followed: false,
                    listings: vec![0],
                    changes: vec![change("APY", None, Some("4.25"))],
                },
                DigestItem {
                    offer_id: "fell".into(),
                    followed: true,
                    listings: vec![],
                    changes: fell_changes,
                },
            ]
        );
    }
}
