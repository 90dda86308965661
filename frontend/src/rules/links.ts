/**
 * Offer links, safe return addresses and who sees an affiliate link (site-core §2 "Routes
 * and links", §4 "Card link visibility" and "Apply link", §5 large-bank asterisk, §6;
 * community §2 card redirects and /join/light).
 *
 * Mirrors `site_urls` (`percent_encode_component`, `percent_decode_component`,
 * `form_decode_component`, `SameSitePath::parse`, `SameSitePath::from_page_address`,
 * `light_signup_link`, `trim_base_address`; crates/site-urls) and `offer_model::links`
 * (`details_path`, `reviews_link`, `redirect_link`, `rates_and_fees_link`, `apply_link`,
 * `is_web_address`, `AffiliateScope::from_field`, `is_affiliate_link`,
 * `has_large_bank_asterisk`; crates/offer-model/src/links.rs).
 * Checked by `offer-rules.json` tables `percentEncode`, `percentDecode`, `sameSitePath`,
 * `sameSitePathOfPage`, `lightSignupLink`, `detailsPath`, `applyLink`,
 * `affiliateVisibility` and `largeBankAsterisk`.
 *
 * A `SameSitePath` guards every address a visitor may be sent back to (the light sign-up
 * `ref`, a rating response's `redirect_url`): one leading `/`, no `//`, backslash, `:`,
 * control character or white space, checked as given and once percent-decoded.
 */

import { eqIgnoreAsciiCase, isControlCode, isWhiteSpaceCode, trim, utf8Decode, utf8Encode, utf8Length } from "./text";

/** The details page lives at `{base}/d/{name}` (`DETAILS_PREFIX`). */
export const DETAILS_PREFIX = "/d/";
/** The reviews section of a details page (`REVIEWS_ANCHOR`). */
export const REVIEWS_ANCHOR = "#reviews";
/** Apply and tracking redirects go through `{base}/r/?id=…` (`REDIRECT_PATH`). */
export const REDIRECT_PATH = "/r/?id=";
/** Suffix of a card redirect id (`CARD_REDIRECT_SUFFIX`). */
export const CARD_REDIRECT_SUFFIX = "c";
/** Suffix of an institution redirect id (`INSTITUTION_REDIRECT_SUFFIX`). */
export const INSTITUTION_REDIRECT_SUFFIX = "i";
/** "optional rf=1 gives the rates-and-fees link" (`RATES_AND_FEES_PARAM`). */
export const RATES_AND_FEES_PARAM = "rf=1";
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
/** The longest issuer page accepted as a web address, in bytes (`MAX_WEB_ADDRESS_LEN`). */
export const MAX_WEB_ADDRESS_LEN = 2048;

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

function decodeComponent(input: string, plusIsSpace: boolean): string | null {
  if (!input.includes("%") && !(plusIsSpace && input.includes("+"))) return input;
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
    } else if (plusIsSpace && byte === 0x2b) {
      out.push(0x20);
    } else {
      out.push(byte);
    }
  }
  return utf8Decode(out);
}

/**
 * Decodes a percent-encoded value as `decodeURIComponent` does (`percent_decode_component`):
 * each `%XX` is one byte, `+` stays `+`; `null` where JavaScript throws (a bad escape, or
 * bytes that are not UTF-8). Decodes once: `%252F` gives `%2F`.
 */
export function percentDecodeComponent(input: string): string | null {
  return decodeComponent(input, false);
}

/** Decodes one name or value of a form-encoded query (`form_decode_component`): `+` is a space. */
export function formDecodeComponent(input: string): string | null {
  return decodeComponent(input, true);
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

// Offer links ---------------------------------------------------------------------------

/** Why a link could not be built (`LinkError`). */
export type LinkError = "emptyDetailsPage" | "invalidDetailsPage" | "emptyRedirectId" | "unsafeTrackingUrl";

function hasBlankControlOrBackslash(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === "\\" || isWhiteSpaceCode(code) || isControlCode(code)) return true;
  }
  return false;
}

