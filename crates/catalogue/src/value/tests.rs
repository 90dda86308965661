use offer_model::{Amount, Offer};
use proptest::prelude::*;
use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::*;

fn card(fields: Value) -> Offer {
    let mut raw = json!({"ID": "c", "NAME": "Test Card", "ANNUAL_FEE": "$0"});
    for (k, v) in fields.as_object().unwrap() {
        raw[k] = v.clone();
    }
    Offer::from_json(&raw).unwrap()
}

fn d(text: &str) -> Decimal {
    text.parse().unwrap()
}

/// $1,000 a month in "other", no balance, good credit, 1 cent a point.
fn plain_spender() -> Assumptions {
    Assumptions {
        spending: Spending {
            other: d("1000"),
            ..Spending::default()
        },
        balance: Decimal::ZERO,
        tier: SurveyTier::Good,
        cents_per_point: Decimal::ONE,
    }
}

#[test]
fn cash_back_is_a_year_of_spending_at_the_base_rate_less_the_fee() {
    let offer = card(
        json!({"REWARDS": "Y", "REWARDS_BASE_RATE": "2%", "REWARDS_REDEEM_TYPE": "Cash back", "ANNUAL_FEE": "$95"}),
    );
    let v = card_value(&offer, &plain_spender());
    assert_eq!(v.rewards, Some(d("240")));
    assert!(!v.in_points);
    assert_eq!(v.annual_fee, Some(d("95")));
    assert_eq!(v.value, Some(d("145")));
}

#[test]
fn points_are_worth_the_cents_per_point_the_visitor_chooses() {
    let offer = card(
        json!({"REWARDS": "Y", "REWARDS_BASE_RATE": "1%", "REWARDS_REDEEM_TYPE": "Hyatt points",
        "REWARDS_INITIAL_BONUS": "60,000 Hyatt points after spending $5,000 in 90 days"}),
    );
    let mut a = plain_spender();
    a.spending.other = d("2000");
    a.cents_per_point = d("1.5");
    let v = card_value(&offer, &a);
    assert!(v.in_points);
    // 24,000 points a year at 1.5 cents; 60,000 bonus points at 1.5 cents.
    assert_eq!(v.rewards, Some(d("360")));
    assert_eq!(v.bonus, d("900"));
    assert_eq!(v.bonus_outcome, BonusOutcome::Counted);
    assert_eq!(v.value, Some(d("1260")));
}

#[test]
fn a_bonus_counts_only_when_the_spending_reaches_it_in_its_window() {
    let offer = card(
        json!({"REWARDS": "Y", "REWARDS_BASE_RATE": "1%", "REWARDS_INITIAL_BONUS": "$200 after spending $3,500 in 90 days"}),
    );
    // $1,000 a month is $3,000 in 90 days: short of $3,500.
    let v = card_value(&offer, &plain_spender());
    assert_eq!(v.bonus, Decimal::ZERO);
    assert_eq!(
        v.bonus_outcome,
        BonusOutcome::Missed {
            required: d("3500"),
            days: 90
        }
    );
    let mut more = plain_spender();
    more.spending.other = d("1200");
    let v = card_value(&offer, &more);
    assert_eq!(v.bonus, d("200"));
    assert_eq!(v.value, Some(d("344")));
}

#[test]
fn interest_uses_the_tiers_apr_else_the_top_of_the_range_and_spares_intro_months() {
    let offer = card(
        json!({"REWARDS": "N", "REGULAR_PURCHASE_APR": "19.99% - 29.99%", "APR_GOOD": "24.00%"}),
    );
    let mut a = plain_spender();
    a.balance = d("1000");
    let v = card_value(&offer, &a);
    assert_eq!(v.apr, Some((d("24.00"), AprSource::Tier)));
    assert_eq!(v.interest, Some(d("240")));
    assert_eq!(v.value, Some(d("-240")));
    a.tier = SurveyTier::Great;
    let v = card_value(&offer, &a);
    assert_eq!(v.apr, Some((d("29.99"), AprSource::TopOfRange)));
    assert_eq!(v.interest, Some(d("299.90")));
    let intro = card(
        json!({"REWARDS": "N", "REGULAR_PURCHASE_APR": "24%", "PURCHASE_INTRO_APR": "0%", "PURCHASE_INTRO_APR_PERIOD": "9"}),
    );
    let v = card_value(&intro, &a);
    assert_eq!(v.intro_months, 9);
    assert_eq!(v.interest, Some(d("60")), "three months at 24% of $1,000");
}

