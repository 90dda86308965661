//! How a credit card is rated: one method for the ratings breakdown a card's page shows
//! (site-core §3 "Ratings breakdown": APR, User Reviews, Other Features, approval, market
//! comparison), the overall rating every list and page shows, and the rating for each need a
//! need's list ranks by. The builder writes [`card_rating`] and [`best_need`] into the
//! catalogue; `/rating-methodologies` states [`CARD_METHOD`] word for word, and a test holds
//! the two together.
//!
//! Each part is scored from 1 to 5 from the card's own figures:
//!
//! | part | score |
//! |---|---|
//! | APR | the lowest regular purchase APR: 5 at 10% or less, one point less for every 5 points more, 1 at 30% or more |
//! | market comparison | that APR against the survey's median APR for the same credit tiers: 3, plus one point for every 2.5 points below the median (minus above it) |
//! | annual fee | after any first-year waiver: $0 5, up to $99 4, up to $250 3, up to $550 2, more 1; a monthly fee takes 1 off |
//! | rewards | none 2; rewards 3, plus 1 when they are cash back or the issuer's own points (usable in many ways, not one brand's), plus 1 with a sign-up bonus |
//! | foreign transaction fee | 0% 5, any other 2 |
//! | intro purchase APR | none 2; 0% 3 plus a point for every 6 months; another rate 2 plus a point for every 12 months |
//! | intro balance-transfer APR | none 2; 0% 3 plus a point for every 8 months; another rate 2.5 |
//! | approval | the least credit the issuer asks for: Bad or Limited History 5, Fair 4, Good 3, Excellent 2 |
//!
//! Other Features is the mean of the annual fee (when stated), rewards, foreign fee (when
//! stated) and the better intro offer. User Reviews is the members' mean, shown from 10
//! ratings. The overall rating is [`OVERALL_WEIGHTS`] of the breakdown as shown (each
//! category rounded to one decimal): APR 20%, market comparison 20%, Other Features 60%;
//! approval and member reviews are shown beside it but not counted, because easier approval
//! is not better for every reader and members rate separately. A need's rating weighs the
//! parts as [`need_weights`] says. A part the data cannot score counts as 2.5, the middle of
//! the scale, so a card is neither rewarded nor punished for a figure its source leaves out.
//!
//! ```
//! use catalogue::breakdown::{card_breakdown, card_rating};
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
//! // Other Features: ($0 fee 5 + no rewards 2 + no intro offer 2) / 3 = 3.
//! // Overall: 0.2 x 2.9 + 0.2 x 4.2 + 0.6 x 3 = 3.22, shown 3.2.
//! assert_eq!(card_rating(&card).value(), Decimal::new(32, 1));
//! # Ok::<(), offer_model::OfferError>(())
//! ```

use offer_model::{Amount, Offer, credit::CreditLabel, needs::NeedKey};
use ratings::{BreakdownCategory, Rating};
use rust_decimal::{Decimal, RoundingStrategy};

use crate::figures;

#[cfg(test)]
mod tests;

/// The fewest member ratings behind a User Reviews rating (site-core §5).
pub const MIN_MEMBER_RATINGS: u64 = 10;

/// The share, in percent, each breakdown category has in the overall rating; a category not
/// listed is shown but not counted.
pub const OVERALL_WEIGHTS: [(BreakdownCategory, u8); 3] = [
    (BreakdownCategory::Apr, 20),
    (BreakdownCategory::MarketComparison, 20),
    (BreakdownCategory::OtherFeatures, 60),
];

/// The method as `/rating-methodologies` states it, word for word.
pub const CARD_METHOD: &str = "Every card is scored from 1 to 5 on the parts of its ratings breakdown, from its own figures. APR: the lowest regular purchase APR, 5 at 10% or less and one point less for every 5 points more. Market comparison: that APR against the CFPB's median APR for the credit groups the card targets, 3 at the median and one point for every 2.5 points below it (or less above it). Other Features: the mean of the annual fee ($0 scores 5, up to $99 4, up to $250 3, up to $550 2, more 1, and a monthly fee takes 1 off), the rewards (none 2; rewards 3, one more when they are cash back or the issuer's own points rather than one brand's, and one more with a sign-up bonus), the foreign transaction fee (none 5, any 2) and the better intro offer (none 2; a 0% purchase APR 3 plus a point for every 6 months, a 0% balance transfer 3 plus a point for every 8 months). The overall rating counts APR 20%, market comparison 20% and Other Features 60%, each as shown on the card's page, rounded to one decimal. Approval (the least credit the issuer asks for: bad or limited history 5, fair 4, good 3, excellent 2) and member reviews are shown beside it but not counted. A part a card's figures do not state counts as 2.5, the middle.";

