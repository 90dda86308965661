/** The ratings tracking cookie (site-core §8, §9): set when a vote is sent, for 365 days;
 * cleared when the vote fails. It names the last product rated and its stars. */
export const TRACKING_COOKIE = "rating_tracking";
const DAYS = 365;

export function setTrackingCookie(id: string, stars: number): void {
  document.cookie = `${TRACKING_COOKIE}=${encodeURIComponent(`${id}:${stars}`)}; Max-Age=${DAYS * 86400}; Path=/; SameSite=Lax`;
}

export function clearTrackingCookie(): void {
  document.cookie = `${TRACKING_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
