/**
 * The sign-on cookie: who is signed in, as the page may show it (site-core §3 "Signed-in
 * session data", §4 "Signed in"; community §3 "Shared sign-on cookie", "Stored user info",
 * §6 delegated sessions).
 *
 * Mirrors `visitor_state::sign_on` (`decode`, `read_auth_user`, `SignOn::is_delegated`,
 * `Plan::parse`; crates/visitor-state/src/sign_on.rs). Checked by `visitor-state.json`
 * table `signOnDecode`.
 *
 * The cookie is a display mirror only: the server never trusts it, and nothing read here
 * may grant access.
 *
 * Reading a raw cookie value (exactly as it appears after `name=`):
 * 1. more than 8 KiB (UTF-8 bytes) is refused;
 * 2. surrounding white space and one pair of double quotes are removed; empty is refused;
 * 3. a value that does not start with `{` or `[` but contains `%` is percent-decoded once;
 * 4. a value starting with `{` or `[` is JSON text, anything else base64 of JSON text
 *    (standard or URL-safe alphabet, padded or not, never both alphabets), UTF-8;
 * 5. the JSON (read with `JSON.parse`: our server writes this cookie, see `rules/json`)
 *    must be an object; unknown fields are ignored and a known field of an unusable
 *    shape counts as absent (the tolerant readers of `rules/json`).
 */

import { type GroupId, parseGroupId, validateId } from "./ids";
import { type JsonObject, isJsonObject, parseJson, readFlag, readText, readTextList } from "./json";
import { percentDecodeComponent } from "./links";
import { compareCodePoints, eqIgnoreAsciiCase, trim, utf8Decode, utf8Length } from "./text";

/** Longest accepted raw cookie value, in bytes (`MAX_SIGN_ON_COOKIE_BYTES`). */
export const MAX_SIGN_ON_COOKIE_BYTES = 8 * 1024;
/** Wire name of the basic plan, the default `userPlan` (`BASIC_PLAN`). */
export const BASIC_PLAN = "basic";

/** Why a sign-on cookie value could not be read (`SignOnError::code`). */
export type SignOnError = "empty" | "tooLong" | "badPercentEncoding" | "badBase64" | "notJson" | "notAnObject";

/** Active plan info (`ActivePlan`). */
export interface ActivePlan {
  readonly planId: string | null;
  readonly cancelled: boolean;
  readonly pendingDowngrade: boolean;
  readonly pendingPlanChange: boolean;
  readonly hasComingSubscription: boolean;
  readonly isAppleOrder: boolean;
  readonly orderId: string | null;
  readonly isInfluencer: boolean;
}

/** One account the user may switch to (`SharedAccount`); entries without an id are dropped when read. */
export interface SharedAccount {
  readonly id: string;
  readonly name: string;
  readonly avatar: string;
  readonly image: string | null;
  readonly profileId: string | null;
  readonly profile: boolean;
}

/** The data in the sign-on cookie (`SignOn`). A display mirror: never use it for authorisation. */
export interface SignOn {
  readonly groupId: GroupId | null;
  /** `userPlan`: `basic` when absent. */
  readonly userPlan: string;
  readonly activePlan: ActivePlan | null;
  readonly accountId: string | null;
  readonly hasTransactions: boolean;
  readonly enhanced: boolean;
  /** Needed, with an active-session cookie, to be fully signed in. */
  readonly full: boolean;
  readonly dashboards: readonly string[];
  readonly firstName: string | null;
  readonly realName: string | null;
  readonly username: string | null;
  readonly profilePicture: string | null;
  readonly id: string | null;
  readonly profile: boolean;
  readonly sharedAccounts: readonly SharedAccount[];
  /** `auth-user`: who acts on this account in a delegated session. */
  readonly authUser: string | null;
}

// Field readers -------------------------------------------------------------------------