/// How need ratings weigh the parts, as `/rating-methodologies` states it word for word; the
/// percentages are [`need_weights`] of earning rewards, travel, financing, lowering debt and
/// building credit, in that order.
pub const NEED_METHOD: &str = "Need ratings weigh the same parts differently: earning rewards weighs rewards 45%, the annual fee 35% and the market comparison 20%; travel, airline and hotel rewards weigh rewards 40%, the foreign transaction fee 25%, the annual fee 25% and the market comparison 10%; financing a purchase weighs the intro purchase APR 50%, the market comparison 25% and the fee 25%; lowering existing debt weighs the balance transfer offer 50%, the market comparison 30% and the fee 20%; building or rebuilding credit weighs the fee 40%, the market comparison 30% and approval 30%. Business needs weigh as their personal need.";

/// One category of the breakdown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryScore {
    /// The category.
    pub category: BreakdownCategory,
    /// Its rating, when the data can rate it (one decimal).
    pub rating: Option<Rating>,
    /// What the rating rests on, or why there is none.
    pub basis: String,
    /// Its share of the overall rating in percent; `None` when it is not counted.
    pub weight: Option<u8>,
}

/// A part of the method, scored from 1 to 5; a need's rating weighs these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The market comparison of the lowest regular APR.
    Market,
    /// The annual and monthly fees.
    Fee,
    /// The rewards.
    Rewards,
    /// The foreign transaction fee.
    Foreign,
    /// The intro purchase APR.
    PurchaseIntro,
    /// The intro balance-transfer APR.
    TransferIntro,
    /// The least credit the issuer asks for.
    Approval,
}

/// The parts a need's rating weighs, with their shares in percent (they add up to 100).
/// Business needs weigh as their personal need; a need not named below is a credit-building
/// need (rebuild, improving, student and their variants).
pub fn need_weights(need: NeedKey) -> &'static [(Part, u8)] {
    match need.personal() {
        NeedKey::Rewards | NeedKey::Gas | NeedKey::StoreRewards => {
            &[(Part::Rewards, 45), (Part::Fee, 35), (Part::Market, 20)]
        }
        NeedKey::Travel | NeedKey::Airline | NeedKey::Hotel => &[
            (Part::Rewards, 40),
            (Part::Foreign, 25),
            (Part::Fee, 25),
            (Part::Market, 10),
        ],
        NeedKey::Financing | NeedKey::StoreFinancing => &[
            (Part::PurchaseIntro, 50),
            (Part::Market, 25),
            (Part::Fee, 25),
        ],
        NeedKey::LowerDebt => &[
            (Part::TransferIntro, 50),
            (Part::Market, 30),
            (Part::Fee, 20),
        ],
        _ => &[(Part::Fee, 40), (Part::Market, 30), (Part::Approval, 30)],
    }
}

/// The five categories of a card's breakdown, in the spec's order.
pub fn card_breakdown(offer: &Offer) -> Vec<CategoryScore> {
    let apr = figures::regular_apr(offer);
    let weight = |category| {
        OVERALL_WEIGHTS
            .iter()
            .find(|(counted, _)| *counted == category)
            .map(|(_, weight)| *weight)
    };
    let mut categories = vec![
        apr_score(apr),
        reviews_score(offer),
        features_score(offer),
        approval_score(offer),
        market_score(offer, apr),
    ];
    for category in &mut categories {
        category.weight = weight(category.category);
    }
    categories
}

/// A card's overall rating: [`OVERALL_WEIGHTS`] of its breakdown as shown, a category with
/// no rating counting as 2.5.
pub fn card_rating(offer: &Offer) -> Rating {
    let breakdown = card_breakdown(offer);
    let parts: Vec<(Option<Decimal>, u8)> = breakdown
        .iter()
        .filter_map(|category| {
            category
                .weight
                .map(|weight| (category.rating.map(Rating::value), weight))
        })
        .collect();
    weighted(&parts)
}

