//! The catalogue's coverage rules, checked on every build and on the committed fixtures:
//! every product is a named product of its source, never a generated one (`ILLUSTRATIVE`),
//! and shows its figures: a card its three headline figures
//! ([`offer_model::headline::CardHeadlines`]), a deposit account its APY, a loan its APR.
//! A route may list few products or none: a short true list beats a long made-up one, and
//! a page with none says so (docs/DECISIONS.md, "Only real products").

use catalogue::figures::headline_apy;
use offer_model::{Offer, ProductType, headline::CardHeadlines};

#[cfg(test)]
mod tests;

/// One way the catalogue falls short, as a sentence naming the route or the offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shortfall(pub String);

/// Every shortfall of the catalogue, generated products first; empty when it meets the
/// rules.
pub fn shortfalls(offers: &[Offer]) -> Vec<Shortfall> {
    let generated = offers
        .iter()
        .filter(|offer| offer.provenance.illustrative)
        .map(|offer| {
            Shortfall(format!(
                "{} is generated, not a named product of its source",
                offer.identity.id.as_str()
            ))
        });
    generated
        .chain(offers.iter().filter_map(missing_figures))
        .collect()
}

/// The figures an offer lacks, when it lacks any.
fn missing_figures(offer: &Offer) -> Option<Shortfall> {
    let missing: Vec<&str> = match offer.product_type {
        ProductType::CreditCard => CardHeadlines::of(offer).missing(),
        ProductType::Checking
        | ProductType::Savings
        | ProductType::MoneyMarket
        | ProductType::Cd
        | ProductType::Prepaid => {
            if headline_apy(offer).is_some() {
                Vec::new()
            } else {
                vec!["APY"]
            }
        }
        ProductType::PersonalLoan | ProductType::AutoLoan | ProductType::Mortgage => {
            if offer.loan.apr.is_some() {
                Vec::new()
            } else {
                vec!["APR"]
            }
        }
        ProductType::Institution => Vec::new(),
    };
    (!missing.is_empty()).then(|| {
        Shortfall(format!(
            "{} lacks its {}",
            offer.identity.id.as_str(),
            missing.join(", ")
        ))
    })
}
