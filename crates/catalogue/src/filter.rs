//! The filter language of the route table: which offers a page lists, written as data.
//!
//! A [`Filter`] is a small typed expression. In JSON each predicate is a camelCase name,
//! alone when it takes no argument (`"noAnnualFee"`) or as a one-key object when it does
//! (`{"productType": ["creditCard"]}`); `all`, `any` and `not` combine them:
//!
//! ```
//! use catalogue::filter::Filter;
//!
//! let filter: Filter = serde_json::from_str(r#"{"all": [
//!     {"productType": ["creditCard"]},
//!     {"not": "business"},
//!     {"any": ["noAnnualFee", {"minCredit": ["Fair", "Bad"]}]}
//! ]}"#)?;
//! assert!(filter.check().is_ok());
//! # Ok::<(), serde_json::Error>(())
//! ```
//!
//! Every predicate reads the offer's typed fields through [`crate::figures`], so "no annual
//! fee" means the same on every page: a plain amount of exactly zero.

use std::collections::BTreeSet;

use offer_model::{
    Offer, ProductType,
    credit::{CreditLabel, is_secured},
    needs::NeedKey,
};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::figures;

#[cfg(test)]
mod tests;

/// Which offers a route lists. See the [module docs](self) for the JSON form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum Filter {
    /// Every filter matches. An empty list is refused by [`Filter::check`].
    All(Vec<Filter>),
    /// At least one filter matches. An empty list is refused by [`Filter::check`].
    Any(Vec<Filter>),
    /// The filter does not match.
    Not(Box<Filter>),
    /// The product type is one of these.
    ProductType(Vec<ProductType>),
    /// `MIN_CREDIT_REQUIRED` is one of these labels ("Excellent", "Good", "Fair", "Bad",
    /// "Limited History").
    MinCredit(Vec<CreditLabel>),
    /// A credit card of this kind.
    CardKind(CardKind),
    /// The annual fee is exactly zero.
    NoAnnualFee,
    /// An intro purchase APR is offered (`OFFERS_PURCHASE_INTRO_APR`, or an intro APR given).
    IntroPurchaseApr,
    /// The intro purchase APR is exactly 0%.
    ZeroIntroPurchaseApr,
    /// An intro balance-transfer APR is offered (`OFFERS_BT_INTRO_APR`, or an intro APR given).
    IntroBalanceTransferApr,
    /// The foreign transaction fee is exactly zero.
    NoForeignTransactionFee,
    /// A business product: tagged `business`, or eligible or rated for a business need.
    Business,
    /// Eligible for, or rated for, at least one of these needs.
    Need(Vec<NeedKey>),
    /// Earns rewards of this kind.
    Rewards(RewardsKind),
    /// Has a sign-up bonus (`REWARDS_INITIAL_BONUS` or `SIGNUP_BONUS`).
    SignupBonus,
    /// The lowest regular APR it states is at most this many percent.
    RegularAprAtMost(Decimal),
    /// The lowest regular APR it states is below the market median APR of its credit tiers.
    AprBelowMarketMedian,
    /// `TERM` (a CD's term, a loan's shortest term) is at most this many months.
    TermAtMostMonths(u32),
    /// Has at least one of these tags, compared without ASCII case.
    Tag(Vec<String>),
    /// Has a tiered rate table: two or more `RATE_INFO_STR` tiers.
    TieredRates,
}

/// A kind of credit card (site-core §3 "card type (secured, prepaid, charge card)";
/// community §2 store and charge-card pages).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CardKind {
    /// Secured: `PICK_TYPE` or `CARD_TYPE` says secured ([`is_secured`]).
    Secured,
    /// Any credit card that is not secured.
    Unsecured,
    /// `CARD_TYPE` is "charge" or "charge card".
    Charge,
    /// `CARD_TYPE` is "store" or "store card".
    Store,
}

/// A kind of rewards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RewardsKind {
    /// Any rewards (`REWARDS` = Y).
    Any,
    /// Cash back: the redeem type mentions cash back.
    CashBack,
    /// Points or miles: the redeem type mentions points or miles.
    Points,
    /// Travel: the redeem type mentions travel, or the offer is for a travel, airline or
    /// hotel need.
    Travel,
}

/// Why a filter cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FilterError {
    /// `all`, `any`, `productType`, `minCredit`, `need` or `tag` with an empty list.
    #[error("`{predicate}` needs at least one entry")]
    EmptyList {
        /// The predicate's JSON name.
        predicate: &'static str,
    },
    /// A negative APR bound.
    #[error("`regularAprAtMost` must not be negative, found {value}")]
    NegativeBound {
        /// The bound as given.
        value: Decimal,
    },
}

/// The product types needs describe: every need key is a credit-card need
/// ([`offer_model::needs`]), so only a listing that can hold credit cards is filtered by need.
pub const NEED_PRODUCT_TYPES: [ProductType; 1] = [ProductType::CreditCard];

