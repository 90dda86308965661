/**
 * The ad-view pixel payload and when an ad counts as viewed (site-core §3 "Ad-view pixel
 * payload", §5 "Ad pixel", §7 "Tracking pixel", §9 "Ad view trigger ratio 0.15").
 *
 * Mirrors `visitor_state::ad_pixel` (`AdView::to_query`, `AdView::normalized`,
 * `PixelText::parse`; crates/visitor-state/src/ad_pixel.rs). Checked by `visitor-state.json`
 * table `adPixelQuery`. Whether an ad counts as viewed (`is_viewed`) is the intersection
 * observer's `AD_VIEW_RATIO` threshold (rules/constants).
 *
 * Fields in order: `adview_id`, `adview_pid`, `adview_page`, `adview_version` (always 2),
 * `adview_section`, `adview_position`, `adview_totals`, `adview_click` (`1`, only for a
 * click). Null and empty values are dropped; position and totals are both dropped when
 * both are 0 or both are -1. Each text is at most 256 characters.
 */

import { charCount } from "./text";

/** Path of the tracking image under the site base (`PIXEL_PATH`). */
export const PIXEL_PATH = "/pixel.png";
/** "adview_version (always 2)" (`AD_VIEW_VERSION`). */
export const AD_VIEW_VERSION = 2;
/** Longest accepted value, in characters (`MAX_AD_VIEW_VALUE_CHARS`). */
export const MAX_AD_VIEW_VALUE_CHARS = 256;
/** Share of an ad, in percent, that must be visible to count as a view (`AD_VIEW_TRIGGER_PERCENT`). */
export const AD_VIEW_TRIGGER_PERCENT = 15;
/** Delay after scrolling stops before visibility is checked (`SCROLL_END_DELAY_MS`). */
export const SCROLL_END_DELAY_MS = 500;

/** One ad view or click as the page describes it; `null`, `undefined` and `""` mean absent. */
export interface AdViewPayload {
  /** `adview_id`: the ad (card) id. */
  readonly id?: string | null;
  /** `adview_pid`: the product id. */
  readonly pid?: string | null;
  /** `adview_page`: the page the ad was shown on. */
  readonly page?: string | null;
  /** `adview_section`: the page section. */
  readonly section?: string | null;
  /** `adview_position`: the ad's position in its list (a whole number). */
  readonly position?: number | null;
  /** `adview_totals`: how many ads the list holds (a whole number). */
  readonly totals?: number | null;
  /** `adview_click`: this is a click, not a view. */
  readonly click?: boolean;
}

/** Why a payload cannot be sent: a text over 256 characters, or a position or total that is not a whole number. */
export interface AdViewError {
  readonly error: "tooLong" | "notAnInteger";
  readonly field: string;
}

/**
 * Position and totals with the position rule applied (`AdView::normalized`): both absent
 * when both are 0 or both are -1.
 */
export function normalizedPosition(position: number | null, totals: number | null): [number | null, number | null] {
  if ((position === 0 && totals === 0) || (position === -1 && totals === -1)) return [null, null];
  return [position, totals];
}

/**
 * The query fields for the pixel request (`AdView::to_query`), in the spec's order, with
 * the drop rules applied and the version always 2.
 */
export function adPixelQuery(payload: AdViewPayload): { ok: true; query: Array<[string, string]> } | ({ ok: false } & AdViewError) {
  const texts: Array<[string, string | null | undefined]> = [
    ["adview_id", payload.id],
    ["adview_pid", payload.pid],
    ["adview_page", payload.page],
    ["adview_section", payload.section],
  ];
  for (const [field, value] of texts) {
    if (value !== null && value !== undefined && charCount(value) > MAX_AD_VIEW_VALUE_CHARS) {
      return { ok: false, error: "tooLong", field };
    }
  }
  const numbers: Array<[string, number | null | undefined]> = [
    ["adview_position", payload.position],
    ["adview_totals", payload.totals],
  ];
  for (const [field, value] of numbers) {
    if (value !== null && value !== undefined && !Number.isSafeInteger(value)) {
      return { ok: false, error: "notAnInteger", field };
    }
  }
  const text = (value: string | null | undefined): string | null => (value === null || value === undefined || value === "" ? null : value);
  const [position, totals] = normalizedPosition(payload.position ?? null, payload.totals ?? null);
  const fields: Array<[string, string | null]> = [
    ["adview_id", text(payload.id)],
    ["adview_pid", text(payload.pid)],
    ["adview_page", text(payload.page)],
    ["adview_version", String(AD_VIEW_VERSION)],
    ["adview_section", text(payload.section)],
    ["adview_position", position === null ? null : String(position)],
    ["adview_totals", totals === null ? null : String(totals)],
    ["adview_click", payload.click === true ? "1" : null],
  ];
  return { ok: true, query: fields.filter((field): field is [string, string] => field[1] !== null) };
}
