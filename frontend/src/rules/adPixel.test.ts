import { describe, expect, it } from "vitest";

import { type AdViewPayload, adPixelQuery, isViewed, pixelUrl } from "./adPixel";
import { table } from "./vectorTables";

describe("visitor-state.json adPixelQuery", () => {
  it.each(table<AdViewPayload, Array<[string, string]>>("visitor-state", "adPixelQuery"))(
    "%s",
    (_, { input, expected }) => {
      const query = adPixelQuery(input);
      expect(query.ok ? query.query : query).toEqual(expected);
    },
  );
});

describe("visitor-state.json adViewTrigger", () => {
  it.each(table<{ visiblePx: number; totalPx: number }, boolean>("visitor-state", "adViewTrigger"))(
    "%s",
    (_, { input, expected }) => {
      expect(isViewed(input.visiblePx, input.totalPx)).toBe(expected);
    },
  );
});

describe("ad pixel details", () => {
  it("refuses over-long texts and fractional positions, and builds the address", () => {
    expect(adPixelQuery({ page: "p".repeat(256) }).ok).toBe(true);
    expect(adPixelQuery({ page: "p".repeat(257) })).toEqual({ ok: false, error: "tooLong", field: "adview_page" });
    expect(adPixelQuery({ position: 1.5 })).toEqual({ ok: false, error: "notAnInteger", field: "adview_position" });
    expect(pixelUrl("https://example.com/", [["adview_page", "/a b"], ["adview_version", "2"]])).toBe(
      "https://example.com/pixel.png?adview_page=%2Fa%20b&adview_version=2",
    );
  });
});
