use chrono::NaiveDate;
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::*;

const VECTORS: &str = include_str!("../../../../fixtures/vectors/offer-rules.json");

/// The cases of one rule in the shared vectors, as (input, expected) pairs.
fn vectors<I: DeserializeOwned, E: DeserializeOwned>(rule: &str) -> Vec<(I, E)> {
    let all: Value = serde_json::from_str(VECTORS).unwrap();
    let cases = all[rule]
        .as_array()
        .unwrap_or_else(|| panic!("no rule {rule}"));
    assert!(!cases.is_empty(), "rule {rule} has no cases");
    cases
        .iter()
        .map(|case| {
            (
                serde_json::from_value(case["input"].clone()).unwrap(),
                serde_json::from_value(case["expected"].clone()).unwrap(),
            )
        })
        .collect()
}

fn score(value: i64) -> CreditScore {
    CreditScore::new(value).unwrap()
}

fn check_band(value: i64, expected: Option<CreditBand>) {
    let band = CreditScore::new(value).ok().map(CreditScore::band);
    assert_eq!(band, expected, "band of {value}");
}

fn check_breakpoint(value: i64, expected: u16) {
    assert_eq!(
        approval_odds_breakpoint(score(value)),
        expected,
        "breakpoint of {value}"
    );
}

fn date(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).unwrap()
}

// Credit score range.

#[test]
fn score_299_is_out_of_range() {
    assert_eq!(
        CreditScore::new(299),
        Err(CreditScoreError::OutOfRange { score: 299 })
    );
}

#[test]
fn score_300_is_the_lowest_valid_score() {
    assert_eq!(score(300).value(), 300);
}

#[test]
fn score_850_is_the_highest_valid_score() {
    assert_eq!(score(850).value(), 850);
}

#[test]
fn score_851_is_out_of_range() {
    assert_eq!(
        CreditScore::new(851),
        Err(CreditScoreError::OutOfRange { score: 851 })
    );
}

#[test]
fn negative_and_huge_scores_are_out_of_range() {
    assert!(CreditScore::new(-1).is_err());
    assert!(CreditScore::new(i64::MAX).is_err());
    assert!(CreditScore::new(i64::MIN).is_err());
    assert!(CreditScore::new(i64::from(u16::MAX) + 300).is_err());
}

#[test]
fn typed_score_with_blanks_is_read() {
    assert_eq!(CreditScore::parse(" 712 "), Ok(score(712)));
}

#[test]
fn typed_score_that_is_not_a_number_is_rejected() {
    assert_eq!(
        CreditScore::parse(" 7x2 "),
        Err(CreditScoreError::NotANumber {
            input: "7x2".to_owned()
        })
    );
}

#[test]
fn typed_score_with_decimals_is_rejected() {
    assert!(matches!(
        CreditScore::parse("700.5"),
        Err(CreditScoreError::NotANumber { .. })
    ));
}

#[test]
fn score_error_messages_are_lowercase_without_a_period() {
    assert_eq!(
        CreditScore::new(12).unwrap_err().to_string(),
        "credit score 12 is outside 300..=850"
    );
    assert_eq!(
        CreditScore::parse("abc").unwrap_err().to_string(),
        "credit score `abc` is not a whole number"
    );
}

#[test]
fn score_travels_as_a_json_number() {
    assert_eq!(serde_json::to_string(&score(640)).unwrap(), "640");
    assert_eq!(
        serde_json::from_str::<CreditScore>("640").unwrap(),
        score(640)
    );
}

#[test]
fn score_out_of_range_is_refused_when_deserialised() {
    assert!(serde_json::from_str::<CreditScore>("851").is_err());
    assert!(serde_json::from_str::<CreditScore>("-5").is_err());
}

// Bands.

