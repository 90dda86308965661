/** The large-bank asterisk and its one footnote on the details, compare and institution pages. */
import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/client", () => ({
  offer: vi.fn(() => new Promise(() => {})),
  offerHistory: vi.fn(() => new Promise(() => {})),
  institution: vi.fn(() => new Promise(() => {})),
  compare: vi.fn(() => new Promise(() => {})),
  rateProduct: vi.fn(),
  rateInstitution: vi.fn(),
  signOut: vi.fn(),
  pixel: vi.fn(async () => undefined),
}));

import type { PageData } from "../api/generated/PageData";
import { setInitialDataForTest } from "../app/initialData";
import { useCompare } from "../stores/compare";
import { creditCardOffer, institutionOffer, savingsOffer } from "../test/offers";
import ComparePage from "./ComparePage";
import DetailsPage from "./DetailsPage";
import InstitutionPage from "./InstitutionPage";
import { renderAt } from "../test/routing";
import { settle } from "../test/settle";

const FOOTNOTE = "* We have no business relationship with this issuer; the figures come from public data.";

function renderPage(address: string, page: PageData["page"]) {
  setInitialDataForTest({ path: address, page });
  renderAt(
    address,
    <Routes>
      <Route path="/d/:name" element={<DetailsPage />} />
      <Route path="/institutions/:id" element={<InstitutionPage />} />
      <Route path="/compare" element={<ComparePage />} />
    </Routes>,
  );
}

/** Lets pending effects and promise callbacks run. */

/** The page's footnotes: there is at most one. */
const footnotes = () => screen.queryAllByText(FOOTNOTE);

describe("large-bank footnote on a page", () => {
  beforeEach(() => useCompare.setState({ ids: [], names: {} }));
  afterEach(() => setInitialDataForTest(null));

  it("details page: the asterisk follows the issuer under the heading", async () => {
    renderPage("/d/cash-back-card", { kind: "offer", offer: creditCardOffer({ largeBankAsterisk: true }) });
    await settle();
    const issuer = screen.getByText("Example Bank", { selector: ".details__issuer" });
    const asterisk = within(issuer).getByRole("link", { name: "*" });
    expect(asterisk).toHaveAccessibleDescription(FOOTNOTE);
    expect(footnotes()).toHaveLength(1);
    // The product's name, its microdata name, has no asterisk.
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Cash Back Card$/);
  });

  it("details page: nothing when the offer is not marked", async () => {
    renderPage("/d/cash-back-card", { kind: "offer", offer: creditCardOffer() });
    await settle();
    expect(screen.getByText("Example Bank", { selector: ".details__issuer" })).toHaveTextContent(/^Example Bank$/);
    expect(screen.queryByRole("link", { name: "*" })).not.toBeInTheDocument();
    expect(footnotes()).toHaveLength(0);
  });

  it("compare page: one asterisk per marked issuer and one footnote", async () => {
    const offers = [
      creditCardOffer({ largeBankAsterisk: true }),
      savingsOffer({ issuer: "Small Credit Union" }),
      creditCardOffer({ id: "card-2", name: "Travel Card", detailsPath: "/d/travel-card", largeBankAsterisk: true }),
    ];
    renderPage("/compare?ids=card-1,svg-1,card-2", { kind: "compare", compare: { offers } });
    await settle();
    const asterisks = screen.getAllByRole("link", { name: "*" });
    expect(asterisks).toHaveLength(2);
    for (const asterisk of asterisks) expect(asterisk).toHaveAccessibleDescription(FOOTNOTE);
    expect(screen.getByText("Small Credit Union")).toHaveTextContent(/^Small Credit Union$/);
    expect(footnotes()).toHaveLength(1);
  });

  it("institution page: a marked institution's name in the heading, its marked products, one footnote", async () => {
    const bank = institutionOffer({ largeBankAsterisk: true });
    const products = [savingsOffer({ issuer: "First Example Bank", largeBankAsterisk: true })];
    renderPage("/institutions/bank-1", { kind: "institution", institution: { institution: bank, products } });
    await settle();
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading).toHaveTextContent(/^First Example Bank\*$/);
    expect(within(heading).getByRole("link", { name: "*" })).toHaveAccessibleDescription(FOOTNOTE);
    const product = screen.getByRole("article", { name: "Tiered Savings" });
    expect(within(product).getByRole("link", { name: "*" })).toHaveAccessibleDescription(FOOTNOTE);
    expect(footnotes()).toHaveLength(1);
  });

  it("institution page: no footnote when neither the institution nor a product is marked", async () => {
    renderPage("/institutions/bank-1", { kind: "institution", institution: { institution: institutionOffer(), products: [savingsOffer()] } });
    await settle();
    expect(screen.queryByRole("link", { name: "*" })).not.toBeInTheDocument();
    expect(footnotes()).toHaveLength(0);
  });
});
