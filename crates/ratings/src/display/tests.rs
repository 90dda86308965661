use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use super::StarPiece::{Empty, Full, Half, Quarter, ThreeQuarter};
use super::*;
use crate::arbitrary;

fn rating(value: Decimal) -> Rating {
    Rating::new(value).unwrap()
}

fn check_fractional(value: Decimal, expected: [StarPiece; 5]) {
    assert_eq!(
        rating(value).stars(StarMode::Fractional),
        expected,
        "rating {value}"
    );
}

fn check_half(value: Decimal, expected: [StarPiece; 5]) {
    assert_eq!(
        rating(value).stars(StarMode::HalfStars),
        expected,
        "rating {value}"
    );
}

// Fraction thresholds, at, below and above each one.

#[test]
fn fraction_just_below_the_quarter_threshold_is_empty() {
    check_fractional(dec!(4.11), [Full, Full, Full, Full, Empty]);
}

#[test]
fn fraction_at_the_quarter_threshold_is_a_quarter() {
    check_fractional(dec!(4.12), [Full, Full, Full, Full, Quarter]);
}

#[test]
fn fraction_just_above_the_quarter_threshold_is_a_quarter() {
    check_fractional(dec!(4.13), [Full, Full, Full, Full, Quarter]);
}

#[test]
fn fraction_just_below_the_half_threshold_is_a_quarter() {
    check_fractional(dec!(2.379), [Full, Full, Quarter, Empty, Empty]);
}

#[test]
fn fraction_at_the_half_threshold_is_a_half() {
    check_fractional(dec!(2.38), [Full, Full, Half, Empty, Empty]);
}

#[test]
fn fraction_just_above_the_half_threshold_is_a_half() {
    check_fractional(dec!(2.381), [Full, Full, Half, Empty, Empty]);
}

#[test]
fn fraction_just_below_the_three_quarter_threshold_is_a_half() {
    check_fractional(dec!(1.6199), [Full, Half, Empty, Empty, Empty]);
}

#[test]
fn fraction_at_the_three_quarter_threshold_is_three_quarters() {
    check_fractional(dec!(1.62), [Full, ThreeQuarter, Empty, Empty, Empty]);
}

#[test]
fn fraction_just_above_the_three_quarter_threshold_is_three_quarters() {
    check_fractional(dec!(1.63), [Full, ThreeQuarter, Empty, Empty, Empty]);
}

#[test]
fn fraction_just_below_the_full_threshold_is_three_quarters() {
    check_fractional(dec!(0.86), [ThreeQuarter, Empty, Empty, Empty, Empty]);
}

#[test]
fn fraction_at_the_full_threshold_is_full() {
    check_fractional(dec!(0.87), [Full, Empty, Empty, Empty, Empty]);
}

#[test]
fn fraction_just_above_the_full_threshold_is_full() {
    check_fractional(dec!(3.88), [Full, Full, Full, Full, Empty]);
}

#[test]
fn zero_draws_five_empty_stars() {
    check_fractional(dec!(0), [Empty; 5]);
}

#[test]
fn five_draws_five_full_stars() {
    check_fractional(dec!(5), [Full; 5]);
}

#[test]
fn a_whole_rating_draws_no_partial_star() {
    check_fractional(dec!(3), [Full, Full, Full, Empty, Empty]);
}

#[test]
fn for_fraction_treats_negative_fractions_as_empty() {
    assert_eq!(StarPiece::for_fraction(dec!(-0.5)), Empty);
}

#[test]
fn for_fraction_treats_fractions_above_one_as_full() {
    assert_eq!(StarPiece::for_fraction(dec!(1.5)), Full);
}

#[test]
fn piece_values_are_quarters() {
    let values: Vec<Decimal> = [Full, ThreeQuarter, Half, Quarter, Empty]
        .into_iter()
        .map(StarPiece::value)
        .collect();
    assert_eq!(
        values,
        vec![dec!(1), dec!(0.75), dec!(0.5), dec!(0.25), dec!(0)]
    );
}

// Half rounding and the half-star drawing.

#[test]
fn a_quarter_past_rounds_up_to_the_half() {
    assert_eq!(rating(dec!(4.25)).rounded_to_half().value(), dec!(4.5));
}

#[test]
fn just_below_a_quarter_past_rounds_down() {
    assert_eq!(rating(dec!(4.249)).rounded_to_half().value(), dec!(4));
}

#[test]
fn three_quarters_past_rounds_up_to_the_next_whole() {
    assert_eq!(rating(dec!(4.75)).rounded_to_half().value(), dec!(5));
}

#[test]
fn just_below_three_quarters_past_rounds_to_the_half() {
    assert_eq!(rating(dec!(4.7499)).rounded_to_half().value(), dec!(4.5));
}

#[test]
fn half_star_drawing_uses_the_rating_rounded_to_halves() {
    check_half(dec!(3.7), [Full, Full, Full, Half, Empty]);
}

#[test]
fn half_star_drawing_rounds_a_quarter_past_up() {
    check_half(dec!(1.25), [Full, Half, Empty, Empty, Empty]);
}

#[test]
fn half_star_drawing_rounds_just_below_a_quarter_past_down() {
    check_half(dec!(1.24), [Full, Empty, Empty, Empty, Empty]);
}

