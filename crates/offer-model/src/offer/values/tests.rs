use super::*;
use proptest::prelude::*;
use rust_decimal_macros::dec;

fn check_amount(input: &str, expected: Amount) {
    assert_eq!(Amount::parse(input), Some(expected), "input {input:?}");
}

fn text(value: &str) -> Amount {
    Amount::Text(value.to_owned())
}

// Amounts.

#[test]
fn bare_number_is_a_number() {
    check_amount("95", Amount::Number(dec!(95)));
    check_amount("0", Amount::Number(dec!(0)));
}

#[test]
fn dollar_amount_is_dollars() {
    check_amount("$95", Amount::Dollars(dec!(95)));
    check_amount("$0", Amount::Dollars(dec!(0)));
}

#[test]
fn percentage_is_percent() {
    check_amount("17.99%", Amount::Percent(dec!(17.99)));
}

#[test]
fn thousands_separators_are_dropped() {
    check_amount("$1,000", Amount::Dollars(dec!(1000)));
    check_amount("1,234,567.89", Amount::Number(dec!(1234567.89)));
}

#[test]
fn badly_grouped_thousands_stay_text() {
    check_amount("1,00", text("1,00"));
    check_amount("1000,000", text("1000,000"));
    check_amount(",100", text(",100"));
}

#[test]
fn amount_keeps_its_written_scale() {
    assert_eq!(
        Amount::parse("$95.00").unwrap().to_string(),
        "$95.00".to_owned()
    );
}

#[test]
fn surrounding_blanks_are_trimmed() {
    check_amount("  $5 ", Amount::Dollars(dec!(5)));
    check_amount("  Up to $5 ", text("Up to $5"));
}

#[test]
fn blank_amount_is_missing() {
    assert_eq!(Amount::parse(""), None);
    assert_eq!(Amount::parse("   "), None);
}

#[test]
fn text_around_an_amount_stays_text() {
    check_amount("$0 intro, then $95", text("$0 intro, then $95"));
    check_amount("N/A", text("N/A"));
    check_amount("3% or $5", text("3% or $5"));
}

#[test]
fn negative_amount_stays_text() {
    check_amount("-5", text("-5"));
    check_amount("-$5", text("-$5"));
}

#[test]
fn dollar_and_percent_together_stay_text() {
    check_amount("$5%", text("$5%"));
}

#[test]
fn blank_inside_an_amount_stays_text() {
    check_amount("$ 5", text("$ 5"));
    check_amount("5 %", text("5 %"));
}

#[test]
fn exponent_form_is_a_number() {
    check_amount("1e3", Amount::Number(dec!(1000)));
    check_amount("1.5E-2", Amount::Number(dec!(0.015)));
}

#[test]
fn exponent_too_large_stays_text() {
    check_amount("1e300", text("1e300"));
}

#[test]
fn number_too_large_for_a_decimal_stays_text() {
    let huge = "9".repeat(40);
    check_amount(&huge, text(&huge));
}

#[test]
fn amount_value_and_text_accessors() {
    assert_eq!(Amount::Percent(dec!(3)).value(), Some(dec!(3)));
    assert_eq!(text("x").value(), None);
    assert_eq!(text("x").text(), Some("x"));
    assert_eq!(Amount::Number(dec!(1)).text(), None);
}

#[test]
fn amount_prints_as_written() {
    assert_eq!(Amount::Dollars(dec!(95)).to_string(), "$95");
    assert_eq!(Amount::Percent(dec!(17.99)).to_string(), "17.99%");
    assert_eq!(Amount::Number(dec!(12)).to_string(), "12");
    assert_eq!(text("See terms").to_string(), "See terms");
}

#[test]
fn amount_serialises_with_kind_and_value() {
    assert_eq!(
        serde_json::to_value(Amount::Dollars(dec!(95.50))).unwrap(),
        serde_json::json!({"kind": "dollars", "value": "95.50"})
    );
    assert_eq!(
        serde_json::to_value(text("N/A")).unwrap(),
        serde_json::json!({"kind": "text", "value": "N/A"})
    );
}

// Flags.

fn check_flag(input: &str, expected: bool) {
    assert_eq!(parse_flag(input), Ok(expected), "input {input:?}");
}

#[test]
fn yes_spellings_are_true() {
    for input in ["Y", "y", "yes", "YES", "true", "True", "1", " Y "] {
        check_flag(input, true);
    }
}

#[test]
fn no_spellings_are_false() {
    for input in ["N", "n", "no", "false", "FALSE", "0", " n "] {
        check_flag(input, false);
    }
}

#[test]
fn blank_flag_is_false() {
    check_flag("", false);
    check_flag("  ", false);
}

#[test]
fn other_flag_values_are_rejected() {
    for input in ["maybe", "2", "yy", "t"] {
        assert_eq!(
            parse_flag(input),
            Err(FlagError::NotAFlag {
                value: input.into()
            })
        );
    }
}

// Identity.

#[test]
fn offer_id_is_trimmed() {
    assert_eq!(OfferId::parse(" 42 ").unwrap().as_str(), "42");
}

#[test]
fn blank_offer_id_is_rejected() {
    assert_eq!(OfferId::parse("  "), Err(IdentityError::BlankId));
}

#[test]
fn blank_offer_name_is_rejected() {
    assert_eq!(OfferName::parse(""), Err(IdentityError::BlankName));
}

#[test]
fn offer_name_serialises_as_its_text_and_checks_on_the_way_in() {
    let name = OfferName::parse("Cash Card").unwrap();
    assert_eq!(
        serde_json::to_value(&name).unwrap(),
        serde_json::json!("Cash Card")
    );
    assert!(serde_json::from_value::<OfferName>(serde_json::json!(" ")).is_err());
}

proptest! {
    #[test]
    fn amount_parse_never_panics(raw in any::<String>()) {
        let _ = Amount::parse(&raw);
    }

    #[test]
    fn amount_parse_never_panics_on_number_shaped_text(raw in "-?\\$?[0-9,]{0,40}(\\.[0-9]{0,40})?([eE][-+]?[0-9]{0,6})?%?") {
        let _ = Amount::parse(&raw);
    }

    #[test]
    fn printed_amount_parses_back(mantissa in 0i64..=i64::MAX, scale in 0u32..=10, kind in 0u8..3) {
        let value = Decimal::new(mantissa, scale);
        let amount = match kind {
            0 => Amount::Dollars(value),
            1 => Amount::Percent(value),
            _ => Amount::Number(value),
        };
        let printed = amount.to_string();
        let read = Amount::parse(&printed);
        prop_assert_eq!(read.as_ref().map(ToString::to_string), Some(printed));
        prop_assert_eq!(read, Some(amount));
    }

    #[test]
    fn flag_parse_never_panics(raw in any::<String>()) {
        let _ = parse_flag(&raw);
    }

    #[test]
    fn identity_parsers_never_panic(raw in any::<String>()) {
        let _ = OfferId::parse(&raw);
        let _ = OfferName::parse(&raw);
    }
}