/// The travel needs a travel-rewards filter accepts.
const TRAVEL_NEEDS: [NeedKey; 4] = [
    NeedKey::Travel,
    NeedKey::Airline,
    NeedKey::Hotel,
    NeedKey::BusinessTravel,
];

impl Filter {
    /// Checks the filter can be used: no empty list, no negative bound.
    pub fn check(&self) -> Result<(), FilterError> {
        let nonempty = |len: usize, predicate: &'static str| {
            if len == 0 {
                Err(FilterError::EmptyList { predicate })
            } else {
                Ok(())
            }
        };
        match self {
            Self::All(filters) => {
                nonempty(filters.len(), "all")?;
                filters.iter().try_for_each(Self::check)
            }
            Self::Any(filters) => {
                nonempty(filters.len(), "any")?;
                filters.iter().try_for_each(Self::check)
            }
            Self::Not(filter) => filter.check(),
            Self::ProductType(types) => nonempty(types.len(), "productType"),
            Self::MinCredit(labels) => nonempty(labels.len(), "minCredit"),
            Self::Need(needs) => nonempty(needs.len(), "need"),
            Self::Tag(tags) => nonempty(tags.len(), "tag"),
            Self::RegularAprAtMost(value) if value.is_sign_negative() && !value.is_zero() => {
                Err(FilterError::NegativeBound { value: *value })
            }
            _ => Ok(()),
        }
    }

    /// The product types an offer the filter matches can have, read from the filter alone
    /// (no offer is looked at). It may be too wide but never too narrow: `productType` and
    /// `cardKind` narrow it, `all` intersects, `any` unites, `not` of a `productType` takes
    /// those types away, and every other predicate allows every type.
    ///
    /// ```
    /// use catalogue::filter::Filter;
    /// use offer_model::ProductType;
    ///
    /// let filter: Filter = serde_json::from_str(
    ///     r#"{"all": [{"productType": ["checking", "creditCard"]}, {"cardKind": "secured"}]}"#,
    /// )?;
    /// assert_eq!(filter.product_types().into_iter().collect::<Vec<_>>(), [ProductType::CreditCard]);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn product_types(&self) -> BTreeSet<ProductType> {
        let every = || ProductType::ALL.into_iter().collect::<BTreeSet<_>>();
        match self {
            Self::All(filters) => filters.iter().fold(every(), |types, filter| {
                types
                    .intersection(&filter.product_types())
                    .copied()
                    .collect()
            }),
            Self::Any(filters) => filters.iter().flat_map(Self::product_types).collect(),
            Self::Not(filter) => match filter.as_ref() {
                Self::ProductType(types) => every()
                    .into_iter()
                    .filter(|product_type| !types.contains(product_type))
                    .collect(),
                _ => every(),
            },
            Self::ProductType(types) => types.iter().copied().collect(),
            Self::CardKind(_) => BTreeSet::from([ProductType::CreditCard]),
            _ => every(),
        }
    }

    /// Whether the offer matches.
    pub fn matches(&self, offer: &Offer) -> bool {
        match self {
            Self::All(filters) => filters.iter().all(|f| f.matches(offer)),
            Self::Any(filters) => filters.iter().any(|f| f.matches(offer)),
            Self::Not(filter) => !filter.matches(offer),
            Self::ProductType(types) => types.contains(&offer.product_type),
            Self::MinCredit(labels) => offer
                .eligibility
                .min_credit_required
                .as_ref()
                .is_some_and(|label| labels.contains(label)),
            Self::CardKind(kind) => is_card_kind(offer, *kind),
            Self::NoAnnualFee => figures::is_zero(offer.fees.annual_fee.as_ref()),
            Self::IntroPurchaseApr => {
                offer.rates.offers_purchase_intro_apr || offer.rates.purchase_intro_apr.is_some()
            }
            Self::ZeroIntroPurchaseApr => figures::is_zero(offer.rates.purchase_intro_apr.as_ref()),
            Self::IntroBalanceTransferApr => {
                offer.rates.offers_bt_intro_apr || offer.rates.bt_intro_apr.is_some()
            }
            Self::NoForeignTransactionFee => {
                figures::is_zero(offer.fees.foreign_transaction_fee.as_ref())
            }
            Self::Business => is_business(offer),
            Self::Need(needs) => needs.iter().any(|need| has_need(offer, *need)),
            Self::Rewards(kind) => has_rewards(offer, *kind),
            Self::SignupBonus => {
                offer.rewards.initial_bonus.is_some() || offer.banking.signup_bonus.is_some()
            }
            Self::RegularAprAtMost(bound) => {
                figures::regular_apr(offer).is_some_and(|apr| apr <= *bound)
            }
            Self::AprBelowMarketMedian => {
                match (
                    figures::regular_apr(offer),
                    figures::lowest_percent(offer.rates.market_median_apr.as_ref()),
                ) {
                    (Some(apr), Some(median)) => apr < median,
                    _ => false,
                }
            }
            Self::TermAtMostMonths(months) => {
                figures::term_months(offer).is_some_and(|term| term <= Decimal::from(*months))
            }
            Self::Tag(tags) => offer
                .content
                .tags
                .iter()
                .any(|tag| tags.iter().any(|wanted| wanted.eq_ignore_ascii_case(tag))),
            Self::TieredRates => offer.banking.rate_tiers.len() >= 2,
        }
    }
}

