//! Unit and property tests for ids.

use proptest::prelude::*;

use super::*;

#[test]
fn group_id_is_trimmed() {
    assert_eq!(
        GroupId::parse("  g-17 ").map(String::from),
        Ok("g-17".to_owned())
    );
}

#[test]
fn empty_id_is_rejected() {
    assert_eq!(ProductId::parse(""), Err(InvalidId::Empty));
}

#[test]
fn whitespace_only_id_is_rejected() {
    assert_eq!(ProductId::parse(" \t "), Err(InvalidId::Empty));
}

#[test]
fn id_of_exactly_the_maximum_length_is_accepted() {
    let raw = "é".repeat(MAX_ID_CHARS);
    assert_eq!(
        ProductId::parse(&raw).map(|id| id.as_str().chars().count()),
        Ok(MAX_ID_CHARS)
    );
}

#[test]
fn id_one_character_over_the_maximum_is_rejected() {
    let raw = "a".repeat(MAX_ID_CHARS + 1);
    assert_eq!(
        ProductId::parse(&raw),
        Err(InvalidId::TooLong {
            len: MAX_ID_CHARS + 1,
            max: MAX_ID_CHARS
        })
    );
}

#[test]
fn id_with_a_control_character_is_rejected() {
    assert_eq!(GroupId::parse("a\u{0}b"), Err(InvalidId::ControlCharacter));
}

#[test]
fn id_travels_as_a_plain_json_string() {
    let id = ProductId::parse("123c").unwrap();
    assert_eq!(serde_json::to_string(&id).unwrap(), r#""123c""#);
    assert_eq!(serde_json::from_str::<ProductId>(r#""123c""#).unwrap(), id);
}

#[test]
fn invalid_id_in_json_is_a_deserialisation_error() {
    assert!(serde_json::from_str::<GroupId>(r#""""#).is_err());
}

proptest! {
    #[test]
    fn parse_never_panics_and_display_parses_back(raw in any::<String>()) {
        if let Ok(id) = GroupId::parse(&raw) {
            prop_assert_eq!(GroupId::parse(&format!("{id}")), Ok(id));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn product_id_parse_never_panics_and_display_parses_back(
        raw in prop_oneof![any::<String>(), "[ \t]{0,2}\\PC{0,70}[ \n]{0,2}", "[a-z0-9\u{0}\u{7f}\u{85}-]{0,66}"],
    ) {
        if let Ok(id) = ProductId::parse(&raw) {
            let text = id.as_str();
            prop_assert_eq!(text, raw.trim());
            prop_assert!((1..=MAX_ID_CHARS).contains(&text.chars().count()));
            prop_assert!(!text.chars().any(char::is_control));
            prop_assert_eq!(ProductId::parse(&format!("{id}")), Ok(id.clone()));
            let json = serde_json::to_string(&id).unwrap();
            prop_assert_eq!(serde_json::from_str::<ProductId>(&json).unwrap(), id);
        }
    }
}
