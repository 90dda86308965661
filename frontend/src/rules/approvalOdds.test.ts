import { describe, expect, it } from "vitest";

import { type ApprovalOddsClass, approvalOddsClass } from "./approvalOdds";
import { table } from "./vectorTables";

describe("ratings.json approvalOdds", () => {
  it.each(table<string, ApprovalOddsClass>("ratings", "approvalOdds"))("%s", (_, { input, expected }) => {
    expect(approvalOddsClass(input)).toBe(expected);
  });
});
