use super::*;
use proptest::prelude::*;
use rust_decimal_macros::dec;

fn tiers(raw: &str) -> RateTiers {
    RateTiers::parse(raw).unwrap()
}

fn check_error(raw: &str, kind: &str, position: usize) {
    let error = RateTiers::parse(raw).unwrap_err();
    assert_eq!(
        (error.kind(), error.position()),
        (kind, position),
        "input {raw:?}: {error}"
    );
}

fn check_blend(raw: &str, balance: Decimal, expected: Decimal) {
    assert_eq!(
        tiers(raw).blended_apy(balance),
        Ok(expected),
        "tiers {raw:?}, balance {balance}"
    );
}

const TWO_TIERS: &str = "0|9999.99|1.00|1.00,10000|99999999|2.00|2.00";

// Parsing.

#[test]
fn one_entry_is_read_field_by_field() {
    let table = tiers("0.01|2499.99|0.10|0.11");
    let tier = table.tiers()[0];
    assert_eq!(
        (tier.low(), tier.high(), tier.rate(), tier.apy()),
        (dec!(0.01), dec!(2499.99), dec!(0.10), dec!(0.11))
    );
}

#[test]
fn entries_are_separated_by_commas() {
    assert_eq!(tiers(TWO_TIERS).len(), 2);
}

#[test]
fn empty_string_is_a_table_without_tiers() {
    assert!(tiers("").is_empty());
    assert!(tiers("   ").is_empty());
    assert_eq!(tiers(""), RateTiers::default());
}

#[test]
fn blanks_around_entries_and_fields_are_ignored() {
    assert_eq!(
        tiers(" 0 | 100 | 1 | 1 , 101|200|2|2 "),
        tiers("0|100|1|1,101|200|2|2")
    );
}

#[test]
fn blank_entries_are_skipped() {
    assert_eq!(
        tiers("0|100|1|1,,101|200|2|2,"),
        tiers("0|100|1|1,101|200|2|2")
    );
}

#[test]
fn high_balance_of_99999998_is_closed() {
    assert!(!tiers("0|99999998|1|1").tiers()[0].is_open_ended());
}

#[test]
fn high_balance_of_99999999_is_open_ended() {
    assert!(tiers("0|99999999|1|1").tiers()[0].is_open_ended());
}

#[test]
fn high_balance_of_100000000_is_open_ended() {
    assert!(tiers("0|100000000|1|1").tiers()[0].is_open_ended());
}

#[test]
fn high_balance_just_under_99999999_is_closed() {
    assert!(!tiers("0|99999998.99|1|1").tiers()[0].is_open_ended());
}

#[test]
fn open_ended_tier_keeps_its_written_high_balance() {
    let table = tiers("0|999999999.00|1|1");
    assert_eq!(table.tiers()[0].high().to_string(), "999999999.00");
    assert_eq!(table.to_string(), "0|999999999.00|1|1");
}

#[test]
fn entry_with_three_fields_is_rejected() {
    check_error("0|100|1", "wrongFieldCount", 1);
}

#[test]
fn entry_with_five_fields_is_rejected() {
    check_error("0|100|1|1|1", "wrongFieldCount", 1);
}

#[test]
fn wrong_field_count_names_the_entry_and_the_count() {
    assert_eq!(
        RateTiers::parse("0|100|1|1, 101|200 "),
        Err(RateInfoError::WrongFieldCount {
            position: 2,
            entry: "101|200".into(),
            found: 2
        })
    );
}

#[test]
fn position_counts_blank_entries() {
    check_error("0|100|1|1,,x|1|1|1", "notANumber", 3);
}

#[test]
fn text_in_a_field_is_not_a_number() {
    assert_eq!(
        RateTiers::parse("0|100|abc|1"),
        Err(RateInfoError::NotANumber {
            position: 1,
            entry: "0|100|abc|1".into(),
            field: TierField::Rate,
            text: "abc".into()
        })
    );
}

#[test]
fn empty_field_is_not_a_number() {
    check_error("0||1|1", "notANumber", 1);
}

#[test]
fn dollar_percent_and_thousands_separators_are_not_numbers() {
    check_error("$0|100|1|1", "notANumber", 1);
    check_error("0|100|1%|1", "notANumber", 1);
    check_error("0|1_000|1|1", "notANumber", 1);
}

#[test]
fn exponent_and_plus_sign_are_not_numbers() {
    check_error("0|1e3|1|1", "notANumber", 1);
    check_error("+0|100|1|1", "notANumber", 1);
}

#[test]
fn point_without_digits_on_both_sides_is_not_a_number() {
    check_error(".5|100|1|1", "notANumber", 1);
    check_error("5.|100|1|1", "notANumber", 1);
}

