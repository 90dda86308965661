/**
 * Cookie lifetimes (site-core §9 "Cookies: path /, secure, domain limited to
 * the product's parent domain; expiry in days, 0 means none").
 *
 * Mirrors `visitor_state::cookies` (`CookieExpiry::from_days`, `is_session`,
 * `max_age_seconds`; crates/visitor-state/src/cookies.rs). Checked by `visitor-state.json`
 * table `cookieExpiry`.
 *
 * An expiry is 0 (a session cookie) to 400 days, the browsers' limit: a longer one is
 * refused, never clamped.
 */

/** Longest accepted expiry, in days (`MAX_COOKIE_EXPIRY_DAYS`). */
export const MAX_COOKIE_EXPIRY_DAYS = 400;
/** "ratings tracking cookie 365 days" (`RATINGS_TRACKING_COOKIE_DAYS`, crate ratings). */
export const RATINGS_TRACKING_COOKIE_DAYS = 365;

const SECONDS_PER_DAY = 86_400;

/** A cookie's lifetime (`CookieExpiry`): `maxAgeSeconds` is `null` for a session cookie. */
export interface CookieExpiry {
  readonly days: number;
  readonly session: boolean;
  readonly maxAgeSeconds: number | null;
}

/** An expiry of `days` whole days, 0 to 400; 0 is a session cookie (`CookieExpiry::from_days`). */
export function cookieExpiry(days: number): { ok: true; expiry: CookieExpiry } | { ok: false; error: "tooLong" | "notADayCount" } {
  if (!Number.isSafeInteger(days) || days < 0) return { ok: false, error: "notADayCount" };
  if (days > MAX_COOKIE_EXPIRY_DAYS) return { ok: false, error: "tooLong" };
  return { ok: true, expiry: { days, session: days === 0, maxAgeSeconds: days === 0 ? null : days * SECONDS_PER_DAY } };
}
