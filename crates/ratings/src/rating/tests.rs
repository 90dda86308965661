use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use super::*;
use crate::arbitrary;

fn check(input: &str, expected: Result<Decimal, RatingError>) {
    assert_eq!(
        Rating::parse(input).map(Rating::value),
        expected,
        "input {input:?}"
    );
}

fn not_a_number(input: &str) -> Result<Decimal, RatingError> {
    Err(RatingError::NotANumber {
        input: input.to_owned(),
    })
}

fn out_of_range(value: &str) -> Result<Decimal, RatingError> {
    Err(RatingError::OutOfRange {
        value: value.to_owned(),
    })
}

#[test]
fn zero_is_the_lowest_rating() {
    check("0", Ok(dec!(0)));
}

#[test]
fn five_is_the_highest_rating() {
    check("5", Ok(dec!(5)));
}

#[test]
fn five_with_trailing_zeros_is_accepted() {
    check("5.000", Ok(dec!(5)));
}

#[test]
fn just_above_five_is_out_of_range() {
    check("5.0001", out_of_range("5.0001"));
}

#[test]
fn six_is_out_of_range() {
    check("6", out_of_range("6"));
}

#[test]
fn just_below_zero_is_out_of_range() {
    check("-0.01", out_of_range("-0.01"));
}

#[test]
fn negative_zero_is_zero() {
    check("-0", Ok(dec!(0)));
}

#[test]
fn a_decimal_inside_the_scale_is_accepted() {
    check("4.3", Ok(dec!(4.3)));
}

#[test]
fn surrounding_whitespace_is_trimmed() {
    check(" \t4.3\n", Ok(dec!(4.3)));
}

#[test]
fn leading_zeros_are_ignored() {
    check("0004.30", Ok(dec!(4.3)));
}

#[test]
fn a_leading_plus_is_accepted() {
    check("+2", Ok(dec!(2)));
}

#[test]
fn a_missing_whole_part_is_zero() {
    check(".5", Ok(dec!(0.5)));
}

#[test]
fn a_trailing_point_is_accepted() {
    check("4.", Ok(dec!(4)));
}

#[test]
fn empty_text_is_not_a_number() {
    check("", not_a_number(""));
}

#[test]
fn whitespace_only_is_not_a_number() {
    check("   ", not_a_number("   "));
}

#[test]
fn a_lone_point_is_not_a_number() {
    check(".", not_a_number("."));
}

#[test]
fn words_are_not_a_number() {
    check("four", not_a_number("four"));
}

#[test]
fn an_exponent_is_not_a_number() {
    check("4e0", not_a_number("4e0"));
}

#[test]
fn a_comma_decimal_separator_is_not_a_number() {
    check("4,3", not_a_number("4,3"));
}

#[test]
fn two_points_are_not_a_number() {
    check("4.3.1", not_a_number("4.3.1"));
}

#[test]
fn nan_is_not_a_number() {
    check("NaN", not_a_number("NaN"));
}

#[test]
fn non_ascii_digits_are_not_a_number() {
    check("４", not_a_number("４"));
}

#[test]
fn a_huge_number_is_out_of_range() {
    let huge = "9".repeat(80);
    check(&huge, out_of_range(&huge));
}

#[test]
fn many_decimal_places_are_cut_to_the_decimal_precision() {
    let long = format!("4.{}", "9".repeat(40));
    let kept = Rating::parse(&long).map(Rating::value);
    assert_eq!(kept.map(|value| value.scale()), Ok(28));
}

#[test]
fn new_accepts_both_ends_of_the_scale() {
    assert_eq!(Rating::new(dec!(0)), Ok(Rating::ZERO));
    assert_eq!(Rating::new(dec!(5)), Ok(Rating::MAX));
}

#[test]
fn new_rejects_a_value_above_five() {
    assert_eq!(
        Rating::new(dec!(5.01)),
        Err(RatingError::OutOfRange {
            value: "5.01".to_owned()
        })
    );
}

#[test]
fn new_rejects_a_negative_value() {
    assert!(Rating::new(dec!(-0.001)).is_err());
}

#[test]
fn clamped_pins_values_above_five_to_five() {
    assert_eq!(Rating::clamped(dec!(7.2)), Rating::MAX);
}

#[test]
fn clamped_pins_negative_values_to_zero() {
    assert_eq!(Rating::clamped(dec!(-3)), Rating::ZERO);
}

