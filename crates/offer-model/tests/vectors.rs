//! Runs the shared test vectors of `fixtures/vectors/offer-model.json` (site-core §3
//! "RATE_INFO_STR"): the same table the frontend will run to show a visitor's blended APY.
#![cfg(test)]

use std::str::FromStr;

use offer_model::rate_tiers::RateTiers;
use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::{Value, json};

const VECTORS: &str = include_str!("../../../fixtures/vectors/offer-model.json");

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Vectors {
    about: String,
    rate_info: Vec<Case<String>>,
    blended_apy: Vec<Case<BalanceInput>>,
    tier_for: Vec<Case<BalanceInput>>,
}

#[derive(Deserialize)]
struct Case<I> {
    input: I,
    expected: Value,
}

#[derive(Deserialize)]
struct BalanceInput {
    tiers: String,
    balance: String,
}

fn vectors() -> Vectors {
    serde_json::from_str(VECTORS).expect("the vectors file is valid")
}

fn tiers(raw: &str) -> RateTiers {
    RateTiers::parse(raw).unwrap_or_else(|error| panic!("tiers {raw:?} must parse: {error}"))
}

fn balance(raw: &str) -> Decimal {
    Decimal::from_str(raw).unwrap_or_else(|error| panic!("balance {raw:?}: {error}"))
}

#[test]
fn vectors_file_explains_itself_and_has_cases_for_every_rule() {
    let vectors = vectors();
    assert!(!vectors.about.is_empty());
    assert!(!vectors.rate_info.is_empty());
    assert!(!vectors.blended_apy.is_empty());
    assert!(!vectors.tier_for.is_empty());
}

#[test]
fn rate_info_strings_parse_as_the_vectors_say() {
    for case in vectors().rate_info {
        let actual = match RateTiers::parse(&case.input) {
            Ok(table) => json!({
                "tiers": table.iter().map(|tier| json!({
                    "low": tier.low().to_string(),
                    "high": tier.high().to_string(),
                    "rate": tier.rate().to_string(),
                    "apy": tier.apy().to_string(),
                    "openEnded": tier.is_open_ended(),
                })).collect::<Vec<_>>()
            }),
            Err(error) => json!({"error": error.kind(), "position": error.position()}),
        };
        assert_eq!(actual, case.expected, "input {:?}", case.input);
    }
}

#[test]
fn valid_rate_info_strings_in_the_vectors_print_back_canonically() {
    for case in vectors().rate_info {
        if let Ok(table) = RateTiers::parse(&case.input) {
            assert_eq!(RateTiers::parse(&table.to_string()), Ok(table));
        }
    }
}

#[test]
fn blended_apys_are_what_the_vectors_say() {
    for case in vectors().blended_apy {
        let table = tiers(&case.input.tiers);
        let actual = match table.blended_apy_rounded(balance(&case.input.balance)) {
            Ok(apy) => json!({"apy": apy.to_string()}),
            Err(error) => json!({"error": error.kind()}),
        };
        assert_eq!(
            actual, case.expected,
            "tiers {:?}, balance {}",
            case.input.tiers, case.input.balance
        );
    }
}

#[test]
fn highlighted_tiers_are_what_the_vectors_say() {
    for case in vectors().tier_for {
        let table = tiers(&case.input.tiers);
        let actual = json!(table.tier_index_for(balance(&case.input.balance)));
        assert_eq!(
            actual, case.expected,
            "tiers {:?}, balance {}",
            case.input.tiers, case.input.balance
        );
    }
}
