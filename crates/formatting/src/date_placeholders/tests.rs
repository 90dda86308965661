use chrono::NaiveDate;

use super::*;

fn day(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).unwrap()
}

fn check(today: NaiveDate, expected: NaiveDate) {
    assert_eq!(placeholder_date(today), expected, "today {today}");
}

#[test]
fn the_first_of_the_month_is_not_shifted() {
    check(day(2024, 6, 1), day(2024, 6, 1));
}

#[test]
fn day_twenty_five_is_not_shifted() {
    check(day(2024, 6, 25), day(2024, 6, 25));
}

#[test]
fn day_twenty_six_is_shifted_fourteen_days() {
    check(day(2024, 6, 26), day(2024, 7, 10));
}

#[test]
fn day_twenty_seven_is_shifted_fourteen_days() {
    check(day(2024, 6, 27), day(2024, 7, 11));
}

#[test]
fn the_thirty_first_is_shifted_into_the_next_month() {
    check(day(2024, 1, 31), day(2024, 2, 14));
}

#[test]
fn december_twenty_fifth_stays_in_the_year() {
    check(day(2024, 12, 25), day(2024, 12, 25));
}

#[test]
fn december_twenty_sixth_is_shifted_into_the_next_year() {
    check(day(2024, 12, 26), day(2025, 1, 9));
}

#[test]
fn december_thirty_first_is_shifted_into_the_next_year() {
    check(day(2024, 12, 31), day(2025, 1, 14));
}

#[test]
fn february_twenty_sixth_of_a_leap_year_counts_the_twenty_ninth() {
    check(day(2024, 2, 26), day(2024, 3, 11));
}

#[test]
fn february_twenty_sixth_of_a_common_year_has_no_twenty_ninth() {
    check(day(2023, 2, 26), day(2023, 3, 12));
}

#[test]
fn february_twenty_ninth_is_shifted_into_march() {
    check(day(2024, 2, 29), day(2024, 3, 14));
}

#[test]
fn the_last_representable_day_is_used_unshifted() {
    check(NaiveDate::MAX, NaiveDate::MAX);
}

#[test]
fn the_month_name_is_the_english_long_name() {
    assert_eq!(month_name(day(2024, 9, 3)), "September");
}

#[test]
fn year_and_month_are_filled_from_an_unshifted_day() {
    assert_eq!(
        fill_date_placeholders("Best Cards of {month} {year}", day(2024, 12, 25)),
        "Best Cards of December 2024"
    );
}

#[test]
fn year_and_month_are_filled_from_the_shifted_day() {
    assert_eq!(
        fill_date_placeholders("Best Cards of {month} {year}", day(2024, 12, 26)),
        "Best Cards of January 2025"
    );
}

#[test]
fn every_occurrence_of_a_token_is_filled() {
    assert_eq!(
        fill_date_placeholders("{year}/{year}", day(2024, 5, 5)),
        "2024/2024"
    );
}

#[test]
fn tokens_are_case_sensitive() {
    assert_eq!(
        fill_date_placeholders("{Year} {MONTH}", day(2024, 5, 5)),
        "{Year} {MONTH}"
    );
}

#[test]
fn text_without_tokens_is_unchanged() {
    assert_eq!(
        fill_date_placeholders("Rates as of {today}", day(2024, 5, 5)),
        "Rates as of {today}"
    );
}

#[test]
fn a_year_before_the_common_era_is_written_with_a_minus_sign() {
    assert_eq!(fill_date_placeholders("{year}", day(-44, 3, 15)), "-44");
}
