use serde_json::json;

use super::*;

fn catalogue() -> Vec<Value> {
    vec![
        json!({"ID": "a", "ISSUER": "Chase", "NAME": "Chase Freedom"}),
        json!({"ID": "b", "ISSUER": "Citi", "NAME": "Citi Double Cash"}),
        json!({"ID": "c", "ISSUER": "Chase", "NAME": "Chase Sapphire"}),
        json!({"ID": "d", "ISSUER": "Bank", "NAME": "Gas (illustrative)", "ILLUSTRATIVE": "Y"}),
    ]
}

#[test]
fn only_real_cards_are_used() {
    let ids: Vec<String> = cards(&catalogue()).into_iter().map(|c| c.id).collect();
    assert_eq!(ids, ["a", "b", "c"]);
}

#[test]
fn brands_match_as_whole_words() {
    assert_eq!(find_word("My Citi card", "Citi"), Some(3));
    assert_eq!(find_word("My Citibank card", "Citi"), None);
    assert_eq!(find_word("chase the market", "Chase"), None);
}

#[test]
fn the_first_brand_named_wins() {
    let cards = cards(&catalogue());
    assert_eq!(
        mentioned("My Citi card and my Chase card", "k", &cards),
        Some("b".to_owned())
    );
    let chase = mentioned("I have a Chase card", "k", &cards).unwrap();
    assert!(chase == "a" || chase == "c");
    assert_eq!(mentioned("No brand here", "k", &cards), None);
}

#[test]
fn the_rest_take_the_first_cards_in_turn() {
    let cards = cards(&catalogue());
    let turns: Vec<String> = (0..4).filter_map(|t| fallback(t, &cards)).collect();
    assert_eq!(turns, ["a", "b", "c", "a"]);
    assert_eq!(fallback(0, &[]), None);
}
