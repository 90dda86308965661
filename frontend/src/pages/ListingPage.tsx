import { lazy, Suspense } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import type { ListingResponse } from "../api/generated/ListingResponse";
import type { ListingSort } from "../api/generated/ListingSort";
import type { RouteInfo } from "../api/generated/RouteInfo";
import { listings } from "../api/client";
import { isRequestError } from "../api/request";
import { currentAddress, takeInitialData } from "../app/initialData";
import { useAsync } from "../app/useAsync";
import { usePageMeta } from "../app/usePageMeta";
import { ProductCard } from "../components/product/ProductCard";
import { TruncatedText } from "../components/ui";
import { CompareBar } from "../components/product/CompareBar";
import { Pager } from "../components/product/Pager";
import { ListingFilters } from "../components/product/ListingFilters";
import { LargeBankNote } from "../components/product/LargeBankNote";
import { JumpBar } from "../components/site/JumpBar";
import "./ListingPage.css";

// Below a best-of list: questions, experts and the disclosure, in their own chunk.
const BestOfSections = lazy(() => import("../components/bestOf/BestOfSections"));

/** The jump bar of a best-of page (community §2 "Jump-link bar"; offsets by section id). */
const BEST_OF_LINKS = [
  { LINK_NAME: "The cards", LINK_URL: "#cards-list" },
  { LINK_NAME: "Questions", LINK_URL: "#qna" },
  { LINK_NAME: "Expert opinions", LINK_URL: "#expert-opinions" },
  { LINK_NAME: "Disclosure", LINK_URL: "#cards-disclosure" },
];

/** The query a listing page passes on to the listing API: the page's own filters. */
const PAGE_PARAMS = ["need", "scenario", "sort", "page", "sponsorship"] as const;

function apiQuery(route: string, params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = { route };
  for (const name of PAGE_PARAMS) {
    const value = params.get(name);
    if (value) query[name] = value;
  }
  return query;
}

function errorMessage(error: unknown): string {
  if (isRequestError(error)) {
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data.message === "string") return data.message;
  }
  return "This list could not be loaded.";
}

/** A listing page of the route table: filters, sort, sponsorship switch, cards, paging. */
export default function ListingPage({ route }: { route: RouteInfo }) {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const address = currentAddress(location);
  const initial = takeInitialData("listing", address);
  const [load, retry] = useAsync<ListingResponse>(address, () => listings(apiQuery(route.path, params)), initial?.listing ?? null);
  usePageMeta(route.title, route.description);

  const change = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null || value === "") next.delete(name);
    else next.set(name, value);
    if (name !== "page") next.delete("page");
    setParams(next);
  };

  const listing = load.state === "ready" ? load.data : null;
  const bestOf = route.section === "bestOf";
  return (
    <div className="listing container">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> <span aria-hidden="true">›</span> <span>{route.title}</span>
      </nav>
      <h1>{route.title}</h1>
      <TruncatedText text={route.description} className="listing__intro" />
      {bestOf && <JumpBar links={BEST_OF_LINKS} />}
      <ListingFilters
        route={route}
        listing={listing}
        need={params.get("need")}
        scenario={params.get("scenario")}
        sort={(params.get("sort") as ListingSort | null) ?? "editorial"}
        noSponsorship={params.get("sponsorship") === "none"}
        onChange={change}
      />
      <div id="cards-list" className="listing__results" aria-live="polite" aria-busy={load.state === "loading" || (load.state === "ready" && load.refreshing === true)}>
        {load.state === "loading" && <p className="listing__status">Loading…</p>}
        {load.state === "failed" && (
          <div className="listing__status" role="alert">
            <p>{errorMessage(load.error)}</p>
            <button type="button" className="button button--secondary" onClick={retry}>
              Try again
            </button>
          </div>
        )}
        {listing && (
          <>
            <p className="listing__count">
              {listing.total === 0
                ? "No products match."
                : `${listing.total} ${listing.total === 1 ? "product" : "products"}, ranked by ${describeOrder(listing)}`}
              {listing.hasSponsoredPlacement && " · the first one is a labelled sponsored placement"}
            </p>
            <ol className="listing__items">
              {listing.items.map((entry, i) => (
                <li key={`${entry.placement}-${entry.offer.id}`}>
                  <ProductCard
                    offer={entry.offer}
                    placement={entry.placement}
                    rank={entry.editorialRank}
                    group={route.path}
                    slot={{ section: route.path, position: (listing.page - 1) * listing.perPage + i + 1, totals: listing.total }}
                  />
                </li>
              ))}
            </ol>
            <Pager page={listing.page} pages={listing.pages} onPage={(p) => change("page", p === 1 ? null : String(p))} />
          </>
        )}
      </div>
      {listing && <LargeBankNote offers={listing.items.map((entry) => entry.offer)} />}
      {bestOf && (
        <Suspense fallback={<p className="page-loading">Loading questions and experts…</p>}>
          <BestOfSections route={route} />
        </Suspense>
      )}
      <CompareBar />
    </div>
  );
}

function describeOrder(listing: ListingResponse): string {
  switch (listing.sort) {
    case "editorial":
      switch (listing.editorialOrder.kind) {
        case "rating":
          return "our overall rating";
        case "scenario":
          return `the APY earned when ${listing.editorialOrder.label.toLowerCase()}`;
        default:
          return `our rating for ${listing.editorialOrder.label}`;
      }
    case "rating":
      return "overall rating";
    case "reviews":
      return "number of member ratings";
    case "apy":
      return "APY, highest first";
    case "annualFee":
      return "annual fee, lowest first";
    case "apr":
      return "APR, lowest first";
    case "name":
      return "name";
  }
}