#[test]
fn band_boundaries_match_site_core_section_9() {
    check_band(299, None);
    check_band(300, Some(CreditBand::Bad));
    check_band(639, Some(CreditBand::Bad));
    check_band(640, Some(CreditBand::Fair));
    check_band(699, Some(CreditBand::Fair));
    check_band(700, Some(CreditBand::Good));
    check_band(749, Some(CreditBand::Good));
    check_band(750, Some(CreditBand::Excellent));
    check_band(850, Some(CreditBand::Excellent));
    check_band(851, None);
}

#[test]
fn band_ranges_are_the_spec_ranges() {
    assert_eq!(CreditBand::Excellent.scores(), 750..=850);
    assert_eq!(CreditBand::Good.scores(), 700..=749);
    assert_eq!(CreditBand::Fair.scores(), 640..=699);
    assert_eq!(CreditBand::Bad.scores(), 300..=639);
}

#[test]
fn bands_cover_every_score_exactly_once() {
    for value in MIN_CREDIT_SCORE..=MAX_CREDIT_SCORE {
        let holders: Vec<_> = CreditBand::ALL
            .into_iter()
            .filter(|band| band.scores().contains(&value))
            .collect();
        assert_eq!(
            holders,
            vec![score(i64::from(value)).band()],
            "score {value}"
        );
    }
}

#[test]
fn band_travels_as_its_label() {
    assert_eq!(
        serde_json::to_string(&CreditBand::Excellent).unwrap(),
        "\"Excellent\""
    );
    assert_eq!(CreditBand::Fair.to_string(), "Fair");
}

// Limited history.

#[test]
fn history_of_2_99_years_is_limited() {
    assert!(is_limited_history(dec!(2.99)));
}

#[test]
fn history_of_3_years_is_not_limited() {
    assert!(!is_limited_history(dec!(3)));
}

#[test]
fn history_of_3_01_years_is_not_limited() {
    assert!(!is_limited_history(dec!(3.01)));
}

#[test]
fn negative_history_counts_as_limited() {
    assert!(is_limited_history(dec!(-1)));
}

#[test]
fn history_one_day_short_of_three_years_is_limited() {
    assert!(is_limited_history_since(
        date(2020, 5, 10),
        date(2023, 5, 9)
    ));
}

#[test]
fn history_of_exactly_three_years_by_date_is_not_limited() {
    assert!(!is_limited_history_since(
        date(2020, 5, 10),
        date(2023, 5, 10)
    ));
}

#[test]
fn history_starting_in_the_future_is_limited() {
    assert!(is_limited_history_since(date(2030, 1, 1), date(2024, 1, 1)));
}

#[test]
fn history_starting_on_a_leap_day_is_not_limited_on_28_february_three_years_on() {
    assert!(is_limited_history_since(
        date(2020, 2, 29),
        date(2023, 2, 27)
    ));
    assert!(!is_limited_history_since(
        date(2020, 2, 29),
        date(2023, 2, 28)
    ));
}

#[test]
fn history_at_the_end_of_the_calendar_does_not_panic() {
    assert!(!is_limited_history_since(NaiveDate::MAX, NaiveDate::MAX));
}

// Minimum scores.

fn check_minimum(label: &str, secured: bool, expected: MinimumScore) {
    assert_eq!(
        CreditLabel::parse(label).minimum_score(secured),
        expected,
        "{label}, secured: {secured}"
    );
}

fn minimum(value: i64) -> MinimumScore {
    MinimumScore::Score {
        score: score(value),
    }
}

#[test]
fn bad_secured_card_needs_300() {
    check_minimum("Bad", true, minimum(300));
}

#[test]
fn bad_unsecured_card_needs_500() {
    check_minimum("Bad", false, minimum(500));
}

#[test]
fn fair_needs_640_whether_secured_or_not() {
    check_minimum("Fair", false, minimum(640));
    check_minimum("Fair", true, minimum(640));
}

#[test]
fn good_needs_700() {
    check_minimum("Good", false, minimum(700));
}

#[test]
fn excellent_needs_750() {
    check_minimum("Excellent", false, minimum(750));
}

#[test]
fn limited_history_has_no_score_minimum() {
    check_minimum("Limited History", false, MinimumScore::LimitedHistory);
    check_minimum("limited history", true, MinimumScore::LimitedHistory);
}

