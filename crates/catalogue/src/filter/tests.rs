use super::*;
use offer_model::scenarios::Scenario;
use serde_json::{Value, json};

fn offer(raw: Value) -> Offer {
    Offer::from_json(&raw).unwrap()
}

fn card(extra: Value) -> Offer {
    let mut raw = json!({"ID": "c", "NAME": "Card"});
    if let (Some(base), Value::Object(more)) = (raw.as_object_mut(), extra) {
        base.extend(more);
    }
    offer(raw)
}

fn filter(text: &str) -> Filter {
    serde_json::from_str(text).unwrap()
}

#[test]
fn json_form_reads_bare_names_one_key_objects_and_combinators() {
    let parsed = filter(
        r#"{"all": [{"productType": ["creditCard", "svg"]}, "noAnnualFee",
            {"not": {"cardKind": "secured"}}, {"regularAprAtMost": "18.5"}]}"#,
    );
    assert_eq!(
        parsed,
        Filter::All(vec![
            Filter::ProductType(vec![ProductType::CreditCard, ProductType::Savings]),
            Filter::NoAnnualFee,
            Filter::Not(Box::new(Filter::CardKind(CardKind::Secured))),
            Filter::RegularAprAtMost(Decimal::new(185, 1)),
        ])
    );
    let again: Filter = serde_json::from_value(serde_json::to_value(&parsed).unwrap()).unwrap();
    assert_eq!(again, parsed);
}

#[test]
fn unknown_predicates_and_bad_arguments_are_refused() {
    for text in [
        r#""cheap""#,
        r#"{"need": ["notANeed"]}"#,
        r#"{"cardKind": "gold"}"#,
        r#"{"productType": ["boat"]}"#,
        r#"{"all": [], "any": []}"#,
        r#"{"termAtMostMonths": -1}"#,
    ] {
        assert!(serde_json::from_str::<Filter>(text).is_err(), "{text}");
    }
}

