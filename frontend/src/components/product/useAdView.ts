/**
 * Ad-view tracking (site-core §7, §9): the view pixel once per view, when 15 % of the card
 * is on screen, and the click pixel on the apply link. The payload rules (dropped empty
 * fields, position and totals both 0 or both -1) live in rules/adPixel.
 */
import { useEffect, useRef } from "react";
import type { OfferSummary } from "../../api/generated/OfferSummary";
import { pixel } from "../../api/client";
import { AD_VIEW_RATIO } from "../../rules/constants";
import { whenShown } from "../../app/staged";

/** Where a card sits on its page. */
export interface AdSlot {
  section: string;
  position: number;
  totals: number;
}

function send(offer: OfferSummary, slot: AdSlot | undefined, click: boolean): void {
  void pixel({
    id: offer.id,
    pid: offer.id,
    page: window.location.pathname,
    section: slot?.section ?? null,
    position: slot?.position ?? null,
    totals: slot?.totals ?? null,
    click,
  });
}

/** The click pixel. */
export function trackAdClick(offer: OfferSummary, slot?: AdSlot): void {
  send(offer, slot, true);
}

/** Watches the card and sends the view pixel the first time enough of it is seen. */
export function useAdView<T extends Element>(offer: OfferSummary, slot?: AdSlot) {
  const ref = useRef<T | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || sent.current || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (sent.current) return;
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= AD_VIEW_RATIO)) {
          sent.current = true;
          observer.disconnect();
          send(offer, slot, false);
        }
      },
      { threshold: [AD_VIEW_RATIO] },
    );
    // Only a card on screen can be seen: during the first render the app is still hidden.
    const cancel = whenShown(() => observer.observe(element));
    return () => {
      cancel();
      observer.disconnect();
    };
  }, [offer, slot]);
  return ref;
}
