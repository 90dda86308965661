/**
 * Timings and widths the small UI components share (site-core §9, "Business constants and limits").
 * The stylesheets repeat the two widths and the animation length in their media queries and
 * animations; change them together.
 */

/** Modal open and close animation, about 300 ms; the modal stays mounted this long after closing. */
export const MODAL_ANIMATION_MS = 300;
/** A popup's close button becomes enabled this long after the popup opens. */
export const POPUP_CLOSE_ENABLE_MS = 500;
/** The rating thank-you popup closes itself after this long. */
export const THANK_YOU_POPUP_MS = 8000;
/** Default lifetime of an error toast (the community widgets pass 2200 ms). */
export const ERROR_TOAST_MS = 2500;
/** A dropdown ignores selections made within this long of opening. */
export const DROPDOWN_SELECT_GUARD_MS = 100;
/** At this viewport width or less a modal fills the screen. */
export const MODAL_FULL_SCREEN_MAX_WIDTH = 580;
/** Below this viewport width an open modal locks the page's scroll. */
export const SCROLL_LOCK_BELOW_WIDTH = 768;
