//! How listings are ordered: the editorial basis (what an editorial rank is earned by) and
//! the sort orders a visitor may choose instead.
//!
//! **Editorial order** ranks by an [`EditorialBasis`], highest score first:
//!
//! - a need ([`EditorialBasis::Need`]): the offer's site rating (`WH_RATINGS`) when the offer
//!   was rated for that need (`WH_RATINGS_NEEDS`), else its overall rating (`RATING`);
//! - a rating field ([`EditorialBasis::Rating`]);
//! - a customer scenario ([`EditorialBasis::Scenario`]): for a balance scenario, the blended
//!   APY the scenario's representative balance earns, less the account's monthly fee for a
//!   year as a share of that balance (a $12 monthly fee on $5,000 takes 2.88 points off), so
//!   an account's fees count against what it pays; for a term scenario, the headline APY;
//!   for the other scenarios (traveler, student, business), the overall rating.
//!
//! Offers without a score come last. Ties are broken by the overall rating, then the name,
//! then the id, so the order is total and the same on every run. Nothing else, sponsorship
//! included, moves an offer in the editorial order.

use std::cmp::Ordering;

use offer_model::{Offer, needs::NeedKey, scenarios::Scenario};
use ratings::Rating;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::figures;

#[cfg(test)]
mod tests;

/// A rating an offer carries, by the field it is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RatingField {
    /// `RATING`: the overall rating.
    Rating,
    /// `EDITORS_RATING`: the editors' rating.
    EditorsRating,
    /// `WH_RATINGS`: the site's rating for the needs in `WH_RATINGS_NEEDS`.
    WhRating,
}

impl RatingField {
    /// Every rating field.
    pub const ALL: [Self; 3] = [Self::Rating, Self::EditorsRating, Self::WhRating];

    /// The key, as routes and the wire spell it (`rating`, `editorsRating`, `whRating`).
    pub fn key(self) -> &'static str {
        match self {
            Self::Rating => "rating",
            Self::EditorsRating => "editorsRating",
            Self::WhRating => "whRating",
        }
    }

    /// The offer's rating in this field.
    pub fn of(self, offer: &Offer) -> Option<Rating> {
        match self {
            Self::Rating => offer.ratings.rating,
            Self::EditorsRating => offer.ratings.editors_rating,
            Self::WhRating => offer.ratings.wh_rating,
        }
    }
}

/// What a route's editorial order ranks by, as the route table writes it:
/// `{"need": "rewards"}` or `{"rating": "rating"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum RouteOrder {
    /// The rating for a need.
    Need(NeedKey),
    /// A rating field.
    Rating(RatingField),
}

impl From<RouteOrder> for EditorialBasis {
    fn from(order: RouteOrder) -> Self {
        match order {
            RouteOrder::Need(need) => Self::Need(need),
            RouteOrder::Rating(field) => Self::Rating(field),
        }
    }
}

/// What an editorial rank is earned by. See the [module docs](self).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum EditorialBasis {
    /// The rating for a need, falling back to the overall rating.
    Need(NeedKey),
    /// A rating field.
    Rating(RatingField),
    /// What a customer scenario earns.
    Scenario(Scenario),
}

impl EditorialBasis {
    /// The offer's editorial score on this basis; `None` ranks last.
    ///
    /// ```
    /// use catalogue::order::{EditorialBasis, RatingField};
    /// use offer_model::{Offer, needs::NeedKey};
    /// use rust_decimal::Decimal;
    ///
    /// let offer = Offer::from_json(&serde_json::json!({
    ///     "ID": "a", "NAME": "A", "RATING": "4.1", "WH_RATINGS": "4.6", "WH_RATINGS_NEEDS": "rewards",
    /// }))?;
    /// assert_eq!(EditorialBasis::Need(NeedKey::Rewards).score(&offer), Some(Decimal::new(46, 1)));
    /// assert_eq!(EditorialBasis::Need(NeedKey::Travel).score(&offer), Some(Decimal::new(41, 1)));
    /// assert_eq!(EditorialBasis::Rating(RatingField::EditorsRating).score(&offer), None);
    /// # Ok::<(), offer_model::OfferError>(())
    /// ```
    pub fn score(self, offer: &Offer) -> Option<Decimal> {
        match self {
            Self::Need(need) => need_rating(offer, need).map(Rating::value),
            Self::Rating(field) => field.of(offer).map(Rating::value),
            Self::Scenario(scenario) => scenario_score(offer, scenario),
        }
    }

    /// The scenario, for a scenario basis.
    pub fn scenario(self) -> Option<Scenario> {
        match self {
            Self::Scenario(scenario) => Some(scenario),
            Self::Need(_) | Self::Rating(_) => None,
        }
    }
}

/// The offer's rating for a need: its `WH_RATINGS` when `WH_RATINGS_NEEDS` lists the need,
/// else its overall `RATING`.
pub fn need_rating(offer: &Offer, need: NeedKey) -> Option<Rating> {
    let rated_for_need = offer.needs.rated_needs.iter().any(|key| key == need.key());
    offer
        .ratings
        .wh_rating
        .filter(|_| rated_for_need)
        .or(offer.ratings.rating)
}

