use super::*;
use serde_json::{Value, json};

fn offer(raw: Value) -> Offer {
    Offer::from_json(&raw).unwrap()
}

fn dec(text: &str) -> Decimal {
    text.parse().unwrap()
}

#[test]
fn need_rating_uses_the_site_rating_only_for_its_needs() {
    let rated = offer(
        json!({"ID": "a", "NAME": "A", "RATING": "3.9", "WH_RATINGS": "4.7",
        "WH_RATINGS_NEEDS": "lowerDebt,financing"}),
    );
    assert_eq!(
        need_rating(&rated, NeedKey::LowerDebt).map(Rating::value),
        Some(dec("4.7"))
    );
    assert_eq!(
        need_rating(&rated, NeedKey::Financing).map(Rating::value),
        Some(dec("4.7"))
    );
    assert_eq!(
        need_rating(&rated, NeedKey::Rewards).map(Rating::value),
        Some(dec("3.9"))
    );
    let unrated_need = offer(json!({"ID": "b", "NAME": "B", "WH_RATINGS": "4.7"}));
    assert_eq!(need_rating(&unrated_need, NeedKey::Rewards), None);
    let no_site_rating =
        offer(json!({"ID": "c", "NAME": "C", "RATING": "2", "WH_RATINGS_NEEDS": "rewards"}));
    assert_eq!(
        need_rating(&no_site_rating, NeedKey::Rewards).map(Rating::value),
        Some(dec("2"))
    );
}

#[test]
fn rating_fields_read_their_own_field() {
    let o = offer(
        json!({"ID": "a", "NAME": "A", "RATING": "1", "EDITORS_RATING": "2", "WH_RATINGS": "3"}),
    );
    let values: Vec<Option<Decimal>> = RatingField::ALL
        .iter()
        .map(|field| field.of(&o).map(Rating::value))
        .collect();
    assert_eq!(values, vec![Some(dec("1")), Some(dec("2")), Some(dec("3"))]);
    assert_eq!(
        RatingField::ALL.map(RatingField::key),
        ["rating", "editorsRating", "whRating"]
    );
}

#[test]
fn scenario_scores() {
    let tiered = offer(json!({"ID": "s", "NAME": "S", "TYPE": "svg", "RATING": "4",
        "RATE_INFO_STR": "0|999.99|1|1,1000|99999999|3|3"}));
    // $1,000 earns 1% throughout; $10,000 earns 1% on the first $1,000 and 3% on the rest.
    assert_eq!(
        EditorialBasis::Scenario(Scenario::SavingSmallAmount).score(&tiered),
        Some(dec("1.00"))
    );
    assert_eq!(
        EditorialBasis::Scenario(Scenario::SavingAverageAmount).score(&tiered),
        Some(dec("2.80"))
    );
    assert_eq!(
        EditorialBasis::Scenario(Scenario::SavingTerm12Months).score(&tiered),
        Some(dec("3"))
    );
    assert_eq!(
        EditorialBasis::Scenario(Scenario::SavingStudent).score(&tiered),
        Some(dec("4"))
    );
    let flat = offer(json!({"ID": "f", "NAME": "F", "TYPE": "svg", "APY": "2.5%"}));
    assert_eq!(
        EditorialBasis::Scenario(Scenario::SavingSmallAmount).score(&flat),
        Some(dec("2.5"))
    );
    assert_eq!(
        EditorialBasis::Scenario(Scenario::SavingTerm3Months).score(&flat),
        Some(dec("2.5"))
    );
    assert_eq!(
        EditorialBasis::Scenario(Scenario::CheckingBusiness).score(&flat),
        None
    );
    assert_eq!(
        EditorialBasis::Scenario(Scenario::CheckingBusiness).scenario(),
        Some(Scenario::CheckingBusiness)
    );
    assert_eq!(EditorialBasis::Need(NeedKey::Gas).scenario(), None);
}

#[test]
fn a_balance_scenario_counts_the_accounts_monthly_fee_against_what_it_pays() {
    // $5,000 at 3%: $150 a year; a $12 monthly fee is $144 a year, 2.88 points of $5,000.
    let with_fee = offer(json!({"ID": "c", "NAME": "C", "TYPE": "chkg", "APY": "3%",
        "ACCOUNT_FEE": "$12"}));
    let free = offer(json!({"ID": "d", "NAME": "D", "TYPE": "chkg", "APY": "1%",
        "ACCOUNT_FEE": "$0"}));
    let basis = EditorialBasis::Scenario(Scenario::EverydayCheckingAverageBalance);
    assert_eq!(basis.score(&with_fee), Some(dec("0.12")));
    assert_eq!(basis.score(&free), Some(dec("1")));
    // So the free account at 1% ranks above the one at 3% that costs $144 a year.
    assert_eq!(
        editorial_cmp(basis, &free, &with_fee),
        std::cmp::Ordering::Less
    );
    // A term scenario ranks by the APY alone.
    assert_eq!(
        EditorialBasis::Scenario(Scenario::SavingTerm12Months).score(&with_fee),
        Some(dec("3"))
    );
}

