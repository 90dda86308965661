use std::collections::HashSet;

use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::*;

const VECTORS: &str = include_str!("../../../../fixtures/vectors/offer-rules.json");

/// The cases of one rule in the shared vectors, as (input, expected) pairs.
fn vectors<I: DeserializeOwned, E: DeserializeOwned>(rule: &str) -> Vec<(I, E)> {
    let all: Value = serde_json::from_str(VECTORS).unwrap();
    let cases = all[rule]
        .as_array()
        .unwrap_or_else(|| panic!("no rule {rule}"));
    assert!(!cases.is_empty(), "rule {rule} has no cases");
    cases
        .iter()
        .map(|case| {
            (
                serde_json::from_value(case["input"].clone()).unwrap(),
                serde_json::from_value(case["expected"].clone()).unwrap(),
            )
        })
        .collect()
}

fn check_label(key: &str, expected: &str) {
    assert_eq!(
        NeedKey::parse(key).map(NeedKey::label),
        Ok(expected),
        "{key}"
    );
}

const SPEC_KEYS: [&str; 26] = [
    "rebuild",
    "storeRebuild",
    "rebuildNB",
    "improving",
    "improvingNB",
    "student",
    "studentNB",
    "rewards",
    "travel",
    "airline",
    "hotel",
    "gas",
    "storeRewards",
    "financing",
    "storeFinancing",
    "lowerDebt",
    "businessRebuild",
    "businessRebuildNB",
    "businessImproving",
    "businessImprovingNB",
    "businessRewards",
    "businessTravel",
    "businessStoreRewards",
    "businessFinancing",
    "businessStoreFinancing",
    "businessLoweringDebt",
];

#[test]
fn every_key_the_specs_name_is_known_in_spec_order() {
    let keys: Vec<_> = NeedKey::ALL.iter().map(|need| need.key()).collect();
    assert_eq!(keys, SPEC_KEYS);
}

#[test]
fn keys_and_labels_are_unique() {
    let keys: HashSet<_> = NeedKey::ALL.iter().map(|need| need.key()).collect();
    let labels: HashSet<_> = NeedKey::ALL.iter().map(|need| need.label()).collect();
    assert_eq!(keys.len(), NeedKey::ALL.len());
    assert_eq!(labels.len(), NeedKey::ALL.len());
}

#[test]
fn every_need_has_a_non_blank_label() {
    for need in NeedKey::ALL {
        assert!(!need.label().trim().is_empty(), "{need}");
    }
}

#[test]
fn quoted_labels_are_verbatim() {
    check_label("rebuild", "Rebuild Damaged Credit");
    check_label("improving", "Improve Credit");
    check_label("student", "Build Credit (Students)");
    check_label("rewards", "Earn Rewards");
    check_label("financing", "Finance New Purchases");
    check_label("lowerDebt", "Lower Cost of Existing Debt");
}

#[test]
fn chosen_labels_are_the_documented_ones() {
    check_label("storeRebuild", "Rebuild Damaged Credit (Store Cards)");
    check_label("rebuildNB", "Rebuild Damaged Credit (NB)");
    check_label("improvingNB", "Improve Credit (NB)");
    check_label("studentNB", "Build Credit (Students, NB)");
    check_label("travel", "Travel Rewards");
    check_label("airline", "Airline Rewards");
    check_label("hotel", "Hotel Rewards");
    check_label("gas", "Gas Rewards");
    check_label("storeRewards", "Store Rewards");
    check_label("storeFinancing", "Finance New Purchases (Store Cards)");
}

#[test]
fn business_label_is_the_personal_label_prefixed_with_business() {
    for need in NeedKey::ALL.into_iter().filter(|need| need.is_business()) {
        assert_eq!(
            need.label(),
            format!("{BUSINESS_PREFIX}{}", need.personal().label()),
            "{need}"
        );
    }
}

#[test]
fn business_prefix_is_verbatim() {
    assert_eq!(BUSINESS_PREFIX, "Business - ");
}

#[test]
fn business_lowering_debt_belongs_to_lower_debt() {
    assert_eq!(NeedKey::BusinessLoweringDebt.personal(), NeedKey::LowerDebt);
    check_label(
        "businessLoweringDebt",
        "Business - Lower Cost of Existing Debt",
    );
}

#[test]
fn exactly_the_business_keys_are_business_variants() {
    for need in NeedKey::ALL {
        assert_eq!(
            need.is_business(),
            need.key().starts_with("business"),
            "{need}"
        );
    }
    assert_eq!(NeedKey::ALL.iter().filter(|n| n.is_business()).count(), 10);
}

#[test]
fn personal_need_is_its_own_personal_need() {
    assert_eq!(NeedKey::Gas.personal(), NeedKey::Gas);
    assert!(!NeedKey::personal(NeedKey::BusinessTravel).is_business());
}

#[test]
fn every_need_round_trips_through_serde_as_its_key() {
    for need in NeedKey::ALL {
        let json = serde_json::to_string(&need).unwrap();
        assert_eq!(json, format!("\"{}\"", need.key()));
        assert_eq!(serde_json::from_str::<NeedKey>(&json).unwrap(), need);
    }
}

#[test]
fn unknown_key_is_a_typed_error() {
    assert_eq!(
        NeedKey::parse("cashBack"),
        Err(UnknownNeedKey {
            key: "cashBack".to_owned()
        })
    );
    assert_eq!(
        UnknownNeedKey {
            key: "cashBack".to_owned()
        }
        .to_string(),
        "unknown need key `cashBack`"
    );
}

#[test]
fn keys_are_case_sensitive() {
    assert!(NeedKey::parse("rebuildNb").is_err());
    assert!(NeedKey::parse("REBUILD").is_err());
}

#[test]
fn keys_with_blanks_are_rejected() {
    assert!(NeedKey::parse(" rebuild").is_err());
    assert!(NeedKey::parse("").is_err());
}

#[test]
fn unknown_key_is_refused_when_deserialised() {
    assert!(serde_json::from_str::<NeedKey>("\"cashBack\"").is_err());
}

#[test]
fn display_writes_the_key() {
    assert_eq!(NeedKey::StudentNb.to_string(), "studentNB");
    assert_eq!("studentNB".parse::<NeedKey>(), Ok(NeedKey::StudentNb));
}

#[test]
fn need_label_vectors_pass() {
    let cases = vectors::<String, Option<String>>("needLabel");
    assert!(cases.iter().filter(|(_, label)| label.is_some()).count() == NeedKey::ALL.len());
    for (input, expected) in cases {
        let label = NeedKey::parse(&input)
            .ok()
            .map(|need| need.label().to_owned());
        assert_eq!(label, expected, "{input:?}");
    }
}

proptest! {
    #[test]
    fn parse_does_not_panic_and_accepts_only_table_keys(raw in any::<String>()) {
        match NeedKey::parse(&raw) {
            Ok(need) => prop_assert_eq!(need.key(), raw.as_str()),
            Err(error) => prop_assert_eq!(error.key, raw),
        }
    }

    #[test]
    fn key_round_trips_through_parse(index in 0usize..26) {
        let need = NeedKey::ALL[index];
        prop_assert_eq!(NeedKey::parse(need.key()), Ok(need));
    }
}
