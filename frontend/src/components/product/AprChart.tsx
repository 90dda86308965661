import type { OfferSummary } from "../../api/generated/OfferSummary";
import "./AprChart.css";

/** The APR the chart's axis ends at: card APRs in the survey stay below it. */
export const CHART_MAX_APR = 36;

/** A bar's width in percent of the chart, from an APR in percent. */
export function barPercent(apr: number): number {
  return Math.max(0, Math.min(100, (apr / CHART_MAX_APR) * 100));
}

/**
 * A card's lowest regular APR beside the median APR of card plans for the same credit
 * tiers (the CFPB survey), as two bars on one scale. Nothing when either is missing.
 */
export function AprChart({ offer }: { offer: OfferSummary }) {
  const market = offer.marketApr;
  const card = Number(market?.cardApr);
  const median = Number(market?.medianApr.value);
  if (!market?.cardApr || !market.medianApr.value || !Number.isFinite(card) || !Number.isFinite(median)) return null;
  const difference = Math.round((card - median) * 100) / 100;
  const summary =
    difference === 0
      ? `Its lowest APR, ${card}%, equals the ${median}% median`
      : `Its lowest APR, ${card}%, is ${Math.abs(difference)} points ${difference < 0 ? "below" : "above"} the ${median}% median`;
  const rows = [
    { label: "This card (lowest)", value: card, className: "apr-chart__bar--card" },
    { label: "Market median", value: median, className: "apr-chart__bar--median" },
  ];
  return (
    <figure className="apr-chart">
      <figcaption>
        APR against the market{market.tiers ? ` (credit tiers ${market.tiers})` : ""}
      </figcaption>
      <svg viewBox="0 0 100 24" preserveAspectRatio="none" width="100%" height="48" role="img" aria-label={`${summary}.`}>
        {rows.map((row, i) => (
          <rect key={row.label} className={row.className} x="0" y={i * 12 + 1} width={barPercent(row.value)} height="10" rx="1" />
        ))}
      </svg>
      <dl className="apr-chart__legend">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>
              <span className={`apr-chart__swatch ${row.className}`} aria-hidden="true" />
              {row.label}
            </dt>
            <dd>{row.value}%</dd>
          </div>
        ))}
      </dl>
      <p className="apr-chart__summary">{summary}, on a scale from 0% to {CHART_MAX_APR}%.</p>
    </figure>
  );
}
