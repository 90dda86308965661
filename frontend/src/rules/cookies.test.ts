import { describe, expect, it } from "vitest";

import { cookieAttributes, cookieDomain, cookieExpiry } from "./cookies";
import { table } from "./vectorTables";

describe("visitor-state.json cookieExpiry", () => {
  it.each(table<number, unknown>("visitor-state", "cookieExpiry"))("%s", (_, { input, expected }) => {
    const expiry = cookieExpiry(input);
    expect(
      expiry.ok ? { session: expiry.expiry.session, maxAgeSeconds: expiry.expiry.maxAgeSeconds } : { error: expiry.error },
    ).toEqual(expected);
  });
});

describe("visitor-state.json cookieDomain", () => {
  it.each(table<{ host: string; parentDomain: string }, unknown>("visitor-state", "cookieDomain"))(
    "%s",
    (_, { input, expected }) => {
      const domain = cookieDomain(input.host, input.parentDomain);
      expect(domain.ok ? domain.domain : { error: domain.error }).toEqual(expected);
    },
  );
});

describe("cookie details", () => {
  it("writes the attributes", () => {
    const expiry = cookieExpiry(365);
    expect(expiry.ok && cookieAttributes("example.com", expiry.expiry)).toBe(
      "Path=/; Domain=example.com; Max-Age=31536000; Secure",
    );
    expect(cookieExpiry(-1)).toEqual({ ok: false, error: "notADayCount" });
  });
});
