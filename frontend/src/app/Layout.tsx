import { lazy, Suspense, useEffect, useRef, type ReactNode, type RefObject } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useAccessibilityFeatures } from "../components/site/AccessibilityFeatures";
import { ToastViewport } from "../components/ui/Toast";
import { useSession } from "../stores/session";
import { SiteAlerts } from "./SiteAlerts";
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

function Header() {
  const session = useSession();
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
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
          <NavLink to="/best-credit-cards">Credit cards</NavLink>
          <NavLink to="/savings-accounts">Banking</NavLink>
          <NavLink to="/best-personal-loans">Loans</NavLink>
          <NavLink to="/compare">Compare</NavLink>
        </nav>
        <div className="site-header__account">
          {session.signedIn ? (
            <>
              <Link to="/home/settings/private-info" className="site-header__member">
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
