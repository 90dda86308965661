/** Typed offer fixtures for component tests, built from the generated wire types. */
import type { OfferSummary } from "../api/generated/OfferSummary";
import type { RatingView } from "../api/generated/RatingView";

export const RATING_4_3: RatingView = {
  value: "4.33",
  text: "4.3",
  barWidthPercent: "86.6",
  halfStars: ["full", "full", "full", "full", "half"],
  fractionalStars: ["full", "full", "full", "full", "quarter"],
};

/** A credit card with every figure the card layout shows. */
export function creditCardOffer(overrides: Partial<OfferSummary> = {}): OfferSummary {
  return {
    id: "card-1",
    productType: "creditCard",
    productLabel: "Credit card",
    name: "Cash Back Card",
    issuer: "Example Bank",
    detailsPath: "/d/cash-back-card",
    art: { src: "/art/card-1.svg", alt: "Illustration of the Cash Back Card by Example Bank", width: 160, height: 101 },
    apply: { kind: "tracking", url: "https://issuer.example/apply?c=1" },
    sponsored: false,
    rating: RATING_4_3,
    reviews: 12,
    annualFee: { display: "$0", value: "0" },
    accountFee: { display: "N/A" },
    regularPurchaseApr: { display: "19.99% - 27.99%" },
    purchaseIntroApr: { display: "N/A" },
    initialBonus: { display: "None" },
    rewardsEarnRate: { display: "1.5%", value: "1.5" },
    apy: { display: "N/A" },
    apr: { display: "N/A" },
    marketApr: { medianApr: { display: "24.37%", value: "24.37" }, tiers: "620-719" },
    minToOpen: "N/A",
    minCredit: "Good",
    pros: ["No annual fee", "Flat cash back"],
    cons: ["Foreign transaction fee"],
    description: ["Earn 1.5% on every purchase"],
    provenance: { source: "Example dataset", sources: [{ name: "Example dataset" }], asOf: "2024-05-01", illustrative: false, editorialFields: [] },
    ...overrides,
  };
}

/** A tiered savings account: 0.50 % up to $9,999.99, 1.00 % from $10,000. */
export function savingsOffer(overrides: Partial<OfferSummary> = {}): OfferSummary {
  return creditCardOffer({
    id: "svg-1",
    productType: "savings",
    productLabel: "Savings",
    name: "Tiered Savings",
    detailsPath: "/d/tiered-savings",
    apply: { kind: "redirect", url: "/r/?id=svg-1c" },
    marketApr: undefined,
    minCredit: undefined,
    apy: { display: "1.00%", value: "1.00" },
    minToOpen: "100.00",
    rateTable: {
      rateInfo: "0|9999.99|0.50|0.50,10000|99999999|1.00|1.00",
      rows: [
        { low: "0", high: "9999.99", rate: "0.50", apy: "0.50" },
        { low: "10000", rate: "1.00", apy: "1.00" },
      ],
    },
    ...overrides,
  });
}

/** An institution (bank) in the institution layout. */
export function institutionOffer(overrides: Partial<OfferSummary> = {}): OfferSummary {
  return creditCardOffer({
    id: "bank-1",
    productType: "institution",
    productLabel: "Bank",
    name: "First Example Bank",
    issuer: undefined,
    detailsPath: undefined,
    apply: { kind: "redirect", url: "/r/?id=bank-1c" },
    marketApr: undefined,
    minCredit: undefined,
    pros: ["Many branches"],
    cons: ["Low savings rates"],
    description: [],
    editorsNotes: "A large bank with branches in most states.",
    ...overrides,
  });
}
