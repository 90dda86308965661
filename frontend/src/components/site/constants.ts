/**
 * The timings, offsets and breakpoints the site components use, under the names they use.
 * Every value is the rules' (rules/constants, community §9 and site-core §9); only the
 * product-list carousel speed (site-core §2) is the components' own.
 */
export {
  JUMP_BAR_THROTTLE_MS as JUMP_BAR_SCROLL_THROTTLE_MS,
  JUMP_BAR_OFFSETS as JUMP_BAR_SECTION_OFFSETS,
  JUMP_BAR_DEFAULT_OFFSET,
  FOOTER_MOBILE_BREAKPOINT_PX as MOBILE_FOOTER_MAX_WIDTH,
  SCROLL_END_DELAY_MS,
  SMOOTH_SCROLL_MAX_DURATION_MS,
  SMOOTH_SCROLL_EDGE_OFFSET_PX,
  CAROUSEL_SPEED_MS as CAROUSEL_DEFAULT_SPEED_MS,
  CAROUSEL_AUTOPLAY_MS as CAROUSEL_DEFAULT_AUTOPLAY_MS,
  CAROUSEL_SLIDES_PER_PAGE as CAROUSEL_DEFAULT_SLIDES_PER_PAGE,
} from "../../rules/constants";

/** site-core.md §2: a product's own lists move at speed 200. */
export const PRODUCT_LIST_CAROUSEL_SPEED_MS = 200;
