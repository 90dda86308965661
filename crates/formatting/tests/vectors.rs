//! Drives every rule from the shared vectors in `fixtures/vectors/formatting.json`,
//! the same cases the browser's formatter runs.

// Marked as test code so the workspace lints allow `unwrap` in the helpers too.
#![cfg(test)]

use std::str::FromStr;

use chrono::NaiveDate;
use formatting::date_placeholders::{fill_date_placeholders, placeholder_date};
use formatting::text_limits::{editor_note_char_limit, starts_collapsed, truncate_chars};
use formatting::{
    FieldKind, MoneyOptions, PhoneFormatError, format_min_to_open, format_money, format_nr,
    format_percent, format_phone, or_missing, truncate_words, word_limit,
};
use rust_decimal::Decimal;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

const VECTORS: &str = include_str!("../../../fixtures/vectors/formatting.json");

#[derive(Deserialize)]
struct Case<I, E> {
    input: I,
    expected: E,
}

#[derive(Deserialize)]
struct MoneyInput {
    amount: String,
    #[serde(flatten)]
    options: MoneyOptions,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
enum PhoneExpected {
    Ok(String),
    Error(String),
}

#[derive(Deserialize)]
struct FillInput {
    text: String,
    today: String,
}

#[derive(Deserialize)]
struct TruncateInput {
    text: String,
    limit: usize,
}

#[derive(Deserialize, Debug, PartialEq)]
struct TruncateExpected {
    text: String,
    cut: bool,
}

#[derive(Deserialize)]
struct OrMissingInput {
    value: Option<String>,
    kind: FieldKind,
}

fn cases<I: DeserializeOwned, E: DeserializeOwned>(rule: &str) -> Vec<Case<I, E>> {
    let all: Value = serde_json::from_str(VECTORS).unwrap();
    let list = all.get(rule).unwrap_or_else(|| panic!("no rule {rule}"));
    let cases: Vec<Case<I, E>> = serde_json::from_value(list.clone()).unwrap();
    assert!(!cases.is_empty(), "rule {rule} has no cases");
    cases
}

fn decimal(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap()
}

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

#[test]
fn the_vectors_explain_themselves() {
    let all: Value = serde_json::from_str(VECTORS).unwrap();
    assert!(all.get("about").and_then(Value::as_str).is_some());
}

#[test]
fn moneyformat_vectors_pass() {
    for case in cases::<MoneyInput, String>("moneyformat") {
        let amount = decimal(&case.input.amount);
        assert_eq!(
            format_money(amount, case.input.options),
            case.expected,
            "{amount}"
        );
    }
}

#[test]
fn min_to_open_vectors_pass() {
    for case in cases::<Option<String>, String>("minToOpen") {
        let amount = case.input.as_deref().map(decimal);
        assert_eq!(format_min_to_open(amount), case.expected, "{amount:?}");
    }
}

#[test]
fn percent_vectors_pass() {
    for case in cases::<String, String>("percent") {
        assert_eq!(
            format_percent(decimal(&case.input)),
            case.expected,
            "{}",
            case.input
        );
    }
}

#[test]
fn phoneformat_vectors_pass() {
    for case in cases::<String, PhoneExpected>("phoneformat") {
        let actual = format_phone(&case.input);
        match (actual, case.expected) {
            (Ok(formatted), PhoneExpected::Ok(expected)) => {
                assert_eq!(formatted, expected, "{:?}", case.input);
            }
            (Err(PhoneFormatError::InvalidCharacter { .. }), PhoneExpected::Error(kind)) => {
                assert_eq!(kind, "invalidCharacter", "{:?}", case.input);
            }
            (Err(PhoneFormatError::WrongDigitCount { .. }), PhoneExpected::Error(kind)) => {
                assert_eq!(kind, "wrongDigitCount", "{:?}", case.input);
            }
            (actual, _) => panic!("{:?} gave {actual:?}", case.input),
        }
    }
}

#[test]
fn formatnr_vectors_pass() {
    for case in cases::<String, String>("formatnr") {
        assert_eq!(
            format_nr(decimal(&case.input)),
            case.expected,
            "{}",
            case.input
        );
    }
}

#[test]
fn placeholder_date_vectors_pass() {
    for case in cases::<String, String>("placeholderDate") {
        assert_eq!(
            placeholder_date(date(&case.input)),
            date(&case.expected),
            "{}",
            case.input
        );
    }
}

#[test]
fn fill_date_placeholders_vectors_pass() {
    for case in cases::<FillInput, String>("fillDatePlaceholders") {
        assert_eq!(
            fill_date_placeholders(&case.input.text, date(&case.input.today)),
            case.expected
        );
    }
}

#[test]
fn word_limit_vectors_pass() {
    for case in cases::<u32, usize>("wordLimit") {
        assert_eq!(word_limit(case.input), case.expected, "{}", case.input);
    }
}

#[test]
fn editor_note_char_limit_vectors_pass() {
    for case in cases::<u32, usize>("editorNoteCharLimit") {
        assert_eq!(
            editor_note_char_limit(case.input),
            case.expected,
            "{}",
            case.input
        );
    }
}

#[test]
fn starts_collapsed_vectors_pass() {
    for case in cases::<u32, bool>("startsCollapsed") {
        assert_eq!(
            starts_collapsed(case.input),
            case.expected,
            "{}",
            case.input
        );
    }
}

#[test]
fn truncate_words_vectors_pass() {
    for case in cases::<TruncateInput, TruncateExpected>("truncateWords") {
        let actual = truncate_words(&case.input.text, case.input.limit);
        let actual = TruncateExpected {
            text: actual.text().to_owned(),
            cut: actual.is_cut(),
        };
        assert_eq!(actual, case.expected, "{:?}", case.input.text);
    }
}

#[test]
fn truncate_chars_vectors_pass() {
    for case in cases::<TruncateInput, TruncateExpected>("truncateChars") {
        let actual = truncate_chars(&case.input.text, case.input.limit);
        let actual = TruncateExpected {
            text: actual.text().to_owned(),
            cut: actual.is_cut(),
        };
        assert_eq!(actual, case.expected, "{:?}", case.input.text);
    }
}

#[test]
fn missing_label_vectors_pass() {
    for case in cases::<FieldKind, String>("missingLabel") {
        assert_eq!(
            case.input.missing_label(),
            case.expected,
            "{:?}",
            case.input
        );
    }
}

#[test]
fn or_missing_vectors_pass() {
    for case in cases::<OrMissingInput, String>("orMissing") {
        assert_eq!(or_missing(case.input.value, case.input.kind), case.expected);
    }
}
