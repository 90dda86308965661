/**
 * The stored user info kept in local storage (community §3 "Stored user info", §6, §9
 * "Stored lifetimes"): what the sign-on cookie says about the member, copied at sign-in,
 * with the access token (20 minutes), credit standing and score (30 minutes) and group id
 * (24 hours) dropped when they are older than their lifetime, and the clearing rule applied
 * at sign-out or when the session is gone. The rules are `rules/userInfo`; this module only
 * reads and writes the browser's storage.
 */
import type { SignOn } from "../rules/signOn";
import {
  EMPTY_USER_INFO,
  type Expiring,
  type StoredUserInfo,
  clearUserInfo,
  expiringKey,
  isFresh,
  readUserInfo,
  userInfoToJson,
  withoutKey,
} from "../rules/userInfo";

/** Local-storage names: the info, and when each expiring value was stored. */
export const USER_INFO_KEY = "userInfo";
export const USER_INFO_STAMPS_KEY = "userInfoStoredAt";

const EXPIRING: readonly Expiring[] = ["accessToken", "standing", "score", "groupId"];
type Stamps = Partial<Record<Expiring, number>>;

function readJson(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function readStamps(): Stamps {
  const raw = readJson(USER_INFO_STAMPS_KEY);
  const stamps: Stamps = {};
  if (raw && typeof raw === "object") {
    for (const kind of EXPIRING) {
      const value = (raw as Record<string, unknown>)[kind];
      if (typeof value === "number" && Number.isFinite(value)) stamps[kind] = value;
    }
  }
  return stamps;
}

function write(info: StoredUserInfo, stamps: Stamps): void {
  try {
    localStorage.setItem(USER_INFO_KEY, userInfoToJson(info));
    localStorage.setItem(USER_INFO_STAMPS_KEY, JSON.stringify(stamps));
  } catch {
    // Storage refused (private mode, full): the info is only a convenience.
  }
}

/** The stored info as of `nowMs`: an expiring value past its lifetime, or with no stamp, is left out. */
export function loadUserInfo(nowMs = Date.now()): StoredUserInfo {
  const stamps = readStamps();
  return EXPIRING.reduce((info, kind) => {
    const stamp = stamps[kind];
    return stamp !== undefined && isFresh(stamp, nowMs, kind) ? info : withoutKey(info, expiringKey(kind));
  }, readUserInfo(readJson(USER_INFO_KEY)));
}

/** Stores `info`, stamping the expiring values named in `fresh` with `nowMs`. */
export function saveUserInfo(info: StoredUserInfo, fresh: readonly Expiring[], nowMs = Date.now()): void {
  const stamps = readStamps();
  for (const kind of fresh) stamps[kind] = nowMs;
  write(info, stamps);
}

/** At sign-in: the member as the sign-on cookie describes them. */
export function rememberSignIn(signOn: SignOn, nowMs = Date.now()): void {
  const stored = loadUserInfo(nowMs);
  // Another member signed in here (another tab, a switch of account): nothing of the
  // last member's stays beyond what clearing keeps.
  const kept = stored.id !== null && stored.id !== signOn.id ? clearUserInfo(stored) : stored;
  const info: StoredUserInfo = {
    ...kept,
    id: signOn.id,
    full: signOn.full,
    enhanced: signOn.enhanced,
    userPlan: signOn.userPlan,
    activePlan: signOn.activePlan,
    accountId: signOn.accountId,
    hasTransactions: signOn.hasTransactions,
    userDashboards: signOn.dashboards,
    authUser: signOn.authUser,
    groupId: signOn.groupId ?? kept.groupId,
  };
  saveUserInfo(info, signOn.groupId ? ["groupId"] : [], nowMs);
}

/** A self-reported credit standing and score, kept 30 minutes. */
export function rememberScore(standing: string | null, score: number | null, nowMs = Date.now()): void {
  saveUserInfo({ ...loadUserInfo(nowMs), standing, score }, ["standing", "score"], nowMs);
}

/** At sign-out, or when the session is gone: the clearing rule (group id, private id and institution stay). */
export function forgetUserInfo(nowMs = Date.now()): void {
  const stamps = readStamps();
  delete stamps.accessToken;
  delete stamps.standing;
  delete stamps.score;
  write(clearUserInfo(loadUserInfo(nowMs)), stamps);
}

/** Nothing stored at all (for tests and for a visitor who clears their data). */
export function eraseUserInfo(): void {
  write(EMPTY_USER_INFO, {});
}
