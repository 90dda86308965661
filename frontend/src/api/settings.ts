/**
 * Settings of the request layer, kept in one place so tests and native shells can point it
 * elsewhere.
 */
import { fetchTransport, type Transport } from "./transport";

/** Every request gives up after this long unless the caller says otherwise (site-core §9). */
export const DEFAULT_TIMEOUT_MS = 30000;
/** The connectivity check gives up after this long (site-core §9). */
export const CONNECTIVITY_TIMEOUT_MS = 15000;

export interface ApiSettings {
  /** Prefix for site-relative paths; empty means the page's own origin. */
  baseUrl: string;
  /**
   * Where the connectivity check looks. The spec names a public stylesheet CDN, but the site's
   * Content-Security-Policy allows same-origin connections only, so the site's own liveness
   * path is used.
   */
  connectivityCheckUrl: string;
  connectivityTimeoutMs: number;
  transport: Transport;
  /** Reads a cookie the page can see; the anti-forgery token lives in one. */
  readCookie: (name: string) => string | undefined;
}

function documentCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  for (const pair of document.cookie.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

function defaults(): ApiSettings {
  return {
    baseUrl: "",
    connectivityCheckUrl: "/healthz",
    connectivityTimeoutMs: CONNECTIVITY_TIMEOUT_MS,
    transport: fetchTransport,
    readCookie: documentCookie,
  };
}

let current = defaults();

export function apiSettings(): Readonly<ApiSettings> {
  return current;
}

export function configureApi(changes: Partial<ApiSettings>): void {
  current = { ...current, ...changes };
}

export function resetApiSettings(): void {
  current = defaults();
}

/** Site-relative paths get the base URL; absolute addresses are left alone. */
export function siteUrl(path: string): string {
  return path.startsWith("/") ? current.baseUrl + path : path;
}
