import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { describe, expect, it } from "vitest";

import * as constants from "./constants";

/** Reads `pub const NAME: T = VALUE;` from a crate source file and evaluates a product of integers. */
function rustConstant(file: string, name: string): number {
  const source = readFileSync(resolve(__dirname, "../../../crates", file), "utf8");
  const match = new RegExp(`pub const ${name}: [^=]+= ([^;]+);`).exec(source);
  if (match === null || match[1] === undefined) throw new Error(`${name} not found in ${file}`);
  return match[1]
    .split("*")
    .map((factor) => Number(factor.trim().replace(/_/g, "")))
    .reduce((product, factor) => product * factor, 1);
}

const mirrored: Array<[keyof typeof constants, string, string]> = [
  ["POPUP_CLOSE_DELAY_MS", "ratings/src/constants.rs", "POPUP_CLOSE_DELAY_MS"],
  ["THANK_YOU_POPUP_MS", "ratings/src/constants.rs", "THANK_YOU_POPUP_MS"],
  ["VOTE_MEMORY_MS", "ratings/src/constants.rs", "VOTE_MEMORY_MS"],
  ["RATINGS_TRACKING_COOKIE_DAYS", "ratings/src/constants.rs", "RATINGS_TRACKING_COOKIE_DAYS"],
  ["SAVED_PRODUCT_EXPIRY_MS", "visitor-state/src/saved_products.rs", "SAVED_PRODUCT_EXPIRY_MS"],
  ["AD_VIEW_TRIGGER_PERCENT", "visitor-state/src/ad_pixel.rs", "AD_VIEW_TRIGGER_PERCENT"],
  ["SCROLL_END_DELAY_MS", "visitor-state/src/ad_pixel.rs", "SCROLL_END_DELAY_MS"],
  ["ACCESS_TOKEN_LIFETIME_MS", "visitor-state/src/user_info.rs", "ACCESS_TOKEN_LIFETIME_MS"],
  ["STANDING_AND_SCORE_LIFETIME_MS", "visitor-state/src/user_info.rs", "STANDING_AND_SCORE_LIFETIME_MS"],
  ["GROUP_ID_LIFETIME_MS", "visitor-state/src/user_info.rs", "GROUP_ID_LIFETIME_MS"],
  ["TRUNCATION_BREAKPOINT_PX", "formatting/src/constants.rs", "TRUNCATION_BREAKPOINT_PX"],
  ["QNA_ERROR_TOAST_MS", "qna-validation/src/constants/mod.rs", "ERROR_TOAST_MS"],
  ["SEARCH_DEBOUNCE_MS", "qna-validation/src/constants/mod.rs", "SEARCH_DEBOUNCE_MS"],
  ["HELPFUL_VOTE_MEMORY_MS", "qna-validation/src/constants/mod.rs", "HELPFUL_VOTE_MEMORY_MS"],
  ["EXPERTS_PER_PAGE", "qna-validation/src/constants/mod.rs", "EXPERTS_PER_PAGE"],
  ["EXPERTS_SCROLL_OFFSET_PX", "qna-validation/src/constants/mod.rs", "EXPERTS_SCROLL_OFFSET_PX"],
  ["MAX_COMPARED", "catalogue/src/listing.rs", "MAX_COMPARE"],
  ["MIN_COMPARED", "catalogue/src/listing.rs", "MIN_COMPARE"],
];

describe("constants shared with the Rust crates", () => {
  it.each(mirrored)("%s equals %s %s", (name, file, rustName) => {
    expect(constants[name]).toBe(rustConstant(file, rustName));
  });
});

describe("constants from the specs", () => {
  it("has the §9 values", () => {
    expect(constants.ERROR_TOAST_MS).toBe(2500);
    expect(constants.POPUP_CLOSE_DELAY_MS).toBe(1000);
    expect(constants.THANK_YOU_POPUP_MS).toBe(8000);
    expect(constants.VOTE_MEMORY_MS).toBe(604800000);
    expect(constants.SAVED_PRODUCT_EXPIRY_MS).toBe(1296000000);
    expect(constants.MODAL_ANIMATION_MS).toBe(300);
    expect(constants.POPUP_CLOSE_ENABLE_MS).toBe(500);
    expect(constants.SCROLL_LOCK_BELOW_PX).toBe(768);
    expect(constants.AD_VIEW_RATIO).toBe(0.15);
    expect(constants.CAROUSEL_SPEED_MS).toBe(400);
    expect(constants.CAROUSEL_AUTOPLAY_MS).toBe(5000);
    expect(constants.CAROUSEL_SLIDES_PER_PAGE).toBe(1);
    expect(constants.SMOOTH_SCROLL_MAX_DURATION_MS).toBe(999);
    expect(constants.SMOOTH_SCROLL_EDGE_OFFSET_PX).toBe(9);
    expect(constants.JUMP_BAR_THROTTLE_MS).toBe(50);
    expect(constants.FOOTER_MOBILE_BREAKPOINT_PX).toBe(767);
  });

  it("applies the scroll-lock breakpoint and has the jump-bar offsets", () => {
    expect([constants.locksScroll(767), constants.locksScroll(768)]).toEqual([true, false]);
    expect(constants.JUMP_BAR_OFFSETS).toEqual({ qna: 0, "expert-opinions": 30, "cards-disclosure": 30 });
    expect(constants.JUMP_BAR_DEFAULT_OFFSET).toBe(-10);
  });
});