/**
 * A card's details-page link, `{base}/d/{name}` (`details_path`): the `/d/` prefix is added
 * when missing and never doubled; leading slashes and surrounding blanks are ignored.
 */
export function detailsPath(base: string, detailsPage: string): { ok: true; url: string } | { ok: false; error: LinkError } {
  const trimmed = trim(detailsPage).replace(/^\/+/, "");
  const name = (trimmed.startsWith("d/") ? trimmed.slice(2) : trimmed).replace(/^\/+/, "");
  if (name === "") return { ok: false, error: "emptyDetailsPage" };
  if (name.includes("//") || hasBlankControlOrBackslash(name)) return { ok: false, error: "invalidDetailsPage" };
  return { ok: true, url: `${trimBase(base)}${DETAILS_PREFIX}${name}` };
}

/** The reviews section of a details page: the fragment replaced by `#reviews` (`reviews_link`). */
export function reviewsLink(detailsLink: string): string {
  const hash = detailsLink.indexOf("#");
  return `${hash < 0 ? detailsLink : detailsLink.slice(0, hash)}${REVIEWS_ANCHOR}`;
}

/** What a redirect id names (`RedirectKind`): a card (`c`), an institution (`i`), or an id used as given. */
export type RedirectKind = "card" | "institution" | "asGiven";

const REDIRECT_SUFFIX: Readonly<Record<RedirectKind, string>> = {
  card: CARD_REDIRECT_SUFFIX,
  institution: INSTITUTION_REDIRECT_SUFFIX,
  asGiven: "",
};

/** A redirect link, `{base}/r/?id={id}{suffix}` with the trimmed id percent-encoded (`redirect_link`). */
export function redirectLink(base: string, id: string, kind: RedirectKind): { ok: true; url: string } | { ok: false; error: LinkError } {
  const trimmed = trim(id);
  if (trimmed === "") return { ok: false, error: "emptyRedirectId" };
  return { ok: true, url: `${trimBase(base)}${REDIRECT_PATH}${percentEncodeComponent(trimmed)}${REDIRECT_SUFFIX[kind]}` };
}

/** A card's rates-and-fees link: its card redirect with `&rf=1` (`rates_and_fees_link`). */
export function ratesAndFeesLink(base: string, cardId: string): { ok: true; url: string } | { ok: false; error: LinkError } {
  const link = redirectLink(base, cardId, "card");
  return link.ok ? { ok: true, url: `${link.url}&${RATES_AND_FEES_PARAM}` } : link;
}

/** A card's apply link (`ApplyLink`). */
export type ApplyLink =
  | { readonly kind: "tracking"; readonly url: string }
  | { readonly kind: "noApplyLink" }
  | { readonly kind: "defaultRedirect"; readonly url: string };

function isHttpUrl(url: string): boolean {
  const lower = url.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const rest = lower.startsWith("https://") ? lower.slice(8) : lower.startsWith("http://") ? lower.slice(7) : null;
  return rest !== null && rest !== "" && !rest.startsWith("/") && !hasBlankControlOrBackslash(url);
}

/**
 * Whether `url` is a web address the apply redirect may send a visitor to
 * (`is_web_address`): at most `MAX_WEB_ADDRESS_LEN` bytes, `http://` or `https://` (any
 * case), a host of ASCII letters, digits, dots and hyphens with at least one letter or
 * digit, an optional port of 1 to 5 digits, then only RFC 3986 URI characters.
 */
