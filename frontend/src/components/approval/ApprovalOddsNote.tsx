import type { OfferSummary } from "../../api/generated/OfferSummary";
import { approvalOddsClass } from "../../rules/approvalOdds";
import { approvalOddsText, minimumScore, parseCreditLabel } from "../../rules/credit";
import { useCreditScore } from "../../stores/creditScore";
import "./ApprovalOdds.css";

/** A card's approval odds for the visitor's score, styled by class; nothing without a score or a stated minimum. */
export default function ApprovalOddsNote({ offer }: { offer: OfferSummary }) {
  const score = useCreditScore((state) => state.score);
  if (score === null || !offer.minCredit) return null;
  const text = approvalOddsText(score, minimumScore(parseCreditLabel(offer.minCredit), offer.secured === true));
  if (text === null) return null;
  return (
    <p className={`approval-odds approval-odds--${approvalOddsClass(text)}`}>
      Approval odds: <strong>{text}</strong>
    </p>
  );
}
