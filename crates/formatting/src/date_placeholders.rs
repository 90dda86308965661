//! Date placeholders: site-core §5 "date placeholders for year and month are
//! replaced, using a date shifted 14 days ahead once the day of month is 26 or
//! later".
//!
//! Rules (the tokens are settled here, the spec names none):
//!
//! - `{year}` becomes the year as a plain integer (`2025`); `{month}` becomes the
//!   English long month name (`January`). Tokens are exact and case-sensitive;
//!   any other text, including other braces, is kept as it is.
//! - The date used is "today" on days 1 to 25, and today plus 14 days on days 26 to
//!   31, which always lands in the next month (26 Dec 2024 → 9 Jan 2025, so
//!   "Best cards of {month} {year}" reads "Best cards of January 2025").
//! - Today is an argument: nothing here reads a clock. On the last representable
//!   days of [`chrono::NaiveDate`] the shift cannot be added and today is used.

use chrono::{Datelike, Days, Month, NaiveDate};

use crate::constants::{DATE_SHIFT_DAYS, DATE_SHIFT_FROM_DAY, MONTH_PLACEHOLDER, YEAR_PLACEHOLDER};

/// The date the placeholders are filled from: `today` on days 1 to 25, `today` plus
/// 14 days from day 26 on.
///
/// # Examples
///
/// ```
/// use chrono::NaiveDate;
/// use formatting::date_placeholders::placeholder_date;
///
/// let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default();
/// assert_eq!(placeholder_date(day(2024, 12, 25)), day(2024, 12, 25));
/// assert_eq!(placeholder_date(day(2024, 12, 26)), day(2025, 1, 9));
/// ```
pub fn placeholder_date(today: NaiveDate) -> NaiveDate {
    if today.day() < DATE_SHIFT_FROM_DAY {
        return today;
    }
    today
        .checked_add_days(Days::new(DATE_SHIFT_DAYS))
        .unwrap_or(today)
}

/// The English long name of a date's month (`January`).
pub fn month_name(date: NaiveDate) -> &'static str {
    u8::try_from(date.month())
        .ok()
        .and_then(|number| Month::try_from(number).ok())
        .map_or("", |month| month.name())
}

/// Replaces `{year}` and `{month}` in `text` from [`placeholder_date`] of `today`.
///
/// # Examples
///
/// ```
/// use chrono::NaiveDate;
/// use formatting::date_placeholders::fill_date_placeholders;
///
/// let today = NaiveDate::from_ymd_opt(2024, 12, 26).unwrap_or_default();
/// assert_eq!(
///     fill_date_placeholders("Best Credit Cards of {month} {year}", today),
///     "Best Credit Cards of January 2025"
/// );
/// ```
pub fn fill_date_placeholders(text: &str, today: NaiveDate) -> String {
    let date = placeholder_date(today);
    // The replacements hold no braces, so replacing one token cannot form another.
    text.replace(YEAR_PLACEHOLDER, &date.year().to_string())
        .replace(MONTH_PLACEHOLDER, month_name(date))
}

#[cfg(test)]
mod tests;
