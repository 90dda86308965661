use super::*;

fn check_page(value: Option<&str>, expected: u32) {
    assert_eq!(parse_page(value), expected, "value {value:?}");
}

#[test]
fn default_sort_is_most_popular() {
    assert_eq!(SortKey::default(), SortKey::MostPopular);
}

#[test]
fn sort_keys_and_labels_follow_the_spec() {
    assert_eq!(SortKey::MostPopular.key(), "mp");
    assert_eq!(SortKey::MostPopular.label(), "Most Popular");
    assert_eq!(SortKey::MostUpvotes.key(), "mv");
    assert_eq!(SortKey::MostUpvotes.label(), "Most Upvotes");
}

#[test]
fn sort_key_parses_back_from_its_key() {
    for sort in SortKey::ALL {
        assert_eq!(SortKey::parse(sort.key()), Ok(sort));
    }
}

#[test]
fn unknown_sort_key_is_an_error() {
    assert_eq!(
        SortKey::parse("new"),
        Err(SortKeyError::Unknown { key: "new".into() })
    );
}

#[test]
fn unknown_or_missing_sort_param_gives_the_default() {
    assert_eq!(SortKey::from_param(None), SortKey::MostPopular);
    assert_eq!(SortKey::from_param(Some("")), SortKey::MostPopular);
    assert_eq!(SortKey::from_param(Some("mv")), SortKey::MostUpvotes);
}

#[test]
fn sort_key_serializes_as_its_key() {
    assert_eq!(
        serde_json::to_string(&SortKey::MostUpvotes).unwrap(),
        "\"mv\""
    );
    assert_eq!(
        serde_json::from_str::<SortKey>("\"mp\"").unwrap(),
        SortKey::MostPopular
    );
}

#[test]
fn missing_or_empty_page_is_page_one() {
    check_page(None, 1);
    check_page(Some(""), 1);
    check_page(Some("  "), 1);
}

#[test]
fn page_zero_is_page_one() {
    check_page(Some("0"), 1);
    check_page(Some("000"), 1);
}

#[test]
fn pages_one_and_two_are_read() {
    check_page(Some("1"), 1);
    check_page(Some("2"), 2);
}

#[test]
fn page_is_trimmed_and_leading_zeros_are_allowed() {
    check_page(Some(" 07 "), 7);
}

#[test]
fn signed_fractional_or_mixed_pages_are_page_one() {
    for value in ["-2", "+2", "2.5", "2a", "a2", "1e3", "٣"] {
        check_page(Some(value), 1);
    }
}

#[test]
fn page_cap_is_inclusive() {
    check_page(Some("9999"), 9999);
    check_page(Some("10000"), 10_000);
    check_page(Some("10001"), 1);
}

#[test]
fn page_beyond_u32_is_page_one() {
    check_page(Some("99999999999999999999999"), 1);
}

#[test]
fn page_parameter_is_named_qpage() {
    assert_eq!(crate::constants::PAGE_PARAM_DEFAULT, "qpage");
}
