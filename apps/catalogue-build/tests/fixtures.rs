//! Checks of the committed catalogue fixtures (`fixtures/catalogue/*.json`). They read only
//! committed files, so they run without the shared data.
#![cfg(test)]

use std::collections::BTreeSet;

use offer_model::{offer::Offer, product_type::ProductType};
use serde_json::Value;

/// Every committed catalogue file with its name.
fn files() -> [(&'static str, &'static str); 4] {
    [
        (
            "credit-cards.json",
            include_str!("../../../fixtures/catalogue/credit-cards.json"),
        ),
        (
            "institutions.json",
            include_str!("../../../fixtures/catalogue/institutions.json"),
        ),
        (
            "deposits.json",
            include_str!("../../../fixtures/catalogue/deposits.json"),
        ),
        (
            "loans.json",
            include_str!("../../../fixtures/catalogue/loans.json"),
        ),
    ]
}

/// Every raw offer with its file name.
fn raw_offers() -> Vec<(&'static str, Value)> {
    files()
        .into_iter()
        .flat_map(|(name, text)| {
            let list: Vec<Value> = serde_json::from_str(text).unwrap();
            list.into_iter().map(move |offer| (name, offer))
        })
        .collect()
}

fn offers() -> Vec<(Value, Offer)> {
    raw_offers()
        .into_iter()
        .map(|(name, raw)| {
            let offer =
                Offer::from_json(&raw).unwrap_or_else(|error| panic!("{name}: {raw}: {error}"));
            (raw, offer)
        })
        .collect()
}

#[test]
fn every_offer_reads_without_error() {
    let offers = offers();
    assert!(offers.len() > 500, "{}", offers.len());
}

#[test]
fn ids_are_unique_across_files() {
    let mut seen = BTreeSet::new();
    for (_, offer) in offers() {
        let id = offer.identity.id.as_str().to_owned();
        assert!(seen.insert(id.clone()), "duplicate id {id}");
    }
}

#[test]
fn each_file_is_sorted_by_id() {
    for (name, text) in files() {
        let list: Vec<Value> = serde_json::from_str(text).unwrap();
        let ids: Vec<&str> = list.iter().map(|o| o["ID"].as_str().unwrap()).collect();
        let mut sorted = ids.clone();
        sorted.sort();
        assert_eq!(ids, sorted, "{name}");
    }
}

#[test]
fn files_are_in_the_builders_pretty_form() {
    for (name, text) in files() {
        let list: Vec<Value> = serde_json::from_str(text).unwrap();
        let again = serde_json::to_string_pretty(&list).unwrap() + "\n";
        assert!(again == text, "{name} is not as the builder writes it");
    }
}

#[test]
fn every_product_type_the_data_allows_appears() {
    let types: BTreeSet<ProductType> = offers().iter().map(|(_, o)| o.product_type).collect();
    for wanted in [
        ProductType::CreditCard,
        ProductType::Checking,
        ProductType::Savings,
        ProductType::MoneyMarket,
        ProductType::Cd,
        ProductType::PersonalLoan,
        ProductType::Institution,
    ] {
        assert!(types.contains(&wanted), "{wanted:?} is missing");
    }
    // No public source gives prepaid cards, auto loans or mortgages (fixtures/README.md).
    assert!(!types.contains(&ProductType::Prepaid));
}

#[test]
fn every_cd_term_the_scenarios_use_appears() {
    let terms: BTreeSet<String> = offers()
        .iter()
        .filter(|(_, o)| o.product_type == ProductType::Cd)
        .filter_map(|(raw, _)| raw["TERM"].as_str().map(str::to_owned))
        .collect();
    for term in ["3", "6", "12", "24", "36", "60"] {
        assert!(terms.contains(term), "no {term}-month CD");
    }
}

#[test]
fn every_deposit_product_has_a_tiered_rate_table_ending_open_ended() {
    for (raw, offer) in offers() {
        if !matches!(
            offer.product_type,
            ProductType::Checking
                | ProductType::Savings
                | ProductType::MoneyMarket
                | ProductType::Cd
        ) {
            continue;
        }
        let tiers = &offer.banking.rate_tiers;
        assert!(
            tiers.len() >= 2,
            "{}: {:?}",
            raw["ID"],
            raw["RATE_INFO_STR"]
        );
        assert!(
            raw["RATE_INFO_STR"]
                .as_str()
                .unwrap()
                .split(',')
                .next_back()
                .unwrap()
                .contains("|99999999|"),
            "{}: top tier is not open-ended",
            raw["ID"]
        );
    }
}

#[test]
fn every_offer_has_a_source_and_an_as_of_date() {
    for (raw, offer) in offers() {
        assert!(offer.provenance.source.is_some(), "{}", raw["ID"]);
        assert!(offer.provenance.source_url.is_some(), "{}", raw["ID"]);
        assert!(offer.provenance.source_as_of.is_some(), "{}", raw["ID"]);
    }
}

#[test]
fn generated_products_are_marked_illustrative_and_real_ones_are_not() {
    for (raw, offer) in offers() {
        let generated = matches!(
            offer.product_type,
            ProductType::Checking
                | ProductType::Savings
                | ProductType::MoneyMarket
                | ProductType::Cd
                | ProductType::PersonalLoan
        );
        assert_eq!(offer.provenance.illustrative, generated, "{}", raw["ID"]);
        if generated {
            assert!(
                offer.identity.name.as_str().ends_with("(illustrative)"),
                "{}",
                raw["ID"]
            );
        }
    }
}

#[test]
fn editorial_text_is_declared_editorial() {
    for (raw, offer) in offers() {
        for field in ["EDITORS_NOTES", "EDITORS_PROS", "EDITORS_CONS"] {
            if raw.get(field).is_some() {
                assert!(
                    offer.provenance.editorial_fields.iter().any(|f| f == field),
                    "{}: {field} is not in EDITORIAL_FIELDS",
                    raw["ID"]
                );
            }
        }
    }
}

#[test]
fn deposit_and_loan_products_belong_to_a_catalogue_institution() {
    let offers = offers();
    let institutions: BTreeSet<&str> = offers
        .iter()
        .filter(|(_, o)| o.product_type == ProductType::Institution)
        .map(|(_, o)| o.identity.id.as_str())
        .collect();
    for (raw, offer) in &offers {
        if offer.provenance.illustrative {
            let uid = offer.identity.uid.as_deref().unwrap_or_default();
            assert!(institutions.contains(uid), "{}: {uid}", raw["ID"]);
        }
    }
}

#[test]
fn cards_keep_the_market_median_apr_of_their_tiers() {
    let cards: Vec<(Value, Offer)> = offers()
        .into_iter()
        .filter(|(_, o)| o.product_type == ProductType::CreditCard)
        .collect();
    assert!(cards.len() >= 90);
    let with_median = cards
        .iter()
        .filter(|(_, o)| {
            o.rates.market_median_apr.is_some() && o.rates.market_median_apr_tier.is_some()
        })
        .count();
    assert_eq!(
        with_median,
        cards
            .iter()
            .filter(|(raw, _)| raw["SOURCE"]
                .as_str()
                .unwrap_or_default()
                .starts_with("CFPB"))
            .count()
    );
}
