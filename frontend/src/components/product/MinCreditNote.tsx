import { minCreditClass, parseCreditLabel } from "../../rules/credit";
import "./product.css";

/** The one-line minimum credit label on a card, styled by its class (site-core §5). */
export function MinCreditNote({ label }: { label: string }) {
  return (
    <p className={`min-credit min-credit--${minCreditClass(parseCreditLabel(label))}`}>
      Min Credit Needed: <strong>{label}</strong>
    </p>
  );
}
