import { LIMITED_HISTORY_YEARS, SCORE_BANDS } from "../../rules/credit";
import "./product.css";

/** The minimum-credit explainer: what each label means in score terms (site-core §9). */
export function MinCreditExplainer({ highlight }: { highlight?: string }) {
  return (
    <table className="credit-table">
      <caption>What the credit labels mean</caption>
      <thead>
        <tr>
          <th scope="col">Label</th>
          <th scope="col">Credit score</th>
        </tr>
      </thead>
      <tbody>
        {SCORE_BANDS.map((band) => (
          <tr key={band.label} className={band.label === highlight ? "credit-table__highlight" : undefined} aria-current={band.label === highlight ? "true" : undefined}>
            <th scope="row">{band.label}</th>
            <td>{band.range}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={2}>Scores are based on a credit report and VantageScore 3.0. Limited credit means under {LIMITED_HISTORY_YEARS} years of history.</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** Why the approval odds are a guide only. */
export function ApprovalOddsDisclaimer() {
  return (
    <p className="disclaimer">
      Approval odds are a guide, not a promise: the issuer decides using its own review of your credit report, income and
      debts. We do not pull your credit report.
    </p>
  );
}

/** A reminder of how sign-up bonuses usually work. */
export function BonusTip() {
  return (
    <p className="tip">
      <strong>Bonus tip:</strong> a sign-up bonus usually needs a minimum spend within the first months. Check the terms
      before you apply, and only spend what you would anyway.
    </p>
  );
}
