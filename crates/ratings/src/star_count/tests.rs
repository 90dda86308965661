use proptest::prelude::*;

use super::*;
use crate::arbitrary;

fn check(input: &str, expected: Result<u8, StarCountError>) {
    assert_eq!(
        StarCount::parse(input).map(StarCount::get),
        expected,
        "input {input:?}"
    );
}

fn out_of_range(value: &str) -> Result<u8, StarCountError> {
    Err(StarCountError::OutOfRange {
        value: value.to_owned(),
    })
}

fn not_whole(input: &str) -> Result<u8, StarCountError> {
    Err(StarCountError::NotAWholeNumber {
        input: input.to_owned(),
    })
}

#[test]
fn one_star_is_the_lowest_vote() {
    check("1", Ok(1));
}

#[test]
fn zero_stars_is_out_of_range() {
    check("0", out_of_range("0"));
}

#[test]
fn five_stars_is_the_highest_vote() {
    check("5", Ok(5));
}

#[test]
fn six_stars_is_out_of_range() {
    check("6", out_of_range("6"));
}

#[test]
fn a_huge_count_is_out_of_range() {
    let huge = "9".repeat(50);
    check(&huge, out_of_range(&huge));
}

#[test]
fn whitespace_and_leading_zeros_are_accepted() {
    check(" 03 ", Ok(3));
}

#[test]
fn a_decimal_point_is_not_a_whole_number() {
    check("4.0", not_whole("4.0"));
}

#[test]
fn a_sign_is_not_a_whole_number() {
    check("-1", not_whole("-1"));
}

#[test]
fn empty_text_is_not_a_whole_number() {
    check("", not_whole(""));
}

#[test]
fn new_accepts_one_to_five_only() {
    assert!(StarCount::new(0).is_err());
    assert_eq!(StarCount::new(1), Ok(StarCount::ONE));
    assert_eq!(StarCount::new(5), Ok(StarCount::FIVE));
    assert!(StarCount::new(6).is_err());
}

#[test]
fn popup_words_follow_the_spec() {
    let words: Vec<_> = StarCount::ALL.into_iter().map(StarCount::word).collect();
    assert_eq!(
        words,
        vec!["Bad", "Below Average", "Average", "Good", "Excellent"]
    );
}

#[test]
fn a_star_count_is_the_same_rating() {
    assert_eq!(StarCount::THREE.as_rating().to_string(), "3");
}

#[test]
fn serialises_as_a_number() {
    assert_eq!(serde_json::to_string(&StarCount::FOUR).unwrap(), "4");
    assert!(serde_json::from_str::<StarCount>("0").is_err());
}

proptest! {
    #[test]
    fn parse_never_panics(input in any::<String>()) {
        let _ = StarCount::parse(&input);
    }

    #[test]
    fn display_parses_back(stars in arbitrary::star_count()) {
        prop_assert_eq!(StarCount::parse(&stars.to_string()), Ok(stars));
    }

    #[test]
    fn parse_accepts_exactly_one_to_five(value in any::<u64>()) {
        prop_assert_eq!(StarCount::parse(&value.to_string()).is_ok(), (1..=5).contains(&value));
    }
}

#[test]
fn every_byte_is_a_star_count_exactly_when_it_is_one_to_five() {
    for value in 0..=u8::MAX {
        match StarCount::new(value) {
            Ok(stars) => {
                assert!((1..=5).contains(&value), "{value}");
                assert_eq!(stars.get(), value);
                assert_eq!(StarCount::try_from(value), Ok(stars));
            }
            Err(error) => {
                assert!(!(1..=5).contains(&value), "{value}");
                assert_eq!(
                    error,
                    StarCountError::OutOfRange {
                        value: value.to_string()
                    }
                );
                assert_eq!(StarCount::try_from(value), Err(error));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn any_byte_makes_a_star_count_that_keeps_it_and_parses_back(value in any::<u8>()) {
        let stars = StarCount::try_from(value);
        prop_assert_eq!(&stars, &StarCount::new(value));
        prop_assert_eq!(stars.is_ok(), (1..=5).contains(&value));
        if let Ok(stars) = stars {
            prop_assert_eq!(u8::from(stars), value);
            prop_assert_eq!(StarCount::parse(&stars.to_string()), Ok(stars));
            prop_assert_eq!(stars.as_rating().value(), rust_decimal::Decimal::from(value));
        }
    }
}
