import type { OfferSummary } from "../../api/generated/OfferSummary";
import { apyPoints, overSameMonths, type Point } from "../../rules/rateHistory";
import { formatMonthYear } from "../ui/dates";
import { useOfferHistory } from "../product/offerHistory";
import { useNationalRates } from "./NationalRates";
import { RateChart, type RateSeries } from "./RateChart";

/**
 * A deposit account's own APY over time, from its recorded history (each import's figure
 * and the dated rates its source tracked), beside the FDIC's national average for its kind
 * over the same months. Draws nothing until the product has two recorded rates.
 */
export default function OwnRateChart({ offer }: { offer: OfferSummary }) {
  const history = useOfferHistory(offer.id);
  const national = useNationalRates();
  if (history === null || history === "failed" || national === null) return null;
  // A history recorded before this site kept one: the dated rates the product's data carries.
  const recorded = apyPoints(history.changes);
  const own = recorded.length >= 2 ? recorded : (offer.apyHistory ?? []).map((p) => [p.date, Number(p.apy)] as const);
  if (own.length < 2) return null;
  const series: RateSeries[] = [{ label: offer.name, points: own }];
  const sources = [offer.provenance.source ?? "the product's page"];
  let note: string | undefined;
  // The kind's first national series (for CDs, the 12-month one).
  const kind = national === "failed" ? undefined : national.series.find((s) => s.productType === offer.productType);
  if (kind && national !== "failed") {
    const points: Point[] = kind.points.map(([d, v]) => [d, Number(v)] as const);
    const same = overSameMonths(points, own);
    if (same.length > 0) {
      series.push({ label: `National average, ${kind.label.toLowerCase()}`, points: same });
      sources.push(`for the national average, ${national.source}`);
    } else {
      const last = points[points.length - 1];
      note = last
        ? `The national average for ${kind.label.toLowerCase()} accounts we draw from ends in ${formatMonthYear(last[0])} (${last[1].toFixed(2)}%), before this history starts, so it is not drawn.`
        : undefined;
    }
  }
  return <RateChart title={`${offer.name}: APY over time`} series={series} source={sources.join("; ")} stepped everyPoint note={note} />;
}
