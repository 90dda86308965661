/**
 * The page data the server put into the HTML (`<script type="application/json"
 * id="initial-data">`), so the first paint needs no API call. Each payload is handed out
 * once, and only to the page whose address it was made for: after the first navigation
 * pages fetch their own data.
 */
import type { PageData } from "../api/generated/PageData";
import type { PagePayload } from "../api/generated/PagePayload";

let pending: PageData | null | undefined;

function read(): PageData | null {
  if (pending !== undefined) return pending;
  const element = typeof document === "undefined" ? null : document.getElementById("initial-data");
  try {
    pending = element?.textContent ? (JSON.parse(element.textContent) as PageData) : null;
  } catch {
    pending = null;
  }
  return pending;
}

/** The address the server data must match: path plus query, as the server saw it. */
export function currentAddress(location: { pathname: string; search: string }): string {
  return location.pathname + location.search;
}

/**
 * Takes the server's data for `address` if it is of `kind`; later calls get nothing.
 */
export function takeInitialData<K extends PagePayload["kind"]>(
  kind: K,
  address: string,
): Extract<PagePayload, { kind: K }> | null {
  const data = read();
  if (!data || data.path !== address || data.page.kind !== kind) return null;
  pending = null;
  return data.page as Extract<PagePayload, { kind: K }>;
}

/** Peeks at the kind of the server's data for `address` without taking it. */
export function initialKind(address: string): PagePayload["kind"] | null {
  const data = read();
  return data && data.path === address ? data.page.kind : null;
}

/** The server's data for `address` without taking it. */
export function peekInitialData(address: string): PagePayload | null {
  const data = read();
  return data && data.path === address ? data.page : null;
}

/** For tests: sets what the server would have injected. */
export function setInitialDataForTest(data: PageData | null): void {
  pending = data;
}
