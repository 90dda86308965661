/**
 * Safe return addresses and the light sign-up link (site-core §2 "Routes and links", §6;
 * community §2 /join/light).
 *
 * Mirrors `site_urls` (`percent_encode_component`, `percent_decode_component`,
 * `SameSitePath::parse`, `SameSitePath::from_page_address`, `light_signup_link`,
 * `trim_base_address`; crates/site-urls). Checked by `offer-rules.json` tables
 * `percentEncode`, `percentDecode`, `sameSitePath`, `sameSitePathOfPage` and
 * `lightSignupLink`.
 *
 * A `SameSitePath` guards every address a visitor may be sent back to (the light sign-up
 * `ref`, a rating response's `redirect_url`): one leading `/`, no `//`, backslash, `:`,
 * control character or white space, checked as given and once percent-decoded.
 */

import { eqIgnoreAsciiCase, isControlCode, isWhiteSpaceCode, trim, utf8Decode, utf8Encode, utf8Length } from "./text";

/** The sign-up page (`JOIN_PATH`). */
export const JOIN_PATH = "/join";
/** The light sign-up page (`LIGHT_SIGNUP_PATH`). */
export const LIGHT_SIGNUP_PATH = "/join/light";
/** The light sign-up parameter holding the address to return to (`REF_PARAM`). */
export const REF_PARAM = "ref";
/** Where a visitor goes back to when the page's address is not on this site (`ROOT_PATH`). */
export const ROOT_PATH = "/";
/** The longest same-site path accepted, in UTF-8 bytes (`MAX_SAME_SITE_PATH_LEN`). */
export const MAX_SAME_SITE_PATH_LEN = 2048;

// Percent encoding ----------------------------------------------------------------------

const HEX = "0123456789ABCDEF";
const UNRESERVED = /^[A-Za-z0-9\-_.!~*'()]$/;

/**
 * Percent-encodes a query value as JavaScript's `encodeURIComponent` does
 * (`percent_encode_component`): every UTF-8 byte as `%XX` except ASCII letters, digits
 * and `- _ . ! ~ * ' ( )`. (A lone surrogate, which `encodeURIComponent` throws on, is
 * written as U+FFFD.)
 */
export function percentEncodeComponent(input: string): string {
  let out = "";
  for (const byte of utf8Encode(input)) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(char) ? char : `%${HEX[byte >> 4] ?? "0"}${HEX[byte & 0x0f] ?? "0"}`;
  }
  return out;
}

function hexValue(byte: number | undefined): number | null {
  if (byte === undefined) return null;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return null;
}

/**
 * Decodes a percent-encoded value as `decodeURIComponent` does (`percent_decode_component`):
 * each `%XX` is one byte, `+` stays `+`; `null` where JavaScript throws (a bad escape, or
 * bytes that are not UTF-8). Decodes once: `%252F` gives `%2F`.
 */
export function percentDecodeComponent(input: string): string | null {
  if (!input.includes("%")) return input;
  const bytes = utf8Encode(input);
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i] ?? 0;
    if (byte === 0x25) {
      const high = hexValue(bytes[i + 1]);
      const low = hexValue(bytes[i + 2]);
      if (high === null || low === null) return null;
      out.push((high << 4) | low);
      i += 2;
    } else {
      out.push(byte);
    }
  }
  return utf8Decode(out);
}

// Same-site paths -----------------------------------------------------------------------

/** A path on this site, safe to send a visitor to (`SameSitePath`). Build one with `parseSameSitePath` or `sameSitePathOfPage`. */
export type SameSitePath = string & { readonly __sameSitePath: true };

/** Why an address is not a same-site path (`SameSitePathError`). */
export type SameSitePathError =
  | "empty"
  | "tooLong"
  | "forbiddenCharacter"
  | "notRooted"
  | "backslash"
  | "doubleSlash"
  | "colon"
  | "badEncoding";

function checkSameSite(path: string): SameSitePathError | null {
  for (const char of path) {
    const code = char.codePointAt(0) ?? 0;
    if (isControlCode(code) || isWhiteSpaceCode(code)) return "forbiddenCharacter";
  }
  if (!path.startsWith("/")) return "notRooted";
  if (path.includes("\\")) return "backslash";
  if (path.includes("//")) return "doubleSlash";
  if (path.includes(":")) return "colon";
  return null;
}

/** Accepts a same-site path (`SameSitePath::parse`); see the module notes for the rules. */
export function parseSameSitePath(raw: string): { ok: true; path: SameSitePath } | { ok: false; error: SameSitePathError } {
  if (raw === "") return { ok: false, error: "empty" };
  if (utf8Length(raw) > MAX_SAME_SITE_PATH_LEN) return { ok: false, error: "tooLong" };
  const asGiven = checkSameSite(raw);
  if (asGiven !== null) return { ok: false, error: asGiven };
  const decoded = percentDecodeComponent(raw);
  if (decoded === null) return { ok: false, error: "badEncoding" };
  const afterDecoding = checkSameSite(decoded);
  if (afterDecoding !== null) return { ok: false, error: afterDecoding };
  return { ok: true, path: raw as SameSitePath };
}

/** Whether `raw` is a same-site path (for a rating response's `redirect_url`). */
export function isSameSitePath(raw: string): boolean {
  return parseSameSitePath(raw).ok;
}

/** The base address without surrounding blanks and trailing slashes (`trim_base_address`). */
function trimBase(base: string): string {
  return trim(base).replace(/\/+$/, "");
}

/**
 * The same-site path of the page at `address` on the site at `siteOrigin`
 * (`SameSitePath::from_page_address`): an absolute address on the origin (compared
 * ignoring ASCII case and trailing slashes, followed by `/`, `?`, `#` or the end) is
 * reduced to its path, query and fragment; another address is kept if it is a same-site
 * path; anything else gives `/`.
 */
export function sameSitePathOfPage(siteOrigin: string, address: string): SameSitePath {
  const origin = trimBase(siteOrigin);
  let path = address;
  if (origin !== "") {
    const originBytes = utf8Encode(origin);
    const addressBytes = utf8Encode(address);
    const length = originBytes.length;
    const boundary = length <= addressBytes.length && !((addressBytes[length] ?? 0) >= 0x80 && (addressBytes[length] ?? 0) < 0xc0);
    const head = boundary ? utf8Decode(addressBytes.slice(0, length)) : null;
    if (head !== null && eqIgnoreAsciiCase(head, origin)) {
      const rest = utf8Decode(addressBytes.slice(length)) ?? "";
      if (rest === "" || rest.startsWith("?") || rest.startsWith("#")) path = `${ROOT_PATH}${rest}`;
      else if (rest.startsWith("/")) path = rest;
    }
  }
  const parsed = parseSameSitePath(path);
  return parsed.ok ? parsed.path : (ROOT_PATH as SameSitePath);
}

/** The light sign-up link, `/join/light?ref={path}` with the path percent-encoded (`light_signup_link`). */
export function lightSignupLink(returnTo: SameSitePath): string {
  return `${LIGHT_SIGNUP_PATH}?${REF_PARAM}=${percentEncodeComponent(returnTo)}`;
}

/** A light sign-up link carrying the vote a guest chose, which the e-mailed link casts
 * (`with_pending_vote`): `answer:12:up` gives `…&vote=answer%3A12%3Aup`. */
export function withPendingVote(link: string, vote: string): string {
  return `${link}&vote=${percentEncodeComponent(vote)}`;
}