#[test]
fn negative_field_is_rejected_with_the_field() {
    assert_eq!(
        RateTiers::parse("0|100|1|-0.5"),
        Err(RateInfoError::Negative {
            position: 1,
            entry: "0|100|1|-0.5".into(),
            field: TierField::Apy,
            text: "-0.5".into()
        })
    );
}

#[test]
fn negative_zero_is_rejected_as_negative() {
    check_error("-0|100|1|1", "negative", 1);
}

#[test]
fn number_too_large_for_a_decimal_is_unrepresentable() {
    check_error(
        "0|100000000000000000000000000000000|1|1",
        "unrepresentable",
        1,
    );
}

#[test]
fn number_too_precise_for_a_decimal_is_unrepresentable() {
    check_error(
        "0|100|0.00000000000000000000000000001|1",
        "unrepresentable",
        1,
    );
}

#[test]
fn low_above_high_is_rejected() {
    assert_eq!(
        RateTiers::parse("100.01|100|1|1"),
        Err(RateInfoError::LowAboveHigh {
            position: 1,
            entry: "100.01|100|1|1".into(),
            low: dec!(100.01),
            high: dec!(100)
        })
    );
}

#[test]
fn low_equal_to_high_is_accepted() {
    assert_eq!(tiers("100|100|1|1").len(), 1);
}

#[test]
fn lows_out_of_order_are_rejected() {
    check_error("1000|2000|1|1,0|999|1|1", "notAscending", 2);
}

#[test]
fn repeated_low_is_rejected() {
    check_error("0|999|1|1,0|2000|1|1", "notAscending", 2);
}

#[test]
fn low_just_above_the_previous_low_is_accepted() {
    assert_eq!(tiers("0|999|1|1,0.01|2000|1|1").len(), 2);
}

#[test]
fn error_messages_name_the_entry_and_the_problem() {
    let error = RateTiers::parse("0|100|1|1,5|x|1|1").unwrap_err();
    assert_eq!(
        error.to_string(),
        "rate entry 2 \"5|x|1|1\": high balance \"x\" is not a number"
    );
}

// Printing and serde.

#[test]
fn canonical_string_prints_back_unchanged() {
    assert_eq!(tiers(TWO_TIERS).to_string(), TWO_TIERS);
}

#[test]
fn printing_keeps_the_written_scale() {
    assert_eq!(
        tiers("0|100.50|1.000|1.0").to_string(),
        "0|100.50|1.000|1.0"
    );
}

#[test]
fn empty_table_prints_as_empty_string() {
    assert_eq!(RateTiers::default().to_string(), "");
}

#[test]
fn from_str_is_parse() {
    assert_eq!(TWO_TIERS.parse::<RateTiers>(), RateTiers::parse(TWO_TIERS));
}

#[test]
fn serde_uses_the_rate_info_string() {
    let table = tiers(TWO_TIERS);
    let json = serde_json::to_value(&table).unwrap();
    assert_eq!(json, serde_json::Value::String(TWO_TIERS.into()));
    assert_eq!(serde_json::from_value::<RateTiers>(json).unwrap(), table);
}

#[test]
fn serde_rejects_a_malformed_string() {
    assert!(serde_json::from_str::<RateTiers>("\"0|1\"").is_err());
}

// Building from numbers.

#[test]
fn tier_with_a_negative_field_cannot_be_built() {
    assert_eq!(
        RateTier::new(dec!(0), dec!(10), dec!(-1), dec!(1)),
        Err(RateTierError::Negative {
            field: TierField::Rate,
            value: dec!(-1)
        })
    );
}

#[test]
fn tier_built_with_a_negative_zero_prints_without_a_sign() {
    let tier = RateTier::new(-dec!(0.00), dec!(1), dec!(1), dec!(1)).unwrap();
    assert_eq!(tier.to_string(), "0.00|1|1|1");
}

#[test]
fn tier_with_low_above_high_cannot_be_built() {
    assert!(matches!(
        RateTier::new(dec!(11), dec!(10), dec!(1), dec!(1)),
        Err(RateTierError::LowAboveHigh { .. })
    ));
}

#[test]
fn table_from_tiers_out_of_order_names_the_second_tier() {
    let high = RateTier::new(dec!(100), dec!(200), dec!(1), dec!(1)).unwrap();
    let low = RateTier::new(dec!(0), dec!(99), dec!(1), dec!(1)).unwrap();
    let error = RateTiers::from_tiers(vec![high, low]).unwrap_err();
    assert_eq!((error.kind(), error.position()), ("notAscending", 2));
}

#[test]
fn tier_deserialisation_checks_the_tier() {
    let bad = serde_json::json!({"low": "10", "high": "1", "rate": "1", "apy": "1"});
    assert!(serde_json::from_value::<RateTier>(bad).is_err());
}

// Which tier a balance falls in.

