import { useEffect, useState } from "react";
import { NATIONAL_RATES_PATH } from "../charts/nationalRatesPath";
import { formatMonthYear } from "../ui/dates";

/** A national rate and rate cap of the newest month, as the catalogue builder writes them
 * from the FDIC's national rates (`latest` in the chart data). */
interface LatestRate {
  label: string;
  productType: string;
  asOf: string;
  rate: string;
  cap: string;
}

interface Link {
  label: string;
  href: string;
}

/** What a visitor can use where the data names no product of a kind: what to compare, and
 * where the regulators publish more. Every address is the regulator's own page. */
interface KindNote {
  name: string;
  compare: string[];
  more: Link[];
  /** A figure that is not a deposit rate, said in words with its source. */
  fact?: string;
}

const FDIC_RATES: Link = { label: "FDIC: national rates and rate caps, monthly", href: "https://www.fdic.gov/national-rates-and-rate-caps" };

const NOTES: Record<string, KindNote> = {
  checking: {
    name: "checking accounts",
    compare: [
      "the monthly fee, and what waives it (a direct deposit, a minimum balance)",
      "overdraft and returned-item fees, and whether overdraft coverage is opt-in",
      "the ATM network, and the fees for other banks' ATMs",
      "the interest rate, if the account pays one, against the national rate below",
      "deposit insurance: FDIC for a bank, NCUA for a credit union",
    ],
    more: [FDIC_RATES, { label: "CFPB: checking and other bank accounts", href: "https://www.consumerfinance.gov/consumer-tools/bank-accounts/" }],
  },
  moneyMarket: {
    name: "money market accounts",
    compare: [
      "the APY at your balance, tier by tier, against the national rate below",
      "the minimum to open and the minimum to earn the posted rate",
      "the monthly fee and the balance that waives it",
      "limits on withdrawals and transfers each month",
      "deposit insurance: FDIC for a bank, NCUA for a credit union",
    ],
    more: [FDIC_RATES, { label: "CFPB: checking and other bank accounts", href: "https://www.consumerfinance.gov/consumer-tools/bank-accounts/" }],
  },
  prepaid: {
    name: "prepaid cards",
    fact: "The FDIC publishes no national rate for prepaid cards: most pay no interest.",
    compare: [
      "the monthly fee, and the fees to load cash, withdraw at an ATM and check the balance",
      "the short form every prepaid card must show before you buy it (CFPB prepaid rule)",
      "whether the money is held at an insured bank for you (pass-through deposit insurance)",
      "what happens if the card is lost or stolen",
    ],
    more: [
      { label: "CFPB: prepaid cards", href: "https://www.consumerfinance.gov/consumer-tools/prepaid-cards/" },
      { label: "CFPB: prepaid product agreements database", href: "https://www.consumerfinance.gov/data-research/prepaid-accounts/" },
    ],
  },
  personalLoan: {
    name: "personal loans",
    fact:
      "The FDIC publishes no national rate for loans. The Federal Reserve publishes the average rate of 24-month personal loans at commercial banks each quarter (G.19), and federal credit unions may charge at most 18% APR on most loans (NCUA, 12 CFR 701.21).",
    compare: [
      "the APR, which counts the origination fee, not only the interest rate",
      "the monthly payment and the total you repay over the whole term",
      "the term, and whether paying early costs a fee",
      "the credit check: a prequalification with a soft pull does not lower your score",
    ],
    more: [
      { label: "Federal Reserve: consumer credit (G.19)", href: "https://www.federalreserve.gov/releases/g19/current/" },
      { label: "eCFR: 12 CFR 701.21, federal credit unions' loan rules and rate ceiling", href: "https://www.ecfr.gov/current/title-12/chapter-VII/subchapter-A/part-701/section-701.21" },
    ],
  },
};

/** The kinds of `productTypes` that have a note, in order. */
export function notedKinds(productTypes: readonly string[]): string[] {
  return productTypes.filter((type) => type in NOTES);
}

/** The notes of the noted kinds of `productTypes`, each with its kind. */
function notesOf(productTypes: readonly string[]): (KindNote & { kind: string })[] {
  return productTypes.flatMap((kind) => {
    const note = NOTES[kind];
    return note ? [{ ...note, kind }] : [];
  });
}

/**
 * What a listing of a kind the data names no products of shows instead of a list (issue
 * "Nothing untrue on the page"): that there are none, the FDIC's national rate and rate cap
 * for the kind with their month, what to compare, where the regulators publish more, and how
 * an operator loads named products.
 */
export function NoNamedProducts({ productTypes }: { productTypes: readonly string[] }) {
  const notes = notesOf(productTypes);
  const kinds = notes.map((note) => note.kind);
  const [latest, setLatest] = useState<LatestRate[] | null>(null);
  useEffect(() => {
    let live = true;
    fetch(NATIONAL_RATES_PATH)
      .then((r) => (r.ok ? (r.json() as Promise<{ latest?: LatestRate[] }>) : { latest: [] }))
      .then((d) => live && setLatest(d.latest ?? []))
      .catch(() => live && setLatest([]));
    return () => {
      live = false;
    };
  }, []);
  if (notes.length === 0) return null;
  const names = notes.map((note) => note.name).join(" and ");
  const rates = (latest ?? []).filter((rate) => kinds.includes(rate.productType));
  return (
    <section className="no-products" aria-labelledby="no-products-title">
      <h2 id="no-products-title">No {names} are listed yet</h2>
      <p>
        The public data this site is built from names no {names} with their terms, and we do not make products up to fill a page. Here is what is real and useful
        meanwhile.
      </p>
      {rates.length > 0 && (
        <table className="no-products__rates">
          <caption>FDIC national averages</caption>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">National rate (APY)</th>
              <th scope="col">Rate cap</th>
              <th scope="col">Month</th>
            </tr>
          </thead>
          <tbody>
            {rates.map((rate) => (
              <tr key={rate.productType}>
                <th scope="row">{rate.label}</th>
                <td>{rate.rate}%</td>
                <td>{rate.cap}%</td>
                <td>{formatMonthYear(rate.asOf)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rates.length > 0 && (
        <p className="no-products__note">
          The national rate is the FDIC's deposit-weighted average of what banks and credit unions pay; the rate cap is the most a bank that is less than well
          capitalized may pay. The newest month in our data is the one shown.
        </p>
      )}
      {notes.map((note) => note.fact && <p key={note.kind}>{note.fact}</p>)}
      {notes.map((note) => (
        <div key={note.kind}>
          <h3>When you compare {note.name}, look at</h3>
          <ul>
            {note.compare.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <h3>Where the regulators publish more</h3>
          <ul>
            {note.more.map((link) => (
              <li key={link.href}>
                <a href={link.href} rel="noopener">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="no-products__note">
        Run this site? Named products are loaded with <code>plainrate import &lt;folder&gt;</code>, from catalogue files in the format described in the
        fixtures' README.
      </p>
    </section>
  );
}
