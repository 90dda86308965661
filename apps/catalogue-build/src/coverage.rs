//! The catalogue's coverage rules, checked on every build and on the committed fixtures:
//! every route of the route table lists at least [`MIN_ROUTE_SIZE`] products, and every
//! product shows its figures: a card its three headline figures
//! ([`offer_model::headline::CardHeadlines`]), a deposit account its APY, a loan its APR.

use catalogue::{Catalogue, figures::headline_apy};
use offer_model::{Offer, ProductType, headline::CardHeadlines};

#[cfg(test)]
mod tests;

/// The fewest products a route may list: one full listing page (community §2).
pub const MIN_ROUTE_SIZE: usize = 8;

/// One way the catalogue falls short, as a sentence naming the route or the offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shortfall(pub String);

/// Every shortfall of the catalogue, routes first; empty when it meets the rules.
pub fn shortfalls(catalogue: &Catalogue) -> Vec<Shortfall> {
    let mut out: Vec<Shortfall> = catalogue
        .routes()
        .routes()
        .iter()
        .filter_map(|route| {
            let size = catalogue.route_size(&route.path).unwrap_or(0);
            (size < MIN_ROUTE_SIZE).then(|| {
                Shortfall(format!(
                    "{} lists {size} products, fewer than {MIN_ROUTE_SIZE}",
                    route.path
                ))
            })
        })
        .collect();
    out.extend(catalogue.offers().iter().filter_map(missing_figures));
    out
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
