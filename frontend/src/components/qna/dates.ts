/** A question's or an answer's date as the box shows it ("Feb 1, 2025"), in UTC so the
 * server's page and the app agree; the text as given when it is not a date. */
export function formatQnaDate(rfc3339: string): string {
  const date = new Date(rfc3339);
  if (Number.isNaN(date.getTime())) return rfc3339;
  return date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}
