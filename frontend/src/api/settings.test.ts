import { afterEach, describe, expect, it } from "vitest";
import { apiSettings, configureApi, resetApiSettings, siteUrl } from "./settings";

afterEach(resetApiSettings);

describe("request layer settings", () => {
  it("checks connectivity on the site's own liveness path by default", () => {
    expect(apiSettings().connectivityCheckUrl).toBe("/healthz");
    expect(apiSettings().connectivityTimeoutMs).toBe(15000);
  });

  it("prefixes site paths with the base URL and leaves absolute addresses alone", () => {
    configureApi({ baseUrl: "https://example.test" });
    expect(siteUrl("/api/routes")).toBe("https://example.test/api/routes");
    expect(siteUrl("https://elsewhere.test/x")).toBe("https://elsewhere.test/x");
  });

  it("reads cookies from the page by default", () => {
    document.cookie = "other=1";
    document.cookie = "XSRF-TOKEN=abc.d%2Fe";
    expect(apiSettings().readCookie("XSRF-TOKEN")).toBe("abc.d/e");
    expect(apiSettings().readCookie("missing")).toBeUndefined();
  });
});
