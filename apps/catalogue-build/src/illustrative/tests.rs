use super::*;
use crate::{csv::Table, deposits::NationalRates};
use offer_model::{Offer, ProductType};
use rust_decimal_macros::dec;

fn institution(kind: Kind, id: &str, rank: usize) -> Institution {
    Institution {
        kind,
        id: id.to_owned(),
        name: format!("{id} Name"),
        short_name: format!("{id} Short"),
        location: "Austin, Texas".to_owned(),
        assets: dec!(1000),
        deposits: None,
        members: None,
        federal_charter: false,
        rank,
        as_of: "2025-09-30".to_owned(),
    }
}

fn institutions() -> Vec<Institution> {
    let mut all: Vec<Institution> = (1..=12)
        .flat_map(|rank| {
            [
                institution(Kind::Bank, &format!("fdic-{rank}"), rank),
                institution(Kind::CreditUnion, &format!("ncua-{rank}"), rank),
            ]
        })
        .collect();
    all.push(institution(Kind::Bank, "fdic-27314", 40));
    all.push(institution(Kind::Bank, "fdic-30776", 300));
    all
}

fn medians() -> BTreeMap<&'static str, Decimal> {
    [
        ("0", dec!(0.28)),
        ("1", dec!(0.27)),
        ("2", dec!(0.24)),
        ("3", dec!(0.20)),
    ]
    .into_iter()
    .collect()
}

fn read(values: &[Value]) -> Vec<Offer> {
    values
        .iter()
        .map(|v| Offer::from_json(v).unwrap())
        .collect()
}

#[test]
fn card_families_go_to_the_planned_institutions() {
    let cards = read(&cards(&institutions(), &medians(), "2025-12-31"));
    let count = |tag: &str| {
        cards
            .iter()
            .filter(|c| c.content.tags.iter().any(|t| t == tag))
            .count()
    };
    assert_eq!(count("student"), 7);
    assert_eq!(count("secured"), 5);
    assert_eq!(count("gas"), 10);
    assert_eq!(count("store"), 2);
    for card in &cards {
        assert_eq!(card.product_type, ProductType::CreditCard);
        assert!(card.provenance.illustrative);
        assert!(card.identity.name.as_str().ends_with("(illustrative)"));
        assert!(card.rates.market_median_apr.is_some());
        assert_eq!(
            card.identity.details_html_page.as_deref(),
            Some(card.identity.id.as_str())
        );
    }
}

#[test]
fn credit_union_card_aprs_stay_under_the_ceiling() {
    let cards = cards(&institutions(), &medians(), "2025-12-31");
    for card in cards
        .iter()
        .filter(|c| c["UID"].as_str().unwrap().starts_with("ncua-"))
    {
        let apr = card["REGULAR_PURCHASE_APR"].as_str().unwrap();
        let highest = apr
            .split(['-', '%', ' '])
            .filter_map(|part| part.parse::<Decimal>().ok())
            .max()
            .unwrap();
        assert!(highest <= dec!(18), "{apr}");
    }
}

#[test]
fn secured_cards_ask_a_deposit_and_store_cards_are_store_cards() {
    let cards = read(&cards(&institutions(), &medians(), "2025-12-31"));
    for card in &cards {
        let secured = card.identity.card_type.as_deref() == Some("secured");
        assert_eq!(
            secured,
            card.fees.min_security_deposit.is_some(),
            "{}",
            card.identity.id.as_str()
        );
    }
    assert!(
        cards
            .iter()
            .filter(|c| c.content.tags.iter().any(|t| t == "store"))
            .all(|c| c.identity.card_type.as_deref() == Some("store card"))
    );
}

#[test]
fn prepaid_cards_have_a_tiered_savings_feature() {
    let table = Table::parse(
        "as_of,deposit_size,pdt_type,term_months,national_rate_apy_pct\n\
         2020-09-07,non-jumbo,Savings,,0.05\n2020-09-07,jumbo,Savings,,0.06\n",
    )
    .unwrap();
    let national = NationalRates::latest(&table).unwrap();
    let cards = read(&prepaid_cards(&institutions(), &national));
    assert_eq!(cards.len(), 1);
    let card = &cards[0];
    assert_eq!(card.product_type, ProductType::Prepaid);
    assert_eq!(card.banking.rate_tiers.len(), 2);
    assert!(card.banking.rate_tiers.tiers()[1].is_open_ended());
    assert!(card.banking.rate_tiers.tiers()[0].apy() > card.banking.rate_tiers.tiers()[1].apy());
}

#[test]
fn loans_are_auto_loans_and_mortgages_of_the_largest() {
    let loans = read(&loans(&institutions()));
    let auto = loans
        .iter()
        .filter(|l| l.product_type == ProductType::AutoLoan)
        .count();
    let mortgages = loans
        .iter()
        .filter(|l| l.product_type == ProductType::Mortgage)
        .count();
    assert_eq!(auto, 20);
    assert_eq!(mortgages, 5 + 3 + 3);
    assert!(
        loans
            .iter()
            .all(|l| l.provenance.illustrative && l.loan.apr.is_some())
    );
}

#[test]
fn the_build_is_deterministic() {
    let once = cards(&institutions(), &medians(), "2025-12-31");
    let again = cards(&institutions(), &medians(), "2025-12-31");
    assert_eq!(once, again);
    assert_eq!(loans(&institutions()), loans(&institutions()));
}
