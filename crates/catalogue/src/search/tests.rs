use offer_model::Offer;
use proptest::prelude::*;
use serde_json::json;

use super::*;

fn offer(id: &str, name: &str, issuer: &str, kind: &str, rating: Option<&str>) -> Offer {
    let mut raw = json!({"ID": id, "NAME": name, "ISSUER": issuer});
    match kind {
        "ccb" => {}
        "cd" => {
            raw["TYPE"] = json!("svg");
            raw["PDT_TYPE"] = json!("CD");
        }
        code => raw["TYPE"] = json!(code),
    }
    if let Some(r) = rating {
        raw["RATING"] = json!(r);
    }
    Offer::from_json(&raw).unwrap()
}

fn catalogue() -> Vec<Offer> {
    vec![
        offer("sp", "Sapphire Preferred", "Chase", "ccb", Some("4.5")),
        offer("ff", "Freedom Flex", "Chase", "ccb", Some("4.2")),
        offer("fu", "Freedom Unlimited", "Chase", "ccb", Some("4.6")),
        offer("ve", "Venture Rewards", "Capital One", "ccb", Some("4.4")),
        offer(
            "hy",
            "Online Savings Account",
            "Marcus by Goldman Sachs",
            "svg",
            None,
        ),
        offer("cd", "12 Month CD", "Ally Bank", "cd", Some("4.0")),
        offer(
            "nf",
            "Navy Federal Credit Union",
            "Navy Federal Credit Union",
            "inst",
            None,
        ),
    ]
}

fn ids(text: &str) -> Vec<String> {
    let offers = catalogue();
    let query = SearchQuery::parse(text).unwrap();
    search(offers.iter(), &query, 0, 10)
        .0
        .iter()
        .map(|o| o.identity.id.as_str().to_owned())
        .collect()
}

#[test]
fn every_word_must_begin_a_word_of_the_name_issuer_or_kind() {
    assert_eq!(ids("chase sapph"), ["sp"]);
    assert_eq!(ids("capital one venture"), ["ve"]);
    assert_eq!(ids("chase travel"), Vec::<String>::new());
}

#[test]
fn name_matches_come_before_issuer_matches_and_ties_go_to_the_higher_rating() {
    // "freedom" is a whole name word of two cards: the better rated first.
    assert_eq!(ids("freedom"), ["fu", "ff"]);
    // "chase" is only the issuer of three cards: by rating.
    assert_eq!(ids("chase"), ["fu", "sp", "ff"]);
}

#[test]
fn kinds_and_plurals_find_products() {
    assert_eq!(ids("savings accounts"), ["hy"]);
    assert_eq!(ids("certificate of deposit"), ["cd"]);
    assert_eq!(ids("CDs"), ["cd"]);
    assert_eq!(ids("credit union"), ["nf"]);
    assert_eq!(ids("Navy Federal"), ["nf"]);
}

#[test]
fn a_phrase_in_the_name_scores_above_scattered_words() {
    let offers = [
        offer("a", "Cash Rewards Plus", "Bank A", "ccb", Some("5")),
        offer("b", "Rewards Cash", "Bank B", "ccb", Some("1")),
    ];
    let query = SearchQuery::parse("rewards cash").unwrap();
    let (found, total) = search(offers.iter(), &query, 0, 10);
    assert_eq!(total, 2);
    assert_eq!(found[0].identity.id.as_str(), "b");
}

#[test]
fn the_limit_cuts_the_list_but_not_the_count() {
    let offers = catalogue();
    let query = SearchQuery::parse("card").unwrap();
    let (found, total) = search(offers.iter(), &query, 0, 2);
    assert_eq!(found.len(), 2);
    assert_eq!(total, 4);
    let (rest, _) = search(offers.iter(), &query, 2, 10);
    assert_eq!(rest.len(), 2);
    assert!(
        rest.iter()
            .all(|o| !found.iter().any(|f| f.identity.id == o.identity.id))
    );
}

#[test]
fn short_or_empty_queries_are_refused_with_their_reason() {
    assert_eq!(SearchQuery::parse(" a "), Err(SearchError::TooShort));
    assert_eq!(SearchQuery::parse("?!"), Err(SearchError::NoWords));
    assert_eq!(SearchQuery::parse("the best"), Err(SearchError::NoWords));
    let long = "word ".repeat(100);
    assert_eq!(
        SearchQuery::parse(&long).unwrap().words().len(),
        MAX_QUERY_WORDS
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any text is either refused or answered, never a panic, and every answer holds
    /// every word of the query.
    #[test]
    fn any_text_is_answered_or_refused(text in ".{0,60}") {
        let offers = catalogue();
        if let Ok(query) = SearchQuery::parse(&text) {
            let (found, total) = search(offers.iter(), &query, 0, 50);
            prop_assert_eq!(found.len(), total);
            for o in found {
                prop_assert!(score(o, &query).is_some());
            }
        }
    }
}

#[test]
fn features_and_needs_are_found_as_the_listings_filter_them() {
    let raw = |id: &str, extra: serde_json::Value| {
        let mut value = json!({"ID": id, "NAME": format!("Card {id}"), "ISSUER": "Bank"});
        if let (Some(v), Some(e)) = (value.as_object_mut(), extra.as_object()) {
            v.extend(e.clone());
        }
        Offer::from_json(&value).unwrap()
    };
    let offers = [
        raw(
            "bt",
            json!({"OFFERS_BT_INTRO_APR": "Y", "BT_INTRO_APR": "0%", "BT_INTRO_APR_PERIOD": "18 months"}),
        ),
        raw("fee", json!({"ANNUAL_FEE": "$0"})),
        raw(
            "cash",
            json!({"REWARDS": "Y", "REWARDS_REDEEM_TYPE": "Cash back"}),
        ),
        raw("travel", json!({"ELIGIBLE_NEEDS": "travel"})),
        raw("plain", json!({"ANNUAL_FEE": "$95"})),
    ];
    let found = |q: &str| -> Vec<String> {
        let query = SearchQuery::parse(q).unwrap();
        let (hits, _) = search(offers.iter(), &query, 0, 10);
        hits.iter()
            .map(|o| o.identity.id.as_str().to_owned())
            .collect()
    };
    assert_eq!(found("balance transfer"), ["bt"]);
    // An absence is not a feature: "annual fee" must not find the cards without one.
    assert!(found("annual fee").is_empty());
    assert_eq!(found("cash back"), ["cash"]);
    assert_eq!(found("travel"), ["travel"]);
    assert!(found("sapphire").is_empty());
}
