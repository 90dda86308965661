use proptest::prelude::*;

use super::*;

#[test]
fn default_button_labels_are_verbatim() {
    let texts: Vec<_> = ButtonLabel::ALL.iter().map(|label| label.text()).collect();
    assert_eq!(
        texts,
        [
            "Apply Now",
            "Learn More",
            "View My Rate",
            "Next",
            "Go to Site"
        ]
    );
}

#[test]
fn button_label_displays_its_text() {
    assert_eq!(ButtonLabel::GoToSite.to_string(), "Go to Site");
}

#[test]
fn button_label_travels_in_camel_case() {
    assert_eq!(
        serde_json::to_string(&ButtonLabel::ViewMyRate).unwrap(),
        "\"viewMyRate\""
    );
}

#[test]
fn learn_more_cta_type_is_read() {
    assert_eq!(
        CtaButtonType::from_field(" learnMore "),
        Ok(Some(CtaButtonType::LearnMore))
    );
    assert_eq!(CtaButtonType::LearnMore.as_str(), "learnMore");
}

#[test]
fn blank_cta_type_means_none() {
    assert_eq!(CtaButtonType::from_field(""), Ok(None));
    assert_eq!(CtaButtonType::from_field("  "), Ok(None));
}

#[test]
fn other_cta_type_is_a_typed_error() {
    assert_eq!(
        CtaButtonType::from_field("LearnMore"),
        Err(UnknownCtaButtonType {
            value: "LearnMore".to_owned()
        })
    );
    assert_eq!(
        CtaButtonType::from_field("apply").unwrap_err().to_string(),
        "unknown cta button type `apply`"
    );
}

#[test]
fn cta_type_travels_as_learn_more() {
    assert_eq!(
        serde_json::to_string(&CtaButtonType::LearnMore).unwrap(),
        "\"learnMore\""
    );
}

#[test]
fn learn_more_cta_gives_a_learn_more_button() {
    assert_eq!(
        card_button_label(Some(CtaButtonType::LearnMore)).text(),
        "Learn More"
    );
}

#[test]
fn card_without_cta_type_gives_an_apply_now_button() {
    assert_eq!(card_button_label(None).text(), "Apply Now");
}

#[test]
fn page_version_18_says_min_credit_needed() {
    assert_eq!(min_credit_column_label(18), "Min Credit Needed");
}

#[test]
fn page_version_19_says_credit_score() {
    assert_eq!(min_credit_column_label(19), "Credit Score");
}

#[test]
fn page_version_20_says_min_credit_needed() {
    assert_eq!(min_credit_column_label(20), "Min Credit Needed");
}

proptest! {
    #[test]
    fn only_page_version_19_says_credit_score(version in any::<u32>()) {
        let expected = if version == 19 { "Credit Score" } else { "Min Credit Needed" };
        prop_assert_eq!(min_credit_column_label(version), expected);
    }

    #[test]
    fn cta_parse_does_not_panic(raw in any::<String>()) {
        let parsed = CtaButtonType::from_field(&raw);
        prop_assert_eq!(parsed.is_ok(), matches!(raw.trim(), "" | "learnMore"));
    }
}