#[test]
fn clamped_keeps_values_inside_the_scale() {
    assert_eq!(Rating::clamped(dec!(3.25)).value(), dec!(3.25));
}

#[test]
fn display_writes_the_normalised_value() {
    assert_eq!(Rating::clamped(dec!(4.300)).to_string(), "4.3");
}

#[test]
fn serialises_as_a_decimal_string() {
    let json = serde_json::to_string(&Rating::clamped(dec!(4.3))).unwrap();
    assert_eq!(json, "\"4.3\"");
}

#[test]
fn deserialises_from_a_string_or_a_number() {
    let from_string: Rating = serde_json::from_str("\"4.5\"").unwrap();
    let from_number: Rating = serde_json::from_str("4.5").unwrap();
    assert_eq!(from_string, from_number);
}

#[test]
fn deserialising_an_out_of_range_value_fails() {
    assert!(serde_json::from_str::<Rating>("\"5.5\"").is_err());
}

#[test]
fn error_messages_are_lowercase_without_a_period() {
    let message = RatingError::OutOfRange {
        value: "6".to_owned(),
    }
    .to_string();
    assert_eq!(message, "rating 6 is outside the 0 to 5 scale");
}

proptest! {
    #[test]
    fn parse_never_panics(input in any::<String>()) {
        let _ = Rating::parse(&input);
    }

    #[test]
    fn parse_of_numeric_looking_text_never_panics(input in "[+-]?[0-9]{0,40}(\\.[0-9]{0,40})?") {
        let _ = Rating::parse(&input);
    }

    #[test]
    fn parse_accepts_exactly_the_values_inside_the_scale(mantissa in -10_000_000_i64..10_000_000, scale in 0_u32..8) {
        let value = Decimal::new(mantissa, scale);
        let parsed = Rating::parse(&value.to_string());
        prop_assert_eq!(parsed.is_ok(), (Decimal::ZERO..=Decimal::from(5)).contains(&value));
        if let Ok(rating) = parsed {
            prop_assert_eq!(rating.value(), value);
        }
    }

    #[test]
    fn display_parses_back_to_the_same_rating(rating in arbitrary::rating()) {
        prop_assert_eq!(Rating::parse(&rating.to_string()), Ok(rating));
    }

    #[test]
    fn json_round_trips(rating in arbitrary::rating()) {
        let json = serde_json::to_string(&rating).unwrap();
        prop_assert_eq!(serde_json::from_str::<Rating>(&json).unwrap(), rating);
    }

    #[test]
    fn clamped_always_lands_inside_the_scale(mantissa in any::<i64>(), scale in 0_u32..=28) {
        let rating = Rating::clamped(Decimal::new(mantissa, scale));
        prop_assert!(rating >= Rating::ZERO && rating <= Rating::MAX);
    }
}

/// Any decimal: every mantissa, sign and scale, with the extremes and the scale's ends
/// weighted in.
fn any_decimal() -> impl Strategy<Value = Decimal> {
    prop_oneof![
        1 => Just(Decimal::MAX),
        1 => Just(Decimal::MIN),
        1 => Just(Decimal::ZERO),
        1 => Just(Decimal::from_parts(0, 0, 0, true, 5)),
        1 => Just(Decimal::new(5, 0)),
        1 => Just(Decimal::new(500_001, 5)),
        1 => Just(Decimal::new(-1, 28)),
        6 => (any::<u32>(), any::<u32>(), any::<u32>(), any::<bool>(), 0_u32..=28)
            .prop_map(|(lo, mid, hi, negative, scale)| Decimal::from_parts(lo, mid, hi, negative, scale)),
        6 => (-600_000_i64..=600_000, 0_u32..=5).prop_map(|(mantissa, scale)| Decimal::new(mantissa, scale)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn any_decimal_is_a_rating_exactly_inside_the_scale(value in any_decimal()) {
        let rating = Rating::new(value);
        prop_assert_eq!(&rating, &Rating::try_from(value));
        let inside = value >= Decimal::ZERO && value <= Decimal::from(5);
        prop_assert_eq!(rating.is_ok(), inside);
        match rating {
            Ok(rating) => {
                prop_assert_eq!(rating.value(), value);
                prop_assert_eq!(rating, Rating::clamped(value));
                prop_assert_eq!(Rating::parse(&rating.to_string()), Ok(rating));
                let _ = rating.display();
            }
            Err(error) => prop_assert_eq!(error, RatingError::OutOfRange { value: value.to_string() }),
        }
    }
}