#[test]
fn editorial_order_is_score_then_rating_then_name_then_id() {
    let basis = EditorialBasis::Need(NeedKey::Rewards);
    let high = offer(
        json!({"ID": "1", "NAME": "Zed", "RATING": "3", "WH_RATINGS": "5", "WH_RATINGS_NEEDS": "rewards"}),
    );
    let four_a = offer(json!({"ID": "2", "NAME": "Beta", "RATING": "4"}));
    let four_b = offer(json!({"ID": "3", "NAME": "Alpha", "RATING": "4"}));
    let four_c = offer(json!({"ID": "0", "NAME": "Alpha", "RATING": "4"}));
    let none = offer(json!({"ID": "4", "NAME": "Aardvark"}));
    let mut list = [&none, &four_a, &four_b, &high, &four_c];
    list.sort_by(|a, b| editorial_cmp(basis, a, b));
    let ids: Vec<&str> = list.iter().map(|o| o.identity.id.as_str()).collect();
    assert_eq!(ids, ["1", "0", "3", "2", "4"]);
}

#[test]
fn sort_keys_round_trip_and_compare() {
    for sort in SortKey::ALL {
        assert_eq!(SortKey::parse(sort.key()), Some(sort));
        assert_eq!(serde_json::to_value(sort).unwrap(), json!(sort.key()));
    }
    assert_eq!(SortKey::parse("Rating"), None);
    assert_eq!(SortKey::default(), SortKey::Editorial);

    let cheap = offer(
        json!({"ID": "a", "NAME": "B", "ANNUAL_FEE": "$0", "REVIEWS": "3",
        "REGULAR_PURCHASE_APR": "20% - 28%", "APY": "1%", "RATING": "2"}),
    );
    let dear = offer(
        json!({"ID": "b", "NAME": "A", "ANNUAL_FEE": "$95", "REVIEWS": "30",
        "REGULAR_PURCHASE_APR": "18%", "APY": "2%", "RATING": "4"}),
    );
    let text_fee = offer(json!({"ID": "c", "NAME": "C", "ANNUAL_FEE": "$0 intro, then $95"}));
    use std::cmp::Ordering::{Equal, Greater, Less};
    assert_eq!(SortKey::Editorial.cmp(None, &cheap, &dear), Equal);
    assert_eq!(SortKey::Rating.cmp(None, &cheap, &dear), Greater);
    assert_eq!(SortKey::Reviews.cmp(None, &cheap, &dear), Greater);
    assert_eq!(SortKey::Apy.cmp(None, &cheap, &dear), Greater);
    assert_eq!(SortKey::AnnualFee.cmp(None, &cheap, &dear), Less);
    assert_eq!(SortKey::AnnualFee.cmp(None, &text_fee, &dear), Greater);
    assert_eq!(SortKey::Apr.cmp(None, &cheap, &dear), Greater);
    assert_eq!(SortKey::Apr.cmp(None, &text_fee, &dear), Greater);
    assert_eq!(SortKey::Name.cmp(None, &cheap, &dear), Greater);
}

#[test]
fn apy_sort_uses_the_scenario_balance() {
    // Tiered: poor on small balances, best on large ones.
    let tiered = offer(json!({"ID": "t", "NAME": "T", "TYPE": "svg",
        "RATE_INFO_STR": "0|9999.99|0.5|0.5,10000|99999999|5|5"}));
    let flat =
        offer(json!({"ID": "f", "NAME": "F", "TYPE": "svg", "RATE_INFO_STR": "0|99999999|2|2"}));
    use std::cmp::Ordering::{Greater, Less};
    assert_eq!(SortKey::Apy.cmp(None, &tiered, &flat), Less);
    assert_eq!(
        SortKey::Apy.cmp(Some(Scenario::SavingSmallAmount), &tiered, &flat),
        Greater
    );
    assert_eq!(
        SortKey::Apy.cmp(Some(Scenario::SavingLargeAmount), &tiered, &flat),
        Less
    );
}

#[test]
fn route_orders_read_as_one_key_objects() {
    let need: RouteOrder = serde_json::from_value(json!({"need": "businessTravel"})).unwrap();
    assert_eq!(need, RouteOrder::Need(NeedKey::BusinessTravel));
    let rating: RouteOrder = serde_json::from_value(json!({"rating": "editorsRating"})).unwrap();
    assert_eq!(
        EditorialBasis::from(rating),
        EditorialBasis::Rating(RatingField::EditorsRating)
    );
    assert!(
        serde_json::from_value::<RouteOrder>(json!({"need": "travel", "rating": "rating"}))
            .is_err()
    );
    assert!(serde_json::from_value::<RouteOrder>(json!({"rating": "stars"})).is_err());
}
