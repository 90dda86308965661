//! Property tests over the public API: no panics on arbitrary input, outputs that
//! read back as the value they show (within the documented rounding), and the
//! text-limit invariants.

// Marked as test code so the workspace lints allow `unwrap` in the helpers too.
#![cfg(test)]

use std::str::FromStr;

use chrono::{Datelike, Days, NaiveDate};
use formatting::constants::TRUNCATION_BREAKPOINT_PX;
use formatting::date_placeholders::{fill_date_placeholders, placeholder_date};
use formatting::text_limits::{editor_note_char_limit, starts_collapsed, truncate_chars};
use formatting::{
    FieldKind, MoneyOptions, PhoneNumber, Truncation, format_min_to_open, format_money, format_nr,
    format_percent, format_phone, or_missing, truncate_words, word_limit,
};
use proptest::prelude::*;
use rust_decimal::{Decimal, RoundingStrategy};

/// Any decimal: every mantissa, sign and scale, with the extremes weighted in.
fn any_decimal() -> impl Strategy<Value = Decimal> {
    prop_oneof![
        1 => Just(Decimal::MAX),
        1 => Just(Decimal::MIN),
        1 => Just(Decimal::ZERO),
        1 => Just(Decimal::new(1, 28)),
        6 => (any::<u32>(), any::<u32>(), any::<u32>(), any::<bool>(), 0u32..=28)
            .prop_map(|(lo, mid, hi, negative, scale)| Decimal::from_parts(lo, mid, hi, negative, scale)),
        6 => (any::<i64>(), 0u32..=6).prop_map(|(mantissa, scale)| Decimal::new(mantissa, scale)),
    ]
}

fn any_truncation() -> impl Strategy<Value = Truncation> {
    prop_oneof![
        Just(Truncation::Off),
        Just(Truncation::DropZeroCents),
        Just(Truncation::WholeUnits),
    ]
}

fn any_options() -> impl Strategy<Value = MoneyOptions> {
    (any::<bool>(), 0u32..=40, any_truncation()).prop_map(|(symbol, decimals, truncation)| {
        MoneyOptions {
            symbol,
            decimals,
            truncation,
        }
    })
}

fn any_date() -> impl Strategy<Value = NaiveDate> {
    (NaiveDate::MIN.num_days_from_ce()..=NaiveDate::MAX.num_days_from_ce())
        .prop_map(|days| NaiveDate::from_num_days_from_ce_opt(days).unwrap())
}

/// Text made of words, assorted whitespace and multi-byte characters.
fn wordy_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        proptest::collection::vec(
            prop_oneof![
                Just(" ".to_owned()),
                Just("\n\t".to_owned()),
                Just("\u{3000}".to_owned()),
                "[a-zé€😀]{1,8}",
            ],
            0..40
        )
        .prop_map(|parts| parts.concat()),
    ]
}

/// Reads a formatted number back: drops `$`, `%` and separators.
fn read_back(text: &str) -> Decimal {
    let digits: String = text
        .chars()
        .filter(|c| !matches!(c, '$' | '%' | ','))
        .collect();
    Decimal::from_str(&digits).unwrap()
}

fn round(value: Decimal, decimals: u32) -> Decimal {
    value.round_dp_with_strategy(decimals, RoundingStrategy::MidpointAwayFromZero)
}

