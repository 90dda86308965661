import { lazy, Suspense, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { MOBILE_FOOTER_MAX_WIDTH } from "./constants";
import {
  FEEDBACK_PATH,
  FOOTER_SECTIONS,
  IFRAME_FOOTER_LINKS,
  feedbackHref,
  type FooterSection,
} from "./footerLinks";
import { useMaxWidth } from "./useMaxWidth";
import { hasApp } from "../community/storeLinks";
import { useSession } from "../../stores/session";
import { JOIN_PATH } from "../../rules/links";
import "./Footer.css";

/** States of the footer's accessibility button (community.md §4). */
export type AccessibilityState = "off" | "loading" | "on";

export interface FooterProps {
  /**
   * Show only the simple footer (Privacy Policy and Terms). When omitted, the footer
   * uses it if the page runs inside a frame (`window.self !== window.top`).
   */
  iframe?: boolean;
  /**
   * Optional accessibility-features button. The footer only draws it; the caller loads
   * the features and moves the state from "off" through "loading" to "on".
   */
  accessibility?: {
    state: AccessibilityState;
    /** Opens the features' dialog: to turn them on, or when on, to change them. */
    onOpen: () => void;
  };
}

/** What joining gives, and only that: community §2 lists credit scores, monitoring and
 * savings-finding, which the site does not offer, so the block names what a member can do
 * (docs/DECISIONS.md, "Footer join block"). */
export const JOIN_BENEFITS = [
  "Rate and review cards, accounts and banks",
  "Ask questions and answer other readers",
  "Vote on the answers that helped",
] as const;

// The app block's links and its text-message dialog load after the page, so they stay
// out of every route's first-load JavaScript (the footer is below the fold).
const AppLinkActions = lazy(() => import("../community/AppLinkActions"));

/** The site footer (community.md §2, "Footer"). */
export function Footer({ iframe, accessibility }: FooterProps) {
  const framed = iframe ?? isFramed();
  return framed ? <SimpleFooter /> : <FullFooter accessibility={accessibility} />;
}

function SimpleFooter() {
  return (
    <footer className="site-footer site-footer--simple">
      <nav aria-label="Legal" className="container">
        <ul className="site-footer__legal">
          {IFRAME_FOOTER_LINKS.map((link) => (
            <li key={link.to}>
              {/* Inside a frame, legal pages open in their own tab. */}
              <Link to={link.to} target="_blank" rel="noopener noreferrer">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}

function FullFooter({ accessibility }: Pick<FooterProps, "accessibility">) {
  const { pathname } = useLocation();
  // A member has joined: the block, and the Company section's join link, would invite
  // them to do it again.
  const signedIn = useSession((state) => state.signedIn);
  const sections = signedIn ? FOOTER_SECTIONS.map((s) => ({ ...s, links: s.links.filter((link) => link.to !== JOIN_PATH) })) : FOOTER_SECTIONS;
  const phone = useMaxWidth(MOBILE_FOOTER_MAX_WIDTH);
  const idPrefix = useId();
  const joinHeadingId = `${idPrefix}-join`;

  // Sections start collapsed whenever the footer (re)enters the phone layout.
  const [open, setOpen] = useState(() => ({ phone, ids: new Set<string>() }));
  if (open.phone !== phone) setOpen({ phone, ids: new Set() });

  const toggle = (id: string) =>
    setOpen((prev) => {
      const ids = new Set(prev.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { phone: prev.phone, ids };
    });

  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        {!signedIn && (
        <section className="site-footer__join" aria-labelledby={joinHeadingId}>
          <h2 id={joinHeadingId} className="site-footer__join-title">
            Join Plainrate
          </h2>
          <ul className="site-footer__benefits">
            {JOIN_BENEFITS.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
          <Link to="/join" className="button site-footer__join-button">
            JOIN FOR FREE
          </Link>
          <p className="site-footer__note">No credit card needed</p>
        </section>
        )}

        <div className="site-footer__sections">
          {sections.map((section) => (
            <FooterNav
              key={section.id}
              section={section}
              listId={`${idPrefix}-${section.id}`}
              collapsible={phone}
              expanded={!phone || open.ids.has(section.id)}
              onToggle={() => toggle(section.id)}
              pathname={pathname}
            />
          ))}
        </div>

        <AppBlock />

        <div className="site-footer__bottom">
          {accessibility && <AccessibilityButton {...accessibility} />}
          <p className="site-footer__copyright">© {year} Plainrate</p>
        </div>
      </div>
    </footer>
  );
}

/** "Get the Plainrate app" (community.md §2 "Dialogs"), only when the operator names a
 * store page for it: without one there is no app to offer, so no block. */
function AppBlock() {
  const headingId = `${useId()}-app`;
  const [app] = useState(() => hasApp());
  if (!app) return null;
  return (
    <section className="site-footer__app" aria-labelledby={headingId}>
      <h2 id={headingId} className="site-footer__app-title">
        Get the Plainrate app
      </h2>
      <Suspense fallback={null}>
        <AppLinkActions commId="footer" />
      </Suspense>
    </section>
  );
}

interface FooterNavProps {
  section: FooterSection;
  listId: string;
  collapsible: boolean;
  expanded: boolean;
  onToggle: () => void;
  pathname: string;
}

function FooterNav({ section, listId, collapsible, expanded, onToggle, pathname }: FooterNavProps) {
  return (
    <nav aria-label={section.title} className="site-footer__section">
      <h2 className="site-footer__heading">
        {collapsible ? (
          <button
            type="button"
            className="site-footer__toggle"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={onToggle}
          >
            {section.title}
          </button>
        ) : (
          section.title
        )}
      </h2>
      <ul id={listId} className="site-footer__links" hidden={!expanded}>
        {section.links.map((link) => {
          const to = link.to === FEEDBACK_PATH ? feedbackHref(pathname) : link.to;
          return (
            <li key={link.to}>
              <Link to={to}>{link.label}</Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function AccessibilityButton({ state, onOpen }: NonNullable<FooterProps["accessibility"]>) {
  const label =
    state === "on"
      ? "Accessibility features on"
      : state === "loading"
        ? "Loading accessibility features…"
        : "Enable accessibility features";
  // Not a toggle (no aria-pressed): pressing it opens the dialog in both "off" and "on".
  return (
    <button
      type="button"
      className="button button--secondary site-footer__a11y"
      aria-haspopup="dialog"
      aria-busy={state === "loading"}
      disabled={state === "loading"}
      onClick={() => {
        if (state !== "loading") onOpen();
      }}
    >
      {label}
    </button>
  );
}

function isFramed(): boolean {
  if (typeof window === "undefined") return false;
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent can refuse the comparison: we are framed.
    return true;
  }
}
