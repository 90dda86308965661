import { lazy } from "react";
import { useLocation } from "react-router";
import { currentAddress, peekInitialData } from "./initialData";
import { findRoute, useRoutes } from "./routeTable";

const ListingPage = lazy(() => import("../pages/ListingPage"));
const ContentPage = lazy(() => import("../pages/ContentPage"));
const NotFoundPage = lazy(() => import("../pages/NotFoundPage"));

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