#[test]
fn balance_at_a_tiers_low_falls_in_that_tier() {
    assert_eq!(tiers(TWO_TIERS).tier_index_for(dec!(10000)), Some(1));
}

#[test]
fn balance_just_under_the_next_low_falls_in_the_lower_tier() {
    assert_eq!(tiers(TWO_TIERS).tier_index_for(dec!(9999.999)), Some(0));
}

#[test]
fn balance_in_a_gap_falls_in_the_lower_tier() {
    assert_eq!(
        tiers("0|100|1|1,200|300|2|2").tier_index_for(dec!(150)),
        Some(0)
    );
}

#[test]
fn balance_under_the_first_low_falls_in_no_tier() {
    let table = tiers("100|200|1|1");
    assert_eq!(table.tier_for(dec!(99.99)), None);
    assert_eq!(table.tier_index_for(dec!(100)), Some(0));
}

#[test]
fn balance_at_a_closed_last_high_falls_in_the_last_tier() {
    assert_eq!(tiers("0|200|1|1").tier_index_for(dec!(200)), Some(0));
}

#[test]
fn balance_above_a_closed_last_high_falls_in_no_tier() {
    assert_eq!(tiers("0|200|1|1").tier_index_for(dec!(200.01)), None);
}

#[test]
fn balance_far_above_an_open_ended_last_tier_falls_in_it() {
    assert_eq!(tiers(TWO_TIERS).tier_index_for(Decimal::MAX), Some(1));
}

#[test]
fn negative_balance_and_empty_table_fall_in_no_tier() {
    assert_eq!(tiers(TWO_TIERS).tier_for(dec!(-1)), None);
    assert_eq!(RateTiers::default().tier_for(dec!(1)), None);
}

// Blended APY.

#[test]
fn balance_inside_the_first_tier_earns_its_apy() {
    check_blend(TWO_TIERS, dec!(5000), dec!(1));
}

#[test]
fn balance_over_two_tiers_earns_the_weighted_apy() {
    check_blend(TWO_TIERS, dec!(20000), dec!(1.5));
}

#[test]
fn balance_at_the_next_low_earns_only_the_lower_tier() {
    check_blend(TWO_TIERS, dec!(10000), dec!(1));
}

#[test]
fn gap_between_tiers_earns_the_lower_tiers_apy() {
    // 0 to 200 at 1% (the gap 100 to 200 included), 200 to 400 at 3%.
    check_blend("0|100|1|1,200|99999999|3|3", dec!(400), dec!(2));
}

#[test]
fn a_minimum_is_a_condition_not_a_0_percent_tier() {
    // "$100 and up, 2%": $200 earns 2% on every dollar, not 1%.
    check_blend("100|99999999|2|2", dec!(200), dec!(2));
    check_blend("100|99999999|2|2", dec!(100), dec!(2));
    // "$1,000 and up, 5%" on $10,000: 5%, and $500 a year.
    check_blend("1000|99999999|5|5", dec!(10000), dec!(5));
    assert_eq!(
        tiers("1000|99999999|5|5").yearly_earnings(dec!(10000)),
        Ok(dec!(500.00))
    );
    // A tiered table with a minimum: the first tier earns from zero.
    check_blend("500|9999.99|1|1,10000|99999999|2|2", dec!(20000), dec!(1.5));
}

#[test]
fn a_balance_under_the_minimum_is_not_served() {
    assert_eq!(
        tiers("100|99999999|2|2").blended_apy(dec!(50)),
        Err(BlendError::BelowMinimum {
            balance: dec!(50),
            minimum: dec!(100)
        })
    );
    assert_eq!(
        tiers("100|99999999|2|2")
            .yearly_earnings(dec!(99.99))
            .map_err(|e| e.kind()),
        Err("belowMinimum")
    );
}

#[test]
fn part_above_a_closed_last_tier_earns_nothing() {
    // 0 to 100 at 2%, 100 to 200 uncovered.
    check_blend("0|100|2|2", dec!(200), dec!(1));
}

#[test]
fn balance_at_a_closed_last_high_earns_the_full_apy() {
    check_blend("0|100|2|2", dec!(100), dec!(2));
}

#[test]
fn open_ended_last_tier_covers_any_balance() {
    check_blend("0|99999999|2|2", dec!(5000000000), dec!(2));
}

#[test]
fn blended_apy_uses_the_apy_not_the_rate() {
    check_blend("0|99999999|1.98|2.00", dec!(100), dec!(2));
}

#[test]
fn blended_apy_of_zero_balance_is_an_error() {
    assert_eq!(
        tiers(TWO_TIERS).blended_apy(dec!(0)),
        Err(BlendError::NotPositive { balance: dec!(0) })
    );
}

