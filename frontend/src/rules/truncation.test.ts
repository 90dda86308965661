import { describe, expect, it } from "vitest";

import { editorNoteCharLimit, startsCollapsed, truncateChars, truncateWords, wordLimit } from "./truncation";
import { table } from "./vectorTables";

describe("formatting.json wordLimit", () => {
  it.each(table<number, number>("formatting", "wordLimit"))("%s", (_, { input, expected }) => {
    expect(wordLimit(input)).toBe(expected);
  });
});

describe("formatting.json editorNoteCharLimit", () => {
  it.each(table<number, number>("formatting", "editorNoteCharLimit"))("%s", (_, { input, expected }) => {
    expect(editorNoteCharLimit(input)).toBe(expected);
  });
});

describe("formatting.json startsCollapsed", () => {
  it.each(table<number, boolean>("formatting", "startsCollapsed"))("%s", (_, { input, expected }) => {
    expect(startsCollapsed(input)).toBe(expected);
  });
});

type TruncateCase = { text: string; limit: number };

describe("formatting.json truncateWords", () => {
  it.each(table<TruncateCase, { text: string; cut: boolean }>("formatting", "truncateWords"))(
    "%s",
    (_, { input, expected }) => {
      expect(truncateWords(input.text, input.limit)).toEqual(expected);
    },
  );
});

describe("formatting.json truncateChars", () => {
  it.each(table<TruncateCase, { text: string; cut: boolean }>("formatting", "truncateChars"))(
    "%s",
    (_, { input, expected }) => {
      expect(truncateChars(input.text, input.limit)).toEqual(expected);
    },
  );
});

describe("truncation details", () => {
  it("counts characters, not UTF-16 units, and treats U+0085 as white space but not U+FEFF", () => {
    expect(truncateChars("😀😀😀 abc", 3)).toEqual({ text: "😀😀😀", cut: true });
    expect(truncateWords("a\u0085b c", 1)).toEqual({ text: "a", cut: true });
    expect(truncateWords("a\ufeffb c", 1)).toEqual({ text: "a\ufeffb", cut: true });
  });
});
