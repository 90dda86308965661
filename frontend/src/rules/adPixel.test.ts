import { describe, expect, it } from "vitest";

import { type AdViewPayload, adPixelQuery } from "./adPixel";
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

describe("ad pixel details", () => {
  it("refuses over-long texts and fractional positions", () => {
    expect(adPixelQuery({ page: "p".repeat(256) }).ok).toBe(true);
    expect(adPixelQuery({ page: "p".repeat(257) })).toEqual({ ok: false, error: "tooLong", field: "adview_page" });
    expect(adPixelQuery({ position: 1.5 })).toEqual({ ok: false, error: "notAnInteger", field: "adview_position" });
  });
});
