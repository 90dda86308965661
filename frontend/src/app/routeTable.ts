/**
 * The route table (every listing page), fetched once per page load and shared. The home
 * page's server data already holds it, so it seeds the table when present.
 */
import { useEffect, useState } from "react";
import type { RouteInfo } from "../api/generated/RouteInfo";
import { routes as fetchRoutes } from "../api/client";

type Table = { state: "loading" } | { state: "ready"; data: RouteInfo[] } | { state: "failed" };

let table: Table = { state: "loading" };
let inflight: Promise<void> | null = null;
const subscribers = new Set<(t: Table) => void>();

function publish(next: Table): void {
  table = next;
  for (const s of subscribers) s(next);
}

/** Seeds the table from data the page already has. */
export function seedRoutes(routes: RouteInfo[]): void {
  if (table.state !== "ready") publish({ state: "ready", data: routes });
}

function load(): void {
  if (table.state === "ready" || inflight) return;
  inflight = fetchRoutes()
    .then((r) => publish({ state: "ready", data: r.routes }))
    .catch(() => publish({ state: "failed" }))
    .finally(() => {
      inflight = null;
    });
}

/** The route table, loading it on first use. */
export function useRoutes(): Table {
  const [state, setState] = useState(table);
  useEffect(() => {
    subscribers.add(setState);
    load();
    setState(table);
    return () => {
      subscribers.delete(setState);
    };
  }, []);
  return state;
}

/** The listing route at `path`, if the table is loaded and has one. */
export function findRoute(t: Table, path: string): RouteInfo | undefined {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return t.state === "ready" ? t.data.find((r) => r.path === trimmed) : undefined;
}