/// A card's rating for a need: [`need_weights`] of the parts.
pub fn need_rating(offer: &Offer, need: NeedKey) -> Rating {
    let parts: Vec<(Option<Decimal>, u8)> = need_weights(need)
        .iter()
        .map(|(part, weight)| (part_score(offer, *part), *weight))
        .collect();
    weighted(&parts)
}

/// The eligible need a card rates best on, with that rating (the first listed on a tie).
pub fn best_need(offer: &Offer) -> Option<(NeedKey, Rating)> {
    offer
        .needs
        .eligible_needs
        .iter()
        .filter_map(|key| NeedKey::parse(key).ok())
        .map(|need| (need, need_rating(offer, need)))
        .fold(None, |best, (need, rating)| match best {
            Some((_, top)) if top >= rating => best,
            _ => Some((need, rating)),
        })
}

/// The score of a part, from 1 to 5, when the offer's figures state it.
pub fn part_score(offer: &Offer, part: Part) -> Option<Decimal> {
    match part {
        Part::Market => figures::regular_apr(offer)
            .zip(figures::lowest_percent(
                offer.rates.market_median_apr.as_ref(),
            ))
            .map(|(apr, median)| market_points(apr, median)),
        Part::Fee => fee_points(offer),
        Part::Rewards => Some(rewards_points(offer)),
        Part::Foreign => figures::plain(offer.fees.foreign_transaction_fee.as_ref())
            .map(|fee| if fee.is_zero() { five() } else { Decimal::TWO }),
        Part::PurchaseIntro => Some(purchase_intro_points(offer)),
        Part::TransferIntro => Some(transfer_intro_points(offer)),
        Part::Approval => approval_points(offer.eligibility.min_credit_required.as_ref()),
    }
}

fn five() -> Decimal {
    Decimal::from(5)
}

/// Kept within 1 to 5.
fn bounded(score: Decimal) -> Decimal {
    score.clamp(Decimal::ONE, five())
}

/// A rating of one decimal from a score, kept within 1 to 5.
fn rated(score: Decimal) -> Rating {
    Rating::clamped(
        bounded(score)
            .round_dp_with_strategy(1, RoundingStrategy::MidpointAwayFromZero)
            .normalize(),
    )
}

/// The weighted mean of (score, weight) pairs, a missing score counting as 2.5, rounded to
/// one decimal.
fn weighted(parts: &[(Option<Decimal>, u8)]) -> Rating {
    let middle = Decimal::new(25, 1);
    let (sum, weights) = parts.iter().fold(
        (Decimal::ZERO, Decimal::ZERO),
        |(sum, weights), (score, weight)| {
            let weight = Decimal::from(*weight);
            (
                sum.saturating_add(score.unwrap_or(middle).saturating_mul(weight)),
                weights + weight,
            )
        },
    );
    rated(sum.checked_div(weights).unwrap_or(middle))
}

/// `17.99%`, `20.50%`: a percentage in a sentence, with two decimals like every rate shown.
fn pct(value: Decimal) -> String {
    formatting::format_percent(value)
}

/// `3%`: a fee's percentage as fee tables write it, not a rate to line up with others.
fn fee_pct(value: Decimal) -> String {
    format!("{}%", value.round_dp(2).normalize())
}

/// 5 at 10% or less, one point less for every 5 points more, within 1 to 5. Saturating:
/// only an APR near the smallest decimal (set in code; amounts read from text are never
/// negative) can overflow, and it rates 5 either way.
fn apr_points(apr: Decimal) -> Decimal {
    bounded(five().saturating_sub(apr.saturating_sub(Decimal::TEN) / five()))
}

/// 3 at the median, one point for every 2.5 points below it (less above), within 1 to 5.
fn market_points(apr: Decimal, median: Decimal) -> Decimal {
    bounded(Decimal::from(3).saturating_add(median.saturating_sub(apr) / Decimal::new(25, 1)))
}

