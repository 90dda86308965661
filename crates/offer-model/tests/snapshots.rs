//! Snapshot tests of the normal form of offers read from raw, spec-shaped JSON (site-core §3
//! "Card offer": "Field names exist in upper-case and lower-case variants"). Each product is
//! written twice in `tests/data/`, once with upper-case and once with lower-case field names
//! (and the other value spellings the spec allows); both must give the same offer.
#![cfg(test)]

use offer_model::{offer::Offer, product_type::ProductType};
use serde_json::Value;

/// Reads both spellings of one sample, checks they are equal offers, and returns one.
fn read_both(upper: &str, lower: &str) -> Offer {
    let read = |text: &str| {
        let value: Value = serde_json::from_str(text).expect("sample is valid JSON");
        Offer::from_json(&value).expect("sample is a valid offer")
    };
    let (from_upper, from_lower) = (read(upper), read(lower));
    assert_eq!(
        from_upper, from_lower,
        "upper-case and lower-case spellings differ"
    );
    from_upper
}

macro_rules! sample {
    ($name:literal) => {
        read_both(
            include_str!(concat!("data/", $name, ".upper.json")),
            include_str!(concat!("data/", $name, ".lower.json")),
        )
    };
}

#[test]
fn credit_card_reads_the_same_in_both_spellings() {
    let offer = sample!("credit_card");
    assert_eq!(offer.product_type, ProductType::CreditCard);
    insta::assert_json_snapshot!("credit_card", offer);
}

#[test]
fn savings_account_with_tiered_rates_reads_the_same_in_both_spellings() {
    let offer = sample!("savings");
    assert_eq!(offer.product_type, ProductType::Savings);
    assert_eq!(offer.banking.rate_tiers.len(), 3);
    insta::assert_json_snapshot!("savings", offer);
}

#[test]
fn cd_reads_the_same_in_both_spellings() {
    let offer = sample!("cd");
    assert_eq!(offer.product_type, ProductType::Cd);
    insta::assert_json_snapshot!("cd", offer);
}

#[test]
fn personal_loan_reads_the_same_in_both_spellings() {
    let offer = sample!("personal_loan");
    assert_eq!(offer.product_type, ProductType::PersonalLoan);
    insta::assert_json_snapshot!("personal_loan", offer);
}

#[test]
fn institution_reads_the_same_in_both_spellings() {
    let offer = sample!("institution");
    assert_eq!(offer.product_type, ProductType::Institution);
    insta::assert_json_snapshot!("institution", offer);
}

#[test]
fn every_sample_survives_the_raw_and_normal_round_trips() {
    for offer in [
        sample!("credit_card"),
        sample!("savings"),
        sample!("cd"),
        sample!("personal_loan"),
        sample!("institution"),
    ] {
        assert_eq!(Offer::from_json(&offer.to_raw_json()).as_ref(), Ok(&offer));
        let normal = serde_json::to_string(&offer).expect("offers serialise");
        let back: Offer = serde_json::from_str(&normal).expect("normal form reads back");
        assert_eq!(back, offer);
    }
}
