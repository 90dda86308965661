use super::*;
use crate::csv::Table;
use rust_decimal_macros::dec;
use serde_json::json;

fn offer(raw: Value) -> Offer {
    Offer::from_json(&raw).unwrap()
}

fn national() -> NationalRates {
    let table = Table::parse(
        "as_of,deposit_size,pdt_type,term_months,national_rate_apy_pct\n\
         2020-09-07,non-jumbo,Savings,,0.05\n2020-09-07,jumbo,Savings,,0.06\n\
         2020-09-07,non-jumbo,Checking,,0.04\n2020-09-07,jumbo,Checking,,0.05\n\
         2020-09-07,non-jumbo,CD,12,0.20\n2020-09-07,jumbo,CD,12,0.25\n",
    )
    .unwrap();
    NationalRates::latest(&table).unwrap()
}

#[test]
fn weighted_means_round_to_one_decimal_and_count_unknowns_as_the_middle() {
    assert_eq!(
        weighted(&[(Some(dec!(5)), "1"), (None, "1")]).value(),
        dec!(3.8)
    );
    assert_eq!(
        weighted(&[(Some(dec!(4)), "0.5"), (Some(dec!(2)), "0.5")]).value(),
        dec!(3)
    );
    assert_eq!(weighted(&[]).value(), dec!(2.5));
}

#[test]
fn annual_fee_after_a_first_year_waiver() {
    let waived = offer(json!({"ID": "a", "NAME": "A",
        "ANNUAL_FEE": "$0 intro annual fee the first year, then $1,095"}));
    assert_eq!(annual_fee(&waived), Some(dec!(1095)));
    assert_eq!(
        annual_fee(&offer(json!({"ID": "b", "NAME": "B", "ANNUAL_FEE": "$95"}))),
        Some(dec!(95))
    );
    assert_eq!(
        annual_fee(&offer(
            json!({"ID": "c", "NAME": "C", "ANNUAL_FEE": "varies"})
        )),
        None
    );
    assert_eq!(annual_fee(&offer(json!({"ID": "d", "NAME": "D"}))), None);
}

#[test]
fn card_overall_rating_follows_the_weights() {
    // Cost 5, APR 5 (6 points under the median), rewards 5 (bonus and 2%), foreign unknown
    // (2.5), no intro offers (1): 0.3×5 + 0.25×5 + 0.25×5 + 0.1×2.5 + 0.1×1 = 4.35.
    let card = offer(json!({"ID": "a", "NAME": "A", "ANNUAL_FEE": "$0",
        "REGULAR_PURCHASE_APR": "18% - 26%", "MARKET_MEDIAN_APR": "24%",
        "REWARDS": "Y", "REWARDS_INITIAL_BONUS": "$200", "REWARDS_BASE_RATE": "2%"}));
    let (overall, best) = rate_card(&card);
    assert_eq!(overall.value(), dec!(4.4));
    assert_eq!(best, None);
}

#[test]
fn expensive_cards_with_high_aprs_rate_low() {
    let card = offer(
        json!({"ID": "a", "NAME": "A", "ANNUAL_FEE": "$895", "MONTHLY_FEE": "$5",
        "REGULAR_PURCHASE_APR": "29.99%", "MARKET_MEDIAN_APR": "24%", "REWARDS": "N",
        "FOREIGN_TRANSACTION_FEE": "3%"}),
    );
    // Cost 1, APR 0.5, rewards 1, foreign 1.5, intro 1.
    let (overall, _) = rate_card(&card);
    assert_eq!(overall.value(), dec!(0.9));
}

#[test]
fn the_rated_need_is_the_best_eligible_one() {
    let card = offer(json!({"ID": "a", "NAME": "A", "ANNUAL_FEE": "$0",
        "BT_INTRO_APR": "0%", "BT_INTRO_APR_PERIOD": "18", "REWARDS": "N",
        "ELIGIBLE_NEEDS": "rewards,lowerDebt,notANeed"}));
    let (_, best) = rate_card(&card);
    let (need, rating) = best.unwrap();
    assert_eq!(need, NeedKey::LowerDebt);
    // Transfer 5 (3 + 18/8, capped), APR unknown 2.5, cost 5: 2.5 + 0.75 + 1 = 4.25.
    assert_eq!(rating.value(), dec!(4.3));
    // Business needs weigh as their personal need.
    let scores = card_scores(&card);
    assert_eq!(
        card_need_rating(&scores, NeedKey::BusinessLoweringDebt),
        card_need_rating(&scores, NeedKey::LowerDebt)
    );
}

