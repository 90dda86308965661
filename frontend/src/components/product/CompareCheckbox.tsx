import type { OfferSummary } from "../../api/generated/OfferSummary";
import "./product.css";
import { MAX_COMPARED } from "../../rules/constants";
import { useCompare } from "../../stores/compare";

/** Adds the product to the compare list, or takes it off. A fifth is refused. */
export function CompareCheckbox({ offer }: { offer: OfferSummary }) {
  const selected = useCompare((s) => s.ids.includes(offer.id));
  const full = useCompare((s) => s.ids.length >= MAX_COMPARED);
  const toggle = useCompare((s) => s.toggle);
  return (
    <label className={`compare-check${!selected && full ? " compare-check--full" : ""}`}>
      <input type="checkbox" checked={selected} disabled={!selected && full} onChange={() => toggle(offer.id, offer.name)} />
      <span>Compare</span>
      {!selected && full && <span className="visually-hidden"> (compare list is full: 4 products)</span>}
    </label>
  );
}
