use super::*;

#[test]
fn a_missing_rate_shows_not_available() {
    assert_eq!(FieldKind::Rate.missing_label(), "N/A");
}

#[test]
fn a_missing_fee_shows_not_available() {
    assert_eq!(FieldKind::Fee.missing_label(), "N/A");
}

#[test]
fn a_missing_amount_shows_not_available() {
    assert_eq!(FieldKind::Amount.missing_label(), "N/A");
}

#[test]
fn a_missing_term_shows_not_available() {
    assert_eq!(FieldKind::Term.missing_label(), "N/A");
}

#[test]
fn a_missing_requirement_shows_not_available() {
    assert_eq!(FieldKind::Requirement.missing_label(), "N/A");
}

#[test]
fn a_missing_perk_shows_none() {
    assert_eq!(FieldKind::Perk.missing_label(), "None");
}

#[test]
fn only_perks_show_none() {
    let none: Vec<FieldKind> = FieldKind::ALL
        .into_iter()
        .filter(|kind| kind.missing_label() == "None")
        .collect();
    assert_eq!(none, vec![FieldKind::Perk]);
}

#[test]
fn a_present_value_is_shown() {
    assert_eq!(or_missing(Some("4.35%"), FieldKind::Rate), "4.35%");
}

#[test]
fn an_absent_value_shows_the_label_of_its_kind() {
    assert_eq!(or_missing(None::<&str>, FieldKind::Perk), "None");
}

#[test]
fn an_empty_value_counts_as_missing() {
    assert_eq!(or_missing(Some(String::new()), FieldKind::Fee), "N/A");
}

#[test]
fn a_whitespace_value_counts_as_missing() {
    assert_eq!(or_missing(Some(" \t"), FieldKind::Fee), "N/A");
}

#[test]
fn a_zero_is_a_value_not_a_missing_one() {
    assert_eq!(or_missing(Some("$0.00"), FieldKind::Fee), "$0.00");
}

#[test]
fn field_kinds_travel_as_camel_case_json() {
    assert_eq!(
        serde_json::to_string(&FieldKind::Requirement).unwrap(),
        r#""requirement""#
    );
}
