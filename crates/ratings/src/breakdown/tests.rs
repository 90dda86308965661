use proptest::prelude::*;

use super::*;

#[test]
fn categories_serialise_with_the_spec_spelling() {
    let keys: Vec<String> = BreakdownCategory::ALL
        .into_iter()
        .map(|category| serde_json::to_string(&category).unwrap())
        .collect();
    assert_eq!(
        keys,
        vec![
            "\"APR\"",
            "\"User Reviews\"",
            "\"Other Features\"",
            "\"approval\"",
            "\"market comparison\""
        ]
    );
}

#[test]
fn category_keys_match_their_serde_names() {
    for category in BreakdownCategory::ALL {
        assert_eq!(
            serde_json::to_string(&category).unwrap(),
            format!("\"{}\"", category.key())
        );
    }
}

#[test]
fn categories_parse_from_their_keys() {
    for category in BreakdownCategory::ALL {
        assert_eq!(category.key().parse(), Ok(category));
    }
}

#[test]
fn a_category_key_in_another_case_is_unknown() {
    assert_eq!(
        BreakdownCategory::from_key("apr"),
        Err(BreakdownKeyError::UnknownCategory {
            key: "apr".to_owned()
        })
    );
}

#[test]
fn category_labels_are_title_case() {
    assert_eq!(
        BreakdownCategory::MarketComparison.label(),
        "Market Comparison"
    );
    assert_eq!(BreakdownCategory::Approval.to_string(), "Approval");
}

#[test]
fn need_keys_serialise_with_the_spec_spelling() {
    let keys: Vec<String> = RatingNeedKey::ALL
        .into_iter()
        .map(|need| serde_json::to_string(&need).unwrap())
        .collect();
    assert_eq!(
        keys,
        vec![
            "\"interest\"",
            "\"reviews\"",
            "\"otherFeatures\"",
            "\"marketComparison\"",
            "\"editorsRating\"",
            "\"total\"",
            "\"approval\"",
            "\"fees\"",
            "\"cost\""
        ]
    );
}

#[test]
fn need_keys_match_their_serde_names() {
    for need in RatingNeedKey::ALL {
        assert_eq!(
            serde_json::to_string(&need).unwrap(),
            format!("\"{}\"", need.key())
        );
    }
}

#[test]
fn need_keys_parse_from_their_keys() {
    for need in RatingNeedKey::ALL {
        assert_eq!(need.key().parse(), Ok(need));
    }
}

#[test]
fn an_unknown_need_key_is_rejected() {
    assert_eq!(
        RatingNeedKey::from_key("other_features"),
        Err(BreakdownKeyError::UnknownNeedKey {
            key: "other_features".to_owned()
        })
    );
}

#[test]
fn five_need_keys_feed_a_breakdown_category() {
    let categories: Vec<_> = RatingNeedKey::ALL
        .into_iter()
        .filter_map(RatingNeedKey::category)
        .collect();
    assert_eq!(
        categories,
        vec![
            BreakdownCategory::Apr,
            BreakdownCategory::UserReviews,
            BreakdownCategory::OtherFeatures,
            BreakdownCategory::MarketComparison,
            BreakdownCategory::Approval,
        ]
    );
}

#[test]
fn the_editors_rating_label_has_an_apostrophe() {
    assert_eq!(RatingNeedKey::EditorsRating.label(), "Editor's Rating");
}

/// Any text, and the keys of both kinds with small changes (case, blanks, a suffix).
fn key_like() -> impl Strategy<Value = String> {
    let keys: Vec<&'static str> = BreakdownCategory::ALL
        .iter()
        .map(|category| category.key())
        .chain(RatingNeedKey::ALL.iter().map(|need| need.key()))
        .collect();
    prop_oneof![
        any::<String>(),
        proptest::sample::select(keys.clone()).prop_map(str::to_owned),
        proptest::sample::select(keys.clone()).prop_map(str::to_uppercase),
        (
            proptest::sample::select(keys),
            "[ _a-zA-Z\u{0}]{0,2}",
            any::<bool>()
        )
            .prop_map(|(key, extra, before)| if before {
                format!("{extra}{key}")
            } else {
                format!("{key}{extra}")
            }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_category_is_found_only_by_its_exact_key(key in key_like()) {
        let known = BreakdownCategory::ALL.iter().any(|category| category.key() == key);
        match BreakdownCategory::from_key(&key) {
            Ok(category) => prop_assert_eq!(category.key(), key.as_str()),
            Err(error) => {
                prop_assert!(!known, "{:?}", key);
                prop_assert_eq!(error, BreakdownKeyError::UnknownCategory { key: key.clone() });
            }
        }
        prop_assert_eq!(key.parse::<BreakdownCategory>(), BreakdownCategory::from_key(&key));
    }

    #[test]
    fn a_need_key_is_found_only_by_its_exact_spelling(key in key_like()) {
        let known = RatingNeedKey::ALL.iter().any(|need| need.key() == key);
        match RatingNeedKey::from_key(&key) {
            Ok(need) => prop_assert_eq!(need.key(), key.as_str()),
            Err(error) => {
                prop_assert!(!known, "{:?}", key);
                prop_assert_eq!(error, BreakdownKeyError::UnknownNeedKey { key: key.clone() });
            }
        }
        prop_assert_eq!(key.parse::<RatingNeedKey>(), RatingNeedKey::from_key(&key));
    }
}