#[test]
fn half_star_drawing_fills_a_star_from_three_quarters_past() {
    check_half(dec!(1.75), [Full, Full, Empty, Empty, Empty]);
}

// One decimal shown.

fn check_text(value: Decimal, expected: &str) {
    assert_eq!(rating(value).one_decimal(), expected, "rating {value}");
}

#[test]
fn one_decimal_keeps_a_single_decimal() {
    check_text(dec!(4.3), "4.3");
}

#[test]
fn one_decimal_rounds_a_second_decimal_of_five_up() {
    check_text(dec!(4.25), "4.3");
}

#[test]
fn one_decimal_rounds_just_below_the_midpoint_down() {
    check_text(dec!(4.249), "4.2");
}

#[test]
fn one_decimal_rounds_just_above_the_midpoint_up() {
    check_text(dec!(4.2501), "4.3");
}

#[test]
fn one_decimal_pads_a_whole_rating() {
    check_text(dec!(5), "5.0");
}

#[test]
fn one_decimal_of_zero_is_zero_point_zero() {
    check_text(dec!(0), "0.0");
}

#[test]
fn one_decimal_can_round_up_to_five() {
    check_text(dec!(4.96), "5.0");
}

// Bar width.

#[test]
fn bar_width_is_twenty_percent_per_point() {
    assert_eq!(rating(dec!(4.3)).bar_width_percent(), dec!(86));
}

#[test]
fn bar_width_keeps_extra_decimals() {
    assert_eq!(rating(dec!(4.33)).bar_width_percent().to_string(), "86.6");
}

#[test]
fn bar_width_of_five_is_one_hundred() {
    assert_eq!(Rating::MAX.bar_width_percent().to_string(), "100");
}

#[test]
fn bar_width_of_zero_is_zero() {
    assert_eq!(Rating::ZERO.bar_width_percent().to_string(), "0");
}

#[test]
fn display_gathers_text_bar_and_both_drawings() {
    let shown = rating(dec!(4.3)).display();
    assert_eq!(shown.text, "4.3");
    assert_eq!(shown.bar_width_percent, dec!(86));
    assert_eq!(shown.half_stars, [Full, Full, Full, Full, Half]);
    assert_eq!(shown.fractional_stars, [Full, Full, Full, Full, Quarter]);
}

#[test]
fn star_pieces_serialise_in_camel_case() {
    let json = serde_json::to_string(&[ThreeQuarter, Empty]).unwrap();
    assert_eq!(json, r#"["threeQuarter","empty"]"#);
}

fn total(pieces: &[StarPiece]) -> Decimal {
    pieces.iter().map(|piece| piece.value()).sum()
}

proptest! {
    #[test]
    fn drawing_never_panics(rating in arbitrary::rating()) {
        let _ = rating.display();
    }

    #[test]
    fn fractional_pieces_add_up_to_the_rating_snapped_by_the_thresholds(rating in arbitrary::rating()) {
        let value = rating.value();
        let whole = value.floor();
        let expected = whole + StarPiece::for_fraction(value - whole).value();
        let pieces = rating.stars(StarMode::Fractional);
        prop_assert_eq!(total(&pieces), expected);
        prop_assert!((total(&pieces) - value).abs() <= dec!(0.13));
    }

    #[test]
    fn half_star_pieces_add_up_to_the_rating_rounded_to_halves(rating in arbitrary::rating()) {
        let pieces = rating.stars(StarMode::HalfStars);
        prop_assert_eq!(total(&pieces), rating.rounded_to_half().value());
        prop_assert!(pieces.iter().all(|piece| matches!(piece, Full | Half | Empty)));
    }

    #[test]
    fn pieces_are_fulls_then_at_most_one_partial_then_empties(rating in arbitrary::rating(), half in any::<bool>()) {
        let mode = if half { StarMode::HalfStars } else { StarMode::Fractional };
        let pieces = rating.stars(mode);
        let fulls = pieces.iter().take_while(|piece| **piece == Full).count();
        let rest: Vec<_> = pieces.iter().skip(fulls).collect();
        let partials = rest.iter().take_while(|piece| ***piece != Empty).count();
        prop_assert!(partials <= 1);
        prop_assert!(rest.iter().skip(partials).all(|piece| **piece == Empty));
    }

    #[test]
    fn rounded_to_half_is_a_multiple_of_a_half_within_a_quarter(rating in arbitrary::rating()) {
        let rounded = rating.rounded_to_half().value();
        prop_assert_eq!((rounded * Decimal::TWO).fract(), Decimal::ZERO);
        prop_assert!((rounded - rating.value()).abs() <= dec!(0.25));
    }

    #[test]
    fn bar_width_is_the_rating_times_twenty(rating in arbitrary::rating()) {
        prop_assert_eq!(rating.bar_width_percent(), rating.value() * dec!(20));
    }

    #[test]
    fn one_decimal_text_parses_back_within_five_hundredths(rating in arbitrary::rating()) {
        let text = rating.one_decimal();
        let back = Rating::parse(&text).unwrap();
        prop_assert!((back.value() - rating.value()).abs() <= dec!(0.05));
        prop_assert_eq!(text.split_once('.').map(|(_, decimals)| decimals.len()), Some(1));
    }
}
