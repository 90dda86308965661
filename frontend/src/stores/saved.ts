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

/** The last skip, which "Undo" takes back: the lists as they were before it. */
export interface LastSkip {
  group: string;
  id: string;
  name: string;
  before: SavedProductsState;
}

interface SavedState {
  data: SavedProductsState;
  /** The last skip while it can be undone. */
  lastSkip: LastSkip | null;
  /** Saves a product; it leaves the skipped list. */
  save: (group: string, id: string) => void;
  /** Un-saves (or skips) a product: it moves to the skipped list (site-core §4). */
  skip: (group: string, id: string, name?: string) => void;
  /** Takes the last skip back: the lists return to what they were before it. */
  undoSkip: () => void;
  /** Forgets the last skip (its notice was closed). */
  dismissSkip: () => void;
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
    lastSkip: null,
    save: (group, id) => {
      run(saveProduct, group, id);
      set({ lastSkip: null });
    },
    skip: (group, id, name = "") => {
      const before = get().data;
      run(removeProduct, group, id);
      set({ lastSkip: { group, id, name, before } });
    },
    undoSkip: () => {
      const last = get().lastSkip;
      if (!last) return;
      store(last.before);
      set({ data: last.before, lastSkip: null });
    },
    dismissSkip: () => set({ lastSkip: null }),
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

/** Every saved product of every group, newest first, as (group, id). */
export function allSaved(data: SavedProductsState, nowMs = Date.now()): { group: string; id: string }[] {
  const found: { group: string; id: string; at: number }[] = [];
  for (const [group, products] of Object.entries(data)) {
    for (const [id, at] of Object.entries(products.saved ?? {})) {
      const productId = parseProductId(id);
      if (productId && productStatus(data, parseGroupId(group), productId, nowMs) === "saved") found.push({ group, id, at });
    }
  }
  found.sort((a, b) => b.at - a.at);
  const seen = new Set<string>();
  return found.filter((entry) => !seen.has(entry.id) && seen.add(entry.id)).map(({ group, id }) => ({ group, id }));
}
