/**
 * Saved and skipped products, per group (the listing they were chosen in), in local
 * storage; entries expire after 15 days. Every rule is rules/savedProducts'; this store
 * only keeps the state and writes it back.
 */
import { create } from "zustand";
import { parseGroupId, parseProductId } from "../rules/ids";
import {
  emptySavedProducts,
  productStatus,
  purgeExpired,
  readSavedProducts,
  removeProduct,
  saveProduct,
  savedProductsToJson,
  type SavedProductsState,
} from "../rules/savedProducts";

const STORAGE_KEY = "saved-products";

function load(): SavedProductsState {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    const state = stored ? readSavedProducts(stored) : null;
    return purgeExpired(state ?? emptySavedProducts(), Date.now());
  } catch {
    return emptySavedProducts();
  }
}

function store(state: SavedProductsState): void {
  try {
    localStorage.setItem(STORAGE_KEY, savedProductsToJson(state));
  } catch {
    // Storage full or disabled: the choice lasts for this page only.
  }
}

type Op = typeof saveProduct;

interface SavedState {
  data: SavedProductsState;
  /** Saves a product; it leaves the skipped list. */
  save: (group: string, id: string) => void;
  /** Un-saves (or skips) a product: it moves to the skipped list (site-core §4). */
  skip: (group: string, id: string) => void;
  /** Reads the lists again, e.g. after another tab changed them. */
  reload: () => void;
}

export const useSaved = create<SavedState>()((set, get) => {
  const run = (op: Op, group: string, id: string) => {
    const groupId = parseGroupId(group);
    const productId = parseProductId(id);
    if (!productId) return;
    const { state } = op(get().data, groupId, productId, Date.now());
    store(state);
    set({ data: state });
  };
  return {
    data: load(),
    save: (group, id) => run(saveProduct, group, id),
    skip: (group, id) => run(removeProduct, group, id),
    reload: () => set({ data: load() }),
  };
});

/** Whether `id` is saved or skipped in `group`, as of now. */
export function useSavedStatus(group: string, id: string): "saved" | "skipped" | null {
  return useSaved((s) => {
    const productId = parseProductId(id);
    return productId ? productStatus(s.data, parseGroupId(group), productId, Date.now()) : null;
  });
}
