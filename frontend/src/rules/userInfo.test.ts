import { describe, expect, it } from "vitest";

import { parseGroupId } from "./ids";
import {
  type Expiring,
  clearUserInfo,
  isDelegatedUser,
  isFresh,
  isFullUser,
  isInGroup,
  isInstitutionUser,
  isLightEnhancedUser,
  isLoggedIn,
  readUserInfo,
  userInfoToJson,
} from "./userInfo";
import { table } from "./vectorTables";

describe("visitor-state.json freshness", () => {
  it.each(table<{ kind: Expiring; storedAt: number; now: number }, boolean>("visitor-state", "freshness"))(
    "%s",
    (_, { input, expected }) => {
      expect(isFresh(input.storedAt, input.now, input.kind)).toBe(expected);
    },
  );
});

describe("visitor-state.json userInfoHelpers", () => {
  it.each(table<{ info: unknown; hasSessionCookie: boolean }, unknown>("visitor-state", "userInfoHelpers"))(
    "%s",
    (_, { input, expected }) => {
      const info = readUserInfo(input.info);
      const cookie = input.hasSessionCookie;
      expect({
        loggedIn: isLoggedIn(info, cookie),
        fullUser: isFullUser(info, cookie),
        institutionUser: isInstitutionUser(info, cookie),
        lightEnhancedUser: isLightEnhancedUser(info, cookie),
        delegated: isDelegatedUser(info),
      }).toEqual(expected);
    },
  );
});

describe("visitor-state.json clearUserInfo", () => {
  it.each(table<unknown, unknown>("visitor-state", "clearUserInfo"))("%s", (_, { input, expected }) => {
    expect(JSON.parse(userInfoToJson(clearUserInfo(readUserInfo(input))))).toEqual(expected);
  });
});

describe("user info details", () => {
  it("reads every key tolerantly and writes them back in order", () => {
    const info = readUserInfo({
      score: "720",
      userPlan: " basic ",
      userAccessToken: "",
      refreshToken: "rt",
      groupId: 17,
      activePlan: '{"planId":5}',
      userDashboards: "a, b",
    });
    expect(userInfoToJson(info)).toBe('{"userDashboards":["a","b"],"groupId":"17","score":720,"refreshToken":"rt","activePlan":{"planId":"5"}}');
    const group = parseGroupId("17");
    expect(group !== null && isInGroup(info, [group])).toBe(true);
    expect(readUserInfo([1, 2])).toEqual(readUserInfo(null));
  });
});
