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
fn other_features_average_the_fee_rewards_foreign_fee_and_intro_offer() {
    let generous = card_breakdown(&card(json!({
        "ANNUAL_FEE": "$0", "REWARDS": "Y", "REWARDS_REDEEM_TYPE": "Cash back",
        "REWARDS_INITIAL_BONUS": "$200", "FOREIGN_TRANSACTION_FEE": "0%",
        "PURCHASE_INTRO_APR": "0%", "PURCHASE_INTRO_APR_PERIOD": "15",
    })));
    assert_eq!(value(&generous[2]), Some(Decimal::from(5)));
    assert_eq!(
        generous[2].basis,
        "$0 annual fee, cash back or the issuer's own points, with a sign-up bonus, no foreign transaction fee, an intro purchase APR."
    );
    let costly = card_breakdown(&card(json!({
        "ANNUAL_FEE": "$695", "REWARDS": "N", "FOREIGN_TRANSACTION_FEE": "3%",
    })));
    // (1 + 2 + 2 + 2) / 4
    assert_eq!(value(&costly[2]), Some(Decimal::new(18, 1)));
    assert_eq!(
        costly[2].basis,
        "$695 annual fee, no rewards, 3% foreign transaction fee, no intro offer."
    );
}

#[test]
fn one_brands_points_score_below_cash_back_or_the_issuers_own_points() {
    let rewards = |kind: &str, issuer: &str| {
        part_score(
            &card(json!({"REWARDS": "Y", "REWARDS_REDEEM_TYPE": kind, "ISSUER": issuer})),
            Part::Rewards,
        )
    };
    assert_eq!(
        rewards("Carnival points", "Barclays Bank Delaware"),
        Some(Decimal::from(3))
    );
    assert_eq!(
        rewards("Chase points", "JPMorgan Chase Bank, National Association"),
        Some(Decimal::from(4))
    );
    assert_eq!(
        rewards("Cash back, travel rewards", "Citibank, N.A."),
        Some(Decimal::from(4))
    );
    assert_eq!(
        rewards("Other rewards", "Synchrony Bank"),
        Some(Decimal::from(3))
    );
    assert_eq!(
        part_score(&card(json!({"REWARDS": "N"})), Part::Rewards),
        Some(Decimal::TWO)
    );
}

#[test]
fn a_first_year_waiver_scores_the_fee_after_it_and_a_monthly_fee_takes_a_point() {
    let fee = |fields: Value| part_score(&card(fields), Part::Fee);
    assert_eq!(
        fee(json!({"ANNUAL_FEE": "$0 intro annual fee the first year, then $95"})),
        Some(Decimal::from(4))
    );
    assert_eq!(
        fee(json!({"ANNUAL_FEE": "$0", "MONTHLY_FEE": "$5"})),
        Some(Decimal::from(4))
    );
    assert_eq!(fee(json!({"ANNUAL_FEE": "varies"})), None);
    assert_eq!(fee(json!({})), None);
}

#[test]
fn the_overall_rating_is_the_weighted_breakdown_as_shown() {
    // APR 18.49%: 3.3; market 23.43%: 5.0 (capped); features (5 + 4 + 5 + 4.875) / 4 = 4.72,
    // shown 4.7: 0.2 x 3.3 + 0.2 x 5 + 0.6 x 4.7 = 4.48, shown 4.5.
    let cruise = card(json!({
        "ANNUAL_FEE": "$0", "REGULAR_PURCHASE_APR": "18.49% - 29.99%",
        "MARKET_MEDIAN_APR": "23.43%", "REWARDS": "Y", "REWARDS_REDEEM_TYPE": "Carnival points",
        "ISSUER": "Barclays Bank Delaware", "REWARDS_INITIAL_BONUS": "20,000 points",
        "FOREIGN_TRANSACTION_FEE": "0%", "BT_INTRO_APR": "0%", "BT_INTRO_APR_PERIOD": "15",
    }));
    let shown: Vec<Option<Decimal>> = card_breakdown(&cruise).iter().map(value).collect();
    assert_eq!(
        shown,
        [
            Some(Decimal::new(33, 1)),
            None,
            Some(Decimal::new(47, 1)),
            None,
            Some(Decimal::from(5))
        ]
    );
    assert_eq!(card_rating(&cruise).value(), Decimal::new(45, 1));
    let weights: Vec<Option<u8>> = card_breakdown(&cruise).iter().map(|c| c.weight).collect();
    assert_eq!(weights, [Some(20), None, Some(60), None, Some(20)]);
    // A card with nothing stated: APR and market count 2.5, features (2 + 2) / 2 = 2.
    assert_eq!(card_rating(&card(json!({}))).value(), Decimal::new(22, 1));
}

