/**
 * The app's store pages and which one a phone opens directly (community §2 "Dialogs", §9
 * "Mobile devices open store links directly; others get the text dialog").
 */

/** The meta tags every page carries for the store pages an operator configured
 * (`APP_STORE_URL`, `PLAY_STORE_URL`; the server's `pages::app_links_head`). */
export const APP_STORE_META = "plainrate:app-store";
export const PLAY_STORE_META = "plainrate:play-store";

/** The app's store pages, each null unless the operator configured it. */
export interface StoreUrls {
  apple: string | null;
  android: string | null;
}

function meta(name: string): string | null {
  if (typeof document === "undefined") return null;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
  return content ? content : null;
}

/** The store pages this site names. With none, there is no app to offer: no "Get the app"
 * block, dialog or link is shown. */
export function storeUrls(): StoreUrls {
  return { apple: meta(APP_STORE_META), android: meta(PLAY_STORE_META) };
}

/** Whether there is an app to offer on this device: a phone only its own store's page (it
 * opens that page directly), any other device either page (it gets the text dialog). */
export function hasApp(urls: StoreUrls = storeUrls(), store: MobileStore | null = deviceStore()): boolean {
  if (store === "apple") return urls.apple !== null;
  if (store === "android") return urls.android !== null;
  return urls.apple !== null || urls.android !== null;
}

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
