import { Link } from "react-router";
import type { RouteInfo } from "../../api/generated/RouteInfo";
import { ExpertsGallery } from "../experts/ExpertsGallery";
import QuestionBox from "../qna/QuestionBox";
import "./bestOf.css";

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
  return (
    <>
      {/* A page of cards first: the questions start collapsed, each opening on request. */}
      <QuestionBox categoryName={CATEGORY} heading="Questions about credit cards" empty="No questions about credit cards yet. Be the first to ask." presentation={{ kind: "collapsed" }} />
      <section id="expert-opinions" aria-labelledby="expert-opinions-heading" className="best-of__section">
        <h2 id="expert-opinions-heading">Expert opinions</h2>
        <ExpertsGallery path={route.path} perPage={EXPERTS_PER_PAGE} />
        <p>
          <Link to="/experts/">All our experts</Link>
        </p>
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
    </>
  );
}
