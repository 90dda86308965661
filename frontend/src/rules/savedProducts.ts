/**
 * Saved and skipped products per group (site-core §3 "Saved-product data", §4 "Saved
 * products", §9 "Saved or skipped product expiry 1296000000 ms (15 days)").
 *
 * Mirrors `visitor_state::saved_products` (`SavedProducts::save`, `remove`,
 * `purge_expired`, `saved_ids`, `skipped_ids`, `is_saved`, `is_skipped`, `to_json`,
 * `from_json`; `Balance::parse`; crates/visitor-state/src/saved_products.rs). Checked by
 * `visitor-state.json` table `balance`.
 *
 * Pure functions over a plain state object, which is exactly the stored shape, so a store
 * can keep it, persist it and hand it back:
 * `{ [groupId]: { saved?: {[productId]: storedAtMs}, skipped?: {…}, balance?: "2500.00" } }`.
 *
 * - Saving removes the id from skipped; removing moves it to skipped, also when it was not
 *   saved (this is how a product is skipped). An id is never both saved and skipped.
 * - Entries expire 15 days after they were stored (`rules/lifetime`); saving or removing
 *   again restarts them. The balance does not expire.
 * - Without a group, every operation is ignored (`ignoredNoGroup`) and every read is empty.
 * - An applied operation first drops the expired entries of every group; groups left
 *   empty are dropped.
 */

import { type GroupId, type ProductId, parseGroupId, parseProductId } from "./ids";
import { isJsonObject, parseJson } from "./json";
import { isLive } from "./lifetime";
import { compareCodePoints, trim } from "./text";

/** How long a saved or skipped entry lives: 15 days (`SAVED_PRODUCT_EXPIRY_MS`). */
export const SAVED_PRODUCT_EXPIRY_MS = 1_296_000_000;
/** Largest accepted balance, in cents: 999,999,999.99 (`MAX_BALANCE_CENTS`). */
export const MAX_BALANCE_CENTS = 99_999_999_999;

/** A group's balance, written with exactly two decimals such as `2500.50` (`Balance`). Build one with `parseBalance`. */
export type Balance = string & { readonly __balance: true };

/** Why a text is not a balance (`InvalidBalance::code`). */
export type BalanceError = "empty" | "notANumber" | "negative" | "tooManyDecimals" | "tooLarge";

/** Product ids with the time each was stored, in ms since the epoch. */
export type StoredEntries = Readonly<Record<string, number>>;

/** One group's data (`GroupProducts`), as stored: empty lists and an absent balance are left out. */
export interface GroupProducts {
  readonly saved?: StoredEntries;
  readonly skipped?: StoredEntries;
  readonly balance?: Balance;
}

/** Every group's data, keyed by group id: the whole local-storage value (`SavedProducts`). */
export type SavedProductsState = Readonly<Record<string, GroupProducts>>;

/** What an operation did (`Outcome`). */
export type Outcome = "applied" | "ignoredNoGroup";

// Balance -------------------------------------------------------------------------------

/**
 * Parses a balance (`Balance::parse`): trimmed plain decimal such as `2500`, `2500.5`,
 * `2500.50`; no sign, exponent or separators; at most two decimals; up to 999,999,999.99.
 */
export function parseBalance(raw: string): { ok: true; balance: Balance } | { ok: false; error: BalanceError } {
  const text = trim(raw);
  if (text === "") return { ok: false, error: "empty" };
  const plain = /^[0-9]+(?:\.[0-9]+)?$/;
  if (text.startsWith("-")) return { ok: false, error: plain.test(text.slice(1)) ? "negative" : "notANumber" };
  if (!plain.test(text)) return { ok: false, error: "notANumber" };
  const [whole = "0", fraction = ""] = text.split(".");
  if (fraction.length > 2) return { ok: false, error: "tooManyDecimals" };
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  if (cents > BigInt(MAX_BALANCE_CENTS)) return { ok: false, error: "tooLarge" };
  return { ok: true, balance: balanceFromCents(Number(cents)) };
}

