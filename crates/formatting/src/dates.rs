//! Dates as the site shows them: en-US with a short month name ("Feb 1, 2025"), one style on
//! every page, in a listing's text as in a question's byline. The browser's `formatDate`
//! (`frontend/src/components/ui/dates.ts`) writes the same.

use chrono::{DateTime, NaiveDate, Utc};

/// Writes a day (`2025-02-01`) or a time (`2025-02-01T09:30:00Z`, read in UTC) as
/// "Feb 1, 2025"; any other text comes back as given, so a date the data writes in words is
/// never lost.
///
/// # Examples
///
/// ```
/// use formatting::dates::format_day;
///
/// assert_eq!(format_day("2026-01-08"), "Jan 8, 2026");
/// assert_eq!(format_day("2025-02-01T23:30:00-05:00"), "Feb 2, 2025");
/// assert_eq!(format_day("early 2026"), "early 2026");
/// ```
pub fn format_day(text: &str) -> String {
    const STYLE: &str = "%b %-d, %Y";
    if let Ok(day) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return day.format(STYLE).to_string();
    }
    DateTime::parse_from_rfc3339(text).map_or_else(
        |_| text.to_owned(),
        |time| time.with_timezone(&Utc).format(STYLE).to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::format_day;

    #[test]
    fn a_day_or_a_time_is_written_in_the_sites_style_or_the_text_is_kept() {
        assert_eq!(format_day("2024-03-05T10:00:00+00:00"), "Mar 5, 2024");
        assert_eq!(format_day("2026-08-17T09:30:00Z"), "Aug 17, 2026");
        // The day in UTC, as the browser shows it.
        assert_eq!(format_day("2025-12-31T22:00:00-05:00"), "Jan 1, 2026");
        assert_eq!(format_day("2023-11-30"), "Nov 30, 2023");
        assert_eq!(format_day("2023-02-30"), "2023-02-30");
        assert_eq!(format_day("short"), "short");
        assert_eq!(format_day("2024-03-0é"), "2024-03-0é");
        assert_eq!(format_day(""), "");
    }
}
