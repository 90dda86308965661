import { describe, expect, it } from "vitest";

import { type FieldKind, missingLabel, orMissing } from "./missing";
import { table } from "./vectorTables";

describe("formatting.json missingLabel", () => {
  it.each(table<FieldKind, string>("formatting", "missingLabel"))("%s", (_, { input, expected }) => {
    expect(missingLabel(input)).toBe(expected);
  });
});

describe("formatting.json orMissing", () => {
  it.each(table<{ value: string | null; kind: FieldKind }, string>("formatting", "orMissing"))(
    "%s",
    (_, { input, expected }) => {
      expect(orMissing(input.value, input.kind)).toBe(expected);
    },
  );
});