#[test]
fn need_weights_add_up_to_a_hundred_and_business_needs_weigh_as_personal_ones() {
    for need in NeedKey::ALL {
        let total: u32 = need_weights(need).iter().map(|(_, w)| u32::from(*w)).sum();
        assert_eq!(total, 100, "{need:?}");
        assert_eq!(need_weights(need), need_weights(need.personal()));
    }
    let total: u32 = OVERALL_WEIGHTS.iter().map(|(_, w)| u32::from(*w)).sum();
    assert_eq!(total, 100);
}

#[test]
fn the_rated_need_is_the_best_eligible_one_and_ties_keep_the_first() {
    let card_with = card(json!({"ANNUAL_FEE": "$0", "BT_INTRO_APR": "0%",
        "BT_INTRO_APR_PERIOD": "18", "REWARDS": "N", "ELIGIBLE_NEEDS": "rewards,lowerDebt,notANeed"}));
    let (need, rating) = best_need(&card_with).unwrap();
    assert_eq!(need, NeedKey::LowerDebt);
    // Transfer 5 (3 + 18/8, capped), market unknown 2.5, fee 5: 2.5 + 0.75 + 1 = 4.25.
    assert_eq!(rating.value(), Decimal::new(43, 1));
    let tie = card(json!({"ELIGIBLE_NEEDS": "travel,airline"}));
    assert_eq!(best_need(&tie).map(|(need, _)| need), Some(NeedKey::Travel));
    assert_eq!(best_need(&card(json!({}))), None);
}

#[test]
fn the_method_text_names_every_overall_weight() {
    for (category, weight) in OVERALL_WEIGHTS {
        let phrase = format!("{} {weight}%", category.label().to_lowercase());
        assert!(CARD_METHOD.to_lowercase().contains(&phrase), "{phrase}");
    }
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
        "Lowest regular APR 18.50% is 5 points below the 23.50% median of card plans for the same credit tiers."
    );
    assert_eq!(value(&market("26%")), Some(Decimal::TWO));
    assert!(market("26%").basis.contains("2.5 points above"));
    assert_eq!(
        card_breakdown(&card(json!({"REGULAR_PURCHASE_APR": "20%"})))[4].rating,
        None
    );
}

#[test]
fn figures_at_the_ends_of_a_decimal_set_in_code_still_rate_from_one_to_five() {
    let mut offer = card(json!({"ANNUAL_FEE": "$0", "REWARDS": "Y"}));
    offer.rates.regular_purchase_apr = Some(Amount::Percent(Decimal::MIN));
    offer.rates.market_median_apr = Some(Amount::Percent(Decimal::MAX));
    offer.rates.bt_intro_apr = Some(Amount::Percent(Decimal::ZERO));
    offer.rates.bt_intro_apr_period = Some(Amount::Number(Decimal::MAX));
    let breakdown = card_breakdown(&offer);
    assert_eq!(value(&breakdown[0]), Some(Decimal::from(5)));
    assert_eq!(value(&breakdown[2]), Some(Decimal::new(43, 1)));
    assert_eq!(value(&breakdown[4]), Some(Decimal::from(5)));
    offer.rates.regular_purchase_apr = Some(Amount::Percent(Decimal::MAX));
    offer.rates.market_median_apr = Some(Amount::Percent(Decimal::MIN));
    let breakdown = card_breakdown(&offer);
    assert_eq!(value(&breakdown[0]), Some(Decimal::ONE));
    // ($0 fee 5 + rewards 3 + a 0% transfer for ever 5) / 3, as above.
    assert_eq!(value(&breakdown[2]), Some(Decimal::new(43, 1)));
    assert!(card_rating(&offer).value() <= Decimal::from(5));
    assert_eq!(value(&breakdown[4]), Some(Decimal::ONE));
}
