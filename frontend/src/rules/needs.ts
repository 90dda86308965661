/**
 * Credit-card need keys and their labels, in one table (site-core §3 "Need aliases",
 * community §3 "Credit-card need aliases").
 *
 * Mirrors `offer_model::needs::NeedKey` (`parse`, `label`, `is_business`, `personal`,
 * `ALL`; crates/offer-model/src/needs.rs). Checked by `offer-rules.json` table `needLabel`.
 *
 * Keys are exact and case-sensitive. Business variants are the personal label prefixed
 * "Business - "; labels the specs do not quote are the crate's documented choices (NB is
 * kept as a neutral marker until the data owner says what it means).
 */

/** The prefix of every business variant's label (`BUSINESS_PREFIX`). */
export const BUSINESS_PREFIX = "Business - ";

/** The need table, in the order the specs list the keys: key, label, and the personal need of a business variant. */
const NEEDS = [
  ["rebuild", "Rebuild Damaged Credit", "rebuild"],
  ["storeRebuild", "Rebuild Damaged Credit (Store Cards)", "storeRebuild"],
  ["rebuildNB", "Rebuild Damaged Credit (NB)", "rebuildNB"],
  ["improving", "Improve Credit", "improving"],
  ["improvingNB", "Improve Credit (NB)", "improvingNB"],
  ["student", "Build Credit (Students)", "student"],
  ["studentNB", "Build Credit (Students, NB)", "studentNB"],
  ["rewards", "Earn Rewards", "rewards"],
  ["travel", "Travel Rewards", "travel"],
  ["airline", "Airline Rewards", "airline"],
  ["hotel", "Hotel Rewards", "hotel"],
  ["gas", "Gas Rewards", "gas"],
  ["storeRewards", "Store Rewards", "storeRewards"],
  ["financing", "Finance New Purchases", "financing"],
  ["storeFinancing", "Finance New Purchases (Store Cards)", "storeFinancing"],
  ["lowerDebt", "Lower Cost of Existing Debt", "lowerDebt"],
  ["businessRebuild", "Business - Rebuild Damaged Credit", "rebuild"],
  ["businessRebuildNB", "Business - Rebuild Damaged Credit (NB)", "rebuildNB"],
  ["businessImproving", "Business - Improve Credit", "improving"],
  ["businessImprovingNB", "Business - Improve Credit (NB)", "improvingNB"],
  ["businessRewards", "Business - Earn Rewards", "rewards"],
  ["businessTravel", "Business - Travel Rewards", "travel"],
  ["businessStoreRewards", "Business - Store Rewards", "storeRewards"],
  ["businessFinancing", "Business - Finance New Purchases", "financing"],
  ["businessStoreFinancing", "Business - Finance New Purchases (Store Cards)", "storeFinancing"],
  ["businessLoweringDebt", "Business - Lower Cost of Existing Debt", "lowerDebt"],
] as const;

/** A credit-card need key, such as `rebuild` or `businessTravel` (`NeedKey`). */
export type NeedKey = (typeof NEEDS)[number][0];

/** Every need key: the personal needs, then the business variants (`NeedKey::ALL`). */
export const NEED_KEYS: readonly NeedKey[] = NEEDS.map(([key]) => key);

function row(key: string): (typeof NEEDS)[number] | undefined {
  return NEEDS.find(([candidate]) => candidate === key);
}

/** Reads a need key, exact and case-sensitive (`NeedKey::parse`); `null` for an unknown key. */
export function parseNeedKey(key: string): NeedKey | null {
  return row(key)?.[0] ?? null;
}

/** The label shown to visitors (`NeedKey::label`). */
export function needLabel(key: NeedKey): string {
  return row(key)?.[1] ?? key;
}

/** The label of a key as it travels in the data, or `null` when the key is unknown. */
export function needLabelOf(key: string): string | null {
  const need = parseNeedKey(key);
  return need === null ? null : needLabel(need);
}

/** The personal need a business variant belongs to; a personal need is its own (`NeedKey::personal`). */
export function personalNeed(key: NeedKey): NeedKey {
  return row(key)?.[2] ?? key;
}

/** Whether the need is a business variant (`NeedKey::is_business`). */
export function isBusinessNeed(key: NeedKey): boolean {
  return personalNeed(key) !== key;
}
