import { useEffect, useState } from "react";
import { Link } from "react-router";

import type { OfferSummary } from "../api/generated/OfferSummary";
import { offer as fetchOffer } from "../api/client";
import { isRequestError } from "../api/request";
import { usePageMeta } from "../app/usePageMeta";
import { ProductCard } from "../components/product/ProductCard";
import { FollowButton } from "../components/product/FollowButton";
import { CompareBar } from "../components/product/CompareBar";
import { LargeBankNote } from "../components/product/LargeBankNote";
import { allSaved, useSaved } from "../stores/saved";
import "./ListingPage.css";

/** The most saved products the page loads at once. */
export const SAVED_SHOWN = 50;

type Loaded = { group: string; offer: OfferSummary };
type State = { state: "loading" } | { state: "ready"; items: Loaded[]; gone: number } | { state: "failed" };

/**
 * `/saved`: every product saved on this device, from every list, newest first. Each keeps
 * its Save button for the list it was saved in, so un-saving here takes it off.
 */
export default function SavedPage() {
  usePageMeta("Saved products", "The products you saved on this device, from every list, kept for 15 days.");
  const data = useSaved((s) => s.data);
  const entries = allSaved(data).slice(0, SAVED_SHOWN);
  const key = entries.map((e) => `${e.group}|${e.id}`).join(",");
  const [load, setLoad] = useState<State>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = { cancelled: false };
    setLoad((previous) => (previous.state === "ready" ? previous : { state: "loading" }));
    Promise.all(
      entries.map((entry) =>
        fetchOffer(entry.id).then(
          (offer) => ({ group: entry.group, offer }) as Loaded,
          (error: unknown) => {
            // A product that left the catalogue (unknown, or retired: 410) is skipped over;
            // other failures fail the page.
            if (isRequestError(error) && (error.status === 404 || error.status === 410)) return null;
            throw error;
          },
        ),
      ),
    ).then(
      (found) => {
        if (controller.cancelled) return;
        const items = found.filter((item): item is Loaded => item !== null);
        setLoad({ state: "ready", items, gone: found.length - items.length });
      },
      () => {
        if (!controller.cancelled) setLoad({ state: "failed" });
      },
    );
    return () => {
      controller.cancelled = true;
    };
    // The saved list (its key) and a retry decide what to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  return (
    <div className="listing container">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> <span aria-hidden="true">›</span> <span>Saved products</span>
      </nav>
      <h1>Saved products</h1>
      <p className="listing__intro">Products you saved on this device, from every list, newest first. They are kept for 15 days.</p>
      <div className="listing__results" aria-live="polite" aria-busy={load.state === "loading"}>
        {entries.length === 0 ? (
          <p className="listing__status">
            You have not saved any products yet. Use Save on any list, for example{" "}
            <Link to="/credit-cards/rewards">rewards credit cards</Link> or <Link to="/cd-rates">CD rates</Link>.
          </p>
        ) : load.state === "loading" ? (
          <p className="listing__status">Loading…</p>
        ) : load.state === "failed" ? (
          <div className="listing__status" role="alert">
            <p>We could not load your saved products. Please try again.</p>
            <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        ) : (
          <>
            <p className="listing__count">
              {load.items.length} saved {load.items.length === 1 ? "product" : "products"}
              {load.gone > 0 && ` (${load.gone} no longer listed)`}
            </p>
            <ol className="listing__items">
              {load.items.map((item) => (
                <li key={`${item.group}-${item.offer.id}`}>
                  <ProductCard offer={item.offer} group={item.group} />
                  <FollowButton offerId={item.offer.id} name={item.offer.name} />
                </li>
              ))}
            </ol>
            <LargeBankNote offers={load.items.map((item) => item.offer)} />
          </>
        )}
      </div>
      <CompareBar />
    </div>
  );
}