/// What a scenario's customer gets from the offer: the blended APY at the representative
/// balance, the headline APY for a term, the overall rating otherwise.
fn scenario_score(offer: &Offer, scenario: Scenario) -> Option<Decimal> {
    if let Some(balance) = scenario.representative_balance() {
        let tiers = &offer.banking.rate_tiers;
        let apy = if tiers.is_empty() {
            figures::headline_apy(offer)
        } else {
            tiers.blended_apy_rounded(balance).ok()
        };
        return apy.map(|apy| net_of_fees(apy, balance, offer));
    }
    if scenario.term_months().is_some() {
        return figures::headline_apy(offer);
    }
    offer.ratings.rating.map(Rating::value)
}

/// An APY less the account's monthly fee (`ACCOUNT_FEE`, else `MONTHLY_FEE`) for a year, as
/// percentage points of `balance`, to two decimals; unchanged without a fee.
fn net_of_fees(apy: Decimal, balance: Decimal, offer: &Offer) -> Decimal {
    let monthly = figures::plain(offer.banking.account_fee.as_ref())
        .or_else(|| figures::plain(offer.fees.monthly_fee.as_ref()))
        .filter(|fee| *fee > Decimal::ZERO);
    match monthly.zip(Some(balance).filter(|b| *b > Decimal::ZERO)) {
        Some((fee, balance)) => fee
            .checked_mul(Decimal::from(1200))
            .and_then(|yearly| yearly.checked_div(balance))
            .and_then(|points| apy.checked_sub(points))
            .map_or(apy, |net| net.round_dp(2)),
        None => apy,
    }
}

/// Compares two optional scores, higher first, missing last.
pub(crate) fn higher_first(a: Option<Decimal>, b: Option<Decimal>) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => b.cmp(&a),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// Compares two optional figures, lower first, missing last.
pub(crate) fn lower_first(a: Option<Decimal>, b: Option<Decimal>) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => a.cmp(&b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// The editorial comparison of two offers on a basis: score, then overall rating, then
/// name, then id.
pub fn editorial_cmp(basis: EditorialBasis, a: &Offer, b: &Offer) -> Ordering {
    higher_first(basis.score(a), basis.score(b)).then_with(|| tie_break(a, b))
}

/// The tie-break of every order: overall rating (higher first), then name, then id.
pub(crate) fn tie_break(a: &Offer, b: &Offer) -> Ordering {
    higher_first(
        a.ratings.rating.map(Rating::value),
        b.ratings.rating.map(Rating::value),
    )
    .then_with(|| a.identity.name.as_str().cmp(b.identity.name.as_str()))
    .then_with(|| a.identity.id.as_str().cmp(b.identity.id.as_str()))
}

/// The order a visitor asks for. The default is [`SortKey::Editorial`].
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "camelCase")]
pub enum SortKey {
    /// The editorial order (see the [module docs](self)).
    #[default]
    Editorial,
    /// Overall rating, highest first.
    Rating,
    /// Number of member reviews, most first.
    Reviews,
    /// APY, highest first: the blended APY at the scenario's balance when the listing has a
    /// balance scenario, else the headline APY.
    Apy,
    /// Annual fee, lowest first (fees written as text, such as "$0 intro, then $95", last).
    AnnualFee,
    /// Regular APR (a card's purchase APR or a loan's APR, lowest stated), lowest first.
    Apr,
    /// Name, A to Z.
    Name,
}

impl SortKey {
    /// Every sort key.
    pub const ALL: [Self; 7] = [
        Self::Editorial,
        Self::Rating,
        Self::Reviews,
        Self::Apy,
        Self::AnnualFee,
        Self::Apr,
        Self::Name,
    ];

    /// The key as the query parameter `sort` spells it.
    pub fn key(self) -> &'static str {
        match self {
            Self::Editorial => "editorial",
            Self::Rating => "rating",
            Self::Reviews => "reviews",
            Self::Apy => "apy",
            Self::AnnualFee => "annualFee",
            Self::Apr => "apr",
            Self::Name => "name",
        }
    }

    /// Reads a key, exactly as [`SortKey::key`] spells it.
    pub fn parse(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|sort| sort.key() == key)
    }

    /// Compares two offers in this order; ties keep the editorial order (the caller sorts
    /// stably from it). [`SortKey::Editorial`] compares everything equal.
    pub fn cmp(self, scenario: Option<Scenario>, a: &Offer, b: &Offer) -> Ordering {
        match self {
            Self::Editorial => Ordering::Equal,
            Self::Rating => higher_first(
                a.ratings.rating.map(Rating::value),
                b.ratings.rating.map(Rating::value),
            ),
            Self::Reviews => b
                .ratings
                .reviews
                .unwrap_or(0)
                .cmp(&a.ratings.reviews.unwrap_or(0)),
            Self::Apy => higher_first(apy(scenario, a), apy(scenario, b)),
            Self::AnnualFee => lower_first(figures::annual_fee(a), figures::annual_fee(b)),
            Self::Apr => lower_first(figures::regular_apr(a), figures::regular_apr(b)),
            Self::Name => a.identity.name.as_str().cmp(b.identity.name.as_str()),
        }
    }
}

/// The APY a sort by APY compares.
fn apy(scenario: Option<Scenario>, offer: &Offer) -> Option<Decimal> {
    match scenario.and_then(Scenario::representative_balance) {
        Some(balance) if !offer.banking.rate_tiers.is_empty() => {
            offer.banking.rate_tiers.blended_apy_rounded(balance).ok()
        }
        _ => figures::headline_apy(offer),
    }
}
