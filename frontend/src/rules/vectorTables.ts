/**
 * Test support for the rule modules: the cases of one table of a shared vectors file
 * (`fixtures/vectors/*.json`, the files cargo test reads), each with a readable label.
 * Used only by the `*.test.ts` files beside the rules.
 */

import { vectors } from "../test/vectors";

/** One case of a table: an input, the expected value, and an optional note. */
export interface VectorCase<I, E> {
  readonly input: I;
  readonly expected: E;
  readonly note?: string;
}

/** The names of the tables in a vectors file (every key but `about`). */
export function tableNames(file: string): string[] {
  return Object.keys(vectors<Record<string, unknown>>(file)).filter((key) => key !== "about");
}

/**
 * The cases of table `rule` in `fixtures/vectors/{file}.json`, as `[label, case]` pairs for
 * `it.each`. Throws when the table is missing or empty, so a renamed table fails loudly.
 */
export function table<I, E>(file: string, rule: string): Array<[string, VectorCase<I, E>]> {
  const all = vectors<Record<string, unknown>>(file);
  const list = all[rule];
  if (!Array.isArray(list) || list.length === 0) {
    throw new Error(`${file}.json has no cases for ${rule}`);
  }
  return (list as Array<VectorCase<I, E>>).map((item, index) => [label(index, item), item]);
}

function label(index: number, item: VectorCase<unknown, unknown>): string {
  const input = JSON.stringify(item.input) ?? "undefined";
  const shown = input.length > 100 ? `${input.slice(0, 100)}… (${input.length} chars)` : input;
  return `#${index + 1} ${shown}${item.note === undefined ? "" : ` (${item.note})`}`;
}
