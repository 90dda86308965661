use offer_model::Amount;
use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::*;

fn card(fields: Value) -> Offer {
    let mut raw = json!({"ID": "c1", "NAME": "Card", "TYPE": "none"});
    if let (Some(raw), Some(fields)) = (raw.as_object_mut(), fields.as_object()) {
        raw.extend(fields.clone());
    }
    Offer::from_json(&raw).unwrap()
}

fn value(score: &CategoryScore) -> Option<Decimal> {
    score.rating.map(Rating::value)
}

#[test]
fn the_five_categories_come_in_the_specs_order() {
    let categories: Vec<BreakdownCategory> = card_breakdown(&card(json!({})))
        .iter()
        .map(|s| s.category)
        .collect();
    assert_eq!(categories, BreakdownCategory::ALL);
}

#[test]
fn the_apr_rating_falls_a_point_for_every_five_points_and_stays_within_one_to_five() {
    let apr = |text: &str| value(&card_breakdown(&card(json!({"REGULAR_PURCHASE_APR": text})))[0]);
    assert_eq!(apr("9.99%"), Some(Decimal::from(5)));
    assert_eq!(apr("15%"), Some(Decimal::from(4)));
    assert_eq!(apr("18.24% - 28.24%"), Some(Decimal::new(34, 1)));
    assert_eq!(apr("36%"), Some(Decimal::ONE));
    let unknown = &card_breakdown(&card(json!({"REGULAR_PURCHASE_APR": "Not reported"})))[0];
    assert_eq!(unknown.rating, None);
    assert_eq!(unknown.basis, "No regular APR in our sources.");
}

#[test]
fn member_reviews_rate_only_from_ten_ratings() {
    let nine = card_breakdown(&card(json!({"MEMBER_RATING": "4.5", "REVIEWS": "9"})));
    assert_eq!(nine[1].rating, None);
    assert_eq!(
        nine[1].basis,
        "9 member ratings so far; this shows from 10."
    );
    let ten = card_breakdown(&card(json!({"MEMBER_RATING": "4.5", "REVIEWS": "10"})));
    assert_eq!(value(&ten[1]), Some(Decimal::new(45, 1)));
    assert_eq!(ten[1].basis, "The mean of 10 member ratings.");
}

#[test]
fn other_features_average_the_fee_rewards_and_foreign_fee_it_knows() {
    let generous = card_breakdown(&card(json!({
        "ANNUAL_FEE": "$0", "REWARDS": "Y", "REWARDS_BASE_RATE": "2%",
        "FOREIGN_TRANSACTION_FEE": "0%",
    })));
    assert_eq!(value(&generous[2]), Some(Decimal::from(5)));
    assert_eq!(
        generous[2].basis,
        "$0 annual fee, earns 2%, no foreign transaction fee."
    );
    let costly = card_breakdown(&card(json!({
        "ANNUAL_FEE": "$695", "REWARDS": "N", "FOREIGN_TRANSACTION_FEE": "3%",
    })));
    // (1 + 2 + 2) / 3
    assert_eq!(value(&costly[2]), Some(Decimal::new(17, 1)));
}

#[test]
fn approval_rates_the_width_of_the_credit_range() {
    let approval =
        |label: &str| value(&card_breakdown(&card(json!({"MIN_CREDIT_REQUIRED": label})))[3]);
    assert_eq!(approval("Bad"), Some(Decimal::from(5)));
    assert_eq!(approval("Fair"), Some(Decimal::from(4)));
    assert_eq!(approval("Excellent"), Some(Decimal::TWO));
    assert_eq!(card_breakdown(&card(json!({})))[3].rating, None);
}

#[test]
fn the_market_comparison_rates_the_apr_against_the_tiers_median() {
    let market = |apr: &str| {
        card_breakdown(&card(
            json!({"REGULAR_PURCHASE_APR": apr, "MARKET_MEDIAN_APR": "23.5%"}),
        ))
        .remove(4)
    };
    let below = market("18.5%");
    assert_eq!(value(&below), Some(Decimal::from(5)));
    assert_eq!(
        below.basis,
        "Lowest regular APR 18.5% is 5 points below the 23.5% median of card plans for the same credit tiers."
    );
    assert_eq!(value(&market("26%")), Some(Decimal::TWO));
    assert!(market("26%").basis.contains("2.5 points above"));
    assert_eq!(
        card_breakdown(&card(json!({"REGULAR_PURCHASE_APR": "20%"})))[4].rating,
        None
    );
}

#[test]
fn an_earn_rate_too_large_to_add_to_rates_five_instead_of_failing() {
    // 29 digits: the largest decimal, so 3 + the rate is past it.
    let huge = card_breakdown(&card(json!({
        "ANNUAL_FEE": "$0", "REWARDS": "Y", "REWARDS_EARN_RATE": "79228162514264337593543950335%",
    })));
    assert_eq!(value(&huge[2]), Some(Decimal::from(5)));
    assert_eq!(
        huge[2].basis,
        "$0 annual fee, earns 79228162514264337593543950335%."
    );
}

#[test]
fn figures_at_the_ends_of_a_decimal_set_in_code_still_rate_from_one_to_five() {
    let mut offer = card(json!({"ANNUAL_FEE": "$0", "REWARDS": "Y"}));
    offer.rates.regular_purchase_apr = Some(Amount::Percent(Decimal::MIN));
    offer.rates.market_median_apr = Some(Amount::Percent(Decimal::MAX));
    offer.rewards.earn_rate = Some(Amount::Percent(Decimal::MAX));
    let breakdown = card_breakdown(&offer);
    assert_eq!(value(&breakdown[0]), Some(Decimal::from(5)));
    assert_eq!(value(&breakdown[2]), Some(Decimal::from(5)));
    assert_eq!(value(&breakdown[4]), Some(Decimal::from(5)));
    offer.rates.regular_purchase_apr = Some(Amount::Percent(Decimal::MAX));
    offer.rates.market_median_apr = Some(Amount::Percent(Decimal::MIN));
    offer.rewards.earn_rate = Some(Amount::Percent(Decimal::MIN));
    let breakdown = card_breakdown(&offer);
    assert_eq!(value(&breakdown[0]), Some(Decimal::ONE));
    // A rewards score is at least 1 whatever the rate: ($0 fee 5 + rewards 1) / 2.
    assert_eq!(value(&breakdown[2]), Some(Decimal::from(3)));
    assert_eq!(value(&breakdown[4]), Some(Decimal::ONE));
}

#[test]
fn a_rewards_rate_scores_at_most_five_before_the_mean() {
    // $695 scores 1; 5% would score 3 + 5 = 8 uncapped and lift the mean to 4.5.
    let premium = card_breakdown(&card(json!({
        "ANNUAL_FEE": "$695", "REWARDS": "Y", "REWARDS_EARN_RATE": "5%",
    })));
    assert_eq!(value(&premium[2]), Some(Decimal::from(3)));
}
