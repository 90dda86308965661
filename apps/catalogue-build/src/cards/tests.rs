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

fn bonus_card(issuer: &str, name: &str) -> BonusCard {
    BonusCard {
        card_id: "id".to_owned(),
        name: name.to_owned(),
        issuer: issuer.to_owned(),
        network: None,
        currency: "USD".to_owned(),
        business: false,
        annual_fee: Some(dec!(0)),
        fee_waived: false,
        base_percent: None,
        bonus: None,
        url: None,
        credits: Vec::new(),
    }
}

#[test]
fn charge_and_store_cards_are_classified_and_declared_editorial() {
    let gold = bonus_only_card(&bonus_card("AMERICAN_EXPRESS", "Gold"));
    assert_eq!(gold["CARD_TYPE"], "charge card");
    assert_eq!(
        gold["EDITORIAL_FIELDS"],
        "EDITORS_NOTES,EDITORS_PROS,EDITORS_CONS,CARD_TYPE"
    );
    // Same name, another issuer: not on the list.
    let other = bonus_only_card(&bonus_card("CITI", "Gold"));
    assert_eq!(other["CARD_TYPE"], "unsecured");
    assert_eq!(other["EDITORIAL_FIELDS"], CARD_EDITORIAL_FIELDS);
    let store = bonus_only_card(&bonus_card("SYNCHRONY", "Amazon Prime Store Card"));
    assert_eq!(store["CARD_TYPE"], "store card");
    assert_eq!(store["ELIGIBLE_NEEDS"], "storeRewards,rewards");
    assert_eq!(store["TAGS"], "store");
}

#[test]
fn bonus_cards_get_a_details_page_from_their_name() {
    let plus = bonus_only_card(&bonus_card("WELLS_FARGO", "Expedia One Key+"));
    assert_eq!(
        plus["DETAILS_HTML_PAGE"],
        "wells-fargo-expedia-one-key-plus"
    );
    let plain = bonus_only_card(&bonus_card("WELLS_FARGO", "Expedia One Key"));
    assert_eq!(plain["DETAILS_HTML_PAGE"], "wells-fargo-expedia-one-key");
}
