use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use super::*;

fn check(rate: Decimal, expected: &str) {
    assert_eq!(format_percent(rate), expected, "rate {rate}");
}

#[test]
fn two_decimals_are_kept_as_they_are() {
    check(dec!(4.35), "4.35%");
}

#[test]
fn one_decimal_is_padded_to_two() {
    check(dec!(4.3), "4.30%");
}

#[test]
fn a_whole_rate_gets_two_zero_decimals() {
    check(dec!(0), "0.00%");
}

#[test]
fn a_third_decimal_at_the_midpoint_rounds_away_from_zero() {
    check(dec!(0.005), "0.01%");
}

#[test]
fn a_third_decimal_under_the_midpoint_rounds_down() {
    check(dec!(0.0049), "0.00%");
}

#[test]
fn rounding_can_carry_into_the_integer() {
    check(dec!(19.999), "20.00%");
}

#[test]
fn a_typical_card_apr_is_unchanged() {
    check(dec!(19.99), "19.99%");
}

#[test]
fn a_negative_rate_keeps_its_sign() {
    check(dec!(-0.5), "-0.50%");
}

#[test]
fn a_negative_rate_rounding_to_zero_has_no_sign() {
    check(dec!(-0.004), "0.00%");
}

#[test]
fn a_rate_of_a_thousand_percent_is_grouped() {
    check(dec!(1234.5), "1,234.50%");
}
