/**
 * Stored user info: the keys kept in local storage, their lifetimes and what clearing
 * removes (community §3 "Stored user info", §6, §9 "Stored lifetimes").
 *
 * Mirrors `visitor_state::user_info` (`StoredUserInfo` and its `From<&Value>`, `clear`;
 * `is_fresh` with `Expiring`; crates/visitor-state/src/user_info.rs). Checked by
 * `visitor-state.json` tables `freshness` and `clearUserInfo`.
 *
 * Every key is optional and read tolerantly, like the sign-on cookie (`rules/json`); the
 * stored text is this module's own, read back with `JSON.parse`.
 */

import { type GroupId, parseGroupId } from "./ids";
import { type JsonObject, compactJson, isJsonObject, readFlag, readSmallNumber, readText, readTextList } from "./json";
import { isLive } from "./lifetime";
import { type ActivePlan, BASIC_PLAN, readActivePlan, readAuthUser, readPlan } from "./signOn";

/** Lifetime of the stored access token: 20 minutes (`ACCESS_TOKEN_LIFETIME_MS`). */
export const ACCESS_TOKEN_LIFETIME_MS = 1_200_000;
/** Lifetime of the stored credit standing and score: 30 minutes (`STANDING_AND_SCORE_LIFETIME_MS`). */
export const STANDING_AND_SCORE_LIFETIME_MS = 1_800_000;
/** Lifetime of the stored group id: 24 hours (`GROUP_ID_LIFETIME_MS`). */
export const GROUP_ID_LIFETIME_MS = 86_400_000;

/** The local-storage names of the stored user info, in the spec's order (`StoredKey::ALL`). */
export const STORED_KEYS = [
  "userDashboards",
  "full",
  "id",
  "lo_pvt_id",
  "groupId",
  "standing",
  "score",
  "institution",
  "has_transactions",
  "has_investment_activities",
  "userPlan",
  "userAccessToken",
  "refreshToken",
  "enhanced",
  "activePlan",
  "accountId",
  "auth-user",
  "has_debt",
] as const;

/** A key of the stored user info (`StoredKey`). */
export type StoredKey = (typeof STORED_KEYS)[number];

/**
 * The keys removed by clearing user info (`CLEARED_BY_CLEAR_USER_INFO`): session, credit
 * standing and score, tokens, plan, account and debt data. `groupId`, `lo_pvt_id` and
 * `institution` are kept.
 */
export const CLEARED_BY_CLEAR_USER_INFO: readonly StoredKey[] = [
  "id",
  "full",
  "enhanced",
  "auth-user",
  "standing",
  "score",
  "userAccessToken",
  "refreshToken",
  "userPlan",
  "activePlan",
  "accountId",
  "has_transactions",
  "has_investment_activities",
  "userDashboards",
  "has_debt",
];

/** A stored value with a lifetime (`Expiring`). */
export type Expiring = "accessToken" | "standing" | "score" | "groupId";

/** The lifetime of a stored value in milliseconds (`Expiring::lifetime_ms`). */
export function lifetimeMs(kind: Expiring): number {
  switch (kind) {
    case "accessToken":
      return ACCESS_TOKEN_LIFETIME_MS;
    case "standing":
    case "score":
      return STANDING_AND_SCORE_LIFETIME_MS;
    case "groupId":
      return GROUP_ID_LIFETIME_MS;
  }
}

/** The stored key that holds an expiring value (`Expiring::key`). */
export function expiringKey(kind: Expiring): StoredKey {
  return kind === "accessToken" ? "userAccessToken" : kind;
}

/** Whether a value of `kind` stored at `storedAtMs` is still fresh at `nowMs` (`is_fresh`). */
export function isFresh(storedAtMs: number, nowMs: number, kind: Expiring): boolean {
  return isLive(storedAtMs, nowMs, lifetimeMs(kind));
}

/** The stored user info (`StoredUserInfo`). */
export interface StoredUserInfo {
  readonly userDashboards: readonly string[];
  readonly full: boolean;
  readonly id: string | null;
  readonly loPvtId: string | null;
  readonly groupId: GroupId | null;
  readonly standing: string | null;
  readonly score: number | null;
  readonly institution: boolean;
  readonly hasTransactions: boolean;
  readonly hasInvestmentActivities: boolean;
  /** `basic` when absent. */
  readonly userPlan: string;
  readonly userAccessToken: string | null;
  readonly refreshToken: string | null;
  readonly enhanced: boolean;
  readonly activePlan: ActivePlan | null;
  readonly accountId: string | null;
  readonly authUser: string | null;
  readonly hasDebt: boolean;
}

