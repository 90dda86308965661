import { useEffect, useState } from "react";
import { offerHistory } from "../../api/client";
import type { OfferHistory } from "../../api/generated/OfferHistory";

// One read per product and page load, shared by "what changed, when" and the rate chart.
const reads = new Map<string, Promise<OfferHistory>>();

function read(id: string): Promise<OfferHistory> {
  let pending = reads.get(id);
  if (!pending) {
    pending = offerHistory(id);
    reads.set(id, pending);
    pending.catch(() => reads.delete(id));
  }
  return pending;
}

/** The product's recorded history; null while it loads, "failed" when it cannot be read. */
export function useOfferHistory(id: string): OfferHistory | "failed" | null {
  const [history, setHistory] = useState<OfferHistory | "failed" | null>(null);
  useEffect(() => {
    let live = true;
    setHistory(null);
    read(id).then(
      (h) => live && setHistory(h),
      () => live && setHistory("failed"),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return history;
}

/** Forgets every read (tests, which answer the same id differently). */
export function forgetHistories(): void {
  reads.clear();
}
