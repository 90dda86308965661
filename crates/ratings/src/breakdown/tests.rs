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