/// The annual fee a card costs after any first-year waiver: the plain amount, or the largest
/// dollar amount its text names ("$0 intro annual fee the first year, then $95" is 95).
fn annual_fee(offer: &Offer) -> Option<Decimal> {
    match offer.fees.annual_fee.as_ref()? {
        Amount::Text(text) => text
            .split('$')
            .skip(1)
            .filter_map(|part| {
                let number: String = part
                    .chars()
                    .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
                    .filter(|c| *c != ',')
                    .collect();
                number.trim_end_matches('.').parse::<Decimal>().ok()
            })
            .max(),
        other => other.value(),
    }
}

fn fee_points(offer: &Offer) -> Option<Decimal> {
    let fee = annual_fee(offer)?;
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
    let monthly = figures::plain(offer.fees.monthly_fee.as_ref()).unwrap_or_default();
    let score = Decimal::from(score);
    Some(bounded(if monthly > Decimal::ZERO {
        score - Decimal::ONE
    } else {
        score
    }))
}

/// Whether a card's rewards can be used in many ways: cash back, or the issuer's own points
/// ("Chase points" from JPMorgan Chase Bank) rather than one brand's ("Carnival points").
fn flexible_rewards(offer: &Offer) -> bool {
    let kind = offer
        .rewards
        .redeem_type
        .as_deref()
        .unwrap_or_default()
        .to_lowercase();
    if kind.contains("cash back") {
        return true;
    }
    let issuer = offer
        .identity
        .issuer
        .as_deref()
        .unwrap_or_default()
        .to_lowercase();
    kind.strip_suffix(" points")
        .is_some_and(|brand| !brand.is_empty() && issuer.contains(brand))
}

fn rewards_points(offer: &Offer) -> Decimal {
    if !offer.rewards.has_rewards {
        return Decimal::TWO;
    }
    let mut score = Decimal::from(3);
    if flexible_rewards(offer) {
        score += Decimal::ONE;
    }
    if offer.rewards.initial_bonus.is_some() {
        score += Decimal::ONE;
    }
    bounded(score)
}

fn months(period: Option<&Amount>) -> Decimal {
    figures::plain(period).unwrap_or_default()
}

fn purchase_intro_points(offer: &Offer) -> Decimal {
    let period = months(offer.rates.purchase_intro_apr_period.as_ref());
    match figures::plain(offer.rates.purchase_intro_apr.as_ref()) {
        Some(rate) if rate.is_zero() => {
            bounded(Decimal::from(3).saturating_add(period / Decimal::from(6)))
        }
        Some(_) => bounded(Decimal::TWO.saturating_add(period / Decimal::from(12))),
        None => Decimal::TWO,
    }
}

fn transfer_intro_points(offer: &Offer) -> Decimal {
    let period = months(offer.rates.bt_intro_apr_period.as_ref());
    match figures::plain(offer.rates.bt_intro_apr.as_ref()) {
        Some(rate) if rate.is_zero() => {
            bounded(Decimal::from(3).saturating_add(period / Decimal::from(8)))
        }
        Some(_) => Decimal::new(25, 1),
        None => Decimal::TWO,
    }
}

fn approval_points(label: Option<&CreditLabel>) -> Option<Decimal> {
    match label? {
        CreditLabel::Bad | CreditLabel::LimitedHistory => Some(five()),
        CreditLabel::Fair => Some(Decimal::from(4)),
        CreditLabel::Good => Some(Decimal::from(3)),
        CreditLabel::Excellent => Some(Decimal::TWO),
        CreditLabel::Other(_) => None,
    }
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
            weight: None,
        },
        None => CategoryScore {
            category,
            rating: None,
            basis: "No regular APR in our sources.".to_owned(),
            weight: None,
        },
    }
}

fn reviews_score(offer: &Offer) -> CategoryScore {
    let category = BreakdownCategory::UserReviews;
    let votes = offer.ratings.reviews.unwrap_or(0);
    let (rating, basis) = match offer.ratings.member_rating {
        Some(rating) if votes >= MIN_MEMBER_RATINGS => (
            Some(rated(rating.value())),
            format!("The mean of {votes} member ratings."),
        ),
        _ if votes >= MIN_MEMBER_RATINGS => (None, "No member rating to show yet.".to_owned()),
        _ => (
            None,
            format!(
                "{votes} member rating{} so far; this shows from {MIN_MEMBER_RATINGS}.",
                if votes == 1 { "" } else { "s" }
            ),
        ),
    };
    CategoryScore {
        category,
        rating,
        basis,
        weight: None,
    }
}

