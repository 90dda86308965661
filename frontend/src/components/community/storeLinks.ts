/**
 * The app's store pages and which one a phone opens directly (community §2 "Dialogs", §9
 * "Mobile devices open store links directly; others get the text dialog").
 */

/**
 * The same addresses the server texts: the defaults of its settings APP_STORE_URL and
 * PLAY_STORE_URL (the server's config.rs). Change both places together.
 */
export const APP_STORE_URL = "https://apps.apple.com/us/search?term=Plainrate";
export const PLAY_STORE_URL = "https://play.google.com/store/search?q=Plainrate&c=apps";

export type MobileStore = "apple" | "android";

/**
 * The store a mobile device opens, by its user agent: iPhone, iPad and iPod get the App
 * Store, Android gets Google Play; anything else is null (the text-message dialog).
 * `maxTouchPoints` catches iPadOS, whose Safari calls itself a Mac; Macs have no touch.
 */
export function mobileStore(userAgent: string, maxTouchPoints = 0): MobileStore | null {
  if (/iPhone|iPad|iPod/.test(userAgent)) return "apple";
  if (/Android/i.test(userAgent)) return "android";
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return "apple";
  return null;
}

/** The store of the device this page runs on. */
export function deviceStore(): MobileStore | null {
  if (typeof navigator === "undefined") return null;
  return mobileStore(navigator.userAgent, navigator.maxTouchPoints);
}
