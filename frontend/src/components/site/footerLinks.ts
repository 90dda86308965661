/**
 * The footer's link sections (community.md §2, "Footer"). Every path is a site path,
 * written exactly as the specification lists it. The specification's links to pages that
 * only say Plainrate does not offer what they name (a paid plan, monitoring, credit scores,
 * insurance, local directories, press, jobs, listings, awards) are left out: a link to
 * "we don't have this" is not a feature. Those pages still answer at their addresses.
 */

export interface FooterLink {
  readonly label: string;
  readonly to: string;
}

export interface FooterSection {
  /** Stable key, also used to build element ids. */
  readonly id: string;
  readonly title: string;
  readonly links: readonly FooterLink[];
}

/** Placeholder replaced by the current path when the footer renders. */
export const FEEDBACK_PATH = "/feedback/";

/** `/feedback/?ref={current path}`: slashes stay readable, anything else is encoded. */
export function feedbackHref(currentPath: string): string {
  const ref = encodeURIComponent(currentPath || "/").replace(/%2F/gi, "/");
  return `${FEEDBACK_PATH}?ref=${ref}`;
}

const creditCardCategories: ReadonlyArray<readonly [string, string]> = [
  ["0-apr", "0% APR credit cards"],
  ["balance-transfer", "Balance transfer credit cards"],
  ["gas", "Gas credit cards"],
  ["rewards", "Rewards credit cards"],
  ["excellent-credit", "Credit cards for excellent credit"],
  ["good-credit", "Credit cards for good credit"],
  ["fair-credit", "Credit cards for fair credit"],
  ["bad-credit", "Credit cards for bad credit"],
  ["no-credit", "Credit cards for no credit"],
  ["store", "Store credit cards"],
  ["charge-cards", "Charge cards"],
  ["no-foreign-transaction-fee", "No foreign transaction fee credit cards"],
  ["secured", "Secured credit cards"],
  ["unsecured", "Unsecured credit cards"],
  ["starter", "Starter credit cards"],
];

/**
 * The sections in display order. The feedback link's `to` is `FEEDBACK_PATH`; the footer
 * replaces it with `feedbackHref(current path)`.
 */
export const FOOTER_SECTIONS: readonly FooterSection[] = [
  {
    id: "loans",
    title: "Loans",
    links: [
      { label: "Best personal loans", to: "/best-personal-loans" },
      { label: "Best banks for personal loans", to: "/best-banks-for-personal-loans" },
      { label: "Short-term loans", to: "/personal-loans/short-term-loans" },
      {
        label: "Debt consolidation loans for bad credit",
        to: "/personal-loans/debt-consolidation-loans-for-bad-credit",
      },
    ],
  },
  {
    id: "tools",
    title: "Tools and guides",
    links: [
      { label: "Answers", to: "/answers/" },
      { label: "Calculators", to: "/calculators" },
      { label: "Credit score ranges", to: "/credit-score-range" },
    ],
  },
  {
    id: "banking",
    title: "Banking",
    links: [
      { label: "CD rates", to: "/cd-rates" },
      { label: "Checking accounts", to: "/checking-accounts" },
      { label: "Savings accounts", to: "/savings-accounts" },
      { label: "Money market accounts", to: "/money-market-accounts" },
      { label: "Prepaid debit cards", to: "/prepaid-debit-cards" },
      { label: "Banks", to: "/banks" },
      { label: "Credit unions", to: "/credit-unions" },
    ],
  },
  {
    id: "directories",
    title: "Directories",
    links: [
      { label: "Product directory", to: "/product-directory/" },
      { label: "Search directory", to: "/search-directory/" },
    ],
  },
  {
    id: "credit-cards",
    title: "Credit cards",
    links: creditCardCategories.map(([slug, label]) => ({ label, to: `/credit-cards/${slug}` })),
  },
  {
    id: "best-of",
    title: "Best of",
    links: [
      { label: "Best credit cards", to: "/best-credit-cards" },
      { label: "Best business credit cards", to: "/best-business-credit-cards" },
      { label: "Best credit card deals", to: "/best-credit-card-deals" },
      { label: "Best credit cards for students", to: "/best-credit-cards-for-students" },
      { label: "Best no annual fee credit cards", to: "/best-credit-cards-no-annual-fee" },
      { label: "Best low interest credit cards", to: "/best-low-interest-credit-cards" },
      { label: "Best credit card rates", to: "/best-credit-card-rates" },
      { label: "Best cash back credit cards", to: "/best-cash-back-credit-card" },
      { label: "Best airline credit cards", to: "/best-airline-credit-card" },
      { label: "Best hotel credit cards", to: "/best-hotel-credit-card" },
      { label: "Credit card reviews", to: "/credit-card-reviews" },
    ],
  },
  {
    id: "company",
    title: "Company",
    links: [
      { label: "About us", to: "/about" },
      { label: "Contact us", to: "/contact/" },
      { label: "Community questions and answers", to: "/answers/#sp=597&srt=mv" },
      { label: "Send feedback", to: FEEDBACK_PATH },
      { label: "Accessibility", to: "/accessibility" },
      { label: "Rating methodologies", to: "/rating-methodologies" },
      { label: "Terms of use", to: "/terms" },
      { label: "Privacy policy", to: "/terms/privacy" },
      { label: "Do not sell or share my personal information", to: "/pi-request?dontsell=1" },
      { label: "California privacy notice", to: "/terms/privacy/ccpa" },
      { label: "Consumer health data privacy", to: "/terms/privacy/consumer-health" },
      { label: "Cookie policy", to: "/terms/cookie-policy" },
      { label: "Community guidelines", to: "/community/guidelines/" },
      { label: "Join Plainrate", to: "/join" },
    ],
  },
];

/** Iframe mode: only these two links (community.md §2). */
export const IFRAME_FOOTER_LINKS: readonly FooterLink[] = [
  { label: "Privacy Policy", to: "/terms/privacy" },
  { label: "Terms", to: "/terms" },
];
