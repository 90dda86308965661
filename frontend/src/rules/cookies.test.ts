import { describe, expect, it } from "vitest";

import { cookieExpiry } from "./cookies";
import { table } from "./vectorTables";

describe("visitor-state.json cookieExpiry", () => {
  it.each(table<number, unknown>("visitor-state", "cookieExpiry"))("%s", (_, { input, expected }) => {
    const expiry = cookieExpiry(input);
    expect(
      expiry.ok ? { session: expiry.expiry.session, maxAgeSeconds: expiry.expiry.maxAgeSeconds } : { error: expiry.error },
    ).toEqual(expected);
  });
});

describe("cookie details", () => {
  it("refuses a negative day count", () => {
    expect(cookieExpiry(-1)).toEqual({ ok: false, error: "notADayCount" });
  });
});
