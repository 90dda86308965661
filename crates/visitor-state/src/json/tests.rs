//! Unit and property tests for the tolerant JSON readers.

use serde_json::json;

use super::*;

fn check_flag(input: Value, expected: bool) {
    assert_eq!(flag(&input), expected, "flag({input})");
}

#[test]
fn true_and_false_are_flags() {
    check_flag(json!(true), true);
    check_flag(json!(false), false);
}

#[test]
fn numbers_are_flags_when_non_zero() {
    check_flag(json!(1), true);
    check_flag(json!(-1), true);
    check_flag(json!(0), false);
    check_flag(json!(0.0), false);
    check_flag(json!(0.5), true);
}

#[test]
fn true_words_are_flags_in_any_case() {
    for word in ["1", "true", "TRUE", " yes ", "Y", "on"] {
        check_flag(json!(word), true);
    }
}

#[test]
fn other_strings_are_not_flags() {
    for word in ["0", "false", "", "no", "N", "maybe"] {
        check_flag(json!(word), false);
    }
}

#[test]
fn null_arrays_and_objects_are_not_flags() {
    check_flag(Value::Null, false);
    check_flag(json!([1]), false);
    check_flag(json!({"a": 1}), false);
}

#[test]
fn number_reads_as_text() {
    assert_eq!(text(&json!(17)), Some("17".to_owned()));
}

#[test]
fn empty_string_reads_as_no_text() {
    assert_eq!(text(&json!("")), None);
}

#[test]
fn boolean_reads_as_no_text() {
    assert_eq!(text(&json!(true)), None);
}

#[test]
fn small_number_reads_integers_and_numeric_strings() {
    assert_eq!(small_number::<u16>(&json!(720)), Some(720));
    assert_eq!(small_number::<u16>(&json!(" 720 ")), Some(720));
}

#[test]
fn small_number_out_of_range_or_negative_is_absent() {
    assert_eq!(small_number::<u16>(&json!(70_000)), None);
    assert_eq!(small_number::<u16>(&json!(-1)), None);
    assert_eq!(small_number::<u16>(&json!(7.5)), None);
}

#[test]
fn text_list_reads_arrays_and_comma_separated_strings() {
    assert_eq!(text_list(&json!(["a", 2, null, ""])), ["a", "2"]);
    assert_eq!(text_list(&json!(" a, ,b ")), ["a", "b"]);
    assert!(text_list(&json!({"a": 1})).is_empty());
}

#[test]
fn json_kind_names_every_value() {
    let kinds: Vec<&str> = [
        json!(null),
        json!(true),
        json!(1),
        json!("s"),
        json!([]),
        json!({}),
    ]
    .iter()
    .map(|v| JsonKind::of(v).as_str())
    .collect();
    assert_eq!(
        kinds,
        ["null", "boolean", "number", "string", "array", "object"]
    );
}
