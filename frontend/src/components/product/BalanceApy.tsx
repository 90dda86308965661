import { useId, useState } from "react";
import "./product.css";
import type { OfferSummary } from "../../api/generated/OfferSummary";
import { blendedApyText } from "../../rules/rateTable";
import { parseBalance } from "../../rules/savedProducts";

/**
 * For a tiered deposit product: the visitor types a balance and sees the APY that balance
 * earns across the tiers (rules/rateTable, the same rule as the server's).
 */
export function BalanceApy({ offer }: { offer: OfferSummary }) {
  const id = useId();
  const [balance, setBalance] = useState("10000");
  if (!offer.rateTable) return null;
  const cleaned = balance.replace(/[$,\s]/g, "");
  // A balance is read by the same rule as the saved balance of a group (rules/savedProducts).
  const apy = parseBalance(cleaned).ok ? blendedApyText(offer.rateTable.rateInfo, cleaned) : null;
  return (
    <div className="balance-apy">
      <label htmlFor={id}>Your balance</label>
      <span className="balance-apy__input">
        <span aria-hidden="true">$</span>
        <input id={id} inputMode="decimal" value={balance} onChange={(e) => setBalance(e.target.value)} aria-describedby={`${id}-out`} />
      </span>
      <output id={`${id}-out`} htmlFor={id} aria-live="polite">
        {apy === null ? "Enter an amount in dollars" : `earns ${apy}% APY`}
      </output>
    </div>
  );
}
