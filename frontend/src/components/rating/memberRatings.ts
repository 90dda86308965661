import { decimalFromInteger } from "../../rules/decimal";
import { formatNr } from "../../rules/money";

/** "1 member rating", "12 member ratings", "1.2k member ratings" (site-core §5 formatnr). */
export function memberRatingsLabel(count: number): string {
  if (count === 1) return "1 member rating";
  const value = decimalFromInteger(count);
  return `${value ? formatNr(value) : String(count)} member ratings`;
}
