/**
 * Cookie lifetimes and domains (site-core §9 "Cookies: path /, secure, domain limited to
 * the product's parent domain; expiry in days, 0 means none").
 *
 * Mirrors `visitor_state::cookies` (`CookieExpiry::from_days`, `is_session`,
 * `max_age_seconds`, `cookie_domain`, `CookieSpec::attributes`;
 * crates/visitor-state/src/cookies.rs). Checked by `visitor-state.json` tables
 * `cookieExpiry` and `cookieDomain`.
 *
 * An expiry is 0 (a session cookie) to 400 days, the browsers' limit: a longer one is
 * refused, never clamped.
 */

import { asciiLowercase, trim } from "./text";

/** The cookie path (`COOKIE_PATH`). */
export const COOKIE_PATH = "/";
/** Longest accepted expiry, in days (`MAX_COOKIE_EXPIRY_DAYS`). */
export const MAX_COOKIE_EXPIRY_DAYS = 400;
/** "ratings tracking cookie 365 days" (`RATINGS_TRACKING_COOKIE_DAYS`, crate ratings). */
export const RATINGS_TRACKING_COOKIE_DAYS = 365;

const MAX_HOST_CHARS = 253;
const MAX_LABEL_CHARS = 63;
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

/** Why a cookie domain cannot be chosen (`CookieDomainError::code`). */
export type CookieDomainError = "invalidHost" | "invalidParentDomain" | "outsideParentDomain";

function stripPort(host: string): string {
  const trimmed = trim(host);
  const colon = trimmed.lastIndexOf(":");
  if (colon < 0) return trimmed;
  const port = trimmed.slice(colon + 1);
  return /^[0-9]{1,5}$/.test(port) ? trimmed.slice(0, colon) : trimmed;
}

function normalizeName(raw: string): string | null {
  const trimmed = trim(raw);
  const name = asciiLowercase(trimmed.endsWith(".") ? trimmed.slice(0, -1) : trimmed);
  const validLabel = (label: string): boolean =>
    label.length >= 1 && label.length <= MAX_LABEL_CHARS && /^[a-z0-9-]+$/.test(label) && !label.startsWith("-") && !label.endsWith("-");
  // Every accepted character is ASCII, so UTF-16 length is the byte length.
  return name !== "" && name.length <= MAX_HOST_CHARS && name.split(".").every(validLabel) ? name : null;
}

/**
 * The cookie domain for a page served from `host` (`cookie_domain`): the parent domain
 * itself when the host (port, case and one trailing dot ignored) is the parent domain or
 * one of its subdomains.
 */
export function cookieDomain(host: string, parentDomain: string): { ok: true; domain: string } | { ok: false; error: CookieDomainError } {
  const hostName = normalizeName(stripPort(host));
  if (hostName === null) return { ok: false, error: "invalidHost" };
  const parent = normalizeName(parentDomain);
  if (parent === null) return { ok: false, error: "invalidParentDomain" };
  const inside = hostName === parent || (hostName.endsWith(parent) && hostName.slice(0, -parent.length).endsWith("."));
  return inside ? { ok: true, domain: parent } : { ok: false, error: "outsideParentDomain" };
}

/** The `Set-Cookie` attributes (`CookieSpec::attributes`): `Path=/; Domain=…; Max-Age=…; Secure`. */
export function cookieAttributes(domain: string, expiry: CookieExpiry): string {
  const maxAge = expiry.maxAgeSeconds === null ? "" : `; Max-Age=${expiry.maxAgeSeconds}`;
  return `Path=${COOKIE_PATH}; Domain=${domain}${maxAge}; Secure`;
}
