/**
 * Test support for the rule modules: the cases of one table of a shared vectors file
 * (`fixtures/vectors/*.json`, the files cargo test reads), each with a readable label, and
 * the one predicate that picks the cases whose JSON the browser reads differently from
 * Rust. Used only by the `*.test.ts` files beside the rules.
 */

import { vectors } from "../test/vectors";
import { parseJson } from "./json";

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

const JSON_TOKEN = /"(?:[^"\\]|\\.)*"|-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|[[\]{}]/g;

/**
 * Whether a number literal may read differently in the browser: its text as JavaScript
 * writes it back (what `rules/json` reads) can differ from `serde_json`'s unless the
 * literal is already in that form (not `1.0`, `1e2`, `-0`), has at most 15 significant
 * digits (so `serde_json`'s arithmetic rounds as JavaScript does) and lies between 1e-5
 * and 2^53 (where both write the same digits positionally, and integers stay exact).
 */
function numberReadsDifferently(literal: string): boolean {
  const n = Number(literal);
  const digits = literal.replace(/[eE].*$/, "").replace(/[-.]/g, "").replace(/^0+/, "").length;
  return String(n) !== literal || digits > 15 || Math.abs(n) > Number.MAX_SAFE_INTEGER || (n !== 0 && Math.abs(n) < 1e-5);
}

/**
 * Whether JSON text holds input the browser's `JSON.parse` reads differently from
 * `serde_json` (see `rules/json`): a number JavaScript reads differently
 * (`numberReadsDifferently`), nesting 128 deep or more, or a lone surrogate escape (the
 * last two `serde_json` refuses). Repeated keys are not counted: for a JSON value both
 * keep the later one. Rule tests run a case this selects by what the browser does, every
 * other case exactly as Rust does.
 */
export function jsonReadsDifferently(text: string): boolean {
  let depth = 0;
  for (const [token] of text.matchAll(JSON_TOKEN)) {
    if (token === "[" || token === "{") depth += 1;
    else if (token === "]" || token === "}") depth -= 1;
    else if (token.startsWith('"') ? /\p{Cs}/u.test(String(parseJson(token))) : numberReadsDifferently(token)) return true;
    if (depth >= 128) return true;
  }
  return false;
}
