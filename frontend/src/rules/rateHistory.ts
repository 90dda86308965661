/**
 * A product's own rate over time, read from its recorded history (`/api/offers/{id}/history`),
 * and the national rate over the same months, for the chart beside them. Only recorded
 * figures are drawn: no point is added, carried forward or smoothed.
 */
import type { FigureChange } from "../api/generated/FigureChange";

/** `[YYYY-MM-DD, percent]`, oldest first. */
export type Point = readonly [string, number];

/** A rate as the catalogue writes it ("3.00%", "3.00") as a number; null for anything else. */
export function percent(text: string | undefined): number | null {
  if (text === undefined) return null;
  const trimmed = text.trim().replace(/%$/, "");
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The product's APY at each recorded change, oldest first: one point a day (the day's last
 * figure), none where the APY stopped being given. */
export function apyPoints(changes: readonly FigureChange[]): Point[] {
  const byDay = new Map<string, number>();
  for (const change of changes) {
    if (change.field !== "APY") continue;
    const value = percent(change.new);
    if (value === null) continue;
    const day = change.date.slice(0, 10);
    byDay.delete(day);
    byDay.set(day, value);
  }
  return [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The national series' points over the months of `own`: those from the month `own` starts
 * in to its last day. Empty when the series has none then (it may end before). */
export function overSameMonths(national: readonly Point[], own: readonly Point[]): Point[] {
  const first = own[0]?.[0];
  const last = own[own.length - 1]?.[0];
  if (!first || !last) return [];
  const from = `${first.slice(0, 7)}-01`;
  return national.filter(([day]) => day >= from && day <= last);
}
