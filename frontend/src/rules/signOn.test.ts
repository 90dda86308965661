import { describe, expect, it } from "vitest";

import { compactJson } from "./json";
import { BASIC_PLAN, type SignOn, decodeBase64, decodeSignOn, isDelegated, signOnJsonText } from "./signOn";
import { jsonReadsDifferently, table } from "./vectorTables";

interface CookieInput {
  cookie: string;
  hasActiveSessionCookie: boolean;
}

/**
 * The decoded data in the vectors' shape, the object Rust's `encode_json` writes: the
 * known fields, leaving out absent values, false flags, empty lists and the basic plan.
 */
function inVectorsShape(signOn: SignOn): unknown {
  const text = compactJson({
    groupId: signOn.groupId,
    userPlan: signOn.userPlan === BASIC_PLAN ? null : signOn.userPlan,
    activePlan: signOn.activePlan,
    accountId: signOn.accountId,
    has_transactions: signOn.hasTransactions,
    enhanced: signOn.enhanced,
    full: signOn.full,
    dashboards: signOn.dashboards,
    firstName: signOn.firstName,
    realName: signOn.realName,
    username: signOn.username,
    profilePicture: signOn.profilePicture,
    id: signOn.id,
    profile: signOn.profile,
    sharedAccounts: signOn.sharedAccounts,
    "auth-user": signOn.authUser,
  });
  return JSON.parse(text) as unknown;
}

/** What the page makes of a cookie, in the vectors' shape. */
function read(input: CookieInput): { error?: string; delegated?: boolean; signOn?: unknown } {
  const decoded = decodeSignOn(input.cookie);
  return decoded.ok
    ? { delegated: isDelegated(decoded.signOn), signOn: inVectorsShape(decoded.signOn) }
    : { error: decoded.error };
}

/**
 * A case's expectation without its `status` (signed out, signed in or fully signed in
 * with an active-session cookie): the page does not work that out from the cookie.
 */
function withoutStatus(expected: unknown): unknown {
  return Object.fromEntries(Object.entries(expected as Record<string, unknown>).filter(([key]) => key !== "status"));
}

/** Whether the cookie's JSON holds input the browser reads differently from Rust (the one predicate, `jsonReadsDifferently`). */
function readsDifferently(cookie: string): boolean {
  const text = signOnJsonText(cookie);
  return text.ok && jsonReadsDifferently(text.text);
}

/** The value with every number inside its strings written as JavaScript writes it back (`1.0`, `1e+0` and `1` alike). */
function numbersAsJavaScript(value: unknown): unknown {
  const written = JSON.stringify(value, (_key, item: unknown) =>
    typeof item === "string" ? item.replace(/-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/g, (n) => String(Number(n))) : item,
  );
  return JSON.parse(written) as unknown;
}

/**
 * What the browser does with a cookie whose JSON it reads differently: what Rust reads
 * (`expected`) except for the text of numbers; and a cookie `serde_json` refuses as not
 * JSON (nesting 128 deep, a lone surrogate, a number beyond f64) may read.
 */
function expectBrowserReading(input: CookieInput, expected: unknown): void {
  const actual = read(input);
  if ((expected as { error?: string }).error === "notJson") expect([undefined, "notJson"]).toContain(actual.error);
  else expect(numbersAsJavaScript(actual)).toEqual(numbersAsJavaScript(withoutStatus(expected)));
}

describe("visitor-state.json signOnDecode", () => {
  it.each(table<CookieInput, unknown>("visitor-state", "signOnDecode"))("%s", (_, { input, expected }) => {
    if (readsDifferently(input.cookie)) expectBrowserReading(input, expected);
    else expect(read(input)).toEqual(withoutStatus(expected));
  });
});

describe("sign-on details", () => {
  it("decodes base64 like the base64 crate with indifferent padding", () => {
    const bytes = (text: string, urlSafe = false) => {
      const out = decodeBase64(text, urlSafe);
      return out === null ? null : [...out];
    };
    expect(bytes("QQ==")).toEqual([65]);
    expect(bytes("QQ")).toEqual([65]);
    expect(bytes("QQ=")).toEqual([65]);
    expect(bytes("QUI")).toEqual([65, 66]);
    expect(bytes("QUJD")).toEqual([65, 66, 67]);
    expect(bytes("QR==")).toBeNull();
    expect(bytes("Q")).toBeNull();
    expect(bytes("Q===")).toBeNull();
    expect(bytes("QQ==QQ==")).toBeNull();
    expect(bytes("QQ=A")).toBeNull();
    expect(bytes("-_8", true)).toEqual([251, 255]);
    expect(bytes("+/8")).toEqual([251, 255]);
    expect(bytes("+/8", true)).toBeNull();
  });

  it("reads the known fields tolerantly", () => {
    const decoded = decodeSignOn('{"auth-user":"a","full":"yes","groupId":" g ","userPlan":"Gold"}');
    expect(decoded.ok && inVectorsShape(decoded.signOn)).toEqual({ groupId: "g", userPlan: "Gold", full: true, "auth-user": "a" });
  });

  it("reads JSON the site never writes as the browser does: Rust's reading but for the text of numbers", () => {
    // Each with what Rust reads (serde_json's number text, its refusals).
    const cases: Array<[string, unknown]> = [
      [
        '{"accountId":1.50,"groupId":12345678901234567890,"auth-user":{"b":[1.0],"a":2}}',
        {
          status: "signedIn",
          delegated: true,
          signOn: { accountId: "1.5", groupId: "12345678901234567890", "auth-user": '{"a":2,"b":[1.0]}' },
        },
      ],
      ['{"id":-0,"username":1e20,"full":0.0}', { status: "signedIn", delegated: false, signOn: { username: "1e+20", id: "-0.0" } }],
      ['{"id":"\\ud800"}', { status: "signedOut", error: "notJson" }],
      [`{"dashboards":${"[".repeat(127)}${"]".repeat(127)}}`, { status: "signedOut", error: "notJson" }],
    ];
    for (const [cookie, rust] of cases) {
      expect(readsDifferently(cookie), cookie).toBe(true);
      expectBrowserReading({ cookie, hasActiveSessionCookie: false }, rust);
    }
    // What serde_json refuses (a lone surrogate, nesting 128 deep) the browser reads.
    expect(cases.slice(2).map(([cookie]) => decodeSignOn(cookie).ok)).toEqual([true, true]);
    const decoded = decodeSignOn(cases[0]?.[0] ?? "");
    expect(decoded.ok && [decoded.signOn.accountId, decoded.signOn.groupId, decoded.signOn.authUser]).toEqual([
      "1.5",
      "12345678901234567000",
      '{"a":2,"b":[1]}',
    ]);
    expect(readsDifferently('{"accountId":99,"x":[1.5,0.00001,-7],"y":{"y":2},"y":3}')).toBe(false);
  });
});
