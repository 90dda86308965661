//! The site's editorial ratings, computed from each offer's own figures by one fixed
//! methodology (no source rates products, and there are no member reviews yet). Every rating
//! the builder writes is listed in `EDITORIAL_FIELDS`. Institutions are not rated: no public
//! source rates them, and the catalogue holds too few of each one's products to rate it on them.
//!
//! Each product gets component scores from 0 to 5; a rating is their weighted mean, rounded
//! to one decimal. A figure the offer does not state scores 2.5, the middle of the scale, so
//! a card is neither rewarded nor punished for a figure its source leaves out.
//!
//! **Credit cards** (`RATING`, and `WH_RATINGS` for the need in `WH_RATINGS_NEEDS`):
//!
//! | component | from | score |
//! |---|---|---|
//! | cost | annual fee (after any first-year waiver); a monthly fee takes 0.5 off | $0 5, to $50 4.5, $100 4, $150 3.5, $250 3, $450 2.5, $700 2, more 1.5 |
//! | APR | lowest regular APR against the TCCP median of its credit tiers | 2.5 + half the points below the median, 0.5 to 5 |
//! | rewards | rewards flag, sign-up bonus, base earn rate | none 1; rewards 3, +1 with a bonus, +1 from 2% (+0.5 from 1.5%) |
//! | foreign | foreign transaction fee | 0% 5, to 1% 3.5, to 2% 2.5, more 1.5 |
//! | intro | intro purchase APR | none 1; 0% 3 + months / 6; other 2 + months / 12 (at most 5) |
//! | transfer | intro balance-transfer APR | none 1; 0% 3 + months / 8; other 2 (at most 5) |
//! | access | least credit needed | Bad or Limited History 5, Fair 4, Good 3, Excellent 2 |
//!
//! Overall: cost 0.30, APR 0.25, rewards 0.25, foreign 0.10, the better of intro and
//! transfer 0.10. Needs: rewards, gas and store rewards (rewards 0.45, cost 0.35, APR 0.20);
//! travel, airline and hotel (rewards 0.40, foreign 0.25, cost 0.25, APR 0.10); financing
//! (intro 0.50, APR 0.25, cost 0.25); lower debt (transfer 0.50, APR 0.30, cost 0.20); credit
//! building: rebuild, improving, student and their variants (cost 0.40, APR 0.30, access
//! 0.30). Business needs weigh as their personal need. `WH_RATINGS_NEEDS` is the eligible
//! need the card scores best on (the first listed on a tie).
//!
//! **Deposit accounts and prepaid cards**: APY 0.55 (first-tier APY against the FDIC
//! national rate for the product and term: 1 + ratio, 1 to 5), monthly fee 0.25 ($0 5, to
//! $5 3.5, to $10 2.5, more 2), minimum to open 0.10 ($0 5, to $100 4.5, to $1,000 3.5, to
//! $2,500 3, more 2.5), ATM fee 0.10 ($0 5, else 3; accounts without one score 2.5).
//!
//! **Loans**: APR 0.55 (5 minus the points above a reference APR per spread: personal 7%
//! per 3 points, auto 5% per 2, mortgage 6% per 0.5; 1 to 5), origination fee 0.25 (5 − 0.6
//! per point), longest term 0.10 (84 months 5, 72 4.5, 60 4, less 3.5; mortgages 2.5),
//! access 0.10 (as cards).

use offer_model::{
    Amount, Offer, ProductType, credit::CreditLabel, needs::NeedKey, scenarios::Scenario,
};
use ratings::Rating;
use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::Value;

use catalogue::figures;

use crate::{BuildError, deposits::NationalRates};

/// The rating fields the builder writes, as `EDITORIAL_FIELDS` names them.
pub const RATING_FIELDS: [&str; 3] = ["RATING", "WH_RATINGS", "WH_RATINGS_NEEDS"];

/// The score of a figure the offer does not state.
const UNKNOWN: Decimal = Decimal::from_parts(25, 0, 0, false, 1);