#[test]
fn check_refuses_empty_lists_at_any_depth_and_negative_bounds() {
    assert_eq!(
        filter(r#"{"any": []}"#).check(),
        Err(FilterError::EmptyList { predicate: "any" })
    );
    assert_eq!(
        filter(r#"{"all": [{"not": {"tag": []}}]}"#).check(),
        Err(FilterError::EmptyList { predicate: "tag" })
    );
    assert!(matches!(
        filter(r#"{"regularAprAtMost": "-1"}"#).check(),
        Err(FilterError::NegativeBound { .. })
    ));
    assert_eq!(filter(r#"{"regularAprAtMost": "0"}"#).check(), Ok(()));
    assert_eq!(filter(r#"{"all": ["noAnnualFee"]}"#).check(), Ok(()));
}

#[test]
fn combinators_follow_boolean_logic() {
    let free = card(json!({"ANNUAL_FEE": "$0"}));
    let paid = card(json!({"ANNUAL_FEE": "$95"}));
    let none_fee = Filter::NoAnnualFee;
    assert!(
        Filter::All(vec![
            none_fee.clone(),
            Filter::ProductType(vec![ProductType::CreditCard])
        ])
        .matches(&free)
    );
    assert!(!Filter::All(vec![none_fee.clone(), Filter::Business]).matches(&free));
    assert!(Filter::Any(vec![Filter::Business, none_fee.clone()]).matches(&free));
    assert!(!Filter::Any(vec![Filter::Business, none_fee.clone()]).matches(&paid));
    assert!(Filter::Not(Box::new(none_fee)).matches(&paid));
}

#[test]
fn annual_fee_must_be_exactly_zero() {
    assert!(Filter::NoAnnualFee.matches(&card(json!({"ANNUAL_FEE": "$0"}))));
    assert!(Filter::NoAnnualFee.matches(&card(json!({"ANNUAL_FEE": "0.00"}))));
    assert!(!Filter::NoAnnualFee.matches(&card(json!({"ANNUAL_FEE": "$0 intro, then $95"}))));
    assert!(!Filter::NoAnnualFee.matches(&card(json!({"ANNUAL_FEE": "$0.01"}))));
    assert!(!Filter::NoAnnualFee.matches(&card(json!({}))));
}

#[test]
fn card_kinds() {
    let secured_by_pick = card(json!({"PICK_TYPE": "Secured Card"}));
    let secured_by_type = card(json!({"CARD_TYPE": "secured"}));
    let charge = card(json!({"CARD_TYPE": "Charge Card"}));
    let store = card(json!({"CARD_TYPE": "store"}));
    let plain = card(json!({"CARD_TYPE": "unsecured"}));
    let kind = |k| Filter::CardKind(k);
    assert!(kind(CardKind::Secured).matches(&secured_by_pick));
    assert!(kind(CardKind::Secured).matches(&secured_by_type));
    assert!(!kind(CardKind::Unsecured).matches(&secured_by_type));
    assert!(kind(CardKind::Unsecured).matches(&plain));
    assert!(kind(CardKind::Unsecured).matches(&charge));
    assert!(kind(CardKind::Charge).matches(&charge));
    assert!(!kind(CardKind::Charge).matches(&store));
    assert!(kind(CardKind::Store).matches(&store));
    assert!(!kind(CardKind::Store).matches(&plain));
    // Only credit cards have a card kind.
    let savings = offer(json!({"ID": "s", "NAME": "S", "TYPE": "svg", "CARD_TYPE": "store"}));
    assert!(!kind(CardKind::Store).matches(&savings));
    assert!(!kind(CardKind::Unsecured).matches(&savings));
}

#[test]
fn intro_aprs_and_foreign_fee() {
    let zero_intro = card(json!({"PURCHASE_INTRO_APR": "0%", "PURCHASE_INTRO_APR_PERIOD": "15"}));
    let low_intro = card(json!({"PURCHASE_INTRO_APR": "2.9%"}));
    let flagged = card(json!({"OFFERS_PURCHASE_INTRO_APR": "Y", "OFFERS_BT_INTRO_APR": "Y"}));
    let none = card(json!({"OFFERS_PURCHASE_INTRO_APR": "N"}));
    assert!(Filter::IntroPurchaseApr.matches(&zero_intro));
    assert!(Filter::IntroPurchaseApr.matches(&low_intro));
    assert!(Filter::IntroPurchaseApr.matches(&flagged));
    assert!(!Filter::IntroPurchaseApr.matches(&none));
    assert!(Filter::ZeroIntroPurchaseApr.matches(&zero_intro));
    assert!(!Filter::ZeroIntroPurchaseApr.matches(&low_intro));
    assert!(!Filter::ZeroIntroPurchaseApr.matches(&flagged));
    assert!(Filter::IntroBalanceTransferApr.matches(&flagged));
    assert!(Filter::IntroBalanceTransferApr.matches(&card(json!({"BT_INTRO_APR": "0%"}))));
    assert!(!Filter::IntroBalanceTransferApr.matches(&none));
    assert!(
        Filter::NoForeignTransactionFee.matches(&card(json!({"FOREIGN_TRANSACTION_FEE": "0%"})))
    );
    assert!(
        !Filter::NoForeignTransactionFee.matches(&card(json!({"FOREIGN_TRANSACTION_FEE": "3%"})))
    );
    assert!(!Filter::NoForeignTransactionFee.matches(&none));
}

#[test]
fn needs_and_business() {
    let rewards = card(json!({"ELIGIBLE_NEEDS": "rewards,travel"}));
    let rated = card(json!({"WH_RATINGS_NEEDS": "lowerDebt"}));
    let business_need = card(json!({"ELIGIBLE_NEEDS": "businessRewards"}));
    let business_tag = card(json!({"TAGS": "Business"}));
    assert!(Filter::Need(vec![NeedKey::Travel]).matches(&rewards));
    assert!(!Filter::Need(vec![NeedKey::Airline]).matches(&rewards));
    assert!(Filter::Need(vec![NeedKey::Gas, NeedKey::LowerDebt]).matches(&rated));
    assert!(Filter::Business.matches(&business_need));
    assert!(Filter::Business.matches(&business_tag));
    assert!(!Filter::Business.matches(&rewards));
    // Need keys are exact: "Rewards" is not "rewards".
    assert!(
        !Filter::Need(vec![NeedKey::Rewards]).matches(&card(json!({"ELIGIBLE_NEEDS": "Rewards"})))
    );
}

#[test]
fn rewards_kinds() {
    let cash = card(json!({"REWARDS": "Y", "REWARDS_REDEEM_TYPE": "Cash back, Travel"}));
    let points = card(json!({"REWARDS": "Y", "REWARDS_REDEEM_TYPE": "Delta points"}));
    let airline = card(json!({"REWARDS": "Y", "ELIGIBLE_NEEDS": "airline"}));
    let no_rewards = card(json!({"REWARDS": "N", "REWARDS_REDEEM_TYPE": "Cash back"}));
    let kind = |k| Filter::Rewards(k);
    assert!(kind(RewardsKind::Any).matches(&points));
    assert!(!kind(RewardsKind::Any).matches(&no_rewards));
    assert!(kind(RewardsKind::CashBack).matches(&cash));
    assert!(!kind(RewardsKind::CashBack).matches(&points));
    assert!(!kind(RewardsKind::CashBack).matches(&no_rewards));
    assert!(kind(RewardsKind::Points).matches(&points));
    assert!(kind(RewardsKind::Travel).matches(&cash));
    assert!(kind(RewardsKind::Travel).matches(&airline));
    assert!(!kind(RewardsKind::Travel).matches(&points));
}

#[test]
fn apr_bounds_and_market_median() {
    let range =
        card(json!({"REGULAR_PURCHASE_APR": "17.99% - 27.99%", "MARKET_MEDIAN_APR": "24.5%"}));
    let above = card(json!({"REGULAR_PURCHASE_APR": "26%", "MARKET_MEDIAN_APR": "24.5%"}));
    let loan = offer(json!({"ID": "l", "NAME": "L", "TYPE": "prsn", "APR": "9.99%"}));
    assert!(Filter::RegularAprAtMost(Decimal::from(18)).matches(&range));
    assert!(Filter::RegularAprAtMost(Decimal::new(1799, 2)).matches(&range));
    assert!(!Filter::RegularAprAtMost(Decimal::new(1798, 2)).matches(&range));
    assert!(Filter::RegularAprAtMost(Decimal::from(10)).matches(&loan));
    assert!(!Filter::RegularAprAtMost(Decimal::from(30)).matches(&card(json!({}))));
    assert!(Filter::AprBelowMarketMedian.matches(&range));
    assert!(!Filter::AprBelowMarketMedian.matches(&above));
    assert!(!Filter::AprBelowMarketMedian.matches(&loan));
}

#[test]
fn credit_labels_terms_tags_bonus_and_tiers() {
    let fair = card(json!({"MIN_CREDIT_REQUIRED": "fair"}));
    assert!(Filter::MinCredit(vec![CreditLabel::Fair, CreditLabel::Bad]).matches(&fair));
    assert!(!Filter::MinCredit(vec![CreditLabel::Good]).matches(&fair));
    assert!(!Filter::MinCredit(vec![CreditLabel::Good]).matches(&card(json!({}))));

    let loan =
        offer(json!({"ID": "l", "NAME": "L", "TYPE": "prsn", "TERM": "12", "TAGS": "bank,short"}));
    assert!(Filter::TermAtMostMonths(12).matches(&loan));
    assert!(!Filter::TermAtMostMonths(11).matches(&loan));
    assert!(Filter::Tag(vec!["BANK".to_owned()]).matches(&loan));
    assert!(!Filter::Tag(vec!["credit-union".to_owned()]).matches(&loan));

    assert!(Filter::SignupBonus.matches(&card(json!({"REWARDS_INITIAL_BONUS": "$200"}))));
    assert!(!Filter::SignupBonus.matches(&fair));

    let tiered = offer(json!({"ID": "s", "NAME": "S", "TYPE": "svg",
        "RATE_INFO_STR": "0|999.99|1|1,1000|99999999|2|2"}));
    let flat =
        offer(json!({"ID": "t", "NAME": "T", "TYPE": "svg", "RATE_INFO_STR": "0|99999999|1|1"}));
    assert!(Filter::TieredRates.matches(&tiered));
    assert!(!Filter::TieredRates.matches(&flat));
}

#[test]
fn scenarios_keep_their_family_term_and_opening_balance() {
    let checking = offer(json!({"ID": "k", "NAME": "K", "TYPE": "chkg", "MIN_TO_OPEN": "$25"}));
    let savings = offer(json!({"ID": "s", "NAME": "S", "TYPE": "svg", "MIN_TO_OPEN": "$0"}));
    let money_market =
        offer(json!({"ID": "m", "NAME": "M", "PDT_TYPE": "Money Market", "MIN_TO_OPEN": "$5,000"}));
    let odd_minimum =
        offer(json!({"ID": "o", "NAME": "O", "TYPE": "svg", "MIN_TO_OPEN": "varies"}));
    let cd = offer(
        json!({"ID": "c", "NAME": "C", "PDT_TYPE": "CD", "TERM": "6", "MIN_TO_OPEN": "$500"}),
    );
    let card = card(json!({}));
    assert!(matches_scenario(
        &checking,
        Scenario::EverydayCheckingLowBalance
    ));
    assert!(matches_scenario(&checking, Scenario::CheckingTraveler));
    assert!(!matches_scenario(&checking, Scenario::SavingSmallAmount));
    assert!(matches_scenario(&savings, Scenario::SavingSmallAmount));
    assert!(!matches_scenario(
        &money_market,
        Scenario::SavingSmallAmount
    ));
    assert!(matches_scenario(
        &money_market,
        Scenario::SavingAverageAmount
    ));
    assert!(matches_scenario(&money_market, Scenario::SavingStudent));
    assert!(matches_scenario(&odd_minimum, Scenario::SavingSmallAmount));
    assert!(matches_scenario(&cd, Scenario::SavingTerm6Months));
    assert!(!matches_scenario(&cd, Scenario::SavingTerm12Months));
    assert!(!matches_scenario(&savings, Scenario::SavingTerm6Months));
    assert!(!matches_scenario(&card, Scenario::SavingAverageAmount));
}

#[test]
fn product_types_are_read_from_the_filter_alone() {
    let types =
        |text: &str| -> Vec<ProductType> { filter(text).product_types().into_iter().collect() };
    let every = ProductType::ALL.to_vec();
    assert_eq!(
        types(r#"{"productType": ["cd", "savings"]}"#),
        [ProductType::Savings, ProductType::Cd]
    );
    assert_eq!(types(r#"{"cardKind": "store"}"#), [ProductType::CreditCard]);
    assert_eq!(types(r#""noAnnualFee""#), every);
    assert_eq!(types(r#"{"need": ["rewards"]}"#), every);
    assert_eq!(
        types(
            r#"{"all": [{"productType": ["creditCard", "checking"]}, {"not": "business"}, {"productType": ["checking", "cd"]}]}"#
        ),
        [ProductType::Checking]
    );
    assert_eq!(
        types(r#"{"all": [{"productType": ["checking"]}, {"cardKind": "secured"}]}"#),
        []
    );
    assert_eq!(
        types(r#"{"any": [{"productType": ["prepaid"]}, {"cardKind": "charge"}]}"#),
        [ProductType::CreditCard, ProductType::Prepaid]
    );
    assert_eq!(
        types(r#"{"any": [{"productType": ["prepaid"]}, "tieredRates"]}"#),
        every
    );
    let not_cards: Vec<ProductType> = every
        .iter()
        .copied()
        .filter(|t| *t != ProductType::CreditCard)
        .collect();
    assert_eq!(
        types(r#"{"not": {"productType": ["creditCard"]}}"#),
        not_cards
    );
    // `not` of anything else can match any type.
    assert_eq!(types(r#"{"not": {"cardKind": "secured"}}"#), every);
    assert_eq!(types(r#"{"not": {"not": {"productType": ["cd"]}}}"#), every);
    assert_eq!(NEED_PRODUCT_TYPES, [ProductType::CreditCard]);
}
