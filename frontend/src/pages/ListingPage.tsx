import { lazy, Suspense, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import type { ListingResponse } from "../api/generated/ListingResponse";
import type { ListingSort } from "../api/generated/ListingSort";
import type { RouteInfo } from "../api/generated/RouteInfo";
import { listings } from "../api/client";
import { isRequestError } from "../api/request";
import { currentAddress, takeInitialData } from "../app/initialData";
import { useAsync } from "../app/useAsync";
import { usePageMeta } from "../app/usePageMeta";
import { preloadable } from "../app/preloadable";
import type { JumpBarProps } from "../components/site/JumpBar";
import { ProductCard } from "../components/product/ProductCard";
import { TruncatedText } from "../components/ui";
import { CompareBar } from "../components/product/CompareBar";
import { Pager } from "../components/product/Pager";
import { ListingFilters, sortsFor } from "../components/product/ListingFilters";
import { LargeBankNote } from "../components/product/LargeBankNote";
import { NoNamedProducts, notedKinds } from "../components/product/NoNamedProducts";
import "./ListingPage.css";
import { CreditScoreBox, preloadCreditScoreBox } from "../components/approval";
import { datedTitle } from "../rules/datePlaceholders";
import { parseGroupId, type ProductId } from "../rules/ids";
import { skippedIds } from "../rules/savedProducts";
import { allSaved, useSaved } from "../stores/saved";
import { Later } from "../app/staged";

// Below a best-of list: questions, experts and the disclosure, in their own chunk.
const BestOfSections = lazy(() => import("../components/bestOf/BestOfSections"));
const NationalRatesChart = lazy(() => import("../components/charts/NationalRates"));
// Only best-of pages show the jump bar; they load it before their first paint.
const JumpBar = preloadable<JumpBarProps>(() => import("../components/site/JumpBar").then((m) => ({ default: m.JumpBar })));

/** Loads what a listing of `route` shows near its top beyond this chunk (a best-of page's
 * jump bar, a card page's score box), so none of it appears after the page and moves what
 * is below it. */
export function preloadParts(route: RouteInfo): Promise<void> {
  const parts: Promise<void>[] = [];
  if (route.section === "bestOf") parts.push(JumpBar.preload());
  if (route.section === "creditCards" || route.section === "bestOf") parts.push(preloadCreditScoreBox());
  return Promise.all(parts).then(() => undefined);
}

/** The national series a banking page charts: its deposit kinds, or savings and CDs on a
 * page of institutions or prepaid cards; none on a page of loans (no deposit rate). */
function chartTypes(kinds: readonly string[]): string[] {
  const types = new Set<string>();
  if (kinds.length > 0 && kinds.every((kind) => kind === "personalLoan" || kind === "autoLoan" || kind === "mortgage")) return [];
  for (const kind of kinds) {
    if (kind === "cd") types.add("cd");
    if (kind === "savings" || kind === "moneyMarket" || kind === "checking") ["savings", "moneyMarket", "checking"].forEach((t) => types.add(t));
  }
  return types.size > 0 ? [...types] : ["savings", "cd"];
}

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

const SORTS: readonly string[] = ["editorial", "rating", "reviews", "apy", "annualFee", "apr", "name"] satisfies ListingSort[];

/** Whether a filter's value can be one the listing takes (the route's scenarios, a known
 * order, a page number, a sponsorship mode); the server still has the last word. */
function plausible(route: RouteInfo, name: (typeof PAGE_PARAMS)[number], value: string): boolean {
  switch (name) {
    case "sort":
      return SORTS.includes(value);
    case "scenario":
      return (route.scenarios ?? []).some((s) => s.key === value);
    case "page":
      return /^[1-9][0-9]{0,8}$/.test(value);
    case "sponsorship":
      return value === "default" || value === "none";
    case "need":
      return true;
  }
}

/** A listing and the address's filters it left out. */
interface Loaded {
  listing: ListingResponse;
  /** Filters of the address the server refused (an unknown order, a page past the last…), as name and value. */
  ignored: Array<[string, string]>;
}

/**
 * The listing for the address's filters. A filter the listing refuses (a 400 naming it) is
 * left out and the rest asked again, so a bad address shows the list with that filter's
 * default and says so, instead of no list at all. The server decides what is valid.
 */
export async function loadListing(route: RouteInfo, params: URLSearchParams): Promise<Loaded> {
  const query = apiQuery(route.path, params);
  const ignored: Array<[string, string]> = [];
  // What the page can tell from its own route needs no refused request first.
  for (const name of PAGE_PARAMS) {
    const value = query[name];
    if (value !== undefined && !plausible(route, name, value)) {
      ignored.push([name, value]);
      delete query[name];
    }
  }
  for (;;) {
    try {
      return { listing: await listings({ ...query }), ignored };
    } catch (error) {
      const field = isRequestError(error) && error.status === 400 ? (error.data as { field?: unknown } | null)?.field : undefined;
      if (typeof field !== "string" || field === "route" || !(field in query)) throw error;
      ignored.push([field, query[field] ?? ""]);
      delete query[field];
    }
  }
}

/** What the page says about the address's filters it left out. */
export function ignoredNotice(ignored: ReadonlyArray<readonly [string, string]>): string {
  const named = ignored.map(([name, value]) => `${name}=${value}`).join(", ");
  return `This address asked for ${named}, which this list cannot show, so ${ignored.length === 1 ? "that setting is" : "those settings are"} left at ${ignored.length === 1 ? "its default" : "their defaults"}.`;
}

/** A listing page of the route table: filters, sort, sponsorship switch, cards, paging. */
export default function ListingPage({ route }: { route: RouteInfo }) {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const address = currentAddress(location);
  const initial = takeInitialData("listing", address);
  const [load, retry] = useAsync<Loaded>(address, () => loadListing(route, params), initial ? { listing: initial.listing, ignored: [] } : null);
  const title = datedTitle(route.title);
  const shownPage = (load.state === "ready" ? load.data.listing?.page : undefined) ?? Number(params.get("page") ?? "1");
  // The document's title names the page past the first, as the server's does.
  usePageMeta(shownPage > 1 ? `${title}, page ${shownPage}` : title, route.description);
  const ignored = load.state === "ready" ? load.data.ignored : [];
  // A filter the list left out, or an order this route does not offer, reads as its default.
  const filter = (name: string) => (ignored.some(([n]) => n === name) ? null : params.get(name));
  const askedSort = filter("sort") as ListingSort | null;
  const sort = askedSort && sortsFor(route).includes(askedSort) ? askedSort : "editorial";

  const change = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    // A new choice also drops the address's filters that were left out.
    for (const [n] of ignored) next.delete(n);
    if (value === null || value === "") next.delete(name);
    else next.set(name, value);
    if (name !== "page") next.delete("page");
    setParams(next);
  };

  const listing = load.state === "ready" ? load.data.listing : null;
  const savedData = useSaved((state) => state.data);
  const lastSkip = useSaved((state) => state.lastSkip);
  const undoSkip = useSaved((state) => state.undoSkip);
  const [showSkipped, setShowSkipped] = useState(false);
  // Skipped products leave the list (kept 15 days); "Show skipped" brings them back.
  const skipped = new Set(skippedIds(savedData, parseGroupId(route.path), Date.now()));
  const shown = listing ? listing.items.filter((entry) => showSkipped || !skipped.has(entry.offer.id as ProductId)) : [];
  const hiddenCount = listing ? listing.items.length - shown.length : 0;
  const savedCount = allSaved(savedData).length;
  const bestOf = route.section === "bestOf";
  // A kind the data names no products of gets what is real instead of an empty list.
  // Only the page itself, not a need or scenario that matches nothing: the unfiltered page.
  const unfiltered = !params.get("need") && !params.get("scenario");
  const withoutProducts = listing !== null && listing.total === 0 && unfiltered && notedKinds(route.productTypes).length > 0;
  return (
    <div className="listing container">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> <span aria-hidden="true">›</span> <span>{title}</span>
      </nav>
      <h1>{title}</h1>
      <TruncatedText text={route.description} className="listing__intro" />
      {bestOf && <JumpBar links={BEST_OF_LINKS} />}
      {!withoutProducts && (
      <ListingFilters
        route={route}
        listing={listing}
        need={filter("need")}
        scenario={filter("scenario")}
        sort={sort}
        noSponsorship={params.get("sponsorship") === "none"}
        onChange={change}
      />
      )}
      {(route.section === "creditCards" || bestOf) && (
        <>
          <CreditScoreBox />
          <p className="listing__value-link">
            <Link to="/card-value">Sort the cards by their yearly value for your own spending</Link>
          </p>
        </>
      )}
      {ignored.length > 0 && (
        <p className="listing__notice" role="status">
          {ignoredNotice(ignored)}
        </p>
      )}
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
            {withoutProducts && <NoNamedProducts productTypes={route.productTypes} />}
            <p className="listing__count" hidden={withoutProducts}>
              {listing.total === 0
                ? unfiltered
                  ? "No products are listed here yet: the public data this site is built from names none of them, and we do not make products up to fill a page."
                  : "No products match."
                : `${listing.total} ${listing.total === 1 ? "product" : "products"}, ranked by ${describeOrder(listing)}`}
              {listing.hasSponsoredPlacement && " · the first one is a labelled sponsored placement"}
            </p>
            {lastSkip && lastSkip.group === route.path && (
              <p className="listing__notice listing__skip" role="status">
                Skipped {lastSkip.name || "a product"}: it leaves this list for 15 days.{" "}
                <button type="button" className="button button--link" onClick={undoSkip}>
                  Undo
                </button>
              </p>
            )}
            {savedCount > 0 && (
              <p className="listing__hidden">
                <Link to="/saved">Your saved products ({savedCount})</Link>
              </p>
            )}
            {(hiddenCount > 0 || (showSkipped && skipped.size > 0)) && (
              <p className="listing__hidden">
                {showSkipped ? "Skipped products are shown." : `${hiddenCount} skipped ${hiddenCount === 1 ? "product is" : "products are"} hidden on this page.`}{" "}
                <button type="button" className="button button--link" onClick={() => setShowSkipped(!showSkipped)}>
                  {showSkipped ? "Hide skipped" : "Show skipped"}
                </button>
              </p>
            )}
            <ol className="listing__items">
              {shown.map((entry, i) => (
                <li key={`${entry.placement}-${entry.offer.id}`}>
                  <Later>
                    <ProductCard
                      offer={entry.offer}
                      placement={entry.placement}
                      rank={entry.editorialRank}
                      rankedBy={rankedBy(listing, entry)}
                      group={route.path}
                      balance={listing.scenario?.balance}
                      slot={{ section: route.path, position: (listing.page - 1) * listing.perPage + i + 1, totals: listing.total }}
                    />
                  </Later>
                </li>
              ))}
            </ol>
            <Pager
              page={listing.page}
              pages={listing.pages}
              onPage={(p) => {
                change("page", p === 1 ? null : String(p));
                // The new page starts at the top of the list, not in the footer.
                document.getElementById("cards-list")?.scrollIntoView?.({ block: "start" });
              }}
            />
          </>
        )}
      </div>
      {listing && <LargeBankNote offers={listing.items.map((entry) => entry.offer)} />}
      {listing && route.section === "banking" && (
        <Suspense fallback={null}>
          <NationalRatesChart productTypes={chartTypes(listing.items.length > 0 ? listing.items.map((entry) => entry.offer.productType) : route.productTypes)} />
        </Suspense>
      )}
      {bestOf && (
        <Suspense fallback={<p className="page-loading">Loading questions and experts…</p>}>
          <BestOfSections route={route} />
        </Suspense>
      )}
      <CompareBar />
    </div>
  );
}

/** On a list ranked by a need's rating, the figure each product is ranked by: the stars
 * on the card are the overall rating, so a 4.9 may rightly sit below a 4.6. */
function rankedBy(listing: ListingResponse, entry: ListingResponse["items"][number]): string | undefined {
  if (listing.sort !== "editorial" || listing.editorialOrder.kind !== "need" || !entry.editorialScore) return undefined;
  const score = Number(entry.editorialScore);
  return Number.isFinite(score) ? `${score.toFixed(1)} for ${listing.editorialOrder.label}` : undefined;
}

function describeOrder(listing: ListingResponse): string {
  switch (listing.sort) {
    case "editorial":
      switch (listing.editorialOrder.kind) {
        case "rating":
          // Unrated offers (institutions) fall back to their names: say so, not "rating".
          return listing.items.some((item) => item.offer.rating) ? "our overall rating" : "name, A to Z (none of these is rated)";
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
