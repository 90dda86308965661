import { describe, expect, it } from "vitest";

import { actorOf, can, type Actor, type Permission, type PermissionAction } from "./permissions";
import { table } from "./vectorTables";

type Case = { actor: Actor; action: PermissionAction };

describe("qna-validation.json permissions", () => {
  it.each(table<Case, Permission>("qna-validation", "permissions"))("%s", (_, { input, expected }) => {
    expect(can(input.actor, input.action)).toEqual(expected);
  });
});

describe("actorOf", () => {
  it("reads a delegated session as delegated even when signed in", () => {
    expect(actorOf({ signedIn: true, delegated: true })).toBe("delegated");
    expect(actorOf({ signedIn: true, delegated: false })).toBe("member");
    expect(actorOf({ signedIn: false, delegated: false })).toBe("guest");
  });
});
