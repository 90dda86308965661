import { describe, expect, it } from "vitest";

import { type GroupId, type ProductId, parseGroupId, parseProductId } from "./ids";
import {
  emptySavedProducts,
  parseBalance,
  productStatus,
  readSavedProducts,
  removeProduct,
  saveProduct,
  savedIds,
  savedProductsToJson,
  skippedIds,
} from "./savedProducts";
import { table } from "./vectorTables";

function groupId(raw: string | null): GroupId | null {
  if (raw === null) return null;
  const id = parseGroupId(raw);
  if (id === null) throw new Error(`bad group ${raw}`);
  return id;
}

function productId(raw: string): ProductId {
  const id = parseProductId(raw);
  if (id === null) throw new Error(`bad product ${raw}`);
  return id;
}

describe("visitor-state.json balance", () => {
  it.each(table<string, string | { error: string }>("visitor-state", "balance"))("%s", (_, { input, expected }) => {
    const parsed = parseBalance(input);
    expect(parsed.ok ? parsed.balance : { error: parsed.error }).toEqual(expected);
  });
});

describe("saved products details", () => {
  const g1 = groupId("g1");
  const card = productId("123");

  it("reads live ids and statuses; nothing without a group", () => {
    const saved = saveProduct(emptySavedProducts(), g1, card, 1_000).state;
    expect(savedIds(saved, g1, 2_000)).toEqual(["123"]);
    expect(productStatus(saved, g1, card, 2_000)).toBe("saved");
    expect(productStatus(saved, g1, card, 1_000 + 1_296_000_000)).toBeNull();
    expect(savedIds(saved, null, 2_000)).toEqual([]);
    const skipped = removeProduct(saved, g1, card, 3_000).state;
    expect(skippedIds(skipped, g1, 3_000)).toEqual(["123"]);
    expect(productStatus(skipped, g1, card, 3_000)).toBe("skipped");
    expect(savedProductsToJson(skipped)).toBe('{"g1":{"skipped":{"123":3000}}}');
  });

  it("reads stored text as the Rust reader does, but for repeated keys", () => {
    expect(readSavedProducts('{" g1 ":{"saved":{"1":5,"2":9},"skipped":{"1":7,"2":9},"balance":2500.5,"x":1},"g2":{}}')).toEqual({
      g1: { saved: { "2": 9 }, skipped: { "1": 7 }, balance: "2500.50" },
    });
    for (const bad of ["[]", '{"g":[]}', '{"g":{"saved":{"1":1.5}}}', '{"g":{"saved":null}}', '{"g":{"balance":"-1"}}', '{"":{}}']) {
      expect(readSavedProducts(bad), bad).toBeNull();
    }
    expect(readSavedProducts('{"g":{"balance":null}}')).toEqual({});
    // A group given twice: the later one wins. The Rust reader also refuses an invalid
    // earlier one; `JSON.parse` never shows it (repeated keys: text the site never writes).
    expect(readSavedProducts('{"g":{"saved":{"1":1.5}},"g":{}}')).toEqual({});
    expect(readSavedProducts('{"g":{"saved":{"1":5}},"g":{"skipped":{"2":6}}}')).toEqual({ g: { skipped: { "2": 6 } } });
  });

  it("keeps ids such as __proto__ as plain data", () => {
    const state = saveProduct(emptySavedProducts(), groupId("__proto__"), productId("__proto__"), 1).state;
    expect(Object.keys(state)).toEqual(["__proto__"]);
    expect(savedProductsToJson(state)).toBe('{"__proto__":{"saved":{"__proto__":1}}}');
  });
});
