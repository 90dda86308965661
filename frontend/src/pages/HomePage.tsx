import { Link, useLocation } from "react-router";
import type { RouteInfo } from "../api/generated/RouteInfo";
import type { RouteSection } from "../api/generated/RouteSection";
import { ContentTeaser } from "../components/product/ContentTeaser";
import { currentAddress, takeInitialData } from "../app/initialData";
import { seedRoutes, useRoutes } from "../app/routeTable";
import { usePageMeta } from "../app/usePageMeta";
import "./HomePage.css";
import { datedTitle } from "../rules/datePlaceholders";
import { TopPicks } from "../components/home/TopPicks";
import { SearchBox } from "../components/site/SearchBox";

const SECTION_TITLES: Record<RouteSection, string> = {
  creditCards: "Credit cards by category",
  bestOf: "Best-of lists",
  banking: "Banking",
  loans: "Personal loans",
};

const SECTIONS: RouteSection[] = ["creditCards", "bestOf", "banking", "loans"];

/** The front page: every listing, grouped, and the guides. */
export default function HomePage() {
  usePageMeta("Compare credit cards, bank accounts and loans", "Compare credit cards, checking, savings, CD and money-market accounts and personal loans, with the source and date of every figure.");
  const initial = takeInitialData("home", currentAddress(useLocation()));
  if (initial) seedRoutes(initial.routes.routes);
  const routes = useRoutes();
  return (
    <div className="home">
      <section className="home__hero">
        <div className="container">
          <h1>Compare financial products, with every figure sourced</h1>
          <p>
            Credit cards, bank accounts and personal loans, ranked by our published method. Sponsored placements are always
            labelled, and every list has a switch to the order with no sponsorship.
          </p>
          <SearchBox className="home__search" label="Search cards, accounts, banks and questions" />
          <div className="home__hero-actions">
            <Link className="button" to="/best-credit-cards">Best credit cards</Link>
            <Link className="button button--secondary" to="/card-value">What is a card worth to you?</Link>
            <Link className="button button--secondary" to="/savings-accounts">Savings accounts</Link>
            <Link className="button button--secondary" to="/rating-methodologies">How we rate</Link>
          </div>
        </div>
      </section>
      <div className="container home__sections">
        <section className="home__section" aria-labelledby="home-top-picks">
          <h2 id="home-top-picks">Top picks</h2>
          <p className="home__picks-note">The first three of each list in our own order, with no sponsored placement.</p>
          <TopPicks />
        </section>
        {routes.state === "failed" && <p role="alert">The list of pages could not be loaded. Please reload.</p>}
        {routes.state === "ready" &&
          SECTIONS.map((section) => {
            const inSection = routes.data.filter((r: RouteInfo) => r.section === section);
            if (inSection.length === 0) return null;
            return (
              <section key={section} className="home__section" aria-labelledby={`home-${section}`}>
                <h2 id={`home-${section}`}>{SECTION_TITLES[section]}</h2>
                <ul className="home__links">
                  {inSection.map((r) => (
                    <li key={r.path}>
                      <Link to={r.path}>{datedTitle(r.title)}</Link>
                      <p>{r.description}</p>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        <section className="home__section" aria-labelledby="home-guides">
          <h2 id="home-guides">Guides</h2>
          <div className="home__teasers">
            <ContentTeaser category="Credit scores" comment="What the score ranges mean, and which cards each range can expect." href="/credit-score-range" />
            <ContentTeaser category="Credit reports" comment="How to get your credit reports for free, and what to check in them." href="/free-credit-report" />
            <ContentTeaser category="Our method" comment="How we rank products, where our figures come from, and how sponsorship is kept apart." href="/rating-methodologies" />
          </div>
        </section>
      </div>
    </div>
  );
}
