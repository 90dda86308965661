import { useEffect, useRef, useState, type RefObject } from "react";
import { Link, useLocation } from "react-router";
import type { RouteInfo } from "../../api/generated/RouteInfo";
import { ExpertsGallery } from "../experts/ExpertsGallery";
import QuestionBox from "../qna/QuestionBox";
import "./bestOf.css";
import { whenShown } from "../../app/staged";

/** The community category a best-of page's questions come from (every best-of page is about cards). */
const CATEGORY = "Credit Cards";
/** Experts shown at a time under a best-of list (the gallery's own page shows 6). */
const EXPERTS_PER_PAGE = 3;

/**
 * What a best-of page has below its ranked cards: the community's questions about cards,
 * the experts, and how the page is made and paid for. Loaded after the list (its own
 * chunk); the jump bar above the list links to each section by its id.
 */
export default function BestOfSections({ route }: { route: RouteInfo }) {
  const sections = useRef<HTMLDivElement>(null);
  useHashLanding(sections);
  // A link to the gallery only once it has someone in it: an empty page is not a feature.
  const [hasExperts, setHasExperts] = useState(false);
  return (
    <div ref={sections}>
      {/* A page of cards first: the questions start collapsed, each opening on request. */}
      <QuestionBox categoryName={CATEGORY} heading="Questions about credit cards" empty="No questions about credit cards yet. Be the first to ask." presentation={{ kind: "collapsed" }} />
      <section id="expert-opinions" aria-labelledby="expert-opinions-heading" className="best-of__section">
        <h2 id="expert-opinions-heading">Expert opinions</h2>
        <ExpertsGallery
          path={route.path}
          perPage={EXPERTS_PER_PAGE}
          headingLevel={3}
          onLoaded={(gallery) => setHasExperts(gallery.expertsContent.length > 0)}
        />
        {hasExperts && (
          <p>
            <Link to="/experts/">All our experts</Link>
          </p>
        )}
      </section>
      <section id="cards-disclosure" aria-labelledby="cards-disclosure-heading" className="best-of__section">
        <h2 id="cards-disclosure-heading">How this page is made</h2>
        <p>
          Cards are ranked by our editorial order from their published terms; no issuer pays to be ranked. A card marked Sponsored is a paid
          placement, shown first and labelled; when you apply through it we may be paid. Figures come from the public data named under each
          card, with its date.
        </p>
        <p>
          <Link to="/rating-methodologies">How we rate and rank products</Link>
        </p>
      </section>
    </div>
  );
}

/** How long an address's section is held in view while the sections above it load. */
const LANDING_MS = 3000;

/**
 * An address naming one of these sections (`#qna`, a shared `#cards-disclosure`) lands on
 * it: the server's page has no such ids, and the sections arrive after the list. While the
 * questions and experts load the section is scrolled to again as the sections grow, until
 * the visitor scrolls themselves or 3 seconds pass.
 */
function useHashLanding(container: RefObject<HTMLDivElement | null>) {
  const { hash } = useLocation();
  useEffect(() => {
    const id = hash.slice(1);
    const root = container.current;
    const target = id ? root?.querySelector<HTMLElement>(`[id="${CSS.escape(id)}"]`) : null;
    if (!root || !target || typeof ResizeObserver === "undefined") return;
    const land = () => target.scrollIntoView({ block: "start" });
    const observer = new ResizeObserver(land);
    // Landing starts once the app is on screen (this part may come in its first render).
    const cancel = whenShown(() => {
      land();
      observer.observe(root);
    });
    const stop = () => {
      cancel();
      observer.disconnect();
      for (const name of ["wheel", "touchstart", "keydown"]) window.removeEventListener(name, stop);
    };
    for (const name of ["wheel", "touchstart", "keydown"]) window.addEventListener(name, stop, { passive: true });
    const timer = setTimeout(stop, LANDING_MS);
    return () => {
      clearTimeout(timer);
      stop();
    };
    // Once per arrival: the jump bar's own clicks change the hash after the sections exist.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
