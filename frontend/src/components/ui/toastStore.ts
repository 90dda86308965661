import { create } from "zustand";
import { ERROR_TOAST_MS } from "../../rules/constants";

/** The message shown when a caller has nothing more specific to say. */
export const DEFAULT_TOAST_MESSAGE = "something went wrong, please retry";

export interface Toast {
  id: number;
  message: string;
  durationMs: number;
}

export interface ToastState {
  toasts: Toast[];
  /**
   * Shows an error toast for `durationMs` (site-core §9: 2500 ms; the community widgets pass 2200).
   * Showing a message that is already on screen restarts it instead of stacking a copy.
   * Returns the toast's id.
   */
  show: (message?: string, durationMs?: number) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (message = DEFAULT_TOAST_MESSAGE, durationMs = ERROR_TOAST_MS) => {
    const toast = { id: nextId++, message, durationMs };
    set((state) => ({ toasts: [...state.toasts.filter((t) => t.message !== message), toast] }));
    return toast.id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

/** Shows an error toast from outside React (the request layer, event handlers). */
export function showToast(message?: string, durationMs?: number): number {
  return useToastStore.getState().show(message, durationMs);
}