#[test]
fn other_label_has_no_stated_minimum() {
    check_minimum("No Credit", false, MinimumScore::NotStated);
    check_minimum("", true, MinimumScore::NotStated);
}

#[test]
fn minimum_score_travels_tagged_by_kind() {
    assert_eq!(
        serde_json::to_value(minimum(640)).unwrap(),
        serde_json::json!({"kind": "score", "score": 640})
    );
    assert_eq!(
        serde_json::to_value(MinimumScore::LimitedHistory).unwrap(),
        serde_json::json!({"kind": "limitedHistory"})
    );
    assert_eq!(
        serde_json::to_value(MinimumScore::NotStated).unwrap(),
        serde_json::json!({"kind": "notStated"})
    );
}

#[test]
fn every_minimum_score_falls_in_the_band_of_its_label() {
    assert_eq!(
        score(i64::from(MIN_SCORE_EXCELLENT)).band(),
        CreditBand::Excellent
    );
    assert_eq!(score(i64::from(MIN_SCORE_GOOD)).band(), CreditBand::Good);
    assert_eq!(score(i64::from(MIN_SCORE_FAIR)).band(), CreditBand::Fair);
    assert_eq!(
        score(i64::from(MIN_SCORE_BAD_SECURED)).band(),
        CreditBand::Bad
    );
    assert_eq!(
        score(i64::from(MIN_SCORE_BAD_UNSECURED)).band(),
        CreditBand::Bad
    );
}

// Min-credit class.

fn check_class(label: &str, expected: MinCreditClass) {
    assert_eq!(
        CreditLabel::parse(label).min_credit_class(),
        expected,
        "{label}"
    );
}

#[test]
fn excellent_is_the_ultra_approval_class() {
    check_class("Excellent", MinCreditClass::UltraApproval);
    assert_eq!(MinCreditClass::UltraApproval.class_name(), "ultra-approval");
}

#[test]
fn good_is_the_high_class() {
    check_class("Good", MinCreditClass::High);
    assert_eq!(MinCreditClass::High.class_name(), "high");
}

#[test]
fn every_other_label_is_the_medium_class() {
    for label in ["Fair", "Bad", "Limited History", "Very Good", ""] {
        check_class(label, MinCreditClass::Medium);
    }
    assert_eq!(MinCreditClass::Medium.class_name(), "medium");
}

#[test]
fn min_credit_class_travels_as_its_class_name() {
    for class in [
        MinCreditClass::UltraApproval,
        MinCreditClass::High,
        MinCreditClass::Medium,
    ] {
        assert_eq!(
            serde_json::to_value(class).unwrap(),
            serde_json::json!(class.class_name())
        );
    }
}

// Credit labels keep their existing behaviour.

#[test]
fn credit_label_parses_ignoring_case_and_blanks() {
    assert_eq!(CreditLabel::parse("  EXCELLENT "), CreditLabel::Excellent);
    assert_eq!(CreditLabel::parse("limited"), CreditLabel::LimitedHistory);
    assert_eq!(
        CreditLabel::parse(" No Credit "),
        CreditLabel::Other("No Credit".to_owned())
    );
}

#[test]
fn credit_label_travels_as_its_shown_label() {
    assert_eq!(
        serde_json::to_string(&CreditLabel::LimitedHistory).unwrap(),
        "\"Limited History\""
    );
    assert_eq!(
        serde_json::from_str::<CreditLabel>("\"good\"").unwrap(),
        CreditLabel::Good
    );
}

// Approval-odds breakpoints.

#[test]
fn breakpoints_are_the_spec_list_highest_first() {
    assert_eq!(
        APPROVAL_ODDS_BREAKPOINTS,
        [795, 765, 750, 735, 720, 700, 685, 665, 640, 620, 570, 300]
    );
    assert!(APPROVAL_ODDS_BREAKPOINTS.windows(2).all(|w| w[0] > w[1]));
}

