import { describe, expect, it } from "vitest";

import {
  type AffiliateContext,
  type ApplyLink,
  applyLink,
  detailsPath,
  formDecodeComponent,
  hasLargeBankAsterisk,
  isAffiliateLink,
  lightSignupLink,
  parseAffiliateScope,
  parseSameSitePath,
  percentDecodeComponent,
  percentEncodeComponent,
  ratesAndFeesLink,
  redirectLink,
  reviewsLink,
  sameSitePathOfPage,
} from "./links";
import { table } from "./vectorTables";

describe("offer-rules.json percentEncode", () => {
  it.each(table<string, string>("offer-rules", "percentEncode"))("%s", (_, { input, expected }) => {
    expect(percentEncodeComponent(input)).toBe(expected);
    expect(percentEncodeComponent(input)).toBe(encodeURIComponent(input));
  });
});

describe("offer-rules.json percentDecode", () => {
  it.each(table<string, string | null>("offer-rules", "percentDecode"))("%s", (_, { input, expected }) => {
    expect(percentDecodeComponent(input)).toBe(expected);
    if (!input.includes("+")) expect(formDecodeComponent(input)).toBe(expected);
  });
});

describe("offer-rules.json sameSitePath", () => {
  it.each(table<string, boolean>("offer-rules", "sameSitePath"))("%s", (_, { input, expected }) => {
    expect(parseSameSitePath(input).ok).toBe(expected);
  });
});

describe("offer-rules.json sameSitePathOfPage", () => {
  it.each(table<{ siteOrigin: string; address: string }, string>("offer-rules", "sameSitePathOfPage"))(
    "%s",
    (_, { input, expected }) => {
      expect(sameSitePathOfPage(input.siteOrigin, input.address)).toBe(expected);
    },
  );
});

describe("offer-rules.json lightSignupLink", () => {
  it.each(table<string, string | null>("offer-rules", "lightSignupLink"))("%s", (_, { input, expected }) => {
    const path = parseSameSitePath(input);
    expect(path.ok ? lightSignupLink(path.path) : null).toBe(expected);
  });
});

describe("offer-rules.json detailsPath", () => {
  it.each(table<{ base: string; detailsPage: string }, string | null>("offer-rules", "detailsPath"))(
    "%s",
    (_, { input, expected }) => {
      const link = detailsPath(input.base, input.detailsPage);
      expect(link.ok ? link.url : null).toBe(expected);
    },
  );
});

interface ApplyInput {
  base: string;
  cardId: string;
  trackingUrl: string | null;
  manualApply: boolean;
  issuerPage: string | null;
}

describe("offer-rules.json applyLink", () => {
  it.each(table<ApplyInput, ApplyLink | null>("offer-rules", "applyLink"))("%s", (_, { input, expected }) => {
    const link = applyLink(input.base, input.cardId, input.trackingUrl, input.manualApply, input.issuerPage);
    expect(link.ok ? link.link : null).toEqual(expected);
  });
});

describe("offer-rules.json affiliateVisibility", () => {
  it.each(table<AffiliateContext, boolean>("offer-rules", "affiliateVisibility"))("%s", (_, { input, expected }) => {
    expect(isAffiliateLink(input)).toBe(expected);
  });
});

describe("offer-rules.json largeBankAsterisk", () => {
  it.each(
    table<{ issuer: string; largeBanks: string[]; affiliateLink: boolean }, boolean>("offer-rules", "largeBankAsterisk"),
  )("%s", (_, { input, expected }) => {
    expect(hasLargeBankAsterisk(input.issuer, input.largeBanks, input.affiliateLink)).toBe(expected);
  });
});

describe("link details", () => {
  it("builds redirect, rates-and-fees and reviews links", () => {
    expect(redirectLink("", "42", "institution")).toEqual({ ok: true, url: "/r/?id=42i" });
    expect(redirectLink("", " ", "card")).toEqual({ ok: false, error: "emptyRedirectId" });
    expect(ratesAndFeesLink("", "42")).toEqual({ ok: true, url: "/r/?id=42c&rf=1" });
    expect(reviewsLink("/d/card#top")).toBe("/d/card#reviews");
  });

  it("reads the affiliate scope and decodes form values", () => {
    expect(parseAffiliateScope(" o ")).toEqual({ ok: true, scope: "O" });
    expect(parseAffiliateScope("")).toEqual({ ok: true, scope: null });
    expect(parseAffiliateScope("X")).toEqual({ ok: false });
    expect(formDecodeComponent("x+y%20z%2B")).toBe("x y z+");
    expect(formDecodeComponent("a+%C3")).toBeNull();
  });

  it("compares the origin on UTF-8 byte boundaries and refuses over-long paths", () => {
    expect(sameSitePathOfPage("https://é", "https://éx/d")).toBe("/");
    expect(sameSitePathOfPage("https://ab", "https://é/x")).toBe("/");
    expect(parseSameSitePath(`/${"a".repeat(2047)}`).ok).toBe(true);
    expect(parseSameSitePath(`/${"a".repeat(2048)}`)).toEqual({ ok: false, error: "tooLong" });
  });
});
