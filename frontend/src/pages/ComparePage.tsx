import { type CSSProperties, useEffect } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import type { CompareResponse } from "../api/generated/CompareResponse";
import type { OfferSummary } from "../api/generated/OfferSummary";
import { compare as fetchCompare } from "../api/client";
import { currentAddress, takeInitialData } from "../app/initialData";
import { useAsync } from "../app/useAsync";
import { usePageMeta } from "../app/usePageMeta";
import { StarRating } from "../components/product/StarRating";
import { ProductArt } from "../components/product/ProductArt";
import { ApplyButton } from "../components/product/ApplyButton";
import { keyFigures } from "../components/product/FigureList";
import { provenanceText } from "../components/product/Provenance";
import { LargeBankAsterisk, LargeBankNote, shownIssuer } from "../components/product/LargeBankNote";
import { compareAddress, useCompare } from "../stores/compare";
import { formError } from "./formErrors";
import "./ComparePage.css";

function idsFrom(params: URLSearchParams): string[] {
  return (params.get("ids") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The rows of the comparison: every figure any of the products shows. */
function rows(offers: OfferSummary[]): { label: string; cells: { display: string; title: string }[] }[] {
  const labels: string[] = [];
  const perOffer = offers.map((o) => keyFigures(o));
  for (const figures of perOffer) for (const f of figures) if (!labels.includes(f.label)) labels.push(f.label);
  return labels.map((label) => ({
    label,
    cells: perOffer.map((figures, i) => {
      const item = figures.find((f) => f.label === label);
      const offer = offers[i];
      return {
        display: item ? `${item.figure.display}${item.note ? ` (${item.note})` : ""}` : "N/A",
        title: offer ? provenanceText(offer.provenance) : "",
      };
    }),
  }));
}

/** `/compare?ids=a,b`: two to four products side by side. */
export default function ComparePage() {
  usePageMeta("Compare products", "Compare up to four credit cards, accounts or loans side by side.");
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = idsFrom(params);
  const chosen = useCompare((s) => s.ids);
  const names = useCompare((s) => s.names);
  const initial = takeInitialData("compare", currentAddress(location));
  const wanted = ids.length >= 2;
  const [load, retry] = useAsync<CompareResponse | null>(ids.join(","), () => (wanted ? fetchCompare(ids) : Promise.resolve(null)), initial?.compare ?? null);

  // Without ids, the list chosen on cards is the comparison.
  useEffect(() => {
    if (!wanted && chosen.length >= 2) navigate(compareAddress(chosen), { replace: true });
  }, [wanted, chosen, navigate]);

  const offers = load.state === "ready" && load.data ? load.data.offers : [];
  return (
    <div className="container compare">
      <h1>Compare products</h1>
      {!wanted && (
        <div className="compare__empty">
          <p>Tick “Compare” on two to four products in any list, then come back here.</p>
          {chosen.length === 1 && <p>You have chosen {names[chosen[0] ?? ""] ?? "one product"}. Pick one more.</p>}
          <p>
            <Link to="/best-credit-cards">Browse the best credit cards</Link> · <Link to="/savings-accounts">Browse savings accounts</Link>
          </p>
        </div>
      )}
      {wanted && load.state === "loading" && <p>Loading…</p>}
      {wanted && load.state === "failed" && (
        <div role="alert">
          <p>{formError(load.error).message}</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {offers.length > 0 && (
        <div className="compare__scroll" role="region" aria-label="Comparison table" tabIndex={0}>
          {/* The table's least width follows the number of products: two fit a phone. */}
          <table className="compare__table" style={{ "--products": offers.length } as CSSProperties}>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Product</span>
                </th>
                {offers.map((o) => (
                  <th key={o.id} scope="col">
                    <ProductArt art={o.art} className="compare__art" />
                    {o.detailsPath ? <Link to={o.detailsPath}>{o.name}</Link> : o.name}
                    {shownIssuer(o) && (
                      <span className="compare__issuer">
                        {shownIssuer(o)}
                        <LargeBankAsterisk offer={o} />
                      </span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Our rating</th>
                {offers.map((o) => (
                  <td key={o.id}>{o.rating ? <StarRating pieces={o.rating.fractionalStars} text={o.rating.text} size="small" /> : "Not rated"}</td>
                ))}
              </tr>
              {rows(offers).map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {row.cells.map((cell, i) => (
                    <td key={i} title={cell.title}>
                      {cell.display}
                    </td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row">Source</th>
                {offers.map((o) => (
                  <td key={o.id} className="compare__source">
                    {provenanceText(o.provenance)}
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row">
                  <span className="visually-hidden">Apply</span>
                </th>
                {offers.map((o, i) => (
                  <td key={o.id}>
                    <ApplyButton offer={o} slot={{ section: "compare", position: i + 1, totals: offers.length }} />
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
      <LargeBankNote offers={offers} />
    </div>
  );
}
