import { useState } from "react";
import "./product.css";
import { minCreditClass, parseCreditLabel } from "../../rules/credit";
import { Modal } from "../ui";
import { ApprovalOddsDisclaimer, MinCreditExplainer } from "./CreditExplainers";

/** The minimum credit label on a card, styled by its class (site-core §5), with the
 * explainer table one click away. */
export function MinCreditNote({ label }: { label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <p className={`min-credit min-credit--${minCreditClass(parseCreditLabel(label))}`}>
        Min Credit Needed: <strong>{label}</strong>{" "}
        <button type="button" className="button button--link min-credit__explain" onClick={() => setOpen(true)}>
          What does this mean?
        </button>
      </p>
      <Modal open={open} onClose={() => setOpen(false)} title="Minimum credit needed">
        <MinCreditExplainer highlight={label} />
        <ApprovalOddsDisclaimer />
      </Modal>
    </>
  );
}