/// Whether the offer is eligible for, or rated for, the need (keys compared exactly).
pub fn has_need(offer: &Offer, need: NeedKey) -> bool {
    let key = need.key();
    offer
        .needs
        .eligible_needs
        .iter()
        .chain(&offer.needs.rated_needs)
        .any(|n| n == key)
}

/// Whether the offer is a business product: tagged `business`, or eligible or rated for a
/// business need.
pub fn is_business(offer: &Offer) -> bool {
    offer
        .content
        .tags
        .iter()
        .any(|tag| tag.eq_ignore_ascii_case("business"))
        || offer
            .needs
            .eligible_needs
            .iter()
            .chain(&offer.needs.rated_needs)
            .filter_map(|key| NeedKey::parse(key).ok())
            .any(NeedKey::is_business)
}

/// The card type, lower-cased, without a trailing " card".
fn card_type(offer: &Offer) -> Option<String> {
    let lower = offer.identity.card_type.as_deref()?.trim().to_lowercase();
    Some(
        lower
            .strip_suffix(" card")
            .map_or(lower.as_str(), str::trim_end)
            .to_owned(),
    )
}

fn is_card_kind(offer: &Offer, kind: CardKind) -> bool {
    if offer.product_type != ProductType::CreditCard {
        return false;
    }
    let secured = is_secured(
        offer.eligibility.pick_type.as_deref().unwrap_or_default(),
        offer.identity.card_type.as_deref().unwrap_or_default(),
    );
    match kind {
        CardKind::Secured => secured,
        CardKind::Unsecured => !secured,
        CardKind::Charge => card_type(offer).as_deref() == Some("charge"),
        CardKind::Store => card_type(offer).as_deref() == Some("store"),
    }
}

fn has_rewards(offer: &Offer, kind: RewardsKind) -> bool {
    if !offer.rewards.has_rewards {
        return false;
    }
    let redeem = offer
        .rewards
        .redeem_type
        .as_deref()
        .unwrap_or_default()
        .to_lowercase();
    match kind {
        RewardsKind::Any => true,
        RewardsKind::CashBack => redeem.contains("cash back") || redeem.contains("cashback"),
        RewardsKind::Points => redeem.contains("points") || redeem.contains("miles"),
        RewardsKind::Travel => {
            redeem.contains("travel") || TRAVEL_NEEDS.iter().any(|need| has_need(offer, *need))
        }
    }
}

/// Whether the offer is one a customer scenario compares (site-core §1): a checking
/// account for a checking scenario; a savings, money market or CD account for a saving
/// scenario; only CDs of exactly that term for a term scenario. For a balance scenario the
/// offer must also open with that balance (`MIN_TO_OPEN` at most the representative
/// balance; a minimum that is not a plain amount does not exclude).
///
/// ```
/// use catalogue::filter::matches_scenario;
/// use offer_model::{Offer, scenarios::Scenario};
///
/// let cd = Offer::from_json(&serde_json::json!({
///     "ID": "cd", "NAME": "CD", "TYPE": "svg", "PDT_TYPE": "CD", "TERM": "12", "MIN_TO_OPEN": "$2,500",
/// }))?;
/// assert!(matches_scenario(&cd, Scenario::SavingTerm12Months));
/// assert!(!matches_scenario(&cd, Scenario::SavingTerm6Months));
/// assert!(!matches_scenario(&cd, Scenario::SavingSmallAmount)); // $1,000 does not open it
/// assert!(matches_scenario(&cd, Scenario::SavingAverageAmount));
/// assert!(!matches_scenario(&cd, Scenario::EverydayCheckingAverageBalance));
/// # Ok::<(), offer_model::OfferError>(())
/// ```
pub fn matches_scenario(offer: &Offer, scenario: offer_model::scenarios::Scenario) -> bool {
    use offer_model::scenarios::ProductFamily;
    let in_family = match scenario.family() {
        ProductFamily::Checking => offer.product_type == ProductType::Checking,
        ProductFamily::Saving => matches!(
            offer.product_type,
            ProductType::Savings | ProductType::MoneyMarket | ProductType::Cd
        ),
    };
    if !in_family {
        return false;
    }
    if let Some(months) = scenario.term_months() {
        return offer.product_type == ProductType::Cd
            && figures::term_months(offer) == Some(Decimal::from(months));
    }
    match scenario.representative_balance() {
        Some(balance) => figures::plain(offer.banking.min_to_open.as_ref())
            .is_none_or(|minimum| minimum <= balance),
        None => true,
    }
}
