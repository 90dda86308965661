/** Reads a shared case table from `fixtures/vectors/` (the same files cargo test reads). */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

export function vectors<T = Record<string, unknown>>(name: string): T {
  const path = resolve(__dirname, "../../../fixtures/vectors", `${name}.json`);
  return JSON.parse(readFileSync(path, "utf8")) as T;
}