function balanceFromCents(cents: number): Balance {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}` as Balance;
}

// Operations ----------------------------------------------------------------------------

/** No groups. */
export function emptySavedProducts(): SavedProductsState {
  return {};
}

/** Whether an entry stored at `storedAtMs` is live at `nowMs` (`is_entry_live`). */
export function isEntryLive(storedAtMs: number, nowMs: number): boolean {
  return isLive(storedAtMs, nowMs, SAVED_PRODUCT_EXPIRY_MS);
}

function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

function liveEntries(entries: StoredEntries | undefined, nowMs: number): StoredEntries | undefined {
  if (entries === undefined) return undefined;
  const kept = Object.entries(entries).filter(([, at]) => isEntryLive(at, nowMs));
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

function without(entries: StoredEntries | undefined, id: string): StoredEntries | undefined {
  if (entries === undefined || own(entries, id) === undefined) return entries;
  const kept = Object.entries(entries).filter(([key]) => key !== id);
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

function withEntry(entries: StoredEntries | undefined, id: string, at: number): StoredEntries {
  return Object.fromEntries([...Object.entries(entries ?? {}).filter(([key]) => key !== id), [id, at]]);
}

function group(saved: StoredEntries | undefined, skipped: StoredEntries | undefined, balance: Balance | undefined): GroupProducts | null {
  if (saved === undefined && skipped === undefined && balance === undefined) return null;
  return {
    ...(saved === undefined ? {} : { saved }),
    ...(skipped === undefined ? {} : { skipped }),
    ...(balance === undefined ? {} : { balance }),
  };
}

/** Drops every entry expired at `nowMs`, and groups left empty (`purge_expired`). */
export function purgeExpired(state: SavedProductsState, nowMs: number): SavedProductsState {
  const groups: Array<[string, GroupProducts]> = [];
  for (const [id, data] of Object.entries(state)) {
    const kept = group(liveEntries(data.saved, nowMs), liveEntries(data.skipped, nowMs), data.balance);
    if (kept !== null) groups.push([id, kept]);
  }
  return Object.fromEntries(groups);
}

/** Applies `change` to `groupId` after purging; ignored without a group (`SavedProducts::apply`). */
function apply(
  state: SavedProductsState,
  groupId: GroupId | null,
  nowMs: number,
  change: (data: GroupProducts) => GroupProducts | null,
): { state: SavedProductsState; outcome: Outcome } {
  if (groupId === null) return { state, outcome: "ignoredNoGroup" };
  const purged = purgeExpired(state, nowMs);
  const changed = change(own(purged, groupId) ?? {});
  const others = Object.entries(purged).filter(([id]) => id !== groupId);
  return { state: Object.fromEntries(changed === null ? others : [...others, [groupId, changed]]), outcome: "applied" };
}

/** Saves `product` in `groupId` at `nowMs`, removing it from skipped (`SavedProducts::save`). */
export function saveProduct(
  state: SavedProductsState,
  groupId: GroupId | null,
  product: ProductId,
  nowMs: number,
): { state: SavedProductsState; outcome: Outcome } {
  return apply(state, groupId, nowMs, (data) =>
    group(withEntry(data.saved, product, nowMs), without(data.skipped, product), data.balance),
  );
}

/** Removes `product` from saved and records it as skipped, also when it was not saved (`SavedProducts::remove`). */
export function removeProduct(
  state: SavedProductsState,
  groupId: GroupId | null,
  product: ProductId,
  nowMs: number,
): { state: SavedProductsState; outcome: Outcome } {
  return apply(state, groupId, nowMs, (data) =>
    group(without(data.saved, product), withEntry(data.skipped, product, nowMs), data.balance),
  );
}

// Reads ---------------------------------------------------------------------------------

function liveIds(entries: StoredEntries | undefined, nowMs: number): ProductId[] {
  return Object.entries(entries ?? {})
    .filter(([, at]) => isEntryLive(at, nowMs))
    .map(([id]) => id as ProductId)
    .sort(compareCodePoints);
}

/** The ids saved in `groupId` and live at `nowMs`, by id; empty without a group (`saved_ids`). */
export function savedIds(state: SavedProductsState, groupId: GroupId | null, nowMs: number): ProductId[] {
  return groupId === null ? [] : liveIds(own(state, groupId)?.saved, nowMs);
}

/** The ids skipped in `groupId` and live at `nowMs`, by id; empty without a group (`skipped_ids`). */
export function skippedIds(state: SavedProductsState, groupId: GroupId | null, nowMs: number): ProductId[] {
  return groupId === null ? [] : liveIds(own(state, groupId)?.skipped, nowMs);
}

/** Whether `product` is saved in `groupId` and live at `nowMs` (`is_saved`). */
export function isSaved(state: SavedProductsState, groupId: GroupId | null, product: ProductId, nowMs: number): boolean {
  return savedIds(state, groupId, nowMs).includes(product);
}

/** Whether `product` is skipped in `groupId` and live at `nowMs` (`is_skipped`). */
export function isSkipped(state: SavedProductsState, groupId: GroupId | null, product: ProductId, nowMs: number): boolean {
  return skippedIds(state, groupId, nowMs).includes(product);
}

/** `saved`, `skipped` or `null` for a product in a group at `nowMs`. */
export function productStatus(
  state: SavedProductsState,
  groupId: GroupId | null,
  product: ProductId,
  nowMs: number,
): "saved" | "skipped" | null {
  if (isSaved(state, groupId, product, nowMs)) return "saved";
  return isSkipped(state, groupId, product, nowMs) ? "skipped" : null;
}

// Stored text ---------------------------------------------------------------------------

/**
 * The local-storage text (`to_json`): the state as JSON. It holds what the Rust `to_json`
 * writes, in the state's key order rather than code-point order; neither reader minds.
 */
export function savedProductsToJson(state: SavedProductsState): string {
  return JSON.stringify(state);
}

/** Reads a `{productId: storedAtMs}` map; `undefined` when malformed. Later duplicates (after trimming) win. */
function readEntries(value: unknown): Map<string, number> | undefined {
  const entries = new Map<string, number>();
  if (value === undefined) return entries;
  if (!isJsonObject(value)) return undefined;
  for (const [key, at] of Object.entries(value)) {
    const id = parseProductId(key);
    if (id === null || typeof at !== "number" || !Number.isSafeInteger(at)) return undefined;
    entries.set(id, at);
  }
  return entries;
}

function readStoredBalance(value: unknown): Balance | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const parsed = parseBalance(String(value));
  return parsed.ok ? parsed.balance : undefined;
}

/**
 * Reads the stored local-storage text (`SavedProducts::from_json`, over `JSON.parse`: the
 * text is this module's own); `null` when it is not JSON of the stored shape (an invalid
 * id, a time that is not an integer, an invalid balance, a group that is not an object).
 * Unknown fields are ignored, a balance may be a number, an id in both lists keeps only
 * its later entry (saved wins a tie), and empty groups are dropped.
 */
export function readSavedProducts(stored: string): SavedProductsState | null {
  const parsed = parseJson(stored);
  if (!isJsonObject(parsed)) return null;
  const groups = new Map<string, GroupProducts>();
  for (const [key, value] of Object.entries(parsed)) {
    const id = parseGroupId(key);
    if (id === null || !isJsonObject(value)) return null;
    const saved = readEntries(value.saved);
    const skipped = readEntries(value.skipped);
    const balance = readStoredBalance(value.balance);
    if (saved === undefined || skipped === undefined || balance === undefined) return null;
    for (const [product, skippedAt] of [...skipped]) {
      const savedAt = saved.get(product);
      if (savedAt === undefined) continue;
      if (skippedAt > savedAt) saved.delete(product);
      else skipped.delete(product);
    }
    const data = group(
      saved.size === 0 ? undefined : Object.fromEntries(saved),
      skipped.size === 0 ? undefined : Object.fromEntries(skipped),
      balance ?? undefined,
    );
    groups.set(id, data ?? {});
  }
  return Object.fromEntries([...groups].filter(([, data]) => Object.keys(data).length > 0));
}
