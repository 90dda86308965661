import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { SearchHit } from "../api/generated/SearchHit";
import type { SearchResponse } from "../api/generated/SearchResponse";
import { siteSearch } from "../api/client";
import { useAsync } from "../app/useAsync";
import { usePageMeta } from "../app/usePageMeta";
import { StarRating } from "../components/product/StarRating";
import "./SearchPage.css";

const count = (n: number) => n.toLocaleString("en-US");

function Hits({ title, hits, total, empty, more }: { title: string; hits: SearchHit[]; total: number; empty: string; more?: () => void }) {
  return (
    <section className="search-results__group" aria-labelledby={`search-${title}`}>
      <h2 id={`search-${title}`}>
        {title} <span className="search-results__count">({total > hits.length ? `${hits.length} of ${count(total)}` : total})</span>
      </h2>
      {hits.length === 0 ? (
        <p className="search-results__none">{empty}</p>
      ) : (
        <ol className="search-results__list">
          {hits.map((hit) => (
            <li key={hit.id} className="search-hit">
              <Link to={hit.path} className="search-hit__name">
                {hit.name}
              </Link>
              <span className="search-hit__meta">
                {hit.productLabel}
                {hit.issuer && <> · {hit.issuer}</>}
              </span>
              {hit.rating && <StarRating pieces={hit.rating.fractionalStars} text={hit.rating.text} label="Our rating" size="small" />}
            </li>
          ))}
        </ol>
      )}
      {more && (
        <button type="button" className="button button--secondary" onClick={more}>
          More products
        </button>
      )}
    </section>
  );
}

function Results({ found }: { found: SearchResponse }) {
  // "More products" adds the next page of products below the ones shown.
  const [extra, setExtra] = useState<{ hits: SearchHit[]; next?: number }>({ hits: [], next: found.productsNextOffset });
  const [failed, setFailed] = useState(false);
  const more = () => {
    if (extra.next === undefined) return;
    siteSearch(found.query, extra.next).then(
      (page) => setExtra((e) => ({ hits: [...e.hits, ...page.products], next: page.productsNextOffset })),
      () => setFailed(true),
    );
  };
  const nothing = found.productsTotal + found.institutionsTotal + found.questionsTotal === 0;
  return (
    <>
      <p className="search-results__summary" role="status">
        {nothing
          ? `Nothing found for “${found.query}”. Try fewer words, or a bank's or a card's name.`
          : `Found ${count(found.productsTotal)} ${found.productsTotal === 1 ? "product" : "products"}, ${count(found.institutionsTotal)} ${found.institutionsTotal === 1 ? "bank or credit union" : "banks and credit unions"} and ${count(found.questionsTotal)} ${found.questionsTotal === 1 ? "question" : "questions"} for “${found.query}”.`}
      </p>
      <Hits title="Products" hits={[...found.products, ...extra.hits]} total={found.productsTotal} empty="No cards, accounts or loans match." more={extra.next !== undefined ? more : undefined} />
      {failed && <p role="alert">More products could not be loaded. Please try again.</p>}
      <Hits title="Banks and credit unions" hits={found.institutions} total={found.institutionsTotal} empty="No bank or credit union matches." />
      <section className="search-results__group" aria-labelledby="search-questions">
        <h2 id="search-questions">
          Community questions <span className="search-results__count">({found.questionsTotal > found.questions.length ? `${found.questions.length} of ${count(found.questionsTotal)}` : found.questionsTotal})</span>
        </h2>
        {found.questions.length === 0 ? (
          <p className="search-results__none">
            No question matches. <Link to="/answers/">Ask the community</Link>
          </p>
        ) : (
          <ol className="search-results__list">
            {found.questions.map((q) => (
              <li key={q.id} className="search-hit">
                <Link to={q.path} className="search-hit__name">
                  {q.title}
                </Link>
                <span className="search-hit__meta">
                  {q.answers} {q.answers === 1 ? "answer" : "answers"}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

/** `/search?q=`: what the site search found, by kind. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  usePageMeta(q ? `Search: ${q}` : "Search", "Search Plainrate's cards, accounts, loans, banks, credit unions and community questions.");
  const [load, retry] = useAsync<SearchResponse | null>(q, () => (q ? siteSearch(q) : Promise.resolve(null)), null);
  return (
    <div className="container search-results">
      <h1>{q ? `Search results for “${q}”` : "Search"}</h1>
      {!q && <p>Type a card, an account, a bank or a question in the search box above.</p>}
      {q && load.state === "failed" && (
        <p role="alert">
          {(load.error as { data?: { message?: string } } | null)?.data?.message ?? "The search could not be done."}{" "}
          <button type="button" className="button button--link" onClick={retry}>
            Try again
          </button>
        </p>
      )}
      {q && load.state !== "failed" && load.state !== "ready" && <p className="page-loading">Searching…</p>}
      {load.state === "ready" && load.data && <Results key={q} found={load.data} />}
    </div>
  );
}
