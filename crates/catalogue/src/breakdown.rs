//! The ratings breakdown of a credit card (site-core §3 "Ratings breakdown": APR, User
//! Reviews, Other Features, approval, market comparison), each category rated 1 to 5 from
//! the card's own figures by the method below, with a sentence saying what it rests on. A
//! category the data cannot rate has no rating and says why.
//!
//! | category | method |
//! |---|---|
//! | APR | the lowest regular purchase APR: 5 at 10% or less, one point less for every 5 points more, 1 at 30% or more |
//! | User Reviews | the mean of the members' ratings, from 10 ratings (site-core §5: the user review score shows from 10 votes) |
//! | Other Features | the mean of the scores the card has of: annual fee ($0 5, up to $99 4, up to $250 3, up to $550 2, more 1), rewards (a rate r% scores 3 + r, at most 5; rewards of a named kind 4; none 2), foreign transaction fee (0% 5, any other 2) |
//! | approval | the least credit the issuer asks for: Bad or Limited History 5, Fair 4, Good 3, Excellent 2 |
//! | market comparison | the lowest regular APR against the survey's median APR for the same credit tiers: 3, plus one point for every 2.5 points below the median (minus above it), 1 to 5 |
//!
//! ```
//! use catalogue::breakdown::card_breakdown;
//! use offer_model::Offer;
//! use ratings::BreakdownCategory;
//! use rust_decimal::Decimal;
//!
//! let card = Offer::from_json(&serde_json::json!({
//!     "ID": "c1", "NAME": "Card", "TYPE": "none", "REGULAR_PURCHASE_APR": "20.49%",
//!     "MARKET_MEDIAN_APR": "23.49%", "ANNUAL_FEE": "$0", "MIN_CREDIT_REQUIRED": "Fair",
//! }))?;
//! let breakdown = card_breakdown(&card);
//! assert_eq!(breakdown[0].category, BreakdownCategory::Apr);
//! // 20.49% is 10.49 points over 10%: 5 - 2.1 = 2.9.
//! assert_eq!(breakdown[0].rating.map(|r| r.value()), Some(Decimal::new(29, 1)));
//! // 3 points below the median: 3 + 3 / 2.5 = 4.2.
//! assert_eq!(breakdown[4].rating.map(|r| r.value()), Some(Decimal::new(42, 1)));
//! # Ok::<(), offer_model::OfferError>(())
//! ```

use offer_model::{Offer, credit::CreditLabel};
use ratings::{BreakdownCategory, Rating};
use rust_decimal::{Decimal, RoundingStrategy};

use crate::figures;

#[cfg(test)]
mod tests;

/// The fewest member ratings behind a User Reviews rating (site-core §5).
pub const MIN_MEMBER_RATINGS: u64 = 10;

/// One category of the breakdown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryScore {
    /// The category.
    pub category: BreakdownCategory,
    /// Its rating, when the data can rate it (one decimal).
    pub rating: Option<Rating>,
    /// What the rating rests on, or why there is none.
    pub basis: String,
}

/// The five categories of a card's breakdown, in the spec's order.
pub fn card_breakdown(offer: &Offer) -> Vec<CategoryScore> {
    let apr = figures::regular_apr(offer);
    vec![
        apr_score(apr),
        reviews_score(offer),
        features_score(offer),
        approval_score(offer),
        market_score(offer, apr),
    ]
}

/// A rating of one decimal from a score, kept within 1 to 5.
fn rated(score: Decimal) -> Rating {
    Rating::clamped(
        score
            .max(Decimal::ONE)
            .min(Decimal::from(5))
            .round_dp_with_strategy(1, RoundingStrategy::MidpointAwayFromZero),
    )
}

/// `17.99%`: a percentage as written in a sentence.
fn pct(value: Decimal) -> String {
    format!("{}%", value.round_dp(2).normalize())
}

/// 5 at 10% or less, one point less for every 5 points more (before clamping). Saturating:
/// only an APR near the smallest decimal (set in code; amounts read from text are never
/// negative) can overflow, and it rates 5 either way.
fn apr_points(apr: Decimal) -> Decimal {
    Decimal::from(5).saturating_sub(apr.saturating_sub(Decimal::TEN) / Decimal::from(5))
}

fn apr_score(apr: Option<Decimal>) -> CategoryScore {
    let category = BreakdownCategory::Apr;
    match apr {
        Some(apr) => CategoryScore {
            category,
            rating: Some(rated(apr_points(apr))),
            basis: format!(
                "Lowest regular APR {}: 5 at 10% or less, one point less for every 5 points more.",
                pct(apr)
            ),
        },
        None => CategoryScore {
            category,
            rating: None,
            basis: "No regular APR in our sources.".to_owned(),
        },
    }
}