/**
 * Reads a plan name (`Plan::parse` over `json::text`): `basic` in any case, or a missing
 * or invalid name, is the basic plan; any other name is kept trimmed.
 */
export function readPlan(value: unknown): string {
  const name = readText(value);
  const checked = name === null ? null : validateId(name);
  if (checked === null || !checked.ok || eqIgnoreAsciiCase(checked.id, BASIC_PLAN)) return BASIC_PLAN;
  return checked.id;
}

function readGroupId(value: unknown): GroupId | null {
  const text = readText(value);
  return text === null ? null : parseGroupId(text);
}

function activePlanFromObject(fields: JsonObject): ActivePlan {
  return {
    planId: readText(fields.planId),
    cancelled: readFlag(fields.cancelled),
    pendingDowngrade: readFlag(fields.pendingDowngrade),
    pendingPlanChange: readFlag(fields.pendingPlanChange),
    hasComingSubscription: readFlag(fields.hasComingSubscription),
    isAppleOrder: readFlag(fields.isAppleOrder),
    orderId: readText(fields.orderId),
    isInfluencer: readFlag(fields.isInfluencer),
  };
}

/** Reads `activePlan`: an object, or a string holding a JSON object (`read_active_plan`). */
export function readActivePlan(value: unknown): ActivePlan | null {
  const fields = typeof value === "string" ? parseJson(value) : value;
  return isJsonObject(fields) ? activePlanFromObject(fields) : null;
}

/** Compact JSON text with object keys in code-point order, as `serde_json` writes a `Value`. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  if (!isJsonObject(value)) return JSON.stringify(value);
  const keys = Object.keys(value).sort(compareCodePoints);
  return `{${keys.map((key) => `${JSON.stringify(key)}:${sortedJson(value[key])}`).join(",")}}`;
}

/**
 * Reads `auth-user` (`read_auth_user`): a string other than empty, `0` or `false`
 * (trimmed, any case), kept as is; a non-zero number, as its text; `true`, as `"true"`; a
 * non-empty array or object, as its compact JSON text; anything else is absent.
 */
export function readAuthUser(value: unknown): string | null {
  if (typeof value === "string") {
    const t = trim(value);
    return t === "" || t === "0" || eqIgnoreAsciiCase(t, "false") ? null : value;
  }
  if (typeof value === "number") return readFlag(value) ? readText(value) : null;
  if (typeof value === "boolean") return value ? "true" : null;
  if (Array.isArray(value)) return value.length > 0 ? sortedJson(value) : null;
  return isJsonObject(value) && Object.keys(value).length > 0 ? sortedJson(value) : null;
}

function readSharedAccounts(value: unknown): SharedAccount[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isJsonObject)
    .map((fields) => ({
      id: readText(fields.id) ?? "",
      name: readText(fields.name) ?? "",
      avatar: readText(fields.avatar) ?? "",
      image: readText(fields.image),
      profileId: readText(fields.profileId),
      profile: readFlag(fields.profile),
    }))
    .filter((account) => account.id !== "");
}

/** The sign-on data of a JSON object, every field read tolerantly. */
export function signOnFromObject(fields: JsonObject): SignOn {
  return {
    groupId: readGroupId(fields.groupId),
    userPlan: readPlan(fields.userPlan),
    activePlan: readActivePlan(fields.activePlan),
    accountId: readText(fields.accountId),
    hasTransactions: readFlag(fields.has_transactions),
    enhanced: readFlag(fields.enhanced),
    full: readFlag(fields.full),
    dashboards: readTextList(fields.dashboards),
    firstName: readText(fields.firstName),
    realName: readText(fields.realName),
    username: readText(fields.username),
    profilePicture: readText(fields.profilePicture),
    id: readText(fields.id),
    profile: readFlag(fields.profile),
    sharedAccounts: readSharedAccounts(fields.sharedAccounts),
    authUser: readAuthUser(fields["auth-user"]),
  };
}

// Decoding ------------------------------------------------------------------------------

