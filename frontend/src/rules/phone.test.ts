import { describe, expect, it } from "vitest";

import { formatPhone } from "./phone";
import { table } from "./vectorTables";

describe("formatting.json phoneformat", () => {
  it.each(table<string, { ok: string } | { error: string }>("formatting", "phoneformat"))(
    "%s",
    (_, { input, expected }) => {
      const formatted = formatPhone(input);
      expect(formatted.ok ? { ok: formatted.text } : { error: formatted.error.kind }).toEqual(expected);
    },
  );
});
