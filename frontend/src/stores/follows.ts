/**
 * The products the signed-in member follows for rate alerts, read once per page load and
 * shared by every "Alert me when this changes" button (a saved page shows many).
 */
import { create } from "zustand";
import { alerts, follow } from "../api/client";
import type { AlertsView } from "../api/generated/AlertsView";

interface FollowsState {
  /** Ids of the products followed; null until read. */
  offers: ReadonlySet<string> | null;
  /** Reads them, once (later calls reuse the first read). */
  load: () => void;
  /** Follows a product; the answer's message. */
  followOffer: (offer: string) => Promise<string>;
  /** Forgets what was read (signed out, or another page changed it). */
  reset: () => void;
}

const followedOffers = (view: AlertsView) => new Set(view.follows.flatMap((f) => (f.offer && f.kind === "product" ? [f.offer] : [])));

let reading: Promise<void> | null = null;

export const useFollows = create<FollowsState>()((set) => ({
  offers: null,
  load: () => {
    reading ??= alerts().then(
      (view) => set({ offers: followedOffers(view) }),
      () => set({ offers: new Set() }),
    );
  },
  followOffer: async (offer) => {
    const view = await follow(offer);
    set({ offers: followedOffers(view) });
    return view.message ?? "";
  },
  reset: () => {
    reading = null;
    set({ offers: null });
  },
}));
