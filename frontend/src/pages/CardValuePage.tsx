import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { CardValueResponse } from "../api/generated/CardValueResponse";
import { cardValues } from "../api/client";
import { useAsync } from "../app/useAsync";
import { usePageMeta } from "../app/usePageMeta";
import { useCreditScore } from "../stores/creditScore";
import "./CardValuePage.css";

/** The inputs, in the form's order, with their labels. */
const SPENDING = [
  ["groceries", "Groceries"],
  ["dining", "Restaurants"],
  ["gas", "Gas"],
  ["travel", "Travel"],
  ["other", "Everything else"],
] as const;
const TIERS = [
  ["", "From my credit score"],
  ["great", "720 or more"],
  ["good", "620 to 719"],
  ["poor", "619 or less"],
  ["none", "No credit score"],
] as const;
/** A plain dollar figure from the server with thousands separators ("1500" → "1,500"). */
const money = (plain: string) => Number(plain).toLocaleString("en-US", { maximumFractionDigits: 2 });
const FIELDS = ["groceries", "dining", "gas", "travel", "other", "balance", "tier", "cpp"] as const;

/** The query the server reads: the address's values, and the visitor's score when no tier is chosen. */
function queryOf(params: URLSearchParams, score: number | null): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of [...FIELDS, "page"]) {
    const value = params.get(name);
    if (value) query[name] = value;
  }
  if (!query.tier && score !== null) query.score = String(score);
  return query;
}

/**
 * `/card-value`: every credit card ranked by what it is worth in a year for the visitor's
 * own spending, balance and credit tier. The server computes it (catalogue::value); the
 * page shows the assumptions, lets the visitor change them, and shows each card's working.
 */
export default function CardValuePage() {
  usePageMeta("What is a card worth to you?", "Credit cards ranked by their yearly value for your own spending, balance and credit: rewards and bonus, less the annual fee and interest.");
  const [params, setParams] = useSearchParams();
  const score = useCreditScore((s) => s.score);
  const query = queryOf(params, score);
  const key = new URLSearchParams(query).toString();
  const [load, retry] = useAsync<CardValueResponse>(key, () => cardValues(query), null);
  const data = load.state === "ready" ? load.data : null;

  return (
    <div className="container card-value">
      <h1>What is a card worth to you?</h1>
      <p className="card-value__lead">
        Tell us what you spend and any balance you carry. Each card&apos;s yearly value is its rewards on your spending and its first-year bonus (when your spending reaches it), less its annual fee and a year&apos;s interest on your balance at the APR the CFPB&apos;s card survey reports for your credit tier.
      </p>
      {data && <Assumptions key={key} data={data} params={params} onChange={(next) => setParams(next)} />}
      {load.state === "failed" && (
        <p role="alert">
          {(load.error as { data?: { message?: string } }).data?.message ?? "The estimate could not be made."}{" "}
          <button type="button" className="button button--link" onClick={retry}>
            Try again
          </button>{" "}
          <Link to="/card-value">Start again</Link>
        </p>
      )}
      {load.state === "loading" && <p className="page-loading">Working it out…</p>}
      {data && <Ranking data={data} params={params} onPage={(page) => setParams({ ...Object.fromEntries(params), page: String(page) })} />}
    </div>
  );
}

function Assumptions({ data, params, onChange }: { data: CardValueResponse; params: URLSearchParams; onChange: (next: Record<string, string>) => void }) {
  const a = data.assumptions;
  const [values, setValues] = useState<Record<string, string>>({
    groceries: a.groceries,
    dining: a.dining,
    gas: a.gas,
    travel: a.travel,
    other: a.other,
    balance: a.balance,
    tier: params.get("tier") ?? "",
    cpp: a.centsPerPoint,
  });
  const set = (name: string) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    for (const name of FIELDS) if (values[name]) next[name] = values[name]!.trim();
    onChange(next);
  };
  return (
    <form className="card-value__form" onSubmit={submit} aria-label="Your figures">
      <fieldset>
        <legend>Monthly spending</legend>
        {SPENDING.map(([name, label]) => (
          <label key={name}>
            {label}
            <span className="card-value__money">
              $<input name={name} inputMode="decimal" value={values[name]} onChange={set(name)} />
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Balance and credit</legend>
        <label>
          Balance you carry
          <span className="card-value__money">
            $<input name="balance" inputMode="decimal" value={values.balance} onChange={set("balance")} />
          </span>
        </label>
        <label>
          Credit tier
          <select name="tier" value={values.tier} onChange={set("tier")}>
            {TIERS.map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          A point or mile is worth
          <span className="card-value__money">
            <input name="cpp" inputMode="decimal" value={values.cpp} onChange={set("cpp")} />¢
          </span>
        </label>
      </fieldset>
      <p className="card-value__used">
        Working with ${money(a.monthlyTotal)} a month, a ${money(a.balance)} balance, credit {a.tierLabel} and {a.centsPerPoint}¢ a point. Our sources give no category rates, so every category earns a card&apos;s base rate.
      </p>
      <button type="submit" className="button">
        Rank the cards
      </button>
    </form>
  );
}

function Ranking({ data, params, onPage }: { data: CardValueResponse; params: URLSearchParams; onPage: (page: number) => void }) {
  const first = (data.page - 1) * data.perPage;
  return (
    <section aria-labelledby="value-ranking">
      <h2 id="value-ranking">Cards by their value in the first year, highest first</h2>
      <p>
        {data.estimated} of {data.total} cards have an estimate; the rest lack a figure (their earn rate, most often) and come last. Page {data.page} of {data.pages}.
      </p>
      <ol className="card-value__list" start={first + 1}>
        {data.cards.map((card) => (
          <li key={card.id} className="value-card">
            <div className="value-card__head">
              {card.detailsPath ? (
                <Link to={card.detailsPath} className="value-card__name">
                  {card.name}
                </Link>
              ) : (
                <span className="value-card__name">{card.name}</span>
              )}
              {card.issuer && <span className="value-card__issuer">{card.issuer}</span>}
              <strong className="value-card__value">{card.value ? `${card.value} in year one` : "No estimate"}</strong>
            </div>
            {card.unknown && <p className="value-card__unknown">{card.unknown}</p>}
            <ul className="value-card__working">
              {card.working.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <nav className="card-value__pages" aria-label="Pages of the ranking">
        {data.page > 1 && (
          <button type="button" className="button button--secondary" onClick={() => onPage(data.page - 1)}>
            Previous page
          </button>
        )}
        {data.page < data.pages && (
          <button type="button" className="button button--secondary" onClick={() => onPage(data.page + 1)}>
            Next page
          </button>
        )}
      </nav>
      <p className="card-value__note">
        An estimate, not an offer: issuers set your APR and may change rewards. APRs by credit tier come from the CFPB&apos;s Terms of Credit Card Plans survey{params.get("tier") ? "" : "; choose your tier above or enter your score on a card's page"}.
      </p>
    </section>
  );
}
