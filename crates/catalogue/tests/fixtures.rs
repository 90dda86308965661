//! The committed catalogue (`fixtures/catalogue/*.json`) with the committed route table
//! (`fixtures/routes.json`): every listing page of community §2 resolves and lists only
//! named products of its kind;
//! the committed large-bank list (`fixtures/large-banks.json`) marks the large banks' offers.
#![cfg(test)]

use std::collections::BTreeSet;

use catalogue::{
    Catalogue, LargeBanks, ListingQuery, Placement, RouteRefinement, RouteSection, RouteTable,
    SortKey, SponsorshipMode,
    query::{Page, PerPage, Selector},
};
use offer_model::{Offer, ProductType, needs::NeedKey, scenarios::Scenario};

/// The credit card category pages of community §2, under `/credit-cards/`.
const CARD_PAGES: [&str; 15] = [
    "0-apr",
    "balance-transfer",
    "gas",
    "rewards",
    "excellent-credit",
    "good-credit",
    "fair-credit",
    "bad-credit",
    "no-credit",
    "store",
    "charge-cards",
    "no-foreign-transaction-fee",
    "secured",
    "unsecured",
    "starter",
];

/// The best-of pages of community §2.
const BEST_OF_PAGES: [&str; 11] = [
    "/best-credit-cards",
    "/best-business-credit-cards",
    "/best-credit-card-deals",
    "/best-credit-cards-for-students",
    "/best-credit-cards-no-annual-fee",
    "/best-low-interest-credit-cards",
    "/best-credit-card-rates",
    "/best-cash-back-credit-card",
    "/best-airline-credit-card",
    "/best-hotel-credit-card",
    "/credit-card-reviews",
];

/// The banking pages of community §2.
const BANKING_PAGES: [&str; 7] = [
    "/cd-rates",
    "/checking-accounts",
    "/savings-accounts",
    "/money-market-accounts",
    "/prepaid-debit-cards",
    "/banks",
    "/credit-unions",
];

/// The loan pages of community §2.
const LOAN_PAGES: [&str; 4] = [
    "/best-personal-loans",
    "/best-banks-for-personal-loans",
    "/personal-loans/short-term-loans",
    "/personal-loans/debt-consolidation-loans-for-bad-credit",
];

/// The fewest offers a card or best-of page lists.
const MIN_CARD_PAGE: usize = 8;

fn offers() -> Vec<Offer> {
    [
        include_str!("../../../fixtures/catalogue/credit-cards.json"),
        include_str!("../../../fixtures/catalogue/institutions.json"),
        include_str!("../../../fixtures/catalogue/deposits.json"),
        include_str!("../../../fixtures/catalogue/loans.json"),
    ]
    .into_iter()
    .flat_map(|text| serde_json::from_str::<Vec<Offer>>(text).unwrap())
    .collect()
}

fn routes() -> RouteTable {
    RouteTable::from_json(include_str!("../../../fixtures/routes.json")).unwrap()
}

fn catalogue() -> Catalogue {
    Catalogue::new(offers()).with_routes(routes())
}

/// Every item of a listing, all pages, pure editorial order.
fn everything(catalogue: &Catalogue, selector: Selector) -> Vec<&Offer> {
    let mut all = Vec::new();
    let mut page = Page::FIRST;
    loop {
        let query = ListingQuery::new(selector.clone())
            .with_page(page, PerPage::new(50).unwrap())
            .with_sponsorship(SponsorshipMode::None);
        let listing = catalogue.listing(&query).unwrap();
        all.extend(listing.items.iter().map(|item| item.offer));
        if page.get() as usize >= listing.pages {
            return all;
        }
        page = Page::new(page.get() + 1).unwrap();
    }
}

fn route(path: &str) -> Selector {
    Selector::Route {
        path: path.to_owned(),
        refinement: None,
    }
}