fn features_score(offer: &Offer) -> CategoryScore {
    let mut scores = Vec::new();
    let mut parts = Vec::new();
    if let (Some(fee), Some(score)) = (annual_fee(offer), fee_points(offer)) {
        scores.push(score);
        let monthly =
            figures::plain(offer.fees.monthly_fee.as_ref()).filter(|m| *m > Decimal::ZERO);
        parts.push(match monthly {
            Some(monthly) => format!(
                "${} annual fee and ${} a month",
                fee.round_dp(2).normalize(),
                monthly.round_dp(2).normalize()
            ),
            None => format!("${} annual fee", fee.round_dp(2).normalize()),
        });
    }
    scores.push(rewards_points(offer));
    parts.push(
        match (
            offer.rewards.has_rewards,
            flexible_rewards(offer),
            offer.rewards.initial_bonus.is_some(),
        ) {
            (false, _, _) => "no rewards".to_owned(),
            (true, true, true) => {
                "cash back or the issuer's own points, with a sign-up bonus".to_owned()
            }
            (true, true, false) => "cash back or the issuer's own points".to_owned(),
            (true, false, true) => "rewards with a sign-up bonus".to_owned(),
            (true, false, false) => "rewards".to_owned(),
        },
    );
    if let Some(foreign) = part_score(offer, Part::Foreign) {
        scores.push(foreign);
        parts.push(if foreign == five() {
            "no foreign transaction fee".to_owned()
        } else {
            format!(
                "{} foreign transaction fee",
                figures::plain(offer.fees.foreign_transaction_fee.as_ref())
                    .map(fee_pct)
                    .unwrap_or_default()
            )
        });
    }
    let purchase = purchase_intro_points(offer);
    let transfer = transfer_intro_points(offer);
    scores.push(purchase.max(transfer));
    parts.push(
        match (
            offer.rates.purchase_intro_apr.is_some(),
            offer.rates.bt_intro_apr.is_some(),
        ) {
            (false, false) => "no intro offer".to_owned(),
            (true, _) if purchase >= transfer => "an intro purchase APR".to_owned(),
            _ => "an intro balance-transfer APR".to_owned(),
        },
    );
    let count = Decimal::from(scores.len());
    let mean = scores
        .iter()
        .fold(Decimal::ZERO, |sum, score| sum.saturating_add(*score))
        / count;
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
        weight: None,
    }
}

fn approval_score(offer: &Offer) -> CategoryScore {
    let category = BreakdownCategory::Approval;
    let label = offer.eligibility.min_credit_required.as_ref();
    match (approval_points(label), label) {
        (Some(score), Some(label)) => CategoryScore {
            category,
            rating: Some(rated(score)),
            basis: format!(
                "Open to {} credit or better: the wider the range, the higher.",
                label.as_str()
            ),
            weight: None,
        },
        _ => CategoryScore {
            category,
            rating: None,
            basis: "The credit it needs is not in our sources.".to_owned(),
            weight: None,
        },
    }
}

fn market_score(offer: &Offer, apr: Option<Decimal>) -> CategoryScore {
    let category = BreakdownCategory::MarketComparison;
    let median = figures::lowest_percent(offer.rates.market_median_apr.as_ref());
    match (apr, median) {
        (Some(apr), Some(median)) => {
            // Plain amounts are never negative, so this saturates only for figures set in
            // code; either way the rating stays within 1 to 5.
            let difference = median.saturating_sub(apr);
            let side = if difference >= Decimal::ZERO {
                "below"
            } else {
                "above"
            };
            CategoryScore {
                category,
                rating: Some(rated(market_points(apr, median))),
                basis: format!(
                    "Lowest regular APR {} is {} points {side} the {} median of card plans for the same credit tiers.",
                    pct(apr),
                    difference.abs().round_dp(2).normalize(),
                    pct(median)
                ),
                weight: None,
            }
        }
        _ => CategoryScore {
            category,
            rating: None,
            basis: "No market median for this card's credit tiers.".to_owned(),
            weight: None,
        },
    }
}