export function isWebAddress(url: string): boolean {
  if (utf8Length(url) > MAX_WEB_ADDRESS_LEN) return false;
  const match = /^https?:\/\/([^/?#]*)([\s\S]*)$/i.exec(url);
  if (match === null) return false;
  const authority = match[1] ?? "";
  const tail = match[2] ?? "";
  const colon = authority.indexOf(":");
  const host = colon < 0 ? authority : authority.slice(0, colon);
  const port = colon < 0 ? null : authority.slice(colon + 1);
  return (
    /^[A-Za-z0-9.-]*$/.test(host) &&
    /[A-Za-z0-9]/.test(host) &&
    (port === null || /^[0-9]{1,5}$/.test(port)) &&
    /^[A-Za-z0-9._~:/?#@!$&'()*+,;=%-]*$/.test(tail)
  );
}

/**
 * Chooses a card's apply link (`apply_link`, site-core §4, DECISIONS.md "Apply link"): a
 * tracking url with `manualApply` false is used (when it is an http(s) address or a
 * same-site path, else refused); with `manualApply` true there is no apply link; without a
 * tracking url (blank counts as absent) the default redirect `{base}/r/?id={cardId}c`,
 * which sends the visitor to the issuer's page, when `issuerPage` (`RATES_FEES_URL`) is a
 * web address, else no apply link.
 */
export function applyLink(
  base: string,
  cardId: string,
  trackingUrl: string | null,
  manualApply: boolean,
  issuerPage: string | null,
): { ok: true; link: ApplyLink } | { ok: false; error: LinkError } {
  const url = trackingUrl === null ? "" : trim(trackingUrl);
  if (url !== "") {
    if (manualApply) return { ok: true, link: { kind: "noApplyLink" } };
    if (isHttpUrl(url) || isSameSitePath(url)) return { ok: true, link: { kind: "tracking", url } };
    return { ok: false, error: "unsafeTrackingUrl" };
  }
  if (issuerPage === null || !isWebAddress(trim(issuerPage))) return { ok: true, link: { kind: "noApplyLink" } };
  const redirect = redirectLink(base, cardId, "card");
  return redirect.ok ? { ok: true, link: { kind: "defaultRedirect", url: redirect.url } } : redirect;
}

/** The address an apply link points to, if any (`ApplyLink::url`). */
export function applyLinkUrl(link: ApplyLink): string | null {
  return link.kind === "noApplyLink" ? null : link.url;
}

/** A card's `AFFILIATE_INFLUENCE_SCOPE` (`AffiliateScope`): `O` out only, `I` in only. */
export type AffiliateScope = "O" | "I";

/** Reads the raw scope field (`AffiliateScope::from_field`): blank is no scope, `O`/`o`, `I`/`i`; anything else is unknown. */
export function parseAffiliateScope(raw: string): { ok: true; scope: AffiliateScope | null } | { ok: false } {
  const value = trim(raw);
  if (value === "") return { ok: true, scope: null };
  if (value === "O" || value === "o") return { ok: true, scope: "O" };
  if (value === "I" || value === "i") return { ok: true, scope: "I" };
  return { ok: false };
}

/** What decides whether a card's link is an affiliate link for one visitor (`AffiliateContext`). */
export interface AffiliateContext {
  /** The offer's affiliate flag, `WH_AFFILIATE_LINK` = `Y`. */
  readonly affiliate: boolean;
  /** The card has the logged-in-only critical setting. */
  readonly loggedInOnlyCritical: boolean;
  /** The card's scope, if any. */
  readonly scope: AffiliateScope | null;
  /** The visitor is signed in. */
  readonly signedIn: boolean;
}

/**
 * Whether a card's link is an affiliate link for this visitor (`is_affiliate_link`): only
 * an affiliate offer; not for signed-out visitors with the logged-in-only critical
 * setting; not when signed in with scope `O`; not when signed out with scope `I`.
 */
export function isAffiliateLink(context: AffiliateContext): boolean {
  const hiddenByCritical = context.loggedInOnlyCritical && !context.signedIn;
  const hiddenByScope = context.scope === "O" ? context.signedIn : context.scope === "I" ? !context.signedIn : false;
  return context.affiliate && !hiddenByCritical && !hiddenByScope;
}

/**
 * Whether an issuer gets the large-bank asterisk (`has_large_bank_asterisk`): it is in
 * `largeBanks` (trimmed, Unicode case ignored; a blank issuer never matches) and the card
 * shows no affiliate link to this visitor.
 */
export function hasLargeBankAsterisk(issuer: string, largeBanks: readonly string[], affiliateLink: boolean): boolean {
  const name = trim(issuer).toLowerCase();
  return !affiliateLink && name !== "" && largeBanks.some((bank) => trim(bank).toLowerCase() === name);
}
