//! Runs the shared test vectors in `fixtures/vectors/ratings.json`, which the browser's
//! rating widget runs too.

// The whole file is test code, so clippy's allow-unwrap/panic-in-tests settings cover
// the helpers too.
#![cfg(test)]

use std::str::FromStr;

use ratings::{
    ApprovalOddsClass, Rating, RatingError, RatingSources, RatingVisibility, RememberedVote,
    StarCount, StarCountError, StarMode, StarPiece, Transition, VoteContext, VoteEvent, VoteState,
    memory, vote,
};
use rust_decimal::Decimal;
use serde::{Deserialize, de::DeserializeOwned};
use serde_json::Value;

const VECTORS: &str = include_str!("../../../fixtures/vectors/ratings.json");

#[derive(Debug, Deserialize)]
struct Case<I, E> {
    input: I,
    expected: E,
    /// What the case shows, when the vectors say.
    #[serde(default)]
    note: Option<String>,
}

fn cases<I: DeserializeOwned, E: DeserializeOwned>(rule: &str) -> Vec<Case<I, E>> {
    let all: Value = serde_json::from_str(VECTORS).unwrap();
    let list = all
        .get(rule)
        .unwrap_or_else(|| panic!("no vectors for {rule}"));
    let parsed: Vec<Case<I, E>> = serde_json::from_value(list.clone()).unwrap();
    assert!(!parsed.is_empty(), "{rule} has no cases");
    parsed
}

fn rating(text: &str) -> Rating {
    Rating::parse(text).unwrap()
}

fn decimal(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap()
}

#[test]
fn the_vectors_explain_themselves() {
    let all: Value = serde_json::from_str(VECTORS).unwrap();
    assert!(all["about"].as_str().is_some_and(|about| !about.is_empty()));
}

#[derive(Debug, Deserialize)]
struct StarInput {
    rating: String,
    mode: StarMode,
}

#[test]
fn star_pieces_match_the_vectors() {
    for case in cases::<StarInput, [StarPiece; 5]>("starPieces") {
        let drawn = rating(&case.input.rating).stars(case.input.mode);
        assert_eq!(drawn, case.expected, "{:?}", case.input);
    }
}

#[test]
fn half_rounding_matches_the_vectors() {
    for case in cases::<String, String>("halfRounding") {
        let rounded = rating(&case.input).rounded_to_half().value();
        assert_eq!(rounded, decimal(&case.expected), "{}", case.input);
    }
}

#[test]
fn one_decimal_text_matches_the_vectors() {
    for case in cases::<String, String>("oneDecimalText") {
        assert_eq!(
            rating(&case.input).one_decimal(),
            case.expected,
            "{}",
            case.input
        );
    }
}

#[test]
fn bar_width_matches_the_vectors() {
    for case in cases::<String, String>("barWidth") {
        let width = rating(&case.input).bar_width_percent();
        assert_eq!(width, decimal(&case.expected), "{}", case.input);
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
enum Parsed<T> {
    Ok(T),
    Error(String),
}

fn rating_error_code(error: &RatingError) -> &'static str {
    match error {
        RatingError::NotANumber { .. } => "notANumber",
        RatingError::OutOfRange { .. } => "outOfRange",
    }
}

#[test]
fn rating_parsing_matches_the_vectors() {
    for case in cases::<String, Parsed<String>>("ratingParse") {
        let parsed = Rating::parse(&case.input);
        match (&parsed, &case.expected) {
            (Ok(rating), Parsed::Ok(value)) => assert_eq!(rating.value(), decimal(value)),
            (Err(error), Parsed::Error(code)) => assert_eq!(rating_error_code(error), code),
            _ => panic!(
                "{:?}: got {parsed:?}, expected {:?}",
                case.input, case.expected
            ),
        }
    }
}

#[test]
fn clamping_matches_the_vectors() {
    for case in cases::<String, String>("ratingClamped") {
        let clamped = Rating::clamped(decimal(&case.input)).value();
        assert_eq!(clamped, decimal(&case.expected), "{}", case.input);
    }
}

#[test]
fn display_decisions_match_the_vectors() {
    for case in cases::<RatingSources, RatingVisibility>("displayDecision") {
        assert_eq!(case.input.visibility(), case.expected, "{:?}", case.input);
    }
}

#[test]
fn popup_words_match_the_vectors() {
    for case in cases::<StarCount, String>("popupWords") {
        assert_eq!(case.input.word(), case.expected);
    }
}

fn star_count_error_code(error: &StarCountError) -> &'static str {
    match error {
        StarCountError::NotAWholeNumber { .. } => "notAWholeNumber",
        StarCountError::OutOfRange { .. } => "outOfRange",
    }
}

#[test]
fn star_count_parsing_matches_the_vectors() {
    for case in cases::<String, Parsed<u8>>("starCountParse") {
        let parsed = StarCount::parse(&case.input);
        match (&parsed, &case.expected) {
            (Ok(stars), Parsed::Ok(value)) => assert_eq!(stars.get(), *value),
            (Err(error), Parsed::Error(code)) => assert_eq!(star_count_error_code(error), code),
            _ => panic!(
                "{:?}: got {parsed:?}, expected {:?}",
                case.input, case.expected
            ),
        }
    }
}

#[test]
fn approval_odds_classes_match_the_vectors() {
    for case in cases::<String, ApprovalOddsClass>("approvalOdds") {
        assert_eq!(
            ApprovalOddsClass::from_text(&case.input),
            case.expected,
            "{:?}",
            case.input
        );
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct MemoryInput {
    voted_at_ms: i64,
    now_ms: i64,
}

#[test]
fn vote_memory_matches_the_vectors() {
    for case in cases::<MemoryInput, bool>("voteMemory") {
        assert_eq!(
            memory::is_remembered(case.input.voted_at_ms, case.input.now_ms),
            case.expected,
            "{:?} {}",
            case.input,
            case.note.as_deref().unwrap_or("")
        );
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct MachineInput {
    name: String,
    context: VoteContext,
    remembered: Option<RememberedVote>,
    now_ms: i64,
    events: Vec<VoteEvent>,
}

#[test]
fn vote_machine_sequences_match_the_vectors() {
    for case in cases::<MachineInput, Transition>("voteMachine") {
        let input = case.input;
        let start = VoteState::initial(input.remembered.as_ref(), input.now_ms);
        let outcome = vote::run(start, &input.events, &input.context);
        assert_eq!(outcome, case.expected, "{}", input.name);
    }
}