#[test]
fn each_breakpoint_is_reached_at_it_and_not_one_below() {
    let mut lower = APPROVAL_ODDS_BREAKPOINTS.iter().skip(1);
    for breakpoint in APPROVAL_ODDS_BREAKPOINTS {
        let value = i64::from(breakpoint);
        check_breakpoint(value, breakpoint);
        if let Some(next) = lower.next() {
            check_breakpoint(value - 1, *next);
        }
    }
}

#[test]
fn one_above_a_breakpoint_still_reaches_that_breakpoint() {
    for breakpoint in APPROVAL_ODDS_BREAKPOINTS {
        check_breakpoint(i64::from(breakpoint) + 1, breakpoint);
    }
}

#[test]
fn score_850_reaches_795_and_score_300_reaches_300() {
    check_breakpoint(850, 795);
    check_breakpoint(300, 300);
    check_breakpoint(569, 300);
}

// Pick type and secured cards.

fn check_pick(raw: &str, expected: Result<PickType, PickTypeError>) {
    assert_eq!(PickType::parse(raw), expected, "{raw:?}");
}

#[test]
fn pick_types_are_read_with_or_without_a_card_suffix() {
    check_pick("secured", Ok(PickType::Secured));
    check_pick("Secured Card", Ok(PickType::Secured));
    check_pick("secured-card", Ok(PickType::Secured));
    check_pick("SECURED_CARD", Ok(PickType::Secured));
    check_pick(" unsecured ", Ok(PickType::Unsecured));
    check_pick("unsecured card", Ok(PickType::Unsecured));
    check_pick("limited-college", Ok(PickType::LimitedCollege));
    check_pick("Limited-College", Ok(PickType::LimitedCollege));
}

#[test]
fn blank_pick_type_is_empty() {
    check_pick("  ", Err(PickTypeError::Empty));
}

#[test]
fn unknown_pick_type_is_rejected_with_its_value() {
    check_pick(
        " gold card ",
        Err(PickTypeError::Unknown {
            value: "gold card".to_owned(),
        }),
    );
    check_pick(
        "card",
        Err(PickTypeError::Unknown {
            value: "card".to_owned(),
        }),
    );
    check_pick(
        "securedcard",
        Err(PickTypeError::Unknown {
            value: "securedcard".to_owned(),
        }),
    );
}

#[test]
fn pick_type_travels_in_its_canonical_spelling() {
    assert_eq!(
        serde_json::to_string(&PickType::LimitedCollege).unwrap(),
        "\"limited-college\""
    );
    assert_eq!(
        serde_json::from_str::<PickType>("\"Secured Card\"").unwrap(),
        PickType::Secured
    );
    assert!(serde_json::from_str::<PickType>("\"gold\"").is_err());
}

#[test]
fn only_the_secured_pick_type_is_secured() {
    assert!(PickType::Secured.is_secured());
    assert!(!PickType::Unsecured.is_secured());
    assert!(!PickType::LimitedCollege.is_secured());
}

#[test]
fn card_is_secured_by_its_pick_type() {
    assert!(is_secured("secured card", "charge card"));
}

#[test]
fn card_is_secured_by_its_card_type() {
    assert!(is_secured("", " Secured "));
}

#[test]
fn unsecured_prepaid_and_charge_cards_are_not_secured() {
    assert!(!is_secured("unsecured", ""));
    assert!(!is_secured("", "prepaid"));
    assert!(!is_secured("limited-college", "charge card"));
    assert!(!is_secured("", ""));
}

// Shared vectors.

#[test]
fn score_band_vectors_pass() {
    for (input, expected) in vectors::<i64, Option<CreditBand>>("scoreBand") {
        let band = CreditScore::new(input).ok().map(CreditScore::band);
        assert_eq!(band, expected, "{input}");
    }
}

#[test]
fn approval_odds_breakpoint_vectors_pass() {
    for (input, expected) in vectors::<i64, Option<u16>>("approvalOddsBreakpoint") {
        let reached = CreditScore::new(input).ok().map(approval_odds_breakpoint);
        assert_eq!(reached, expected, "{input}");
    }
}

