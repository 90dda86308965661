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

#[test]
fn marketed_names_drop_the_surveys_channel_qualifiers_and_artefacts() {
    let cases = [
        (
            "Capital One",
            "Venture X Rewards (NPSL)",
            "Venture X Rewards",
        ),
        (
            "Capital One",
            "Quicksilver Rewards (targeted offering for existing customers - PMC)",
            "Quicksilver Rewards",
        ),
        (
            "Capital One",
            "Quicksilver Rewards (ranged APR offering)",
            "Quicksilver Rewards",
        ),
        (
            "Capital One",
            "Quicksilver Rewards (non-ranged APR offering)",
            "Quicksilver Rewards",
        ),
        (
            "Capital One",
            "Teamsters Direct Mail - Mainstreet (Non-Teaser)",
            "Teamsters Credit Card",
        ),
        (
            "Capital One",
            "Union Plus Rate Advantage - Internet",
            "Union Plus Rate Advantage",
        ),
        (
            "Barclays",
            "Wyndham Rewards Earner®  Card",
            "Wyndham Rewards Earner® Card",
        ),
        (
            "Alabama State Employees Credit Union",
            "Credit Card Agreement 11-2024",
            "Alabama State Employees Credit Union Credit Card",
        ),
        (
            "Some CU",
            "Platinum Visa Card with and without Rewards.",
            "Platinum Visa Card with and without Rewards",
        ),
        (
            "Some CU",
            "Consumer Platinum (Non-Rewards) Card",
            "Consumer Platinum (Non-Rewards) Card",
        ),
        (
            "Joplin Metro Credit Union",
            "JOPLIN METRO CREDIT UNION SECURED VISA",
            "Joplin Metro Credit Union Secured Visa",
        ),
        ("Some CU", "VISA", "Some CU Visa"),
        (
            "Greenville Federal Credit Union",
            "ACCESS",
            "Greenville Federal Credit Union Access",
        ),
        ("U.S. Bancorp", "Altitude Go Sig", "Altitude Go Signature"),
    ];
    for (institution, survey, marketed) in cases {
        assert_eq!(marketed_name(institution, survey), marketed, "{survey}");
    }
}

#[test]
fn plans_sold_under_one_name_become_one_card_keeping_the_plainly_named_plan() {
    let text = "id,institution,product_name\n\
        a,Capital One,Quicksilver Rewards (ranged APR offering)\n\
        b,Capital One,Quicksilver Rewards\n\
        c,Capital One,Quicksilver Rewards (targeted offering for existing customers - PMC)\n\
        d,Other Bank,Quicksilver Rewards\n\
        e,Barclays,Wyndham Rewards Earner®  Card\n\
        f,Barclays,Wyndham Rewards Earner®  Card\n";
    let table = Table::parse(text).unwrap();
    let kept: Vec<&str> = distinct_plans(&table)
        .into_iter()
        .map(|row| row.text("id"))
        .collect();
    assert_eq!(kept, ["b", "d", "e"]);
}

#[test]
fn a_bonus_card_whose_name_is_part_of_the_plans_matches_when_it_is_the_only_one() {
    let text = "id,institution,issuer_key,product_name\n\
        a,Chase,CHASE,Southwest® Rapid Rewards® Priority Credit Card\n\
        b,Capital One,CAPITAL_ONE,Discover It® Miles\n";
    let table = Table::parse(text).unwrap();
    let rows: Vec<Row<'_>> = table.rows().collect();
    let chase = [
        bonus_card("CHASE", "Southwest Priority"),
        bonus_card("CHASE", "Southwest Plus"),
    ];
    assert_eq!(
        match_bonus(
            rows[0],
            "Southwest® Rapid Rewards® Priority Credit Card",
            false,
            &chase
        )
        .map(|card| card.name.as_str()),
        Some("Southwest Priority")
    );
    // A one-word name ("It") is too little to match on.
    let discover = [bonus_card("DISCOVER", "It")];
    assert!(match_bonus(rows[1], "Discover It® Miles", false, &discover).is_none());
}
