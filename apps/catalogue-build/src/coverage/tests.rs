use serde_json::{Value, json};

use super::*;

fn offer(raw: Value) -> Offer {
    Offer::from_json(&raw).unwrap()
}

fn card(id: usize, extra: Value) -> Offer {
    let mut raw = json!({
        "ID": format!("card-{id}"), "NAME": format!("Card {id}"), "TYPE": "none",
        "REGULAR_PURCHASE_APR": "19.99%", "OFFERS_PURCHASE_INTRO_APR": "N", "REWARDS": "N",
        "ELIGIBLE_NEEDS": "rewards",
    });
    if let (Some(raw), Some(extra)) = (raw.as_object_mut(), extra.as_object()) {
        raw.extend(extra.clone());
    }
    offer(raw)
}

fn catalogue(offers: Vec<Offer>) -> Vec<Offer> {
    offers
}

#[test]
fn a_route_of_eight_complete_cards_falls_short_in_nothing() {
    let cards = (0..8).map(|id| card(id, json!({}))).collect();
    assert_eq!(shortfalls(&catalogue(cards)), []);
}

#[test]
fn a_route_with_few_products_or_none_falls_short_in_nothing() {
    let cards = (0..3).map(|id| card(id, json!({}))).collect();
    assert_eq!(shortfalls(&catalogue(cards)), []);
    assert_eq!(shortfalls(&catalogue(Vec::new())), []);
}

#[test]
fn a_generated_product_falls_short() {
    let cards = vec![card(0, json!({})), card(1, json!({"ILLUSTRATIVE": "Y"}))];
    assert_eq!(
        shortfalls(&catalogue(cards)),
        [Shortfall(
            "card-1 is generated, not a named product of its source".to_owned()
        )]
    );
}

#[test]
fn a_card_without_its_headline_figures_falls_short() {
    let mut cards: Vec<Offer> = (0..8).map(|id| card(id, json!({}))).collect();
    cards.push(card(
        8,
        json!({"REGULAR_PURCHASE_APR": "", "REWARDS": "Y", "REWARDS_REDEEM_TYPE": ""}),
    ));
    assert_eq!(
        shortfalls(&catalogue(cards)),
        [Shortfall("card-8 lacks its regular APR, earns".to_owned())]
    );
}

#[test]
fn a_deposit_account_without_an_apy_falls_short() {
    let mut offers: Vec<Offer> = (0..8).map(|id| card(id, json!({}))).collect();
    offers.push(offer(
        json!({"ID": "sav-1", "NAME": "Savings", "TYPE": "svg", "PDT_TYPE": "Savings"}),
    ));
    assert_eq!(
        shortfalls(&catalogue(offers)),
        [Shortfall("sav-1 lacks its APY".to_owned())]
    );
}
