import { describe, expect, it } from "vitest";

import { decodeBase64, decodeSignOn, encodeSignOnJson, isDelegated, visitorStatus, visitorStatusFromCookie } from "./signOn";
import { table } from "./vectorTables";

describe("visitor-state.json signOnDecode", () => {
  it.each(table<{ cookie: string; hasActiveSessionCookie: boolean }, unknown>("visitor-state", "signOnDecode"))(
    "%s",
    (_, { input, expected }) => {
      const status = visitorStatusFromCookie(input.cookie, input.hasActiveSessionCookie);
      const decoded = decodeSignOn(input.cookie);
      const actual = decoded.ok
        ? {
            status,
            delegated: isDelegated(decoded.signOn),
            signOn: JSON.parse(encodeSignOnJson(decoded.signOn)) as unknown,
          }
        : { status, error: decoded.error };
      expect(actual).toEqual(expected);
    },
  );
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

  it("writes the known fields in declaration order", () => {
    const decoded = decodeSignOn('{"auth-user":"a","full":"yes","groupId":" g ","userPlan":"Gold"}');
    expect(decoded.ok && encodeSignOnJson(decoded.signOn)).toBe('{"groupId":"g","userPlan":"Gold","full":true,"auth-user":"a"}');
    expect(visitorStatus(null, true)).toBe("signedOut");
    expect(visitorStatusFromCookie(null, true)).toBe("signedOut");
  });

  it("reads numbers as serde_json prints them and sorts object keys", () => {
    const decoded = decodeSignOn('{"accountId":1.50,"groupId":12345678901234567890,"auth-user":{"b":[1.0],"a":2}}');
    expect(decoded.ok && decoded.signOn.accountId).toBe("1.5");
    expect(decoded.ok && decoded.signOn.groupId).toBe("12345678901234567890");
    expect(decoded.ok && decoded.signOn.authUser).toBe('{"a":2,"b":[1.0]}');
  });
});
