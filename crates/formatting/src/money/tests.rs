use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use super::*;

const PLAIN: MoneyOptions = MoneyOptions {
    symbol: false,
    decimals: 2,
    truncation: Truncation::Off,
};

fn check(amount: Decimal, options: MoneyOptions, expected: &str) {
    assert_eq!(format_money(amount, options), expected, "amount {amount}");
}

fn with(truncation: Truncation) -> MoneyOptions {
    MoneyOptions {
        truncation,
        ..MoneyOptions::default()
    }
}

fn decimals(decimals: u32) -> MoneyOptions {
    MoneyOptions {
        decimals,
        ..MoneyOptions::default()
    }
}

#[test]
fn default_options_are_dollars_and_cents_without_truncation() {
    assert_eq!(
        MoneyOptions::default(),
        MoneyOptions {
            symbol: true,
            decimals: 2,
            truncation: Truncation::Off
        }
    );
}

#[test]
fn zero_shows_all_decimals() {
    check(dec!(0), MoneyOptions::default(), "$0.00");
}

#[test]
fn three_integer_digits_have_no_separator() {
    check(dec!(999), MoneyOptions::default(), "$999.00");
}

#[test]
fn four_integer_digits_get_one_separator() {
    check(dec!(1000), MoneyOptions::default(), "$1,000.00");
}

#[test]
fn six_integer_digits_get_one_separator() {
    check(dec!(999999), PLAIN, "999,999.00");
}

#[test]
fn seven_integer_digits_get_two_separators() {
    check(dec!(1000000), PLAIN, "1,000,000.00");
}

#[test]
fn the_symbol_can_be_left_out() {
    check(dec!(12.5), PLAIN, "12.50");
}

#[test]
fn a_half_cent_rounds_away_from_zero() {
    check(dec!(0.005), MoneyOptions::default(), "$0.01");
}

#[test]
fn just_under_a_half_cent_rounds_down() {
    check(dec!(0.004999), MoneyOptions::default(), "$0.00");
}

#[test]
fn a_negative_half_cent_rounds_away_from_zero() {
    check(dec!(-0.005), MoneyOptions::default(), "-$0.01");
}

#[test]
fn rounding_carries_into_a_new_thousands_group() {
    check(dec!(999.995), MoneyOptions::default(), "$1,000.00");
}

#[test]
fn negative_amounts_put_the_sign_before_the_symbol() {
    check(dec!(-1234.5), MoneyOptions::default(), "-$1,234.50");
}

#[test]
fn negative_amounts_without_symbol_start_with_the_sign() {
    check(dec!(-1234.5), PLAIN, "-1,234.50");
}

#[test]
fn an_amount_rounding_to_zero_has_no_minus_sign() {
    check(dec!(-0.004), MoneyOptions::default(), "$0.00");
}

#[test]
fn negative_zero_has_no_minus_sign() {
    check(-Decimal::ZERO, MoneyOptions::default(), "$0.00");
}

#[test]
fn zero_decimals_round_to_whole_units() {
    check(dec!(1234.5), decimals(0), "$1,235");
}

#[test]
fn more_decimals_are_padded_with_zeros() {
    check(dec!(1.5), decimals(4), "$1.5000");
}

#[test]
fn decimals_above_twenty_eight_are_clamped() {
    check(dec!(1), decimals(40), &format!("$1.{}", "0".repeat(28)));
}

#[test]
fn drop_zero_cents_drops_decimals_that_round_to_zero() {
    check(dec!(1000), with(Truncation::DropZeroCents), "$1,000");
}

#[test]
fn drop_zero_cents_keeps_nonzero_cents() {
    check(dec!(1000.5), with(Truncation::DropZeroCents), "$1,000.50");
}

#[test]
fn drop_zero_cents_drops_cents_that_round_to_zero() {
    check(dec!(1000.004), with(Truncation::DropZeroCents), "$1,000");
}

#[test]
fn drop_zero_cents_keeps_cents_that_round_up_to_one_cent() {
    check(dec!(1000.005), with(Truncation::DropZeroCents), "$1,000.01");
}

#[test]
fn whole_units_cut_without_rounding() {
    check(dec!(1999.99), with(Truncation::WholeUnits), "$1,999");
}

#[test]
fn whole_units_cut_negative_amounts_towards_zero() {
    check(dec!(-1.99), with(Truncation::WholeUnits), "-$1");
}

#[test]
fn whole_units_of_a_negative_fraction_have_no_minus_sign() {
    check(dec!(-0.99), with(Truncation::WholeUnits), "$0");
}

#[test]
fn the_largest_decimal_is_grouped_in_full() {
    check(
        Decimal::MAX,
        decimals(0),
        "$79,228,162,514,264,337,593,543,950,335",
    );
}

#[test]
fn the_smallest_decimal_keeps_its_sign() {
    check(
        Decimal::MIN,
        PLAIN,
        "-79,228,162,514,264,337,593,543,950,335.00",
    );
}

#[test]
fn min_to_open_zero_shows_two_decimals() {
    assert_eq!(format_min_to_open(Some(dec!(0))), "0.00");
}

#[test]
fn min_to_open_twenty_five_shows_two_decimals() {
    assert_eq!(format_min_to_open(Some(dec!(25))), "25.00");
}

#[test]
fn min_to_open_of_a_thousand_has_a_thousands_separator() {
    assert_eq!(format_min_to_open(Some(dec!(1000))), "1,000.00");
}

#[test]
fn min_to_open_rounds_half_away_from_zero() {
    assert_eq!(format_min_to_open(Some(dec!(0.125))), "0.13");
}

#[test]
fn missing_min_to_open_shows_not_available() {
    assert_eq!(format_min_to_open(None), "N/A");
}

#[test]
fn options_travel_as_camel_case_json() {
    let json = r#"{"symbol":false,"decimals":0,"truncation":"dropZeroCents"}"#;
    let options: MoneyOptions = serde_json::from_str(json).unwrap();
    assert_eq!(
        options,
        MoneyOptions {
            symbol: false,
            decimals: 0,
            truncation: Truncation::DropZeroCents
        }
    );
}