#[test]
fn rewards_at_no_rate_a_source_gives_are_left_out_and_a_headline_rate_is_not_applied_to_all_spending()
 {
    let no_rate = card(
        json!({"REWARDS": "Y", "REWARDS_REDEEM_TYPE": "Cash back", "ANNUAL_FEE": "$95",
        "REWARDS_INITIAL_BONUS": "$200 after spending $1,000 in 90 days"}),
    );
    let v = card_value(&no_rate, &plain_spender());
    assert!(v.rewards_left_out);
    assert_eq!((v.rewards, v.unknown), (None, None));
    assert_eq!(
        v.value,
        Some(d("105")),
        "the bonus less the fee, before rewards"
    );
    // "5%" at one store is not 5% on groceries, gas and travel.
    let store = card(json!({"REWARDS": "Y", "REWARDS_EARN_RATE": "5%", "ANNUAL_FEE": "$0"}));
    let v = card_value(&store, &plain_spender());
    assert!(v.rewards_left_out);
    assert_eq!(v.value, Some(Decimal::ZERO));
    let flat = card(json!({"REWARDS": "Y", "REWARDS_BASE_RATE": "2%", "ANNUAL_FEE": "$0"}));
    assert!(!card_value(&flat, &plain_spender()).rewards_left_out);
}

#[test]
fn missing_figures_leave_no_estimate_and_say_which() {
    let worded_fee = card(json!({"REWARDS": "N", "ANNUAL_FEE": "$0 intro, then $95"}));
    assert_eq!(
        card_value(&worded_fee, &plain_spender()).unknown,
        Some(Unknown::AnnualFee)
    );
    let no_apr =
        card(json!({"REWARDS": "N", "REGULAR_PURCHASE_APR": "Not reported to the CFPB survey"}));
    let mut a = plain_spender();
    assert_eq!(
        card_value(&no_apr, &a).value,
        Some(Decimal::ZERO),
        "no balance, no APR needed"
    );
    a.balance = d("10");
    let v = card_value(&no_apr, &a);
    assert_eq!((v.value, v.unknown), (None, Some(Unknown::Apr)));
}

#[test]
fn figures_too_large_to_work_with_give_no_estimate_instead_of_failing() {
    let huge = card(
        json!({"REWARDS": "Y", "REWARDS_BASE_RATE": "79228162514264337593543950335%",
        "REWARDS_INITIAL_BONUS": "79228162514264337593543950335 points", "REGULAR_PURCHASE_APR": "79228162514264337593543950335%"}),
    );
    let mut a = plain_spender();
    a.spending.other = MAX_MONTHLY_SPEND;
    a.balance = MAX_BALANCE;
    a.cents_per_point = CENTS_PER_POINT_RANGE.1;
    let v = card_value(&huge, &a);
    assert_eq!((v.value, v.unknown), (None, Some(Unknown::TooLarge)));
}

#[test]
fn a_bonus_in_points_too_large_at_the_visitors_cents_per_point_gives_no_estimate_instead_of_failing()
 {
    // 2e28 points at 5 cents is $1e27, but 2e28 × 5 is past the largest decimal.
    let huge_bonus = card(json!({"REWARDS": "N", "REWARDS_INITIAL_BONUS": "2e28"}));
    assert_eq!(
        huge_bonus.rewards.initial_bonus,
        Some(Amount::Number(d("20000000000000000000000000000")))
    );
    let visitor = Assumptions::read(|name| (name == "cpp").then(|| "5".to_owned())).unwrap();
    let v = card_value(&huge_bonus, &visitor);
    assert_eq!((v.value, v.unknown), (None, Some(Unknown::TooLarge)));
    assert_eq!(
        (v.bonus, v.bonus_outcome),
        (Decimal::ZERO, BonusOutcome::None)
    );
}

#[test]
fn a_worded_bonus_too_large_to_value_gives_no_estimate_rather_than_no_bonus() {
    let huge_bonus = card(json!({"REWARDS": "N",
        "REWARDS_INITIAL_BONUS": "79,228,162,514,264,337,593,543,950,335 points after spending $1 in 90 days"}));
    let mut a = plain_spender();
    a.cents_per_point = d("5");
    let v = card_value(&huge_bonus, &a);
    assert_eq!((v.value, v.unknown), (None, Some(Unknown::TooLarge)));
}

