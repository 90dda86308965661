use super::*;
use rust_decimal_macros::dec;

#[test]
fn name_keys_ignore_issuer_symbols_and_filler() {
    assert_eq!(
        name_key("Marriott Bonvoy Bevy™ American Express® Card"),
        name_key("Marriott Bonvoy Bevy")
    );
    assert_eq!(name_key("Venture X Rewards"), name_key("Venture X"));
    assert_ne!(name_key("Venture X Rewards"), name_key("Venture"));
}

#[test]
fn median_of_odd_and_even_counts() {
    assert_eq!(median(&mut [dec!(3), dec!(1), dec!(2)]), Some(dec!(2)));
    assert_eq!(
        median(&mut [dec!(4), dec!(1), dec!(2), dec!(3)]),
        Some(dec!(2.5))
    );
    assert_eq!(median(&mut []), None);
}

#[test]
fn set_columns_are_split() {
    assert_eq!(
        set_items("{\"Chip card\",\"Mobile wallet provisioning (for example, Apple Pay)\"}"),
        [
            "Chip card",
            "Mobile wallet provisioning (for example, Apple Pay)"
        ]
    );
    assert!(set_items("{}").is_empty());
}

#[test]
fn bonus_text_reads_points_spend_and_days() {
    let offer = serde_json::json!({"spend": 4000, "amount": [{"amount": 60000}], "days": 90});
    assert_eq!(
        bonus_text(&offer, "DELTA").as_deref(),
        Some("60,000 Delta points after spending $4,000 in 90 days")
    );
    let cash = serde_json::json!({"spend": 500, "amount": [{"amount": 200}], "days": 90});
    assert_eq!(
        bonus_text(&cash, "USD").as_deref(),
        Some("$200 after spending $500 in 90 days")
    );
}
