/**
 * The compare list: up to four products chosen with the compare checkbox on cards,
 * kept for the browser session and shared by every card on the page. Listeners hear the
 * compare service's events (site-core §4): reset, toggle, initiated, reloaded.
 */
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

import { MAX_COMPARED } from "../rules/constants";

export type CompareEvent =
  | { type: "reset" }
  | { type: "toggle"; id: string; selected: boolean }
  | { type: "initiated"; ids: string[] }
  | { type: "reloaded"; ids: string[] };

interface CompareState {
  ids: string[];
  names: Record<string, string>;
  /** Adds or removes a product; refuses a fifth. Returns whether it is now selected. */
  toggle: (id: string, name: string) => boolean;
  reset: () => void;
  /** The compare page's address for the current list, and tells listeners it started. */
  initiate: () => string;
}

const listeners = new Set<(e: CompareEvent) => void>();

/** Subscribes to compare events; returns the unsubscribe function. */
export function onCompareEvent(listener: (e: CompareEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: CompareEvent): void {
  for (const l of listeners) l(event);
}

export function compareAddress(ids: readonly string[]): string {
  return `/compare?ids=${ids.map(encodeURIComponent).join(",")}`;
}

export const useCompare = create<CompareState>()(
  persist(
    (set, get) => ({
      ids: [],
      names: {},
      toggle: (id, name) => {
        const { ids, names } = get();
        if (ids.includes(id)) {
          const { [id]: _removed, ...rest } = names;
          set({ ids: ids.filter((x) => x !== id), names: rest });
          emit({ type: "toggle", id, selected: false });
          return false;
        }
        if (ids.length >= MAX_COMPARED) return false;
        set({ ids: [...ids, id], names: { ...names, [id]: name } });
        emit({ type: "toggle", id, selected: true });
        return true;
      },
      reset: () => {
        set({ ids: [], names: {} });
        emit({ type: "reset" });
      },
      initiate: () => {
        const { ids } = get();
        emit({ type: "initiated", ids: [...ids] });
        return compareAddress(ids);
      },
    }),
    {
      name: "compare",
      storage: createJSONStorage(() => sessionStorage),
      version: 1,
      partialize: (s) => ({ ids: s.ids, names: s.names }),
      onRehydrateStorage: () => (state) => {
        if (state && state.ids.length > 0) emit({ type: "reloaded", ids: [...state.ids] });
      },
    },
  ),
);
