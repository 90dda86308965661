/** The ratings tracking cookie (site-core §8, §9): set when a vote is sent, for the rules'
 * RATINGS_TRACKING_COOKIE_DAYS; cleared when the vote fails. It names the last product
 * rated and its stars. */
import { cookieExpiry } from "../../rules/cookies";
import { RATINGS_TRACKING_COOKIE_DAYS } from "../../rules/constants";

export const TRACKING_COOKIE = "rating_tracking";

const expiry = cookieExpiry(RATINGS_TRACKING_COOKIE_DAYS);
const maxAge = expiry.ok && expiry.expiry.maxAgeSeconds !== null ? `; Max-Age=${expiry.expiry.maxAgeSeconds}` : "";

export function setTrackingCookie(id: string, stars: number): void {
  document.cookie = `${TRACKING_COOKIE}=${encodeURIComponent(`${id}:${stars}`)}${maxAge}; Path=/; SameSite=Lax`;
}

export function clearTrackingCookie(): void {
  document.cookie = `${TRACKING_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
