import type { RateTable } from "../../api/generated/RateTable";
import "./product.css";
import { parseDecimal } from "../../rules/decimal";
import { formatMoney } from "../../rules/money";

/** Tier bounds in dollars, whole dollars without cents (rules/money). */
function money(amount: string): string {
  const value = parseDecimal(amount);
  return value ? formatMoney(value, { symbol: true, decimals: 2, truncation: "dropZeroCents" }) : amount;
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
            <td>{row.rate}%</td>
            <td>{row.apy}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