#[test]
fn the_route_table_is_exactly_the_listing_pages_of_the_spec() {
    let table = routes();
    let paths: BTreeSet<String> = table.routes().iter().map(|r| r.path.clone()).collect();
    let expected: BTreeSet<String> = CARD_PAGES
        .iter()
        .map(|page| format!("/credit-cards/{page}"))
        .chain(BEST_OF_PAGES.iter().map(|p| (*p).to_owned()))
        .chain(BANKING_PAGES.iter().map(|p| (*p).to_owned()))
        .chain(LOAN_PAGES.iter().map(|p| (*p).to_owned()))
        .collect();
    assert_eq!(paths, expected);
    for route in table.routes() {
        let section = if route.path.starts_with("/credit-cards/") {
            RouteSection::CreditCards
        } else if BEST_OF_PAGES.contains(&route.path.as_str()) {
            RouteSection::BestOf
        } else if BANKING_PAGES.contains(&route.path.as_str()) {
            RouteSection::Banking
        } else {
            RouteSection::Loans
        };
        assert_eq!(route.section, section, "{}", route.path);
    }
}

#[test]
fn every_route_resolves_on_every_sort() {
    let catalogue = catalogue();
    for route in catalogue.routes() {
        for sort in SortKey::ALL {
            let query = ListingQuery::route(route.path.clone()).with_sort(sort);
            let listing = catalogue.listing(&query).unwrap();
            assert_eq!(
                listing.total,
                catalogue.route_size(&route.path).unwrap(),
                "{}",
                route.path
            );
            assert_eq!(
                listing.route.map(|r| r.path.as_str()),
                Some(route.path.as_str())
            );
        }
    }
}

/// Card and best-of pages list cards only; a page may list few or none (a short true list
/// beats a long made-up one), and the pages that matter most to visitors list many.
#[test]
fn card_and_best_of_pages_list_cards_only() {
    let catalogue = catalogue();
    for route in catalogue.routes() {
        if !matches!(
            route.section,
            RouteSection::CreditCards | RouteSection::BestOf
        ) {
            continue;
        }
        let items = everything(&catalogue, self::route(&route.path));
        assert!(
            items
                .iter()
                .all(|o| o.product_type == ProductType::CreditCard),
            "{}",
            route.path
        );
    }
    for path in [
        "/best-credit-cards",
        "/credit-cards/rewards",
        "/credit-cards/balance-transfer",
    ] {
        assert!(
            catalogue.route_size(path).unwrap() >= MIN_CARD_PAGE,
            "{path}"
        );
    }
}

/// A real account's posted rate is one open-ended tier or more; an institution page shows
/// the institution's own named accounts, when the data has any.
#[test]
fn banking_pages_show_rate_tables() {
    let catalogue = catalogue();
    for path in BANKING_PAGES {
        for offer in everything(&catalogue, route(path)) {
            let id = offer.identity.id.as_str();
            if offer.product_type == ProductType::Institution {
                let view = catalogue.institution_with_products(id).unwrap();
                assert!(
                    view.products.iter().all(|p| !p.provenance.illustrative),
                    "{path}: {id}"
                );
            } else {
                assert!(!offer.banking.rate_tiers.is_empty(), "{path}: {id}");
            }
        }
    }
    for path in ["/cd-rates", "/savings-accounts", "/banks", "/credit-unions"] {
        assert!(catalogue.route_size(path).unwrap() > 0, "{path}");
    }
}

/// No public source names personal loans with their terms: the loan pages list none.
#[test]
fn loan_pages_list_only_loans_and_none_is_made_up() {
    let catalogue = catalogue();
    for path in LOAN_PAGES {
        let items = everything(&catalogue, route(path));
        assert!(
            items
                .iter()
                .all(|o| o.product_type == ProductType::PersonalLoan && !o.provenance.illustrative),
            "{path}"
        );
    }
}

/// The kinds the public data names products of are all there.
#[test]
fn every_named_kind_appears() {
    let catalogue = catalogue();
    for product_type in [
        ProductType::CreditCard,
        ProductType::Savings,
        ProductType::Cd,
        ProductType::Institution,
    ] {
        let listing = catalogue
            .listing(&ListingQuery::new(Selector::ProductType(product_type)))
            .unwrap();
        assert!(listing.total > 0, "{product_type:?} is missing");
    }
    for (path, at_least) in [
        ("/credit-cards/secured", 8),
        ("/credit-cards/charge-cards", 8),
        ("/best-business-credit-cards", 8),
    ] {
        assert!(catalogue.route_size(path).unwrap() >= at_least, "{path}");
    }
}