fn dec(text: &str) -> Decimal {
    text.parse().unwrap_or_default()
}

/// A weighted mean of (score, weight) pairs, a missing score counting as [`UNKNOWN`],
/// rounded to one decimal and placed on the 0-to-5 scale.
fn weighted(parts: &[(Option<Decimal>, &str)]) -> Rating {
    let (sum, weights) = parts.iter().fold(
        (Decimal::ZERO, Decimal::ZERO),
        |(sum, weights), (score, weight)| {
            let weight = dec(weight);
            (sum + score.unwrap_or(UNKNOWN) * weight, weights + weight)
        },
    );
    let mean = sum.checked_div(weights).unwrap_or(UNKNOWN);
    Rating::clamped(
        mean.round_dp_with_strategy(1, RoundingStrategy::MidpointAwayFromZero)
            .normalize(),
    )
}

fn clamp(value: Decimal, low: &str, high: &str) -> Decimal {
    value.max(dec(low)).min(dec(high))
}

/// A score from the first step whose bound the value is at most, else `last`.
fn stepped(value: Decimal, steps: &[(&str, &str)], last: &str) -> Decimal {
    steps
        .iter()
        .find(|(bound, _)| value <= dec(bound))
        .map_or(dec(last), |(_, score)| dec(score))
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

/// Component scores of a credit card.
struct CardScores {
    cost: Option<Decimal>,
    apr: Option<Decimal>,
    rewards: Decimal,
    foreign: Option<Decimal>,
    intro: Decimal,
    transfer: Decimal,
    access: Option<Decimal>,
}

fn card_scores(offer: &Offer) -> CardScores {
    let cost = annual_fee(offer).map(|fee| {
        let score = stepped(
            fee,
            &[
                ("0", "5"),
                ("50", "4.5"),
                ("100", "4"),
                ("150", "3.5"),
                ("250", "3"),
                ("450", "2.5"),
                ("700", "2"),
            ],
            "1.5",
        );
        let monthly = figures::plain(offer.fees.monthly_fee.as_ref()).unwrap_or_default();
        if monthly > Decimal::ZERO {
            score - dec("0.5")
        } else {
            score
        }
    });
    let apr = figures::regular_apr(offer)
        .zip(figures::lowest_percent(
            offer.rates.market_median_apr.as_ref(),
        ))
        .map(|(apr, median)| clamp(dec("2.5") + (median - apr) / Decimal::TWO, "0.5", "5"));
    let rewards = if offer.rewards.has_rewards {
        let bonus = if offer.rewards.initial_bonus.is_some() {
            Decimal::ONE
        } else {
            Decimal::ZERO
        };
        let base = figures::lowest_percent(offer.rewards.base_rate.as_ref()).unwrap_or_default();
        let rate = if base >= Decimal::TWO {
            Decimal::ONE
        } else if base >= dec("1.5") {
            dec("0.5")
        } else {
            Decimal::ZERO
        };
        clamp(dec("3") + bonus + rate, "0", "5")
    } else {
        Decimal::ONE
    };
    let foreign = figures::plain(offer.fees.foreign_transaction_fee.as_ref())
        .map(|fee| stepped(fee, &[("0", "5"), ("1", "3.5"), ("2", "2.5")], "1.5"));
    let months = |period: Option<&Amount>| figures::plain(period).unwrap_or_default();
    let intro = match figures::plain(offer.rates.purchase_intro_apr.as_ref()) {
        Some(rate) if rate.is_zero() => clamp(
            dec("3") + months(offer.rates.purchase_intro_apr_period.as_ref()) / dec("6"),
            "0",
            "5",
        ),
        Some(_) => clamp(
            Decimal::TWO + months(offer.rates.purchase_intro_apr_period.as_ref()) / dec("12"),
            "0",
            "5",
        ),
        None => Decimal::ONE,
    };
    let transfer = match figures::plain(offer.rates.bt_intro_apr.as_ref()) {
        Some(rate) if rate.is_zero() => clamp(
            dec("3") + months(offer.rates.bt_intro_apr_period.as_ref()) / dec("8"),
            "0",
            "5",
        ),
        Some(_) => Decimal::TWO,
        None => Decimal::ONE,
    };
    CardScores {
        cost,
        apr,
        rewards,
        foreign,
        intro,
        transfer,
        access: access(offer),
    }
}

fn access(offer: &Offer) -> Option<Decimal> {
    offer
        .eligibility
        .min_credit_required
        .as_ref()
        .and_then(|label| match label {
            CreditLabel::Bad | CreditLabel::LimitedHistory => Some(dec("5")),
            CreditLabel::Fair => Some(dec("4")),
            CreditLabel::Good => Some(dec("3")),
            CreditLabel::Excellent => Some(dec("2")),
            CreditLabel::Other(_) => None,
        })
}

/// A card's rating for a need.
fn card_need_rating(scores: &CardScores, need: NeedKey) -> Rating {
    let s = scores;
    match need.personal() {
        NeedKey::Rewards | NeedKey::Gas | NeedKey::StoreRewards => {
            weighted(&[(Some(s.rewards), "0.45"), (s.cost, "0.35"), (s.apr, "0.20")])
        }
        NeedKey::Travel | NeedKey::Airline | NeedKey::Hotel => weighted(&[
            (Some(s.rewards), "0.40"),
            (s.foreign, "0.25"),
            (s.cost, "0.25"),
            (s.apr, "0.10"),
        ]),
        NeedKey::Financing | NeedKey::StoreFinancing => {
            weighted(&[(Some(s.intro), "0.50"), (s.apr, "0.25"), (s.cost, "0.25")])
        }
        NeedKey::LowerDebt => weighted(&[
            (Some(s.transfer), "0.50"),
            (s.apr, "0.30"),
            (s.cost, "0.20"),
        ]),
        _ => weighted(&[(s.cost, "0.40"), (s.apr, "0.30"), (s.access, "0.30")]),
    }
}

/// A card's overall rating, and its best eligible need with that need's rating.
fn rate_card(offer: &Offer) -> (Rating, Option<(NeedKey, Rating)>) {
    let s = card_scores(offer);
    let overall = weighted(&[
        (s.cost, "0.30"),
        (s.apr, "0.25"),
        (Some(s.rewards), "0.25"),
        (s.foreign, "0.10"),
        (Some(s.intro.max(s.transfer)), "0.10"),
    ]);
    let best = offer
        .needs
        .eligible_needs
        .iter()
        .filter_map(|key| NeedKey::parse(key).ok())
        .map(|need| (need, card_need_rating(&s, need)))
        .fold(
            None,
            |best: Option<(NeedKey, Rating)>, (need, rating)| match best {
                Some((_, top)) if top >= rating => best,
                _ => Some((need, rating)),
            },
        );
    (overall, best)
}

/// A deposit account's or prepaid card's rating.
fn rate_deposit(offer: &Offer, national: &NationalRates) -> Rating {
    let term = figures::term_months(offer)
        .and_then(|t| t.trunc().normalize().to_string().parse::<u32>().ok())
        .unwrap_or(0);
    let reference = match offer.product_type {
        ProductType::Checking => national.get("Checking", 0),
        ProductType::MoneyMarket => national.get("Money Market", 0),
        ProductType::Cd => Scenario::for_term(term).and_then(|_| national.get("CD", term)),
        _ => national.get("Savings", 0),
    }
    .map(|(small, _)| small);
    let first_apy = offer
        .banking
        .rate_tiers
        .iter()
        .next()
        .map(|tier| tier.apy());
    let apy = first_apy
        .zip(reference)
        .and_then(|(apy, reference)| apy.checked_div(reference))
        .map(|ratio| clamp(Decimal::ONE + ratio, "1", "5"));
    let monthly = figures::plain(offer.banking.account_fee.as_ref())
        .or_else(|| figures::plain(offer.fees.monthly_fee.as_ref()))
        .map(|fee| stepped(fee, &[("0", "5"), ("5", "3.5"), ("10", "2.5")], "2"));
    let minimum = figures::plain(offer.banking.min_to_open.as_ref()).map(|min| {
        stepped(
            min,
            &[("0", "5"), ("100", "4.5"), ("1000", "3.5"), ("2500", "3")],
            "2.5",
        )
    });
    let atm = figures::plain(offer.banking.atm_tx_fee.as_ref())
        .map(|fee| if fee.is_zero() { dec("5") } else { dec("3") });
    weighted(&[
        (apy, "0.55"),
        (monthly, "0.25"),
        (minimum, "0.10"),
        (atm, "0.10"),
    ])
}

/// A loan's rating.
fn rate_loan(offer: &Offer) -> Rating {
    let (reference, spread) = match offer.product_type {
        ProductType::AutoLoan => ("5", "2"),
        ProductType::Mortgage => ("6", "0.5"),
        _ => ("7", "3"),
    };
    let apr = figures::regular_apr(offer)
        .map(|apr| clamp(dec("5") - (apr - dec(reference)) / dec(spread), "1", "5"));
    let fee = figures::plain(offer.loan.orig_fee.as_ref())
        .map(|fee| clamp(dec("5") - fee * dec("0.6"), "0", "5"));
    let term = if offer.product_type == ProductType::Mortgage {
        None
    } else {
        figures::plain(offer.loan.max_term.as_ref()).map(|months| {
            if months >= Decimal::from(84) {
                dec("5")
            } else if months >= Decimal::from(72) {
                dec("4.5")
            } else if months >= Decimal::from(60) {
                dec("4")
            } else {
                dec("3.5")
            }
        })
    };
    weighted(&[
        (apr, "0.55"),
        (fee, "0.25"),
        (term, "0.10"),
        (access(offer), "0.10"),
    ])
}

/// Rates every offer in place: writes `RATING` (and `WH_RATINGS` with `WH_RATINGS_NEEDS` for
/// cards with an eligible need) and lists them in `EDITORIAL_FIELDS`. Institutions and
/// content items are left unrated.
pub fn rate_all(offers: &mut [Value], national: &NationalRates) -> Result<(), BuildError> {
    for value in offers.iter_mut() {
        let offer = Offer::from_json(value).map_err(|error| BuildError::InvalidOffer {
            id: crate::raw::id_of(value),
            message: error.to_string(),
        })?;
        let mut written: Vec<(&str, String)> = Vec::new();
        match offer.product_type {
            ProductType::CreditCard => {
                let (overall, best) = rate_card(&offer);
                written.push(("RATING", overall.to_string()));
                if let Some((need, rating)) = best {
                    written.push(("WH_RATINGS", rating.to_string()));
                    written.push(("WH_RATINGS_NEEDS", need.key().to_owned()));
                }
            }
            ProductType::Checking
            | ProductType::Savings
            | ProductType::MoneyMarket
            | ProductType::Cd
            | ProductType::Prepaid => {
                written.push(("RATING", rate_deposit(&offer, national).to_string()));
            }
            ProductType::PersonalLoan | ProductType::AutoLoan | ProductType::Mortgage => {
                written.push(("RATING", rate_loan(&offer).to_string()));
            }
            ProductType::Institution => {}
        }
        let Some(object) = value.as_object_mut() else {
            continue;
        };
        if written.is_empty() {
            continue;
        }
        let mut editorial: Vec<String> = object
            .get("EDITORIAL_FIELDS")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .split(',')
            .filter(|field| !field.is_empty())
            .map(str::to_owned)
            .collect();
        for (field, text) in written {
            object.insert(field.to_owned(), Value::String(text));
            if !editorial.iter().any(|f| f == field) {
                editorial.push(field.to_owned());
            }
        }
        object.insert(
            "EDITORIAL_FIELDS".to_owned(),
            Value::String(editorial.join(",")),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests;
