import { describe, expect, it } from "vitest";

import { lightSignupLink, parseSameSitePath, percentDecodeComponent, percentEncodeComponent, sameSitePathOfPage } from "./links";
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

describe("link details", () => {
  it("compares the origin on UTF-8 byte boundaries and refuses over-long paths", () => {
    expect(sameSitePathOfPage("https://é", "https://éx/d")).toBe("/");
    expect(sameSitePathOfPage("https://ab", "https://é/x")).toBe("/");
    expect(parseSameSitePath(`/${"a".repeat(2047)}`).ok).toBe(true);
    expect(parseSameSitePath(`/${"a".repeat(2048)}`)).toEqual({ ok: false, error: "tooLong" });
  });
});
