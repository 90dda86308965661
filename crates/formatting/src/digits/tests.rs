use rust_decimal_macros::dec;

use super::*;

#[test]
fn grouping_an_empty_string_gives_an_empty_string() {
    assert_eq!(group_thousands(""), "");
}

#[test]
fn grouping_three_digits_adds_no_separator() {
    assert_eq!(group_thousands("999"), "999");
}

#[test]
fn grouping_four_digits_adds_one_separator() {
    assert_eq!(group_thousands("1000"), "1,000");
}

#[test]
fn grouping_seven_digits_adds_two_separators() {
    assert_eq!(group_thousands("1234567"), "1,234,567");
}

#[test]
fn fixed_pads_the_fraction_to_the_asked_decimals() {
    let parts = fixed(dec!(1.5), 3);
    assert_eq!(
        (parts.integer.as_str(), parts.fraction.as_str()),
        ("1", "500")
    );
}

#[test]
fn fixed_with_zero_decimals_has_no_fraction() {
    assert_eq!(fixed(dec!(2.5), 0).fraction, "");
}

#[test]
fn fixed_rounds_a_midpoint_away_from_zero() {
    assert_eq!(fixed(dec!(2.5), 0).integer, "3");
}

#[test]
fn fixed_of_a_pure_fraction_has_a_zero_integer() {
    assert_eq!(fixed(dec!(0.25), 2).integer, "0");
}

#[test]
fn fixed_marks_a_negative_value() {
    assert!(fixed(dec!(-1), 0).negative);
}

#[test]
fn fixed_never_marks_a_value_rounding_to_zero_as_negative() {
    assert!(!fixed(dec!(-0.4), 0).negative);
}

#[test]
fn whole_truncates_towards_zero() {
    assert_eq!(whole(dec!(-7.9)).integer, "7");
}

#[test]
fn a_zero_fraction_is_reported_as_zero() {
    assert!(fixed(dec!(3), 2).fraction_is_zero());
}

#[test]
fn a_nonzero_fraction_is_not_reported_as_zero() {
    assert!(!fixed(dec!(3.01), 2).fraction_is_zero());
}
