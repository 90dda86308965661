use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use super::*;

fn check(value: Decimal, expected: &str) {
    assert_eq!(format_nr(value), expected, "value {value}");
}

#[test]
fn zero_is_zero() {
    check(dec!(0), "0");
}

#[test]
fn numbers_under_a_thousand_have_no_suffix() {
    check(dec!(999), "999");
}

#[test]
fn fractions_under_a_thousand_keep_one_decimal() {
    check(dec!(12.34), "12.3");
}

#[test]
fn a_fraction_just_under_a_thousand_rolls_over_to_k() {
    check(dec!(999.95), "1k");
}

#[test]
fn a_fraction_that_stays_under_a_thousand_has_no_suffix() {
    check(dec!(999.94), "999.9");
}

#[test]
fn a_thousand_is_one_k() {
    check(dec!(1000), "1k");
}

#[test]
fn fifteen_hundred_is_one_and_a_half_k() {
    check(dec!(1500), "1.5k");
}

#[test]
fn a_hundredth_of_a_unit_below_the_midpoint_rounds_down() {
    check(dec!(1049), "1k");
}

#[test]
fn the_midpoint_rounds_away_from_zero() {
    check(dec!(1050), "1.1k");
}

#[test]
fn a_trailing_zero_decimal_is_dropped() {
    check(dec!(12000), "12k");
}

#[test]
fn hundreds_of_thousands_keep_one_decimal() {
    check(dec!(123456), "123.5k");
}

#[test]
fn just_under_the_rollover_stays_in_k() {
    check(dec!(999949), "999.9k");
}

#[test]
fn the_rollover_never_shows_a_thousand_k() {
    check(dec!(999950), "1m");
}

#[test]
fn nine_hundred_ninety_nine_thousand_nine_hundred_ninety_nine_is_one_m() {
    check(dec!(999999), "1m");
}

#[test]
fn a_million_is_one_m() {
    check(dec!(1000000), "1m");
}

#[test]
fn millions_keep_one_decimal() {
    check(dec!(2500000), "2.5m");
}

#[test]
fn the_rollover_never_shows_a_thousand_m() {
    check(dec!(999950000), "1g");
}

#[test]
fn a_billion_is_one_g() {
    check(dec!(1000000000), "1g");
}

#[test]
fn a_thousand_billions_stay_in_g_with_a_separator() {
    check(dec!(1000000000000), "1,000g");
}

#[test]
fn the_largest_decimal_is_written_in_g() {
    check(Decimal::MAX, "79,228,162,514,264,337,593.5g");
}

#[test]
fn the_smallest_decimal_is_written_in_negative_g() {
    check(Decimal::MIN, "-79,228,162,514,264,337,593.5g");
}

#[test]
fn negative_numbers_keep_their_sign() {
    check(dec!(-1500), "-1.5k");
}

#[test]
fn a_negative_number_rounding_to_zero_has_no_sign() {
    check(dec!(-0.04), "0");
}

#[test]
fn a_tiny_fraction_rounds_to_zero() {
    check(Decimal::new(1, 28), "0");
}