#[test]
fn every_scenario_ranks_by_what_its_customer_earns() {
    let catalogue = catalogue();
    for scenario in Scenario::ALL {
        let listing = catalogue
            .listing(&ListingQuery::new(Selector::Scenario(scenario)))
            .unwrap();
        // Checking scenarios have no named accounts to rank; saving ones have CDs and savings.
        if scenario.family() != offer_model::scenarios::ProductFamily::Checking {
            assert!(listing.total > 0, "{scenario:?}");
        }
        let scores: Vec<_> = listing.items.iter().map(|i| i.editorial_score).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scenario:?}");
    }
    // A banking page ranked for another scenario of its family.
    let query =
        ListingQuery::from_pairs([("route", "/cd-rates"), ("scenario", "savingTerm6Months")])
            .unwrap();
    let listing = catalogue.listing(&query).unwrap();
    assert!(listing.total > 0);
    assert!(
        listing
            .items
            .iter()
            .all(|i| i.offer.product_type == ProductType::Cd)
    );
}

#[test]
fn every_offer_is_found_by_id_and_details_page() {
    let catalogue = catalogue();
    for offer in catalogue.offers() {
        let id = offer.identity.id.as_str();
        assert_eq!(
            catalogue.offer(id).map(|o| o.identity.id.as_str()),
            Some(id)
        );
        let page = offer.identity.details_html_page.as_deref().unwrap();
        let found = catalogue.offer_by_details_page(&format!("/d/{page}"));
        assert_eq!(found.map(|o| o.identity.id.as_str()), Some(id), "{page}");
    }
}

#[test]
fn the_committed_catalogue_has_no_sponsored_placement() {
    // No offer is sponsored: the catalogue is built from public data, and a placement is
    // never invented. The default and the pure editorial orders are therefore the same.
    let catalogue = catalogue();
    assert!(catalogue.offers().iter().all(|o| !o.links.sponsored));
    let default = catalogue
        .listing(&ListingQuery::route("/best-credit-cards"))
        .unwrap();
    assert!(
        default
            .items
            .iter()
            .all(|i| i.placement == Placement::Editorial)
    );
}

/// An institution page lists the institution's named products where the data has any
/// (its CDs, savings accounts and cards), and none that is generated.
#[test]
fn institutions_list_their_products() {
    let catalogue = catalogue();
    let institutions: Vec<&Offer> = catalogue
        .offers()
        .iter()
        .filter(|o| o.product_type == ProductType::Institution)
        .collect();
    assert!(institutions.len() > 100);
    let mut with_products = 0;
    for institution in institutions {
        let view = catalogue
            .institution_with_products(institution.identity.id.as_str())
            .unwrap();
        assert!(view.products.iter().all(|p| !p.provenance.illustrative));
        with_products += usize::from(!view.products.is_empty());
    }
    assert!(with_products >= 20, "{with_products}");
}

#[test]
fn card_and_best_of_pages_offer_needs_and_other_pages_refuse_them() {
    let catalogue = catalogue();
    for (route, needs) in catalogue.routes_with_needs() {
        let cards = matches!(
            route.section,
            RouteSection::CreditCards | RouteSection::BestOf
        );
        assert_eq!(route.takes_needs(), cards, "{}", route.path);
        // A card page that lists cards offers their needs; an empty one (no card of the
        // survey is a gas card) has none to offer.
        let listed = catalogue.route_size(&route.path).unwrap() > 0;
        assert_eq!(!needs.is_empty(), cards && listed, "{}", route.path);
        let of_route: BTreeSet<&str> = everything(&catalogue, self::route(&route.path))
            .iter()
            .map(|o| o.identity.id.as_str())
            .collect();
        for need in needs {
            let items = everything(
                &catalogue,
                Selector::Route {
                    path: route.path.clone(),
                    refinement: Some(RouteRefinement::Need(*need)),
                },
            );
            assert!(!items.is_empty(), "{} {need}", route.path);
            assert!(
                items
                    .iter()
                    .all(|o| of_route.contains(o.identity.id.as_str())
                        && catalogue::filter::has_need(o, *need)),
                "{} {need}",
                route.path
            );
        }
        if !cards {
            let refused = catalogue
                .listing(&ListingQuery::route_need(
                    route.path.clone(),
                    NeedKey::Rewards,
                ))
                .unwrap_err();
            assert_eq!(
                refused.to_string(),
                format!("{} cannot be filtered by the need rewards", route.path)
            );
        }
    }
}

