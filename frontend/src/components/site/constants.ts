/**
 * Timings, offsets and breakpoints used by the site components.
 *
 * Sources:
 * - community.md §9: jump bar scroll throttle and section offsets, mobile footer breakpoint.
 * - site-core.md §9: scroll-end delay, smooth-scroll defaults, carousel defaults.
 * - site-core.md §2: the carousel options used for a product's own lists.
 */

/** community.md §9: the jump bar reads scroll positions at most once per 50 ms. */
export const JUMP_BAR_SCROLL_THROTTLE_MS = 50;

/**
 * community.md §9: per-section offsets of the jump bar, in px.
 * A section starts `offset` px below the top of its box (negative: above it).
 */
export const JUMP_BAR_SECTION_OFFSETS: Readonly<Record<string, number>> = {
  qna: 0,
  "expert-opinions": 30,
  "cards-disclosure": 30,
};

/** community.md §9: offset of every section not named in the table above. */
export const JUMP_BAR_DEFAULT_OFFSET = -10;

/** community.md §9: footer sections collapse at this width and below (px). */
export const MOBILE_FOOTER_MAX_WIDTH = 767;

/** site-core.md §9: a scroll counts as ended this long after its last scroll event. */
export const SCROLL_END_DELAY_MS = 500;

/** site-core.md §9: a smooth scroll never lasts longer than this. */
export const SMOOTH_SCROLL_MAX_DURATION_MS = 999;

/** site-core.md §9: space left between the viewport edge and a scrolled-to element (px). */
export const SMOOTH_SCROLL_EDGE_OFFSET_PX = 9;

/** site-core.md §9: carousel defaults. */
export const CAROUSEL_DEFAULT_SPEED_MS = 400;
export const CAROUSEL_DEFAULT_AUTOPLAY_MS = 5000;
export const CAROUSEL_DEFAULT_SLIDES_PER_PAGE = 1;

/** site-core.md §2: the carousel for a product's own lists moves in 200 ms. */
export const PRODUCT_LIST_CAROUSEL_SPEED_MS = 200;
