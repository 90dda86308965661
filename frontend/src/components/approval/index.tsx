/**
 * The approval-odds parts of a page, each loaded after the page: they read the visitor's
 * stored score, which a first load does not need.
 */
import { lazy, Suspense } from "react";
import { preloadable } from "../../app/preloadable";

import type { OfferSummary } from "../../api/generated/OfferSummary";
import "./ApprovalOdds.css";

const LazyNote = lazy(() => import("./ApprovalOddsNote"));
const LazyBox = preloadable(() => import("./CreditScoreBox"));

/** Loads the score box's code, for a page that shows it near its top: it then renders
 * with the page instead of after it. */
export const preloadCreditScoreBox = LazyBox.preload;

/** A card's approval odds for the visitor's score (nothing until a score is entered). */
export function ApprovalOddsNote({ offer }: { offer: OfferSummary }) {
  return (
    <Suspense fallback={null}>
      <LazyNote offer={offer} />
    </Suspense>
  );
}

/** The score box, its space kept while it loads so nothing moves when it comes. */
export function CreditScoreBox() {
  return (
    <Suspense fallback={<div className="score-box score-box--placeholder" aria-hidden="true" />}>
      <LazyBox />
    </Suspense>
  );
}
