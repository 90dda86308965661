use proptest::prelude::*;

use super::*;

fn check(text: &str, expected: ApprovalOddsClass) {
    assert_eq!(
        ApprovalOddsClass::from_text(text),
        expected,
        "text {text:?}"
    );
}

#[test]
fn very_good_is_high() {
    check("very good", ApprovalOddsClass::High);
}

#[test]
fn very_good_never_falls_into_good() {
    check("Very Good", ApprovalOddsClass::High);
}

#[test]
fn good_is_medium() {
    check("good", ApprovalOddsClass::Medium);
}

#[test]
fn fair_is_low() {
    check("fair", ApprovalOddsClass::Low);
}

#[test]
fn excellent_is_ultra() {
    check("excellent", ApprovalOddsClass::Ultra);
}

#[test]
fn pre_selected_is_ultra() {
    check("pre-selected", ApprovalOddsClass::Ultra);
}

#[test]
fn pre_approved_is_ultra() {
    check("Pre-Approved", ApprovalOddsClass::Ultra);
}

#[test]
fn outstanding_is_ultra() {
    check("OUTSTANDING", ApprovalOddsClass::Ultra);
}

#[test]
fn surrounding_whitespace_is_ignored() {
    check("  Fair\n", ApprovalOddsClass::Low);
}

#[test]
fn other_text_is_limited() {
    check("poor", ApprovalOddsClass::Limited);
}

#[test]
fn empty_text_is_limited() {
    check("", ApprovalOddsClass::Limited);
}

#[test]
fn a_longer_text_containing_good_is_limited() {
    check("good odds", ApprovalOddsClass::Limited);
}

#[test]
fn a_missing_hyphen_is_limited() {
    check("pre approved", ApprovalOddsClass::Limited);
}

#[test]
fn classes_serialise_as_their_names() {
    let json = serde_json::to_string(&ApprovalOddsClass::Ultra).unwrap();
    assert_eq!(json, "\"ultra\"");
    assert_eq!(ApprovalOddsClass::Limited.to_string(), "limited");
}

proptest! {
    #[test]
    fn from_text_never_panics(text in any::<String>()) {
        let _ = ApprovalOddsClass::from_text(&text);
    }

    #[test]
    fn case_and_surrounding_spaces_do_not_change_the_class(
        text in "(very good|good|fair|excellent|pre-selected|pre-approved|outstanding|other)",
        left in " {0,3}",
        right in " {0,3}",
    ) {
        let padded = format!("{left}{}{right}", text.to_uppercase());
        prop_assert_eq!(ApprovalOddsClass::from_text(&padded), ApprovalOddsClass::from_text(&text));
    }
}
