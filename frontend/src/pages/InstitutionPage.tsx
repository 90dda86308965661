import { lazy, Suspense } from "react";
import { Link, useLocation, useParams } from "react-router";
import type { InstitutionResponse } from "../api/generated/InstitutionResponse";
import { institution as fetchInstitution } from "../api/client";
import { currentAddress, takeInitialData } from "../app/initialData";
import { useAsync } from "../app/useAsync";
import { usePageMeta } from "../app/usePageMeta";
import { StarRating } from "../components/product/StarRating";
import { ProductArt } from "../components/product/ProductArt";
import { ProductCard } from "../components/product/ProductCard";
import { ApplyButton } from "../components/product/ApplyButton";
import { CommentBlock } from "../components/product/ContentTeaser";
import { ProvenanceRow } from "../components/product/Provenance";
// The rating widget sits below the figures: it loads after the page, its space kept.
const RatingWidget = lazy(() => import("../components/rating/RatingWidget").then((m) => ({ default: m.RatingWidget })));
import { CompareBar } from "../components/product/CompareBar";
import { LargeBankAsterisk, LargeBankNote } from "../components/product/LargeBankNote";
import { LoadFailure } from "./LoadFailure";
import "./DetailsPage.css";

/** `/institutions/{id}`: a bank or credit union and the products it offers. */
export default function InstitutionPage() {
  const { id = "" } = useParams();
  const location = useLocation();
  const initial = takeInitialData("institution", currentAddress(location));
  const [load, retry] = useAsync<InstitutionResponse>(id, () => fetchInstitution(id), initial?.institution ?? null);
  const data = load.state === "ready" ? load.data : null;
  usePageMeta(data ? data.institution.name : null, data ? `${data.institution.name}: rating, member ratings and the products it offers.` : null);
  if (load.state === "failed") return <LoadFailure error={load.error} retry={retry} what="This institution" className="details" />;
  if (!data) return <p className="container page-loading">Loading…</p>;
  const inst = data.institution;
  return (
    <div className="container details">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> <span aria-hidden="true">›</span> <Link to="/banks">Banks</Link> <span aria-hidden="true">›</span> <span>{inst.name}</span>
      </nav>
      <header className="details__header">
        <ProductArt art={inst.art} className="details__art" />
        <div>
          <h1>
            {inst.name}
            <LargeBankAsterisk offer={inst} />
          </h1>
          <p className="details__issuer">{inst.productLabel}</p>
          {inst.rating && <StarRating pieces={inst.rating.fractionalStars} text={inst.rating.text} barWidthPercent={inst.rating.barWidthPercent} label="Our rating" size="large" />}
        </div>
        <div className="details__actions">
          <ApplyButton offer={inst} label="Go to Site" slot={{ section: "institution", position: 1, totals: 1 }} />
        </div>
      </header>
      {inst.editorsNotes && (
        <section className="details__section" aria-labelledby="editor-notes">
          <h2 id="editor-notes">Editor’s notes</h2>
          <CommentBlock comment={inst.editorsNotes} author="Plainrate editors" />
        </section>
      )}
      <ProvenanceRow provenance={inst.provenance} />
      <section className="details__section" aria-labelledby="products">
        <h2 id="products">Products from {inst.name}</h2>
        {data.products.length === 0 ? (
          <p>We list no products from this institution yet.</p>
        ) : (
          <ol className="listing__items">
            {data.products.map((p, i) => (
              <li key={p.id}>
                <ProductCard offer={p} headingLevel={3} slot={{ section: `institution:${inst.id}`, position: i + 1, totals: data.products.length }} />
              </li>
            ))}
          </ol>
        )}
      </section>
      <section id="reviews" className="details__section" aria-labelledby="reviews-title">
        <h2 id="reviews-title">Ratings</h2>
        <Suspense fallback={<p className="page-loading rating-loading">Loading ratings…</p>}>
          <RatingWidget offer={inst} />
        </Suspense>
      </section>
      <LargeBankNote offers={[inst, ...data.products]} />
      <CompareBar />
    </div>
  );
}
