import { describe, expect, it } from "vitest";

import { type Expiring, clearUserInfo, isFresh, readUserInfo, userInfoToJson } from "./userInfo";
import { table } from "./vectorTables";

describe("visitor-state.json freshness", () => {
  it.each(table<{ kind: Expiring; storedAt: number; now: number }, boolean>("visitor-state", "freshness"))(
    "%s",
    (_, { input, expected }) => {
      expect(isFresh(input.storedAt, input.now, input.kind)).toBe(expected);
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
    expect(readUserInfo([1, 2])).toEqual(readUserInfo(null));
  });
});
