import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { describe, expect, it } from "vitest";

import * as textMessage from "./textMessage";
import { textMessageOutcome, type TextMessageOutcome } from "./textMessage";
import { table } from "./vectorTables";

type Answer = { error: boolean; messages: string[] };

describe("qna-validation.json textMessageOutcome", () => {
  it.each(table<Answer, { outcome: TextMessageOutcome; message: string }>("qna-validation", "textMessageOutcome"))(
    "%s",
    (_, { input, expected }) => {
      expect(textMessageOutcome(input)).toEqual(expected);
    },
  );
});

/** Reads `pub const NAME: &str = "…";` from the crate's constants. */
function rustString(name: string): string {
  const source = readFileSync(resolve(__dirname, "../../../crates/qna-validation/src/constants/mod.rs"), "utf8");
  const match = new RegExp(`pub const ${name}: &str =\\s*"([^"]*)";`).exec(source);
  if (match?.[1] === undefined) throw new Error(`${name} not found`);
  return match[1];
}

describe("text-message strings shared with qna_validation::constants", () => {
  it.each([
    "REQUEST_LOCKED_BY_FILTER",
    "TEXT_MESSAGE_SENT_MESSAGE",
    "TEXT_MESSAGE_FAILED_MESSAGE",
    "TEXT_MESSAGE_LOCKED_MESSAGE",
    "TEXT_MESSAGE_NOTICE",
  ] as const)("%s", (name) => {
    expect(textMessage[name]).toBe(rustString(name));
  });
});