#[test]
fn spending_too_large_to_add_up_gives_no_estimate_instead_of_failing() {
    let offer = card(
        json!({"REWARDS": "Y", "REWARDS_BASE_RATE": "1%", "REWARDS_INITIAL_BONUS": "$200 after spending $500 in 4294967295 days"}),
    );
    let mut a = plain_spender();
    a.spending = Spending {
        groceries: Decimal::MAX,
        dining: Decimal::MAX,
        gas: Decimal::MAX,
        travel: Decimal::MAX,
        other: Decimal::MAX,
    };
    assert_eq!(a.spending.monthly_total(), Decimal::MAX);
    assert_eq!(a.spending.checked_monthly_total(), None);
    let v = card_value(&offer, &a);
    assert_eq!((v.value, v.unknown), (None, Some(Unknown::TooLarge)));
    // One category at the largest decimal adds up, but a year of it does not.
    a.spending = Spending {
        other: Decimal::MAX,
        ..Spending::default()
    };
    let v = card_value(&offer, &a);
    assert_eq!((v.rewards, v.unknown), (None, Some(Unknown::TooLarge)));
}

#[test]
fn ranking_puts_the_highest_value_first_and_unknown_values_last() {
    // Rewards left out count as nothing: "none" is worth $0 before rewards.
    let offers = [
        card(json!({"ID": "low", "NAME": "Low", "REWARDS": "Y", "REWARDS_BASE_RATE": "1%"})),
        card(json!({"ID": "none", "NAME": "Aaa Unknown", "REWARDS": "Y"})),
        card(json!({"ID": "high", "NAME": "High", "REWARDS": "Y", "REWARDS_BASE_RATE": "2%"})),
        card(
            json!({"ID": "fee", "NAME": "Fee", "REWARDS": "Y", "REWARDS_BASE_RATE": "3%", "ANNUAL_FEE": "$400"}),
        ),
        card(json!({"ID": "acct", "NAME": "Savings", "TYPE": "svg", "PDT_TYPE": "Savings"})),
    ];
    let ids: Vec<&str> = rank_by_value(offers.iter(), &plain_spender())
        .iter()
        .map(|(o, _)| o.identity.id.as_str())
        .collect();
    assert_eq!(ids, ["high", "low", "none", "fee"]);
}

#[test]
fn assumptions_are_read_with_defaults_and_refused_with_the_field() {
    let read = |pairs: &[(&str, &str)]| {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Assumptions::read(|name| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        })
    };
    assert_eq!(read(&[]), Ok(Assumptions::typical()));
    let a = read(&[
        ("groceries", "$1,250.50"),
        ("balance", "2000"),
        ("tier", "poor"),
        ("cpp", "1.25"),
    ])
    .unwrap();
    assert_eq!(a.spending.groceries, d("1250.50"));
    assert_eq!(a.balance, d("2000"));
    assert_eq!(a.tier, SurveyTier::Poor);
    assert_eq!(a.cents_per_point, d("1.25"));
    assert_eq!(read(&[("gas", "lots")]).unwrap_err().field(), "gas");
    assert_eq!(read(&[("dining", "-5")]).unwrap_err().field(), "dining");
    assert_eq!(
        read(&[("balance", "2000000")]).unwrap_err().field(),
        "balance"
    );
    assert_eq!(read(&[("cpp", "9")]).unwrap_err().field(), "cpp");
    assert_eq!(
        read(&[("tier", "superb")]),
        Err(AssumptionError::UnknownTier)
    );
    assert_eq!(read(&[("score", "650")]).unwrap().tier, SurveyTier::Good);
    assert_eq!(
        read(&[("score", "650"), ("tier", "great")]).unwrap().tier,
        SurveyTier::Great
    );
    assert_eq!(read(&[("score", "90")]), Err(AssumptionError::BadScore));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Any card data and any allowed inputs give an estimate or a named gap, never a
    /// panic; a known value is rewards + bonus − fee − interest.
    #[test]
    fn every_card_gets_a_value_or_a_reason(
        offer in offer_model::arbitrary::offer(),
        spend in 0u32..20_000,
        balance in 0u32..50_000,
        tier in prop::sample::select(SurveyTier::ALL.to_vec()),
    ) {
        let a = Assumptions {
            spending: Spending { other: Decimal::from(spend), ..Spending::default() },
            balance: Decimal::from(balance),
            tier,
            cents_per_point: Decimal::ONE,
        };
        let v = card_value(&offer, &a);
        prop_assert_eq!(v.value.is_none(), v.unknown.is_some());
        if let (Some(value), Some(f), Some(i)) = (v.value, v.annual_fee, v.interest) {
            prop_assert_eq!(value, v.rewards.unwrap_or_default() + v.bonus - f - i);
            prop_assert_eq!(v.rewards.is_none(), v.rewards_left_out);
        }
    }
}