#[test]
fn blended_apy_of_negative_balance_is_an_error() {
    assert_eq!(
        tiers(TWO_TIERS).blended_apy(dec!(-5)).map_err(|e| e.kind()),
        Err("notPositive")
    );
}

#[test]
fn blended_apy_without_tiers_is_an_error() {
    assert_eq!(
        RateTiers::default().blended_apy(dec!(100)),
        Err(BlendError::NoTiers)
    );
}

#[test]
fn huge_balance_with_huge_apy_overflows_without_panicking() {
    let table = tiers("0|99999999|1000000000000000|1000000000000000");
    assert_eq!(
        table.blended_apy(Decimal::MAX).map_err(|e| e.kind()),
        Err("overflow")
    );
}

#[test]
fn rounded_apy_has_two_decimals() {
    let table = tiers(TWO_TIERS);
    assert_eq!(
        table.blended_apy_rounded(dec!(20000)).unwrap().to_string(),
        "1.50"
    );
    assert_eq!(
        tiers("0|99999999|0.001|0.001")
            .blended_apy_rounded(dec!(50))
            .unwrap()
            .to_string(),
        "0.00"
    );
}

#[test]
fn rounding_takes_half_away_from_zero() {
    // 0 to 100 at 0.02%, 100 to 200 at 0.03%: 0.025% rounds up to 0.03%.
    let table = tiers("0|99.99|0.02|0.02,100|99999999|0.03|0.03");
    assert_eq!(
        table.blended_apy_rounded(dec!(200)).unwrap().to_string(),
        "0.03"
    );
}

#[test]
fn rounding_takes_just_under_half_down() {
    // 0 to 1000 at 1%, 1000 to 3000 at 2%: 5/3 = 1.6666...% rounds to 1.67%;
    // 0 to 1000 at 1%, 1000 to 1001 at 6%: 1006/1001 = 1.004995...% rounds to 1.00%.
    assert_eq!(
        tiers("0|999|1|1,1000|99999999|2|2")
            .blended_apy_rounded(dec!(3000))
            .unwrap()
            .to_string(),
        "1.67"
    );
    assert_eq!(
        tiers("0|999|1|1,1000|99999999|6|6")
            .blended_apy_rounded(dec!(1001))
            .unwrap()
            .to_string(),
        "1.00"
    );
}

#[test]
fn min_and_max_apy_come_from_the_tiers() {
    let table = tiers("0|10|3|3,11|20|1|1,21|30|2|2");
    assert_eq!(
        (table.min_apy(), table.max_apy()),
        (Some(dec!(1)), Some(dec!(3)))
    );
    assert_eq!(RateTiers::default().max_apy(), None);
}

fn decimal_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{1,12}",
        "[0-9]{1,10}\\.[0-9]{1,6}",
        "-?[0-9]{0,40}\\.?[0-9]{0,40}",
        any::<String>(),
    ]
}

proptest! {
    #[test]
    fn parse_never_panics_on_any_text(raw in any::<String>()) {
        let _ = RateTiers::parse(&raw);
    }

    #[test]
    fn parse_never_panics_on_rate_shaped_text(
        entries in proptest::collection::vec(proptest::collection::vec(decimal_text(), 0..6), 0..5)
    ) {
        let raw = entries.iter().map(|fields| fields.join("|")).collect::<Vec<_>>().join(",");
        if let Err(error) = RateTiers::parse(&raw) {
            prop_assert!(error.position() >= 1);
            prop_assert!(!error.to_string().is_empty());
        }
    }

    #[test]
    fn tier_lookups_and_blends_never_panic(
        raw in "([0-9]{1,9}(\\.[0-9]{1,2})?\\|){3}[0-9]{1,3}",
        mantissa in any::<i128>(),
        scale in 0u32..=28,
    ) {
        let balance = Decimal::try_from_i128_with_scale(mantissa % 10i128.pow(28), scale).unwrap_or_default();
        if let Ok(table) = RateTiers::parse(&raw) {
            let _ = table.tier_for(balance);
            let _ = table.blended_apy(balance);
            let _ = table.blended_apy_rounded(balance);
        }
    }

    #[test]
    fn building_tiers_from_any_numbers_never_panics(
        parts in proptest::collection::vec((any::<i64>(), 0u32..=28), 8),
    ) {
        let numbers: Vec<Decimal> = parts.iter().map(|(mantissa, scale)| Decimal::new(*mantissa, *scale)).collect();
        let built: Vec<RateTier> = numbers
            .chunks(4)
            .filter_map(|chunk| match chunk {
                [low, high, rate, apy] => RateTier::new(*low, *high, *rate, *apy).ok(),
                _ => None,
            })
            .collect();
        if let Ok(table) = RateTiers::from_tiers(built) {
            prop_assert_eq!(RateTiers::parse(&table.to_string()), Ok(table));
        }
    }
}
