import { Buffer } from "node:buffer";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/client", () => ({ signOut: vi.fn() }));

import { signOut as postSignOut } from "../api/client";
import { ACCESS_TOKEN_LIFETIME_MS, GROUP_ID_LIFETIME_MS, STANDING_AND_SCORE_LIFETIME_MS, type StoredUserInfo } from "../rules/userInfo";
import { useSession } from "./session";

/** The session store writes the stored info once its module has loaded: wait for that. */
const flush = async () => {
  await import("./userInfo");
  await new Promise((resolve) => setTimeout(resolve, 0));
};
import { USER_INFO_KEY, eraseUserInfo, forgetUserInfo, loadUserInfo, rememberScore, saveUserInfo } from "./userInfo";

const T0 = 1_800_000_000_000;

function setSignOn(json: Record<string, unknown> | null): void {
  document.cookie = json === null ? "signon=; Max-Age=0; Path=/" : `signon=${Buffer.from(JSON.stringify(json), "utf8").toString("base64")}; Path=/`;
}

function stored(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? "{}") as Record<string, unknown>;
}

describe("stored user info", () => {
  beforeEach(() => {
    localStorage.clear();
    setSignOn(null);
    vi.mocked(postSignOut).mockReset();
  });

  it("keeps the access token 20 minutes, standing and score 30 minutes and the group id 24 hours", () => {
    const info: StoredUserInfo = { ...loadUserInfo(T0), id: "42", userAccessToken: "tok", standing: "good", score: 712, groupId: "g7" as StoredUserInfo["groupId"] };
    saveUserInfo(info, ["accessToken", "standing", "score", "groupId"], T0);
    expect(loadUserInfo(T0 + ACCESS_TOKEN_LIFETIME_MS - 1)).toMatchObject({ userAccessToken: "tok", standing: "good", score: 712, groupId: "g7" });
    expect(loadUserInfo(T0 + ACCESS_TOKEN_LIFETIME_MS)).toMatchObject({ userAccessToken: null, standing: "good", score: 712 });
    expect(loadUserInfo(T0 + STANDING_AND_SCORE_LIFETIME_MS)).toMatchObject({ standing: null, score: null, groupId: "g7" });
    expect(loadUserInfo(T0 + GROUP_ID_LIFETIME_MS - 1).groupId).toBe("g7");
    expect(loadUserInfo(T0 + GROUP_ID_LIFETIME_MS)).toMatchObject({ groupId: null, id: "42" });
  });

  it("drops an expiring value that has no stamp", () => {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify({ id: "1", score: 700, userAccessToken: "t" }));
    expect(loadUserInfo(T0)).toMatchObject({ id: "1", score: null, userAccessToken: null });
  });

  it("a self-reported score is kept 30 minutes", () => {
    rememberScore("excellent", 790, T0);
    expect(loadUserInfo(T0 + STANDING_AND_SCORE_LIFETIME_MS - 1)).toMatchObject({ standing: "excellent", score: 790 });
    expect(loadUserInfo(T0 + STANDING_AND_SCORE_LIFETIME_MS)).toMatchObject({ standing: null, score: null });
  });

  it("clearing removes the session, standing, score, tokens, plan, account and debt data, and keeps the group, private id and institution", () => {
    localStorage.setItem(
      USER_INFO_KEY,
      JSON.stringify({ id: "42", full: true, lo_pvt_id: "p1", institution: true, userPlan: "plus", accountId: "a1", has_debt: true, "auth-user": "staff", userDashboards: ["x"] }),
    );
    forgetUserInfo(T0);
    expect(stored()).toEqual({ lo_pvt_id: "p1", institution: true });
  });

  it("is unreadable storage read as nothing stored", () => {
    localStorage.setItem(USER_INFO_KEY, "{broken");
    expect(loadUserInfo(T0).id).toBeNull();
    eraseUserInfo();
    expect(stored()).toEqual({});
  });

  it("is written at sign-in from the sign-on cookie and cleared at sign-out", async () => {
    setSignOn({ id: "42", accountId: "a42", full: true, userPlan: "plus", groupId: "7", "auth-user": "support@plainrate.test" });
    useSession.getState().refresh();
    await flush();
    expect(stored()).toMatchObject({ id: "42", full: true, accountId: "a42", userPlan: "plus", "auth-user": "support@plainrate.test" });
    expect(loadUserInfo().groupId).toBe("7");
    vi.mocked(postSignOut).mockImplementation(async () => {
      setSignOn(null);
      return { ok: true };
    });
    await useSession.getState().signOut();
    await flush();
    expect(stored()).toEqual({ groupId: "7" });
    expect(useSession.getState().signedIn).toBe(false);
  });

  it("a different member signing in keeps nothing of the last member's but what clearing keeps", async () => {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify({ id: "1", has_debt: true, accountId: "a1", lo_pvt_id: "p1" }));
    setSignOn({ id: "2" });
    useSession.getState().refresh();
    await flush();
    expect(stored()).toEqual({ id: "2", lo_pvt_id: "p1" });
  });

  it("is cleared when the page finds the session gone", async () => {
    setSignOn({ id: "42" });
    useSession.getState().refresh();
    await flush();
    expect(stored()).toMatchObject({ id: "42" });
    setSignOn(null);
    useSession.getState().refresh();
    await flush();
    expect(stored().id).toBeUndefined();
  });
});