proptest! {
    #[test]
    fn moneyformat_never_panics(amount in any_decimal(), options in any_options()) {
        let _ = format_money(amount, options);
    }

    #[test]
    fn moneyformat_reads_back_as_the_amount_rounded_half_away_from_zero(
        amount in any_decimal(),
        decimals in 0u32..=28,
        symbol in any::<bool>(),
        drop_zero_cents in any::<bool>(),
    ) {
        let truncation = if drop_zero_cents { Truncation::DropZeroCents } else { Truncation::Off };
        let shown = format_money(amount, MoneyOptions { symbol, decimals, truncation });
        let read = read_back(&shown);
        prop_assert_eq!(read, round(amount, decimals));
        if let Ok(half_unit) = Decimal::try_new(5, decimals.saturating_add(1)) {
            let error = read.checked_sub(amount).unwrap().abs();
            prop_assert!(error <= half_unit, "{} shows as {}", amount, shown);
        }
    }

    #[test]
    fn moneyformat_whole_units_read_back_as_the_truncated_amount(amount in any_decimal()) {
        let options = MoneyOptions { truncation: Truncation::WholeUnits, ..MoneyOptions::default() };
        prop_assert_eq!(read_back(&format_money(amount, options)), amount.trunc());
    }

    #[test]
    fn moneyformat_groups_every_three_integer_digits(amount in any_decimal()) {
        let shown = format_money(amount, MoneyOptions::default());
        let integer = shown.trim_start_matches(['-', '$']).split('.').next().unwrap();
        let mut groups = integer.split(',');
        let first = groups.next().unwrap();
        prop_assert!((1..=3).contains(&first.len()), "{}", shown);
        for group in groups {
            prop_assert_eq!(group.len(), 3, "{}", shown);
        }
    }

    #[test]
    fn min_to_open_always_has_two_decimals(amount in any_decimal()) {
        let shown = format_min_to_open(Some(amount));
        prop_assert_eq!(shown.split('.').nth(1).map(str::len), Some(2), "{}", shown);
    }

    #[test]
    fn percent_reads_back_as_the_rate_with_two_decimals(rate in any_decimal()) {
        let shown = format_percent(rate);
        prop_assert!(shown.ends_with('%'));
        prop_assert_eq!(shown.trim_end_matches('%').split('.').nth(1).map(str::len), Some(2));
        prop_assert_eq!(read_back(&shown), round(rate, 2));
    }

    #[test]
    fn formatnr_never_panics(value in any_decimal()) {
        let _ = format_nr(value);
    }

    #[test]
    fn formatnr_is_within_half_a_shown_digit_of_the_value(value in any_decimal()) {
        let shown = format_nr(value);
        let (number, unit) = match shown.chars().last() {
            Some('k') => (shown.trim_end_matches('k'), Decimal::from(1_000)),
            Some('m') => (shown.trim_end_matches('m'), Decimal::from(1_000_000)),
            Some('g') => (shown.trim_end_matches('g'), Decimal::from(1_000_000_000)),
            _ => (shown.as_str(), Decimal::ONE),
        };
        let read = read_back(number);
        let exact = value.checked_div(unit).unwrap();
        let error = read.checked_sub(exact).unwrap().abs();
        prop_assert!(error <= Decimal::new(5, 2), "{} shows as {}", value, shown);
        // Never "1000k": only the largest suffix reaches a thousand.
        if unit != Decimal::from(1_000_000_000) {
            prop_assert!(read.abs() < Decimal::from(1_000), "{} shows as {}", value, shown);
        }
        // At most one decimal, and never a trailing ".0".
        if let Some(fraction) = number.split('.').nth(1) {
            prop_assert!(fraction.len() == 1 && fraction != "0", "{}", shown);
        }
    }

    #[test]
    fn phoneformat_never_panics(input in any::<String>()) {
        let _ = format_phone(&input);
    }

    #[test]
    fn any_ten_digits_format_as_area_code_exchange_and_line(digits in "[0-9]{10}") {
        let shown = format_phone(&digits).unwrap();
        let expected = format!(
            "({}) {}-{}",
            digits.get(..3).unwrap(),
            digits.get(3..6).unwrap(),
            digits.get(6..).unwrap()
        );
        prop_assert_eq!(shown, expected);
    }

    #[test]
    fn a_formatted_phone_number_parses_back_to_itself(digits in "[0-9]{10}") {
        let number = PhoneNumber::parse(&digits).unwrap();
        prop_assert_eq!(PhoneNumber::parse(&number.to_string()).unwrap(), number);
    }

    #[test]
    fn an_accepted_phone_number_keeps_the_digits_of_its_input(input in "[0-9 ().-]{0,20}") {
        if let Ok(number) = PhoneNumber::parse(&input) {
            let digits: String = input.chars().filter(char::is_ascii_digit).collect();
            prop_assert_eq!(number.digits(), digits.as_str());
        }
    }

    #[test]
    fn the_placeholder_date_is_today_or_fourteen_days_later(today in any_date()) {
        let date = placeholder_date(today);
        if today.day() < 26 {
            prop_assert_eq!(date, today);
        } else if let Some(shifted) = today.checked_add_days(Days::new(14)) {
            prop_assert_eq!(date, shifted);
            prop_assert_ne!(date.month(), today.month());
        } else {
            prop_assert_eq!(date, today);
        }
    }

    #[test]
    fn filling_placeholders_never_panics(text in any::<String>(), today in any_date()) {
        let _ = fill_date_placeholders(&text, today);
    }

    #[test]
    fn text_without_braces_is_not_changed_by_placeholders(text in "[^{}]*", today in any_date()) {
        prop_assert_eq!(fill_date_placeholders(&text, today), text);
    }

    #[test]
    fn filled_text_has_no_placeholders_left(text in "(\\{year\\}|\\{month\\}|[a-z ]){0,20}", today in any_date()) {
        let filled = fill_date_placeholders(&text, today);
        let left = filled.contains("{year}") || filled.contains("{month}");
        prop_assert!(!left, "placeholders left in {:?}", filled);
    }

    #[test]
    fn truncated_words_are_a_prefix_within_the_limit(text in wordy_text(), limit in 0usize..50) {
        let truncated = truncate_words(&text, limit);
        prop_assert!(text.starts_with(truncated.text()));
        prop_assert!(truncated.text().split_whitespace().count() <= limit);
        let words = text.split_whitespace().count();
        if truncated.is_cut() {
            prop_assert!(words > limit);
            prop_assert_eq!(truncated.text().split_whitespace().count(), limit);
        } else {
            prop_assert!(words <= limit);
            prop_assert_eq!(truncated.text(), text.as_str());
        }
    }

    #[test]
    fn truncated_characters_are_a_prefix_within_the_limit(text in wordy_text(), limit in 0usize..60) {
        let truncated = truncate_chars(&text, limit);
        prop_assert!(text.starts_with(truncated.text()));
        prop_assert!(truncated.text().chars().count() <= limit || !truncated.is_cut());
        if !truncated.is_cut() {
            prop_assert_eq!(truncated.text(), text.as_str());
        }
    }

    #[test]
    fn word_limits_never_shrink_as_the_viewport_widens(width in any::<u32>()) {
        let wider = width.saturating_add(1);
        prop_assert!(word_limit(width) <= word_limit(wider));
        prop_assert!(editor_note_char_limit(width) <= editor_note_char_limit(wider));
    }

    #[test]
    fn a_shown_field_is_never_blank(value in proptest::option::of(any::<String>()), perk in any::<bool>()) {
        let kind = if perk { FieldKind::Perk } else { FieldKind::Fee };
        prop_assert!(!or_missing(value, kind).trim().is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_block_starts_collapsed_exactly_up_to_the_breakpoint(width in prop_oneof![any::<u32>(), 760_u32..=780]) {
        prop_assert_eq!(starts_collapsed(width), width <= TRUNCATION_BREAKPOINT_PX);
    }
}