fn reviews_score(offer: &Offer) -> CategoryScore {
    let category = BreakdownCategory::UserReviews;
    let votes = offer.ratings.reviews.unwrap_or(0);
    match offer.ratings.member_rating {
        Some(rating) if votes >= MIN_MEMBER_RATINGS => CategoryScore {
            category,
            rating: Some(rated(rating.value())),
            basis: format!("The mean of {votes} member ratings."),
        },
        _ if votes >= MIN_MEMBER_RATINGS => CategoryScore {
            category,
            rating: None,
            basis: "No member rating to show yet.".to_owned(),
        },
        _ => CategoryScore {
            category,
            rating: None,
            basis: format!(
                "{votes} member rating{} so far; this shows from {MIN_MEMBER_RATINGS}.",
                if votes == 1 { "" } else { "s" }
            ),
        },
    }
}

/// A rate r% scores 3 + r, at most 5 (and at least 1, for a negative rate set in code), so
/// every part of the mean lies from 1 to 5 and their sum cannot overflow.
fn rewards_points(rate: Decimal) -> Decimal {
    Decimal::from(3)
        .saturating_add(rate)
        .clamp(Decimal::ONE, Decimal::from(5))
}

fn features_score(offer: &Offer) -> CategoryScore {
    let mut scores = Vec::new();
    let mut parts = Vec::new();
    if let Some(fee) = figures::annual_fee(offer) {
        let score = if fee.is_zero() {
            5
        } else if fee <= Decimal::from(99) {
            4
        } else if fee <= Decimal::from(250) {
            3
        } else if fee <= Decimal::from(550) {
            2
        } else {
            1
        };
        scores.push(Decimal::from(score));
        parts.push(format!("${} annual fee", fee.round_dp(2).normalize()));
    }
    let rate = figures::plain(
        offer
            .rewards
            .earn_rate
            .as_ref()
            .or(offer.rewards.base_rate.as_ref()),
    );
    let earns = offer.rewards.has_rewards || rate.is_some();
    match (earns, rate) {
        (true, Some(rate)) => {
            scores.push(rewards_points(rate));
            parts.push(format!("earns {}", pct(rate)));
        }
        (true, None) => {
            scores.push(Decimal::from(4));
            parts.push("earns rewards".to_owned());
        }
        (false, _) => {
            scores.push(Decimal::TWO);
            parts.push("no rewards".to_owned());
        }
    }
    match figures::plain(offer.fees.foreign_transaction_fee.as_ref()) {
        Some(fee) if fee.is_zero() => {
            scores.push(Decimal::from(5));
            parts.push("no foreign transaction fee".to_owned());
        }
        Some(fee) => {
            scores.push(Decimal::TWO);
            parts.push(format!("{} foreign transaction fee", pct(fee)));
        }
        None => {}
    }
    let count = Decimal::from(scores.len());
    let mean = scores.iter().sum::<Decimal>() / count.max(Decimal::ONE);
    let mut basis = parts.join(", ");
    if let Some(first) = basis.get(..1) {
        basis = format!(
            "{}{}.",
            first.to_uppercase(),
            basis.get(1..).unwrap_or_default()
        );
    }
    CategoryScore {
        category: BreakdownCategory::OtherFeatures,
        rating: Some(rated(mean)),
        basis,
    }
}

fn approval_score(offer: &Offer) -> CategoryScore {
    let category = BreakdownCategory::Approval;
    let label = offer.eligibility.min_credit_required.as_ref();
    let score = match label {
        Some(CreditLabel::Bad | CreditLabel::LimitedHistory) => Some(5),
        Some(CreditLabel::Fair) => Some(4),
        Some(CreditLabel::Good) => Some(3),
        Some(CreditLabel::Excellent) => Some(2),
        Some(CreditLabel::Other(_)) | None => None,
    };
    match (score, label) {
        (Some(score), Some(label)) => CategoryScore {
            category,
            rating: Some(rated(Decimal::from(score))),
            basis: format!(
                "Open to {} credit or better: the wider the range, the higher.",
                label.as_str()
            ),
        },
        _ => CategoryScore {
            category,
            rating: None,
            basis: "The credit it needs is not in our sources.".to_owned(),
        },
    }
}

fn market_score(offer: &Offer, apr: Option<Decimal>) -> CategoryScore {
    let category = BreakdownCategory::MarketComparison;
    let median = figures::lowest_percent(offer.rates.market_median_apr.as_ref());
    match (apr, median) {
        (Some(apr), Some(median)) => {
            // Plain amounts are never negative, so this saturates only for figures set in
            // code; either way the rating is clamped to 1 to 5.
            let difference = median.saturating_sub(apr);
            let side = if difference >= Decimal::ZERO {
                "below"
            } else {
                "above"
            };
            CategoryScore {
                category,
                rating: Some(rated(
                    Decimal::from(3).saturating_add(difference / Decimal::new(25, 1)),
                )),
                basis: format!(
                    "Lowest regular APR {} is {} points {side} the {} median of card plans for the same credit tiers.",
                    pct(apr),
                    difference.abs().round_dp(2).normalize(),
                    pct(median)
                ),
            }
        }
        _ => CategoryScore {
            category,
            rating: None,
            basis: "No market median for this card's credit tiers.".to_owned(),
        },
    }
}
