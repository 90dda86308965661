//! The site's editorial ratings, computed from each offer's own figures by one fixed
//! methodology (no source rates products, and there are no member reviews yet). Every rating
//! the builder writes is listed in `EDITORIAL_FIELDS`. Institutions are not rated: no public
//! source rates them, and the catalogue holds too few of each one's products to rate it on them.
//!
//! Each product gets component scores from 0 to 5; a rating is their weighted mean, rounded
//! to one decimal. A figure the offer does not state scores 2.5, the middle of the scale, so
//! a card is neither rewarded nor punished for a figure its source leaves out.
//!
//! **Credit cards**: `RATING` is [`catalogue::breakdown::card_rating`] and `WH_RATINGS` with
//! `WH_RATINGS_NEEDS` is [`catalogue::breakdown::best_need`]: one method, described there and
//! on `/rating-methodologies`, for the ratings a list shows and the breakdown a card's page
//! shows.
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

use offer_model::{Offer, ProductType, scenarios::Scenario};
use ratings::Rating;
use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::Value;

use catalogue::{breakdown, figures};

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
        (
            breakdown::part_score(offer, breakdown::Part::Approval),
            "0.10",
        ),
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
                written.push(("RATING", breakdown::card_rating(&offer).to_string()));
                if let Some((need, rating)) = breakdown::best_need(&offer) {
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