const STANDARD_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL_SAFE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * Decodes base64 as the `base64` crate's general-purpose engine does with padding
 * "indifferent" and no trailing bits allowed: every quad but the last is four symbols;
 * the last may end in padding after at least two symbols; a lone symbol, misplaced
 * padding or non-zero trailing bits are errors.
 */
export function decodeBase64(text: string, urlSafe: boolean): Uint8Array | null {
  const alphabet = urlSafe ? URL_SAFE_ALPHABET : STANDARD_ALPHABET;
  const morsel = (char: string): number => alphabet.indexOf(char);
  if (text === "") return new Uint8Array();
  const remainder = text.length % 4;
  const prefixLength = remainder === 0 ? text.length - 4 : text.length - remainder;
  const out: number[] = [];
  for (let i = 0; i < prefixLength; i += 4) {
    const values = [0, 1, 2, 3].map((k) => morsel(text[i + k] ?? ""));
    if (values.some((v) => v < 0)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = values;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out.push((n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
  }
  const morsels: number[] = [];
  let padding = 0;
  for (const [index, char] of [...text.slice(prefixLength)].entries()) {
    if (char === "=") {
      if (index < 2) return null;
      padding += 1;
      continue;
    }
    if (padding > 0) return null;
    const value = morsel(char);
    if (value < 0) return null;
    morsels.push(value);
  }
  if (morsels.length < 2) return null;
  const bytes = Math.floor((morsels.length * 6) / 8);
  let bits = 0;
  for (const [index, value] of morsels.entries()) bits += value * 2 ** (18 - 6 * index);
  const unused = 24 - bytes * 8;
  if (bits % 2 ** unused !== 0) return null;
  for (let k = 0; k < bytes; k += 1) out.push(Math.floor(bits / 2 ** (16 - 8 * k)) & 0xff);
  return Uint8Array.from(out);
}

function unquote(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

function looksLikeJson(text: string): boolean {
  return text.startsWith("{") || text.startsWith("[");
}

/** The JSON text of a raw sign-on cookie value: steps 1 to 4 of the module notes. */
export function signOnJsonText(cookieValue: string): { ok: true; text: string } | { ok: false; error: SignOnError } {
  if (utf8Length(cookieValue) > MAX_SIGN_ON_COOKIE_BYTES) return { ok: false, error: "tooLong" };
  const unquoted = unquote(trim(cookieValue));
  let unescaped = unquoted;
  if (!looksLikeJson(unquoted) && unquoted.includes("%")) {
    const decoded = percentDecodeComponent(unquoted);
    if (decoded === null) return { ok: false, error: "badPercentEncoding" };
    unescaped = decoded;
  }
  const text = trim(unquote(trim(unescaped)));
  if (text === "") return { ok: false, error: "empty" };
  if (looksLikeJson(text)) return { ok: true, text };
  const bytes = decodeBase64(text, text.includes("-") || text.includes("_"));
  if (bytes === null) return { ok: false, error: "badBase64" };
  const decoded = utf8Decode(bytes);
  return decoded === null ? { ok: false, error: "notJson" } : { ok: true, text: trim(decoded) };
}

/** Reads a raw sign-on cookie value (`sign_on::decode`); see the module notes for the steps. */
export function decodeSignOn(cookieValue: string): { ok: true; signOn: SignOn } | { ok: false; error: SignOnError } {
  const text = signOnJsonText(cookieValue);
  if (!text.ok) return text;
  const parsed = parseJson(text.text);
  if (parsed === undefined) return { ok: false, error: "notJson" };
  if (!isJsonObject(parsed)) return { ok: false, error: "notAnObject" };
  return { ok: true, signOn: signOnFromObject(parsed) };
}

/** Whether this is a delegated, read-only session (`SignOn::is_delegated`): `auth-user` is present. */
export function isDelegated(signOn: SignOn): boolean {
  return signOn.authUser !== null;
}