#[test]
fn min_credit_class_vectors_pass() {
    for (input, expected) in vectors::<String, MinCreditClass>("minCreditClass") {
        assert_eq!(
            CreditLabel::parse(&input).min_credit_class(),
            expected,
            "{input:?}"
        );
    }
}

#[test]
fn minimum_score_vectors_pass() {
    #[derive(serde::Deserialize)]
    struct Input {
        label: String,
        secured: bool,
    }
    for (input, expected) in vectors::<Input, MinimumScore>("minimumScore") {
        assert_eq!(
            CreditLabel::parse(&input.label).minimum_score(input.secured),
            expected,
            "{:?}",
            input.label
        );
    }
}

#[test]
fn approval_odds_text_vectors_pass() {
    #[derive(serde::Deserialize)]
    struct Input {
        score: i64,
        label: String,
        secured: bool,
    }
    for (input, expected) in vectors::<Input, Option<String>>("approvalOddsText") {
        let minimum = CreditLabel::parse(&input.label).minimum_score(input.secured);
        let score = CreditScore::new(input.score).unwrap();
        assert_eq!(
            approval_odds_text(score, minimum).map(str::to_owned),
            expected,
            "{} for {}",
            input.score,
            input.label
        );
    }
}

// Properties.

proptest! {
    #[test]
    fn every_valid_score_has_the_band_whose_range_holds_it(value in 300i64..=850) {
        let score = score(value);
        prop_assert!(score.band().scores().contains(&score.value()));
    }

    #[test]
    fn scores_outside_the_range_are_refused(value in any::<i64>()) {
        prop_assert_eq!(CreditScore::new(value).is_ok(), (300..=850).contains(&value));
    }

    #[test]
    fn breakpoint_is_the_highest_at_or_below_the_score(value in 300i64..=850) {
        let reached = approval_odds_breakpoint(score(value));
        prop_assert!(i64::from(reached) <= value);
        prop_assert!(APPROVAL_ODDS_BREAKPOINTS.contains(&reached));
        prop_assert!(APPROVAL_ODDS_BREAKPOINTS
            .iter()
            .all(|b| i64::from(*b) <= i64::from(reached) || i64::from(*b) > value));
    }

    #[test]
    fn score_round_trips_through_text_and_json(value in 300i64..=850) {
        let score = score(value);
        prop_assert_eq!(CreditScore::parse(&score.to_string()), Ok(score));
        let json = serde_json::to_string(&score).unwrap();
        prop_assert_eq!(serde_json::from_str::<CreditScore>(&json).unwrap(), score);
    }

    #[test]
    fn parsers_do_not_panic_on_any_text(raw in any::<String>()) {
        let _ = CreditScore::parse(&raw);
        let _ = PickType::parse(&raw);
        let _ = is_secured(&raw, &raw);
        let label = CreditLabel::parse(&raw);
        let _ = label.minimum_score(true);
        let _ = label.min_credit_class();
    }

    #[test]
    fn pick_type_round_trips_through_its_spelling(pick in prop_oneof![
        Just(PickType::Secured),
        Just(PickType::Unsecured),
        Just(PickType::LimitedCollege),
    ]) {
        prop_assert_eq!(PickType::parse(pick.as_str()), Ok(pick));
    }

    #[test]
    fn limited_history_is_exactly_under_three_years(
        mantissa in any::<i64>(),
        scale in 0u32..=28,
    ) {
        let years = Decimal::new(mantissa, scale);
        prop_assert_eq!(is_limited_history(years), years < dec!(3));
    }

    #[test]
    fn limited_history_by_date_does_not_panic(a in any::<i32>(), b in any::<i32>()) {
        let start = NaiveDate::from_num_days_from_ce_opt(a).unwrap_or(NaiveDate::MIN);
        let today = NaiveDate::from_num_days_from_ce_opt(b).unwrap_or(NaiveDate::MAX);
        let _ = is_limited_history_since(start, today);
    }
}