#[test]
fn banking_pages_with_a_scenario_offer_their_family_and_take_exactly_those() {
    use offer_model::scenarios::ProductFamily;
    let catalogue = catalogue();
    let family = |family| Scenario::of_family(family).collect::<Vec<_>>();
    for route in catalogue.routes() {
        let scenarios: Vec<Scenario> = route.scenarios().collect();
        let expected = match route.path.as_str() {
            "/checking-accounts" => family(ProductFamily::Checking),
            "/cd-rates" => family(ProductFamily::Saving),
            // No term: a savings or money market account is never a 12-month deposit.
            "/savings-accounts" | "/money-market-accounts" => family(ProductFamily::Saving)
                .into_iter()
                .filter(|s| s.term_months().is_none())
                .collect(),
            _ => Vec::new(),
        };
        assert_eq!(scenarios, expected, "{}", route.path);
        for scenario in Scenario::ALL {
            let selector = Selector::Route {
                path: route.path.clone(),
                refinement: Some(RouteRefinement::Scenario(scenario)),
            };
            let answer = catalogue.listing(&ListingQuery::new(selector));
            match answer {
                Ok(listing) => {
                    assert!(scenarios.contains(&scenario), "{} {scenario}", route.path);
                    assert_eq!(listing.scenario, Some(scenario));
                }
                Err(refused) => {
                    assert!(!scenarios.contains(&scenario), "{} {scenario}", route.path);
                    assert_eq!(
                        refused.to_string(),
                        format!(
                            "{} cannot be ranked for the scenario {scenario}",
                            route.path
                        )
                    );
                }
            }
        }
    }
}

#[test]
fn the_large_bank_list_marks_the_offers_of_large_banks_and_no_other() {
    let text = include_str!("../../../fixtures/large-banks.json");
    let banks = LargeBanks::from_json(text).unwrap();
    let listed: serde_json::Value = serde_json::from_str(text).unwrap();
    let catalogue = catalogue().with_large_banks(banks);
    let marked = |offer: &&Offer| catalogue.large_banks().asterisk(offer);
    let issuer = |offer: &Offer| offer.identity.issuer.clone().unwrap_or_default();
    // No offer carries an affiliate link (the catalogue has no commercial relationships),
    // so every offer of a listed issuer is marked: each large bank's institution offer
    // among them.
    assert!(catalogue.offers().iter().all(|o| !o.links.affiliate));
    let institutions: Vec<&Offer> = catalogue
        .offers()
        .iter()
        .filter(|o| o.product_type == ProductType::Institution)
        .filter(marked)
        .collect();
    assert_eq!(
        institutions.len(),
        listed["institutions"].as_array().unwrap().len()
    );
    assert!(
        institutions
            .iter()
            .all(|o| o.identity.id.as_str().starts_with("fdic-"))
    );
    for offer in catalogue.offers() {
        let name = issuer(offer);
        let expected = match name.as_str() {
            "Chase"
            | "Citi"
            | "American Express"
            | "American Express National Bank"
            | "Capital One, National Association"
            | "Usaa Federal Savings Bank" => Some(true),
            "Barclays"
            | "Navy Federal Credit Union"
            | "FNBO"
            | "TD Bank USA, National Association" => Some(false),
            _ => None,
        };
        if let Some(expected) = expected {
            assert_eq!(
                marked(&offer),
                expected,
                "{} of {name}",
                offer.identity.id.as_str()
            );
        }
    }
    let count = catalogue.offers().iter().filter(marked).count();
    // The large banks' cards and institution offers: about a sixth of the catalogue.
    assert!(
        (250..catalogue.len() / 2).contains(&count),
        "{count} marked"
    );
}
