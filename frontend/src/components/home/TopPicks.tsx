import { useEffect, useState } from "react";
import { Link } from "react-router";

import type { ListingResponse } from "../../api/generated/ListingResponse";
import type { OfferSummary } from "../../api/generated/OfferSummary";
import { listings } from "../../api/client";
import { keyFigures } from "../product/FigureList";
import "./TopPicks.css";

/** The categories whose first picks the home page shows, with the page each comes from. */
export const TOP_PICK_ROUTES: readonly { title: string; route: string }[] = [
  { title: "Credit cards", route: "/best-credit-cards" },
  { title: "Savings accounts", route: "/savings-accounts" },
  { title: "CDs", route: "/cd-rates" },
  { title: "Personal loans", route: "/best-personal-loans" },
];

/** How many picks each category shows. */
export const PICKS_PER_CATEGORY = 3;

type Picks = { state: "loading" } | { state: "ready"; listing: ListingResponse } | { state: "failed" };

/** One pick: name, issuer, its first key figure and a link to its page. */
function Pick({ offer, rank }: { offer: OfferSummary; rank: number }) {
  const figure = keyFigures(offer)[0];
  return (
    <li className="top-picks__item">
      <span className="top-picks__rank">#{rank}</span>
      <div>
        {offer.detailsPath ? <Link to={offer.detailsPath}>{offer.name}</Link> : <span>{offer.name}</span>}
        {offer.issuer && <p className="top-picks__issuer">{offer.issuer}</p>}
        {figure && (
          <p className="top-picks__figure">
            {figure.label}: <strong>{figure.figure.display}</strong>
            {offer.rating && <> · Our rating {offer.rating.text}</>}
          </p>
        )}
      </div>
    </li>
  );
}

/** A category's first picks in its page's own order (no sponsorship), loaded after the page. */
function Category({ title, route }: { title: string; route: string }) {
  const [picks, setPicks] = useState<Picks>({ state: "loading" });
  useEffect(() => {
    let current = true;
    listings({ route, per_page: PICKS_PER_CATEGORY, sponsorship: "none" }).then(
      (listing) => current && setPicks({ state: "ready", listing }),
      () => current && setPicks({ state: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [route]);
  return (
    <section className="top-picks__category" aria-label={`Top ${title.toLowerCase()}`}>
      <h3>{title}</h3>
      {picks.state === "loading" && <p className="top-picks__status">Loading…</p>}
      {picks.state === "failed" && <p className="top-picks__status">These picks could not be loaded.</p>}
      {picks.state === "ready" && picks.listing.items.length === 0 && (
        <p className="top-picks__status">None listed yet: our data names no {title.toLowerCase()} with their terms, and we do not make any up.</p>
      )}
      {picks.state === "ready" && picks.listing.items.length > 0 && (
        <ol className="top-picks__list">
          {picks.listing.items.slice(0, PICKS_PER_CATEGORY).map((item, i) => (
            <Pick key={item.offer.id} offer={item.offer} rank={item.editorialRank || i + 1} />
          ))}
        </ol>
      )}
      <Link to={route} className="top-picks__more">
        {picks.state === "ready" && picks.listing.items.length === 0 ? "What to compare meanwhile" : "See all"}
        <span className="visually-hidden"> {title.toLowerCase()}</span>
      </Link>
    </section>
  );
}

/** The home page's top picks: the first three of four categories, each from its own page. */
export function TopPicks() {
  return (
    <div className="top-picks">
      {TOP_PICK_ROUTES.map((category) => (
        <Category key={category.route} title={category.title} route={category.route} />
      ))}
    </div>
  );
}
