import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import type { RouteSection } from "../api/generated/RouteSection";
import { Link, NavLink, useLocation } from "react-router";
import { useAccessibilityFeatures } from "../components/site/AccessibilityFeatures";
import { ToastViewport } from "../components/ui/Toast";
import { useSession } from "../stores/session";
import { SiteAlerts } from "./SiteAlerts";
import { SearchBox } from "../components/site/SearchBox";
import { useMaxWidth } from "../components/site/useMaxWidth";
import { COMPACT_MAX_WIDTH_PX } from "../components/ui/breakpoints";
import "./Layout.css";

// The footer sits below every page's content: it loads after the page, in its own chunk.
// Arriving last at the end of the page, it moves nothing that is already drawn.
const Footer = lazy(() => import("../components/site/Footer").then((m) => ({ default: m.Footer })));

/** Keeps `--header-height` on <html> equal to the sticky header's height, so bars that
 * stick below it (the jump bar) sit under it at any width or text size. */
function useHeaderHeight(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const set = () => document.documentElement.style.setProperty("--header-height", `${element.getBoundingClientRect().height}px`);
    set();
    const observer = new ResizeObserver(set);
    observer.observe(element);
    return () => observer.disconnect();
  }, [header]);
}

/** The header's menus: each lists every listing page of its sections. */
const MENUS: readonly { label: string; sections: readonly RouteSection[] }[] = [
  { label: "Credit cards", sections: ["creditCards", "bestOf"] },
  { label: "Banking", sections: ["banking"] },
  { label: "Loans", sections: ["loans"] },
];

const SiteMenu = lazy(() => import("./SiteMenu"));

function Header() {
  const session = useSession();
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
  const [open, setOpen] = useState<string | null>(null);
  const location = useLocation();
  // On a phone the search row waits behind a button, so the sticky header stays two rows;
  // the results page keeps it open, as it is that page's own search box.
  const compact = useMaxWidth(COMPACT_MAX_WIDTH_PX);
  const [searching, setSearching] = useState(false);
  const searchShown = !compact || searching || location.pathname === "/search";
  // A menu and the phone's search row close when the visitor goes somewhere; a menu on Escape too.
  useEffect(() => {
    setOpen(null);
    setSearching(false);
  }, [location.pathname, location.search]);
  // The box the button opens is where the visitor types next.
  useEffect(() => {
    if (searching) document.querySelector<HTMLInputElement>("#site-search input")?.focus();
  }, [searching]);
  useEffect(() => {
    if (open === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  const menu = MENUS.find((m) => m.label === open);
  return (
    <header className="site-header" ref={header}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__inner container">
        <Link to="/" className="site-header__logo" aria-label="Plainrate home">
          <span aria-hidden="true" className="site-header__mark">P</span>
          <span>Plainrate</span>
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          {MENUS.map((menu) => (
            <button
              key={menu.label}
              type="button"
              className="site-header__menu-button"
              aria-expanded={open === menu.label}
              aria-controls="site-menu"
              onClick={() => setOpen(open === menu.label ? null : menu.label)}
            >
              {menu.label}
              <span aria-hidden="true"> ▾</span>
            </button>
          ))}
          <NavLink to="/compare">Compare</NavLink>
        </nav>
        {compact && location.pathname !== "/search" && (
          <button
            type="button"
            className="button button--secondary site-header__search-toggle"
            aria-label="Search the site"
            aria-expanded={searching}
            aria-controls="site-search"
            onClick={() => setSearching(!searching)}
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="8.5" cy="8.5" r="6" />
              <path d="M13 13l5 5" strokeLinecap="round" />
            </svg>
          </button>
        )}
        <SearchBox id="site-search" hidden={!searchShown} className="site-header__search" initial={location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : ""} key={location.pathname === "/search" ? location.search : "elsewhere"} />
        <div className="site-header__account">
          {session.signedIn ? (
            <>
              <Link to="/home/settings/account" className="site-header__member">
                {session.name ?? "My account"}
              </Link>
              <button type="button" className="button button--link" onClick={() => void session.signOut()}>
                Sign out
              </button>
            </>
          ) : (
            <>
              <Link to="/sign-in">Sign in</Link>
              <Link to="/join" className="button">
                Join
              </Link>
            </>
          )}
        </div>
      </div>
      {menu && (
        <Suspense fallback={null}>
          <SiteMenu label={menu.label} sections={menu.sections} />
        </Suspense>
      )}
    </header>
  );
}

/** Header, main content and footer around every page. */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const accessibility = useAccessibilityFeatures();
  // A new page starts at its top, unless it was asked for a section.
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <Header />
      <SiteAlerts />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Suspense fallback={null}>
        <Footer accessibility={accessibility.button} />
      </Suspense>
      {accessibility.dialog}
      <ToastViewport />
    </>
  );
}
