/**
 * The timings, sizes and thresholds the UI needs (site-core §9 "Business constants and
 * limits", community §9, DECISIONS.md "Error toast duration").
 *
 * Where a Rust crate defines the value, it is the same constant, named after it (checked
 * against the crate source by constants.test.ts):
 * - `ratings::constants`: POPUP_CLOSE_DELAY_MS, THANK_YOU_POPUP_MS, VOTE_MEMORY_MS,
 *   RATINGS_TRACKING_COOKIE_DAYS;
 * - `visitor_state::saved_products`: SAVED_PRODUCT_EXPIRY_MS;
 * - `visitor_state::ad_pixel`: AD_VIEW_TRIGGER_PERCENT (AD_VIEW_RATIO is it as a
 *   fraction), SCROLL_END_DELAY_MS;
 * - `visitor_state::user_info`: the stored lifetimes;
 * - `formatting::constants`: TRUNCATION_BREAKPOINT_PX;
 * - `qna_validation::constants`: QNA_ERROR_TOAST_MS (its ERROR_TOAST_MS),
 *   SEARCH_DEBOUNCE_MS, HELPFUL_VOTE_MEMORY_MS, EXPERTS_PER_PAGE, EXPERTS_SCROLL_OFFSET_PX.
 * The others exist only in the specs (no crate has them), so they are defined here.
 */

export { SCROLL_END_DELAY_MS, AD_VIEW_TRIGGER_PERCENT } from "./adPixel";
export { RATINGS_TRACKING_COOKIE_DAYS } from "./cookies";
export { EXPERTS_PER_PAGE, EXPERTS_SCROLL_OFFSET_PX } from "./experts";
export { HELPFUL_VOTE_MEMORY_MS } from "./helpful";
export { SAVED_PRODUCT_EXPIRY_MS } from "./savedProducts";
export { TRUNCATION_BREAKPOINT_PX } from "./truncation";
export { ACCESS_TOKEN_LIFETIME_MS, GROUP_ID_LIFETIME_MS, STANDING_AND_SCORE_LIFETIME_MS } from "./userInfo";
export { SEARCH_DEBOUNCE_MS } from "./validation";
export { THANK_YOU_POPUP_MS, VOTE_MEMORY_MS } from "./voteMachine";

import { AD_VIEW_TRIGGER_PERCENT } from "./adPixel";

// Toasts and popups (site-core §9, community §9, DECISIONS.md).

/** "Error toast 2500 ms" (site-core): the default toast. */
export const ERROR_TOAST_MS = 2_500;
/** "Error toast: 2200 ms" (community): the Q&A box and dialogs (`qna_validation::constants::ERROR_TOAST_MS`). */
export const QNA_ERROR_TOAST_MS = 2_200;
/** "Popup close delay 1000 ms": the rating popup closes 1 s after the pointer leaves (`ratings::constants`). */
export const POPUP_CLOSE_DELAY_MS = 1_000;
/** "popup close enabled 500 ms after opening". */
export const POPUP_CLOSE_ENABLE_MS = 500;
/** "Modal animation about 300 ms". */
export const MODAL_ANIMATION_MS = 300;

// Viewport breakpoints (site-core §9, community §9).

/** "scroll lock below 768 px": the page scroll is locked when width < this. */
export const SCROLL_LOCK_BELOW_PX = 768;
/** "Mobile footer breakpoint: 767 px": the mobile footer at width ≤ this. */
export const FOOTER_MOBILE_BREAKPOINT_PX = 767;

/** Whether an open modal locks the page scroll at this viewport width (< 768 px). */
export function locksScroll(viewportWidth: number): boolean {
  return viewportWidth < SCROLL_LOCK_BELOW_PX;
}

// Ads (site-core §9).

/** "Ad view trigger ratio 0.15", as an intersection ratio (`AD_VIEW_TRIGGER_PERCENT` / 100). */
export const AD_VIEW_RATIO = AD_VIEW_TRIGGER_PERCENT / 100;

// Carousel and smooth scrolling (site-core §9).

/** "Carousel defaults: speed 400 ms". */
export const CAROUSEL_SPEED_MS = 400;
/** "autoplay 5000 ms". */
export const CAROUSEL_AUTOPLAY_MS = 5_000;
/** "one slide per page". */
export const CAROUSEL_SLIDES_PER_PAGE = 1;
/** "Smooth scroll defaults: 999 ms maximum duration". */
export const SMOOTH_SCROLL_MAX_DURATION_MS = 999;
/** "9 px edge offset". */
export const SMOOTH_SCROLL_EDGE_OFFSET_PX = 9;

// Jump bar (community §9).

/** "Jump bar: scroll throttle 50 ms". */
export const JUMP_BAR_THROTTLE_MS = 50;
/** "offsets qna 0, expert-opinions 30, cards-disclosure 30", by section id. */
export const JUMP_BAR_OFFSETS: Readonly<Record<string, number>> = {
  qna: 0,
  "expert-opinions": 30,
  "cards-disclosure": 30,
};
/** "default -10": the offset of any other section. */
export const JUMP_BAR_DEFAULT_OFFSET = -10;

// Compare (site-core §4).

/** Most products in the compare list (`catalogue::listing::MAX_COMPARE`, what `Catalogue.Compare` takes). */
export const MAX_COMPARED = 4;
/** Fewest products a comparison shows (`catalogue::listing::MIN_COMPARE`). */
export const MIN_COMPARED = 2;
