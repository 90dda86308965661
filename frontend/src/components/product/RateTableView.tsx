import type { RateTable } from "../../api/generated/RateTable";
import "./product.css";
import { parseDecimal } from "../../rules/decimal";
import { formatMoney, formatPercent } from "../../rules/money";

/** Tier bounds in dollars, whole dollars without cents (rules/money). */
function money(amount: string): string {
  const value = parseDecimal(amount);
  return value ? formatMoney(value, { symbol: true, decimals: 2, truncation: "dropZeroCents" }) : amount;
}

/** A tier's rate or APY with two decimals, as every other rate on the page ("5.00%", not "5%"). */
function percent(rate: string): string {
  const value = parseDecimal(rate);
  return value ? formatPercent(value) : `${rate}%`;
}

/** The balance tiers of RATE_INFO_STR; an open-ended top tier reads "and up". */
export function RateTableView({ table }: { table: RateTable }) {
  if (table.rows.length === 0) return null;
  return (
    <table className="rate-table">
      <caption>Rates by balance</caption>
      <thead>
        <tr>
          <th scope="col">Balance</th>
          <th scope="col">Rate</th>
          <th scope="col">APY</th>
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={row.low}>
            <td>{row.high ? `${money(row.low)} – ${money(row.high)}` : `${money(row.low)} and up`}</td>
            <td>{percent(row.rate)}</td>
            <td>{percent(row.apy)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
