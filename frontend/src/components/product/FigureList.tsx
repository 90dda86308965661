import type { OfferSummary } from "../../api/generated/OfferSummary";
import "./product.css";
import type { Figure } from "../../api/generated/Figure";
import { provenanceText } from "./Provenance";
import { InfoTooltip } from "../ui";

export interface FigureItem {
  label: string;
  figure: Figure;
  /** Shown beside the figure, e.g. the market median APR. */
  note?: string;
  /** What the note means, behind an info button. */
  help?: string;
}

const DEPOSIT_TYPES = new Set(["checking", "savings", "moneyMarket", "cd", "prepaid"]);

/** The key figures a product of this type shows, in reading order. */
export function keyFigures(offer: OfferSummary): FigureItem[] {
  if (offer.productType === "creditCard") {
    const median = offer.marketApr?.medianApr;
    return [
      { label: "Annual fee", figure: offer.annualFee },
      {
        label: "Regular APR",
        figure: offer.regularPurchaseApr,
        note: median && median.display !== "N/A" ? `Market median ${median.display}${offer.marketApr?.tiers ? ` (${offer.marketApr.tiers})` : ""}` : undefined,
        help: "The median APR that card plans for the same credit-score tiers charge, from the CFPB's survey of credit card terms.",
      },
      { label: "Intro APR", figure: offer.purchaseIntroApr },
      { label: "Rewards", figure: offer.rewardsEarnRate },
      { label: "Bonus", figure: offer.initialBonus },
    ];
  }
  if (DEPOSIT_TYPES.has(offer.productType)) {
    return [
      { label: "APY", figure: offer.apy },
      { label: "Min. to open", figure: { display: offer.minToOpen === "N/A" ? "N/A" : `$${offer.minToOpen}` } },
      // A deposit account's fee is its own field, not a card's annual fee.
      { label: "Account fee", figure: offer.accountFee },
      { label: "Bonus", figure: offer.initialBonus },
    ];
  }
  if (offer.productType === "personalLoan" || offer.productType === "autoLoan" || offer.productType === "mortgage") {
    return [
      { label: "APR", figure: offer.apr, note: offer.aprAdditionalInfo },
      { label: "Min. credit", figure: { display: offer.minCredit ?? "N/A" } },
    ];
  }
  return [];
}

/** A definition list of figures; each carries its source and date on hover. */
export function FigureList({ offer, items }: { offer: OfferSummary; items?: FigureItem[] }) {
  const list = items ?? keyFigures(offer);
  if (list.length === 0) return null;
  const source = provenanceText(offer.provenance);
  return (
    <dl className="figures">
      {list.map((item) => (
        <div className="figures__item" key={item.label}>
          <dt>{item.label}</dt>
          <dd title={source}>
            <span className={item.figure.display === "N/A" || item.figure.display === "None" ? "figures__missing" : undefined}>
              {item.figure.display}
            </span>
            {item.note && (
              <span className="figures__note">
                {item.note}
                {item.help && <InfoTooltip content={item.help} label={`About ${item.label.toLowerCase()}`} />}
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
