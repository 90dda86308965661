// The dates the site shows, as en-US writes them with short month names, in UTC so every
// visitor sees the day the server stored. Written out rather than through `Intl`: the first date
// formatter a page builds loads the browser's locale data, a long task on a slow phone.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const month = (date: Date) => MONTHS[date.getUTCMonth()] ?? "";

/** A date as a question, an answer or a review shows it ("Feb 1, 2025"); the text as given
 * when it is not a date. */
export function formatDate(rfc3339: string): string {
  const date = new Date(rfc3339);
  if (Number.isNaN(date.getTime())) return rfc3339;
  return `${month(date)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A day (`YYYY-MM-DD`) as a month and year ("Feb 2025"); the text as given when it is not
 * a date. */
export function formatMonthYear(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return `${month(date)} ${date.getUTCFullYear()}`;
}
