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
fn cards_are_rated_by_the_catalogues_one_method() {
    let mut offers = vec![json!({"ID": "c", "NAME": "C", "ANNUAL_FEE": "$95",
        "REGULAR_PURCHASE_APR": "21%", "MARKET_MEDIAN_APR": "23%", "REWARDS": "Y",
        "BT_INTRO_APR": "0%", "BT_INTRO_APR_PERIOD": "12", "ELIGIBLE_NEEDS": "rewards,lowerDebt"})];
    rate_all(&mut offers, &national()).unwrap();
    let card = offer(offers[0].clone());
    assert_eq!(
        offers[0]["RATING"],
        breakdown::card_rating(&card).to_string()
    );
    let (need, rating) = breakdown::best_need(&card).unwrap();
    assert_eq!(offers[0]["WH_RATINGS_NEEDS"], need.key());
    assert_eq!(offers[0]["WH_RATINGS"], rating.to_string());
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
