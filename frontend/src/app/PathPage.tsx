import { useLocation } from "react-router";
import { currentAddress, peekInitialData } from "./initialData";
import { preloadable } from "./preloadable";
import { findRoute, useRoutes } from "./routeTable";

const ListingPage = preloadable(() => import("../pages/ListingPage"));
const ContentPage = preloadable(() => import("../pages/ContentPage"));
const NotFoundPage = preloadable(() => import("../pages/NotFoundPage"));

/** Loads the code of the page the server's data says this address is (a listing, a
 * content page or the 404 page); nothing when there is no such data. */
export function preloadPathPage(location: { pathname: string; search: string }): Promise<void> {
  const initial = peekInitialData(currentAddress(location));
  const kind = initial?.kind;
  if (initial?.kind === "listing") {
    const route = initial.listing.route;
    return ListingPage.preload()
      .then(() => import("../pages/ListingPage"))
      .then((listing) => (route ? listing.preloadParts(route) : undefined));
  }
  if (kind === "content") return ContentPage.preload();
  if (kind === "notFound") return NotFoundPage.preload();
  return Promise.resolve();
}

/** A path the router does not name: a listing of the route table, else a content page
 * (which shows the 404 page when there is none). */
export function PathPage() {
  const location = useLocation();
  const table = useRoutes();
  const initial = peekInitialData(currentAddress(location));
  const kind = initial?.kind ?? null;
  if (kind === "notFound") return <NotFoundPage />;
  // The server's listing data names its route, so the first paint need not wait for the
  // route table.
  const route = (initial?.kind === "listing" ? initial.listing.route : undefined) ?? findRoute(table, location.pathname);
  if (route) return <ListingPage key={route.path} route={route} />;
  if (table.state === "loading" && kind !== "content") return <p className="container page-loading">Loading…</p>;
  return <ContentPage key={location.pathname} />;
}