/** No stored info. */
export const EMPTY_USER_INFO: StoredUserInfo = {
  userDashboards: [],
  full: false,
  id: null,
  loPvtId: null,
  groupId: null,
  standing: null,
  score: null,
  institution: false,
  hasTransactions: false,
  hasInvestmentActivities: false,
  userPlan: BASIC_PLAN,
  userAccessToken: null,
  refreshToken: null,
  enhanced: false,
  activePlan: null,
  accountId: null,
  authUser: null,
  hasDebt: false,
};

const token = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

function fromObject(fields: JsonObject): StoredUserInfo {
  const groupText = readText(fields.groupId);
  return {
    userDashboards: readTextList(fields.userDashboards),
    full: readFlag(fields.full),
    id: readText(fields.id),
    loPvtId: readText(fields.lo_pvt_id),
    groupId: groupText === null ? null : parseGroupId(groupText),
    standing: readText(fields.standing),
    score: readSmallNumber(fields.score, 65_535),
    institution: readFlag(fields.institution),
    hasTransactions: readFlag(fields.has_transactions),
    hasInvestmentActivities: readFlag(fields.has_investment_activities),
    userPlan: readPlan(fields.userPlan),
    userAccessToken: token(fields.userAccessToken),
    refreshToken: token(fields.refreshToken),
    enhanced: readFlag(fields.enhanced),
    activePlan: readActivePlan(fields.activePlan),
    accountId: readText(fields.accountId),
    authUser: readAuthUser(fields["auth-user"]),
    hasDebt: readFlag(fields.has_debt),
  };
}

/**
 * Reads stored user info (`StoredUserInfo::from(&Value)`) from `JSON.parse` of the stored
 * text; anything but an object reads as empty info.
 */
export function readUserInfo(value: unknown): StoredUserInfo {
  return isJsonObject(value) ? fromObject(value) : EMPTY_USER_INFO;
}

/** The info with one key removed (`StoredUserInfo::remove`). */
export function withoutKey(info: StoredUserInfo, key: StoredKey): StoredUserInfo {
  switch (key) {
    case "userDashboards":
      return { ...info, userDashboards: [] };
    case "full":
      return { ...info, full: false };
    case "id":
      return { ...info, id: null };
    case "lo_pvt_id":
      return { ...info, loPvtId: null };
    case "groupId":
      return { ...info, groupId: null };
    case "standing":
      return { ...info, standing: null };
    case "score":
      return { ...info, score: null };
    case "institution":
      return { ...info, institution: false };
    case "has_transactions":
      return { ...info, hasTransactions: false };
    case "has_investment_activities":
      return { ...info, hasInvestmentActivities: false };
    case "userPlan":
      return { ...info, userPlan: BASIC_PLAN };
    case "userAccessToken":
      return { ...info, userAccessToken: null };
    case "refreshToken":
      return { ...info, refreshToken: null };
    case "enhanced":
      return { ...info, enhanced: false };
    case "activePlan":
      return { ...info, activePlan: null };
    case "accountId":
      return { ...info, accountId: null };
    case "auth-user":
      return { ...info, authUser: null };
    case "has_debt":
      return { ...info, hasDebt: false };
  }
}

/** Clears user info: removes every key of `CLEARED_BY_CLEAR_USER_INFO` (`StoredUserInfo::clear`). */
export function clearUserInfo(info: StoredUserInfo): StoredUserInfo {
  return CLEARED_BY_CLEAR_USER_INFO.reduce(withoutKey, info);
}

/**
 * The info as compact JSON in the declared key order (its `Serialize`), leaving out
 * absent values, false flags, empty lists and the basic plan.
 */
export function userInfoToJson(info: StoredUserInfo): string {
  return compactJson({
    userDashboards: info.userDashboards,
    full: info.full,
    id: info.id,
    lo_pvt_id: info.loPvtId,
    groupId: info.groupId,
    standing: info.standing,
    score: info.score,
    institution: info.institution,
    has_transactions: info.hasTransactions,
    has_investment_activities: info.hasInvestmentActivities,
    userPlan: info.userPlan === BASIC_PLAN ? null : info.userPlan,
    userAccessToken: info.userAccessToken,
    refreshToken: info.refreshToken,
    enhanced: info.enhanced,
    activePlan: info.activePlan,
    accountId: info.accountId,
    "auth-user": info.authUser,
    has_debt: info.hasDebt,
  });
}
