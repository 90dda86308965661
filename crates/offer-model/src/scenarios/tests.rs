use std::collections::HashSet;

use proptest::prelude::*;
use rust_decimal_macros::dec;

use super::*;

fn check(key: &str, family: ProductFamily, term: Option<u32>, balance: Option<Decimal>) {
    let scenario = Scenario::parse(key).unwrap();
    assert_eq!(scenario.family(), family, "{key}");
    assert_eq!(scenario.term_months(), term, "{key}");
    assert_eq!(scenario.representative_balance(), balance, "{key}");
}

#[test]
fn spelled_out_key_is_verbatim() {
    assert_eq!(
        Scenario::EverydayCheckingLowBalance.key(),
        "everydayCheckingLowBalance"
    );
}

#[test]
fn there_are_nine_checking_and_thirteen_saving_scenarios() {
    assert_eq!(Scenario::of_family(ProductFamily::Checking).count(), 9);
    assert_eq!(Scenario::of_family(ProductFamily::Saving).count(), 13);
}

#[test]
fn keys_and_labels_are_unique() {
    let keys: HashSet<_> = Scenario::ALL.iter().map(|s| s.key()).collect();
    let labels: HashSet<_> = Scenario::ALL.iter().map(|s| s.label()).collect();
    assert_eq!(keys.len(), Scenario::ALL.len());
    assert_eq!(labels.len(), Scenario::ALL.len());
}

#[test]
fn everyday_checking_scenarios_carry_increasing_balances() {
    use ProductFamily::Checking;
    check(
        "everydayCheckingLowBalance",
        Checking,
        None,
        Some(dec!(500)),
    );
    check(
        "everydayCheckingBelowAverageBalance",
        Checking,
        None,
        Some(dec!(2000)),
    );
    check(
        "everydayCheckingAverageBalance",
        Checking,
        None,
        Some(dec!(5000)),
    );
    check(
        "everydayCheckingAboveAverageBalance",
        Checking,
        None,
        Some(dec!(10000)),
    );
    check(
        "everydayCheckingHighBalance",
        Checking,
        None,
        Some(dec!(100000)),
    );
}

#[test]
fn customer_checking_scenarios_have_no_balance_or_term() {
    for key in [
        "checkingTraveler",
        "checkingStudent",
        "checkingCashBusiness",
        "checkingBusiness",
    ] {
        check(key, ProductFamily::Checking, None, None);
    }
}

#[test]
fn saving_amount_scenarios_carry_increasing_amounts() {
    use ProductFamily::Saving;
    check("savingSmallAmount", Saving, None, Some(dec!(1000)));
    check("savingBelowAverageAmount", Saving, None, Some(dec!(5000)));
    check("savingAverageAmount", Saving, None, Some(dec!(10000)));
    check("savingAboveAverageAmount", Saving, None, Some(dec!(25000)));
    check("savingLargeAmount", Saving, None, Some(dec!(100000)));
}

#[test]
fn balances_rise_from_low_to_high_within_each_family() {
    for family in [ProductFamily::Checking, ProductFamily::Saving] {
        let balances: Vec<_> = Scenario::of_family(family)
            .filter_map(Scenario::representative_balance)
            .collect();
        assert_eq!(balances.len(), 5, "{family:?}");
        assert!(balances.windows(2).all(|w| w[0] < w[1]), "{family:?}");
    }
}

#[test]
fn student_and_business_saving_scenarios_have_no_balance_or_term() {
    check("savingStudent", ProductFamily::Saving, None, None);
    check("savingBusiness", ProductFamily::Saving, None, None);
}

#[test]
fn term_scenarios_carry_their_months() {
    for (key, months) in [
        ("savingTerm3Months", 3),
        ("savingTerm6Months", 6),
        ("savingTerm12Months", 12),
        ("savingTerm24Months", 24),
        ("savingTerm36Months", 36),
        ("savingTerm60Months", 60),
    ] {
        check(key, ProductFamily::Saving, Some(months), None);
    }
}

#[test]
fn every_spec_term_has_exactly_one_scenario() {
    let terms: Vec<_> = Scenario::ALL
        .iter()
        .filter_map(|s| s.term_months())
        .collect();
    assert_eq!(terms, SAVING_TERMS_MONTHS);
    assert_eq!(SAVING_TERMS_MONTHS, [3, 6, 12, 24, 36, 60]);
}

#[test]
fn term_lookup_finds_spec_terms_only() {
    assert_eq!(Scenario::for_term(24), Some(Scenario::SavingTerm24Months));
    assert_eq!(Scenario::for_term(18), None);
    assert_eq!(Scenario::for_term(0), None);
}

#[test]
fn labels_word_the_spec_meaning() {
    assert_eq!(
        Scenario::EverydayCheckingAboveAverageBalance.label(),
        "Everyday checking with an above-average balance"
    );
    assert_eq!(
        Scenario::CheckingCashBusiness.label(),
        "Checking for a cash business"
    );
    assert_eq!(
        Scenario::SavingTerm3Months.label(),
        "Saving for a 3-month term"
    );
}

#[test]
fn every_scenario_round_trips_through_serde_as_its_key() {
    for scenario in Scenario::ALL {
        let json = serde_json::to_string(&scenario).unwrap();
        assert_eq!(json, format!("\"{}\"", scenario.key()));
        assert_eq!(serde_json::from_str::<Scenario>(&json).unwrap(), scenario);
    }
}

#[test]
fn unknown_scenario_is_a_typed_error() {
    assert_eq!(
        Scenario::parse("savingTerm7Months"),
        Err(UnknownScenario {
            key: "savingTerm7Months".to_owned()
        })
    );
    assert_eq!(
        Scenario::parse("x").unwrap_err().to_string(),
        "unknown customer scenario `x`"
    );
}

#[test]
fn product_family_travels_in_camel_case() {
    assert_eq!(
        serde_json::to_string(&ProductFamily::Saving).unwrap(),
        "\"saving\""
    );
}

proptest! {
    #[test]
    fn parse_does_not_panic_and_accepts_only_table_keys(raw in any::<String>()) {
        match Scenario::parse(&raw) {
            Ok(scenario) => prop_assert_eq!(scenario.key(), raw.as_str()),
            Err(error) => prop_assert_eq!(error.key, raw),
        }
    }

    #[test]
    fn term_lookup_does_not_panic(months in any::<u32>()) {
        let found = Scenario::for_term(months);
        prop_assert_eq!(found.is_some(), SAVING_TERMS_MONTHS.contains(&months));
    }
}
