/**
 * Date placeholders in page text (site-core §5: "date placeholders for year and month are
 * replaced, using a date shifted 14 days ahead once the day of month is 26 or later").
 *
 * Mirrors `formatting::date_placeholders::placeholder_date`, `month_name` and
 * `fill_date_placeholders` (crates/formatting/src/date_placeholders.rs). Checked by
 * `formatting.json` tables `placeholderDate` and `fillDatePlaceholders`.
 *
 * `{year}` becomes the year, `{month}` the English month name; tokens are exact and
 * case-sensitive. Today is an argument: nothing here reads a clock.
 */

/** A calendar date without a time or time zone (chrono's `NaiveDate`). */
export interface CalendarDate {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  /** 1 to 31. */
  readonly day: number;
}

/** Placeholder replaced by the year (`YEAR_PLACEHOLDER`). */
export const YEAR_PLACEHOLDER = "{year}";
/** Placeholder replaced by the English month name (`MONTH_PLACEHOLDER`). */
export const MONTH_PLACEHOLDER = "{month}";
/** The first day of the month that shifts (`DATE_SHIFT_FROM_DAY`). */
export const DATE_SHIFT_FROM_DAY = 26;
/** The shift in days (`DATE_SHIFT_DAYS`). */
export const DATE_SHIFT_DAYS = 14;

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** The UTC moment of a (possibly overflowing) year, month and day; years 0 to 99 are not moved to the 1900s. */
function utcDate(year: number, month: number, day: number): Date {
  const moment = new Date(0);
  moment.setUTCFullYear(year, month - 1, day);
  return moment;
}

/** The local calendar date of a moment (the page passes `new Date()`). */
export function localCalendarDate(moment: Date): CalendarDate {
  return { year: moment.getFullYear(), month: moment.getMonth() + 1, day: moment.getDate() };
}

/** `date` plus `days` days, in the proleptic Gregorian calendar. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = utcDate(date.year, date.month, date.day + days);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The date the placeholders are filled from (`placeholder_date`): today on days 1 to 25, today + 14 days from day 26. */
export function placeholderDate(today: CalendarDate): CalendarDate {
  return today.day < DATE_SHIFT_FROM_DAY ? today : addDays(today, DATE_SHIFT_DAYS);
}

/** The English name of a date's month (`month_name`). */
export function monthName(date: CalendarDate): string {
  return MONTH_NAMES[date.month - 1] ?? "";
}

/** Replaces `{year}` and `{month}` in `text` from the placeholder date of `today` (`fill_date_placeholders`). */
export function fillDatePlaceholders(text: string, today: CalendarDate): string {
  const date = placeholderDate(today);
  return text.replaceAll(YEAR_PLACEHOLDER, String(date.year)).replaceAll(MONTH_PLACEHOLDER, monthName(date));
}

/** A page title with its date placeholders filled from the visitor's own date today. */
export function datedTitle(text: string, now: Date = new Date()): string {
  return fillDatePlaceholders(text, localCalendarDate(now));
}
