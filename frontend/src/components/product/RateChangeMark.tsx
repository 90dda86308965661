import type { OfferSummary } from "../../api/generated/OfferSummary";
import { formatDate } from "../ui/dates";

/** A listing's mark of a recent rate move, from the product's recorded history: "APY up
 * 0.25 points on Nov 3, 2026". Nothing when the rate did not move in the last 30 days. */
export function RateChangeMark({ offer }: { offer: OfferSummary }) {
  const change = offer.rateChange;
  if (!change) return null;
  return (
    <p className={`rate-change rate-change--${change.up ? "up" : "down"}`}>
      <span aria-hidden="true">{change.up ? "▲" : "▼"} </span>
      {change.summary} on <time dateTime={change.date}>{formatDate(`${change.date}T00:00:00Z`)}</time>
      <span className="rate-change__figures">
        {" "}
        ({change.old} → {change.new})
      </span>
    </p>
  );
}
