import { useId, useState } from "react";
import "./product.css";
import type { OfferSummary } from "../../api/generated/OfferSummary";
import { balanceEarnings } from "../../rules/rateTable";
import { decimalToString, parseDecimal } from "../../rules/decimal";
import { formatMoney } from "../../rules/money";
import { parseBalance } from "../../rules/savedProducts";

/** The balance the box starts at when the page names none (no scenario amount). */
export const DEFAULT_BALANCE = "10000";

/**
 * For a tiered deposit product: the visitor types a balance and sees the APY that balance
 * earns across the tiers and the dollars it earns in a year (rules/rateTable, the same rule
 * as the server's). It starts at `balance`, the listing's scenario amount when it has one;
 * under the account's minimum it says the account needs more, never "0.00%". A CD's yearly
 * figure is the rate's ("a year at this rate"): a CD shorter than a year pays its share.
 */
export function BalanceApy({ offer, balance: initial = DEFAULT_BALANCE }: { offer: OfferSummary; balance?: string }) {
  const id = useId();
  const [balance, setBalance] = useState(initial);
  // A new scenario amount starts the box again at that amount.
  const [shownFor, setShownFor] = useState(initial);
  if (shownFor !== initial) {
    setShownFor(initial);
    setBalance(initial);
  }
  if (!offer.rateTable) return null;
  const cleaned = balance.replace(/[$,\s]/g, "");
  // A balance is read by the same rule as the saved balance of a group (rules/savedProducts).
  const earnings = parseBalance(cleaned).ok ? balanceEarnings(offer.rateTable.rateInfo, cleaned) : null;
  const typed = parseDecimal(cleaned);
  const amount = typed === null ? "" : formatMoney(typed);
  return (
    <div className="balance-apy">
      <label htmlFor={id}>Your balance</label>
      <span className="balance-apy__input">
        <span aria-hidden="true">$</span>
        <input id={id} inputMode="decimal" value={balance} onChange={(e) => setBalance(e.target.value)} aria-describedby={`${id}-out`} />
      </span>
      <output id={`${id}-out`} htmlFor={id} aria-live="polite">
        {earnings === null
          ? "Enter an amount in dollars"
          : earnings.kind === "belowMinimum"
            ? `needs at least ${formatMoney(earnings.minimum)} to open or to earn`
            : `earns ${decimalToString(earnings.apy)}% APY: ${amount} earns ${formatMoney(earnings.dollars)} a year${offer.productType === "cd" ? " at this rate" : ""}`}
      </output>
    </div>
  );
}