#[test]
fn ties_keep_the_first_listed_need() {
    let card = offer(json!({"ID": "a", "NAME": "A", "ELIGIBLE_NEEDS": "travel,airline"}));
    let (_, best) = rate_card(&card);
    assert_eq!(best.map(|(need, _)| need), Some(NeedKey::Travel));
}

#[test]
fn deposits_rate_on_apy_against_the_national_rate_and_fees() {
    let rates = national();
    // First tier 0.10% APY against 0.05%: ratio 2, score 3. No fee 5, no minimum 5, ATM
    // fee unknown 2.5: 0.55×3 + 0.25×5 + 0.1×5 + 0.1×2.5 = 3.65.
    let savings = offer(
        json!({"ID": "s", "NAME": "S", "TYPE": "svg", "ACCOUNT_FEE": "$0",
        "MIN_TO_OPEN": "$0", "RATE_INFO_STR": "0|9999.99|0.1|0.1,10000|99999999|0.2|0.2"}),
    );
    assert_eq!(rate_deposit(&savings, &rates).value(), dec!(3.7));
    // A CD compares with the national rate of its term.
    let cd = offer(
        json!({"ID": "c", "NAME": "C", "PDT_TYPE": "CD", "TERM": "12",
        "ACCOUNT_FEE": "$0", "MIN_TO_OPEN": "$1,000", "RATE_INFO_STR": "1000|99999999|0.8|0.8"}),
    );
    // Ratio 4, score 5; fee 5; minimum 3.5; ATM unknown 2.5: 2.75 + 1.25 + 0.35 + 0.25 = 4.6.
    assert_eq!(rate_deposit(&cd, &rates).value(), dec!(4.6));
}

#[test]
fn loans_rate_on_apr_fee_term_and_access() {
    let loan = offer(json!({"ID": "l", "NAME": "L", "TYPE": "prsn", "APR": "10%",
        "ORIG_FEE": "0%", "MAX_TERM": "84", "MIN_CREDIT_REQUIRED": "Bad"}));
    // APR 5 − 3/3 = 4; fee 5; term 5; access 5: 2.2 + 1.25 + 0.5 + 0.5 = 4.45.
    assert_eq!(rate_loan(&loan).value(), dec!(4.5));
    let mortgage = offer(
        json!({"ID": "m", "NAME": "M", "PDT_TYPE": "Mortgage", "APR": "7%",
        "ORIG_FEE": "1%", "MIN_CREDIT_REQUIRED": "Good"}),
    );
    // APR 5 − 1/0.5 = 3; fee 4.4; term 2.5; access 3: 1.65 + 1.1 + 0.25 + 0.3 = 3.3.
    assert_eq!(rate_loan(&mortgage).value(), dec!(3.3));
}

#[test]
fn rate_all_writes_ratings_and_declares_them_editorial() {
    let mut offers = vec![
        json!({"ID": "c", "NAME": "C", "ELIGIBLE_NEEDS": "rewards",
            "EDITORIAL_FIELDS": "EDITORS_NOTES,RATING"}),
        json!({"ID": "i", "NAME": "I", "TYPE": "inst", "EDITORIAL_FIELDS": "EDITORS_NOTES"}),
        json!({"ID": "l", "NAME": "L", "TYPE": "prsn", "APR": "9%"}),
    ];
    rate_all(&mut offers, &national()).unwrap();
    assert!(offers[0]["RATING"].is_string());
    assert_eq!(offers[0]["WH_RATINGS_NEEDS"], "rewards");
    assert_eq!(
        offers[0]["EDITORIAL_FIELDS"],
        "EDITORS_NOTES,RATING,WH_RATINGS,WH_RATINGS_NEEDS"
    );
    assert_eq!(offers[1].get("RATING"), None);
    assert_eq!(offers[1]["EDITORIAL_FIELDS"], "EDITORS_NOTES");
    assert_eq!(offers[2]["EDITORIAL_FIELDS"], "RATING");
    assert_eq!(offers[2].get("WH_RATINGS"), None);
    let mut bad = vec![json!({"NAME": "no id"})];
    assert!(rate_all(&mut bad, &national()).is_err());
}
