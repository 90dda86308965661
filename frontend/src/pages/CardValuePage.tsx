import { type FormEvent, Fragment, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { CardValueResponse } from "../api/generated/CardValueResponse";
import type { ValueAssumptions } from "../api/generated/ValueAssumptions";
import { cardValues } from "../api/client";
import { useAsync } from "../app/useAsync";
import { usePageMeta } from "../app/usePageMeta";
import { useCreditScore } from "../stores/creditScore";
import { formError } from "./formErrors";
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
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

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

/** The form's figures as the address gives them; empty ones are filled from the server's answer. */
function valuesOf(params: URLSearchParams): Values {
  return Object.fromEntries(FIELDS.map((name) => [name, params.get(name) ?? ""])) as Values;
}

/** The figures an address carries, to tell the form's own submit from a move in the history. */
const figuresKey = (figures: Partial<Record<string, string>>) => FIELDS.map((name) => figures[name] ?? "").join("|");

/** Fills the fields still empty with the figures the server assumed (the tier stays the visitor's choice). */
function seeded(values: Values, a: ValueAssumptions): Values {
  const assumed: Omit<Values, "tier"> = { groceries: a.groceries, dining: a.dining, gas: a.gas, travel: a.travel, other: a.other, balance: a.balance, cpp: a.centsPerPoint };
  const next = { ...values };
  for (const [name, value] of Object.entries(assumed) as [Field, string][]) if (!next[name]) next[name] = value;
  return next;
}

/**
 * The form field a refused request names, with the server's message. The score is sent for
 * the "From my credit score" tier, so its refusal shows there; a refusal naming no field of
 * the form (the page, or none at all) is the page's failure instead.
 */
function refusalOf(error: unknown): { field: Field; message: string } | null {
  const { message, field } = formError(error);
  const at = field === "score" ? "tier" : FIELDS.find((name) => name === field);
  return at ? { field: at, message } : null;
}

/**
 * `/card-value`: every credit card ranked by what it is worth in a year for the visitor's
 * own spending, balance and credit tier. The server computes it (catalogue::value); the
 * page shows the assumptions, lets the visitor change them, and shows each card's working.
 */
export default function CardValuePage() {
  usePageMeta("What is a card worth to you?", "Credit cards ranked by their first-year value for your own spending, balance and credit: the bonus your spending reaches, less the annual fee and interest; rewards only where a source gives the earn rate.");
  const [params, setParams] = useSearchParams();
  const score = useCreditScore((s) => s.score);
  const query = queryOf(params, score);
  const key = new URLSearchParams(query).toString();
  const [load, retry] = useAsync<CardValueResponse>(key, () => cardValues(query), null);

  // The form holds the visitor's own figures through loads and refusals; it follows the
  // address only when the address moves without it (back, forward, Start again).
  const addressKey = figuresKey(Object.fromEntries(params));
  const [form, setForm] = useState({ key: addressKey, values: valuesOf(params), seeded: false });
  if (form.key !== addressKey) {
    setForm({ key: addressKey, values: valuesOf(params), seeded: false });
  } else if (!form.seeded && load.state === "ready" && !load.refreshing) {
    // Once, when this address's answer comes: the fields left empty show what the server assumed.
    setForm({ ...form, values: seeded(form.values, load.data.assumptions), seeded: true });
  }
  // The last good ranking, kept below the form while a refused figure is put right.
  const [lastGood, setLastGood] = useState<CardValueResponse | null>(null);
  if (load.state === "ready" && load.data !== lastGood) setLastGood(load.data);

  const refusal = load.state === "failed" ? refusalOf(load.error) : null;
  const failed = load.state === "failed" && !refusal;
  const data = failed ? null : load.state === "ready" ? load.data : lastGood;

  const submit = () => {
    const next: Record<string, string> = {};
    for (const name of FIELDS) if (form.values[name].trim()) next[name] = form.values[name].trim();
    // The same figures again after a failure make no new query, so ask again outright.
    if (load.state === "failed" && new URLSearchParams(queryOf(new URLSearchParams(next), score)).toString() === key) retry();
    setForm({ ...form, key: figuresKey(next) });
    setParams(next);
  };

  return (
    <div className="container card-value">
      <h1>What is a card worth to you?</h1>
      <p className="card-value__lead">
        Tell us what you spend and any balance you carry. Your spending decides whether each card&apos;s first-year bonus is reached. A card&apos;s yearly value is that bonus, less its annual fee and a year&apos;s interest on your balance at the APR the CFPB&apos;s card survey reports for your credit tier. Rewards are added only where a source gives the card&apos;s earn rate on every purchase; otherwise they are left out and the card is marked &ldquo;before rewards&rdquo;.
      </p>
      <Assumptions
        data={data}
        values={form.values}
        refusal={refusal}
        onValue={(name, value) => setForm((f) => ({ ...f, values: { ...f.values, [name]: value } }))}
        onSubmit={submit}
      />
      {failed && (
        <p role="alert" className="card-value__failure">
          {(load.error as { data?: { message?: string } }).data?.message ?? "The estimate could not be made."}{" "}
          <button type="button" className="button button--link" onClick={retry}>
            Try again
          </button>{" "}
          <Link to="/card-value">Start again</Link>
        </p>
      )}
      {load.state === "loading" && <p className="page-loading">Working it out…</p>}
      {data && <Ranking data={data} params={params} busy={load.state === "loading" || (load.state === "ready" && load.refreshing === true)} onPage={(page) => setParams({ ...Object.fromEntries(params), page: String(page) })} />}
    </div>
  );
}

function Assumptions({
  data,
  values,
  refusal,
  onValue,
  onSubmit,
}: {
  data: CardValueResponse | null;
  values: Values;
  refusal: { field: Field; message: string } | null;
  onValue: (name: Field, value: string) => void;
  onSubmit: () => void;
}) {
  const id = useId();
  const set = (name: Field) => (event: { target: { value: string } }) => onValue(name, event.target.value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  // The refused field points at the server's message, which is announced when it appears.
  const errorId = `${id}-error`;
  const invalid = (name: Field) => (refusal?.field === name ? { "aria-invalid": true, "aria-describedby": errorId } : {});
  const error = (name: Field) =>
    refusal?.field === name && (
      <p id={errorId} className="form-error card-value__error" role="alert">
        {refusal.message}
      </p>
    );
  const a = data?.assumptions;
  return (
    <form className="card-value__form" onSubmit={submit} aria-label="Your figures" noValidate>
      <fieldset>
        <legend>Monthly spending</legend>
        {SPENDING.map(([name, label]) => (
          <Fragment key={name}>
            <label>
              {label}
              <span className="card-value__money">
                $<input name={name} inputMode="decimal" value={values[name]} onChange={set(name)} {...invalid(name)} />
              </span>
            </label>
            {error(name)}
          </Fragment>
        ))}
      </fieldset>
      <fieldset>
        <legend>Balance and credit</legend>
        <label>
          Balance you carry
          <span className="card-value__money">
            $<input name="balance" inputMode="decimal" value={values.balance} onChange={set("balance")} {...invalid("balance")} />
          </span>
        </label>
        {error("balance")}
        <label>
          Credit tier
          <select name="tier" value={values.tier} onChange={set("tier")} {...invalid("tier")}>
            {TIERS.map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {error("tier")}
        <label>
          A point or mile is worth
          <span className="card-value__money">
            <input name="cpp" inputMode="decimal" value={values.cpp} onChange={set("cpp")} {...invalid("cpp")} />¢
          </span>
        </label>
        {error("cpp")}
      </fieldset>
      {data && a && (
        <p className="card-value__used">
          Working with ${money(a.monthlyTotal)} a month, a ${money(a.balance)} balance, credit {a.tierLabel} and {a.centsPerPoint}¢ a point. Your spending decides whether each card&apos;s first-year bonus is reached. Rewards count only where a source gives a card&apos;s earn rate on every purchase;{" "}
          {data.rewardsLeftOut > 0 ? `they are left out for ${data.rewardsLeftOut} of ${data.total} cards.` : "no card's rewards are left out."}
        </p>
      )}
      <button type="submit" className="button">
        Rank the cards
      </button>
    </form>
  );
}

function Ranking({ data, params, busy, onPage }: { data: CardValueResponse; params: URLSearchParams; busy: boolean; onPage: (page: number) => void }) {
  const first = (data.page - 1) * data.perPage;
  return (
    <section aria-labelledby="value-ranking" aria-busy={busy}>
      <h2 id="value-ranking">Cards by the value our data supports in year one, highest first</h2>
      <p>
        Ranked by the first-year bonus, the annual fee and interest, with rewards only where a source gives the earn rate. Cards marked &ldquo;before rewards&rdquo; earn rewards we cannot count, so they may be worth more than shown.
      </p>
      <p>
        {data.estimated} of {data.total} cards have an estimate
        {/* The earn rate no longer blocks an estimate: only the fee and, with a balance, the APR can. */}
        {data.estimated < data.total ? "; the rest come last, because their annual fee is not stated as a plain amount or, with a balance carried, no APR is given" : ""}. Page {data.page} of {data.pages}.
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
              <strong className="value-card__value">{card.value ? `${card.value} in year one${card.rewardsLeftOut ? ", before rewards" : ""}` : "No estimate"}</strong>
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
