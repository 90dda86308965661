import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({ pixel: vi.fn(async () => undefined) }));

import { pixel } from "../../api/client";
import { useCompare } from "../../stores/compare";
import { useSession } from "../../stores/session";
import { creditCardOffer, institutionOffer } from "../../test/offers";
import { ProductCard, type ProductCardProps } from "./ProductCard";

/** A stand-in IntersectionObserver whose entries the test delivers. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  /** Delivers one entry for the first observed element, as the browser would. */
  see(ratio: number, isIntersecting = ratio > 0) {
    const target = this.observed[0]!;
    const entry = { target, intersectionRatio: ratio, isIntersecting } as unknown as IntersectionObserverEntry;
    act(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
}

function latestObserver(): FakeObserver {
  const observer = FakeObserver.instances.at(-1);
  if (!observer) throw new Error("no IntersectionObserver was created");
  return observer;
}

const SLOT = { section: "/credit-cards", position: 3, totals: 12 };

function renderCard(props: Partial<ProductCardProps> = {}) {
  return render(
    <MemoryRouter initialEntries={["/credit-cards"]}>
      <ProductCard offer={creditCardOffer()} {...props} />
    </MemoryRouter>,
  );
}

/** The figure shown for a label in the key figures list. */
function figure(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: "dt" });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

describe("ProductCard", () => {
  beforeEach(() => {
    FakeObserver.instances = [];
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    vi.mocked(pixel).mockClear();
    useCompare.setState({ ids: [], names: {} });
    window.history.replaceState(null, "", "/credit-cards");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, "", "/");
  });

  describe("credit-card layout", () => {
    it("names the card with a link to its details page, and its issuer", () => {
      renderCard();
      const card = screen.getByRole("article", { name: "Cash Back Card" });
      const title = within(card).getByRole("heading", { level: 2, name: "Cash Back Card" });
      expect(within(title).getByRole("link")).toHaveAttribute("href", "/d/cash-back-card");
      expect(within(card).getByText("Example Bank")).toBeInTheDocument();
      expect(within(card).getByText("Credit card")).toBeInTheDocument();
    });

    it("puts the large-bank asterisk after a marked issuer, outside the brand's microdata name", () => {
      renderCard({ offer: creditCardOffer({ largeBankAsterisk: true }) });
      const card = screen.getByRole("article", { name: "Cash Back Card" });
      const issuer = within(card).getByText("Example Bank");
      expect(issuer).toHaveAttribute("itemprop", "name");
      const asterisk = within(card).getByRole("link", { name: "*" });
      expect(issuer.nextElementSibling).toBe(asterisk);
      expect(asterisk).toHaveAttribute("href", "#large-bank-note");
      expect(asterisk).toHaveAttribute("aria-describedby", "large-bank-note");
      expect(issuer.parentElement).toHaveTextContent(/^Example Bank\*$/);
    });

    it("has no large-bank asterisk on an unmarked offer", () => {
      renderCard();
      expect(screen.queryByRole("link", { name: "*" })).not.toBeInTheDocument();
    });

    it("links a card's rates and fees through the site's redirect, and nothing when it has none", () => {
      const { unmount } = renderCard({ offer: creditCardOffer({ ratesAndFeesPath: "/r/?id=77c&rf=1" }) });
      expect(screen.getByRole("link", { name: /^Rates and fees/ })).toHaveAttribute("href", "/r/?id=77c&rf=1");
      unmount();
      renderCard({ offer: creditCardOffer({ ratesAndFeesPath: undefined }) });
      expect(screen.queryByRole("link", { name: /^Rates and fees/ })).not.toBeInTheDocument();
    });

    it("has no title link without a details page", () => {
      renderCard({ offer: creditCardOffer({ detailsPath: undefined }) });
      const title = screen.getByRole("heading", { level: 2, name: "Cash Back Card" });
      expect(within(title).queryByRole("link")).not.toBeInTheDocument();
    });

    it("shows the rating as stars with its one-decimal text and the member ratings link", () => {
      renderCard();
      expect(screen.getByRole("img", { name: "Our rating: 4.3 out of 5" })).toBeInTheDocument();
      expect(screen.getByText("4.3")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "12 member ratings" })).toHaveAttribute("href", "/d/cash-back-card#reviews");
    });

    it("says when a product is not rated yet", () => {
      renderCard({ offer: creditCardOffer({ rating: undefined }) });
      expect(screen.getByText("Not rated yet")).toBeInTheDocument();
      expect(screen.queryByRole("img", { name: /Our rating/ })).not.toBeInTheDocument();
    });

    it("shows the key figures, N/A and None as given, and the market median beside the APR", () => {
      renderCard();
      expect(figure("Annual fee")).toHaveTextContent("$0");
      expect(figure("Intro APR")).toHaveTextContent("N/A");
      expect(within(figure("Intro APR")).getByText("N/A")).toHaveClass("figures__missing");
      expect(figure("Bonus")).toHaveTextContent("None");
      expect(within(figure("Bonus")).getByText("None")).toHaveClass("figures__missing");
      expect(within(figure("Annual fee")).getByText("$0")).not.toHaveClass("figures__missing");
      expect(figure("Regular APR")).toHaveTextContent("19.99% - 27.99%");
      expect(within(figure("Regular APR")).getByText("Market median 24.37% (620-719)")).toBeInTheDocument();
      expect(screen.getByText("Good", { selector: "strong" })).toBeInTheDocument();
    });

    it("leaves the market median out when it is N/A", () => {
      renderCard({ offer: creditCardOffer({ marketApr: { medianApr: { display: "N/A" } } }) });
      expect(screen.queryByText(/Market median/)).not.toBeInTheDocument();
    });

    it("labels a sponsored placement, and only that one", () => {
      const { unmount } = renderCard({ placement: "sponsored", rank: 1 });
      expect(screen.getByText("Sponsored")).toBeInTheDocument();
      expect(screen.queryByLabelText("Rank 1")).not.toBeInTheDocument();
      unmount();

      renderCard({ placement: "editorial", rank: 3 });
      expect(screen.queryByText("Sponsored")).not.toBeInTheDocument();
      expect(screen.getByLabelText("Rank 3")).toHaveTextContent("#3");
    });

    it("labels an offer that is sponsored in itself", () => {
      renderCard({ offer: creditCardOffer({ sponsored: true }) });
      expect(screen.getByText("Sponsored")).toBeInTheDocument();
    });

    it("Show More reveals the pros and cons, Show Less hides them", async () => {
      const user = userEvent.setup();
      renderCard();
      const toggle = screen.getByRole("button", { name: "Show More" });
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      const details = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
      expect(details).not.toBeNull();
      expect(screen.getByText("No annual fee")).not.toBeVisible();
      expect(screen.getByText("Foreign transaction fee")).not.toBeVisible();

      await user.click(toggle);
      expect(toggle).toHaveTextContent("Show Less");
      expect(toggle).toHaveAttribute("aria-expanded", "true");
      expect(within(details!).getByRole("region", { name: "Pros" })).toHaveTextContent("No annual fee");
      expect(screen.getByText("No annual fee")).toBeVisible();
      expect(screen.getByText("Foreign transaction fee")).toBeVisible();
      expect(screen.getByText("Earn 1.5% on every purchase")).toBeVisible();

      await user.click(toggle);
      expect(toggle).toHaveTextContent("Show More");
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(screen.getByText("No annual fee")).not.toBeVisible();
    });

    it("links Apply Now to the offer's apply address", () => {
      renderCard();
      const apply = screen.getByRole("link", { name: "Apply Now: Cash Back Card" });
      expect(apply).toHaveAttribute("href", "https://issuer.example/apply?c=1");
      expect(apply).toHaveAttribute("rel", expect.stringContaining("sponsored"));
    });

    it("has no apply link when the product is applied for with the issuer", () => {
      renderCard({ offer: creditCardOffer({ apply: { kind: "none" } }) });
      expect(screen.queryByRole("link", { name: /Apply Now/ })).not.toBeInTheDocument();
      expect(screen.getByText("Apply directly with Example Bank.")).toBeInTheDocument();
    });

    it("carries schema.org Product microdata with its name, brand and rating", () => {
      renderCard();
      const card = screen.getByRole("article", { name: "Cash Back Card" });
      expect(card).toHaveAttribute("itemscope");
      expect(card).toHaveAttribute("itemtype", "https://schema.org/Product");
      expect(card.querySelector('[itemprop="name"]')).toHaveTextContent("Cash Back Card");
      expect(card.querySelector('[itemprop="brand"]')).toHaveAttribute("itemtype", "https://schema.org/Brand");
      const rating = card.querySelector('[itemprop="aggregateRating"]');
      expect(rating).toHaveAttribute("itemtype", "https://schema.org/AggregateRating");
      expect(rating?.querySelector('meta[itemprop="ratingValue"]')).toHaveAttribute("content", "4.33");
      expect(rating?.querySelector('meta[itemprop="ratingCount"]')).toHaveAttribute("content", "12");
    });

    it("shows the save buttons only inside a listing group", () => {
      const { unmount } = renderCard();
      expect(screen.queryByRole("group", { name: "Keep Cash Back Card" })).not.toBeInTheDocument();
      unmount();
      renderCard({ group: "/credit-cards" });
      expect(screen.getByRole("group", { name: "Keep Cash Back Card" })).toBeInTheDocument();
    });

    it("the compare checkbox adds the card to the compare list", async () => {
      const user = userEvent.setup();
      renderCard();
      await user.click(screen.getByRole("checkbox", { name: /Compare/ }));
      expect(useCompare.getState().ids).toEqual(["card-1"]);
      expect(screen.getByRole("checkbox", { name: /Compare/ })).toBeChecked();
    });
  });

  describe("affiliate offers", () => {
    const signIn = (signedIn: boolean) =>
      act(() => useSession.setState({ signedIn, fullySignedIn: signedIn, delegated: false, name: null, memberId: signedIn ? "5" : null }));
    afterEach(() => signIn(false));

    it("says so only to the visitors the link's scope and critical setting allow", () => {
      signIn(false);
      const { unmount } = renderCard({ offer: creditCardOffer({ affiliateLink: { signedIn: false, signedOut: true } }) });
      expect(screen.getByText(/Affiliate offer: we may be paid if you apply/)).toBeInTheDocument();
      signIn(true);
      expect(screen.queryByText(/Affiliate offer/)).not.toBeInTheDocument();
      unmount();
      renderCard({ offer: creditCardOffer({ affiliateLink: { signedIn: true, signedOut: false } }) });
      expect(screen.getByText(/Affiliate offer/)).toBeInTheDocument();
      signIn(false);
      expect(screen.queryByText(/Affiliate offer/)).not.toBeInTheDocument();
    });

    it("says nothing for an offer without an affiliate link", () => {
      renderCard();
      expect(screen.queryByText(/Affiliate offer/)).not.toBeInTheDocument();
    });
  });

  describe("institution layout", () => {
    function renderInstitution(props: Partial<ProductCardProps> = {}) {
      return renderCard({ offer: institutionOffer(), ...props });
    }

    it("has Go to Site, a title link to the institution and no Product microdata", () => {
      renderInstitution();
      const card = screen.getByRole("article", { name: "First Example Bank" });
      expect(within(card).getByRole("link", { name: "Go to Site: First Example Bank" })).toHaveAttribute("href", "/r/?id=bank-1c");
      expect(within(card).getByRole("link", { name: "First Example Bank" })).toHaveAttribute("href", "/institutions/bank-1");
      expect(card).not.toHaveAttribute("itemtype");
      expect(screen.queryByRole("button", { name: "Show More" })).not.toBeInTheDocument();
    });

    it("puts the large-bank asterisk after a marked institution's name", () => {
      renderInstitution({ offer: institutionOffer({ largeBankAsterisk: true }) });
      const title = screen.getByRole("heading", { level: 2 });
      expect(title).toHaveTextContent(/^First Example Bank\*$/);
      expect(within(title).getByRole("link", { name: "First Example Bank" })).toHaveAttribute("href", "/institutions/bank-1");
      expect(within(title).getByRole("link", { name: "*" })).toHaveAttribute("aria-describedby", "large-bank-note");
    });

    it("shows the editor's notes", () => {
      renderInstitution();
      expect(screen.getByRole("heading", { name: "Editor’s notes" })).toBeInTheDocument();
      expect(screen.getByText("A large bank with branches in most states.")).toBeVisible();
    });

    it("More Details reveals the pros and cons, Less Details hides them", async () => {
      const user = userEvent.setup();
      renderInstitution();
      const toggle = screen.getByRole("button", { name: "More Details" });
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(screen.getByText("Many branches")).not.toBeVisible();
      await user.click(toggle);
      expect(toggle).toHaveTextContent("Less Details");
      expect(toggle).toHaveAttribute("aria-expanded", "true");
      expect(screen.getByText("Many branches")).toBeVisible();
      expect(screen.getByText("Low savings rates")).toBeVisible();
      await user.click(toggle);
      expect(toggle).toHaveTextContent("More Details");
      expect(screen.getByText("Many branches")).not.toBeVisible();
    });
  });

  describe("ad-view pixel", () => {
    const VIEW = { id: "card-1", pid: "card-1", page: "/credit-cards", section: "/credit-cards", position: 3, totals: 12, click: false };

    it("watches the card at the 15 % threshold", () => {
      renderCard({ slot: SLOT });
      const observer = latestObserver();
      expect(observer.observed).toEqual([screen.getByRole("article", { name: "Cash Back Card" })]);
      expect(observer.options?.threshold).toEqual([0.15]);
      expect(pixel).not.toHaveBeenCalled();
    });

    it("sends the view pixel once when 15 % of the card is seen", () => {
      renderCard({ slot: SLOT });
      const observer = latestObserver();
      observer.see(0.15);
      expect(pixel).toHaveBeenCalledTimes(1);
      expect(pixel).toHaveBeenCalledWith(VIEW);
      expect(observer.disconnected).toBe(true);

      observer.see(0.9);
      expect(pixel).toHaveBeenCalledTimes(1);
    });

    it("does not count less than 15 %, or an entry that is not intersecting", () => {
      renderCard({ slot: SLOT });
      const observer = latestObserver();
      observer.see(0.14);
      observer.see(0.5, false);
      expect(pixel).not.toHaveBeenCalled();
      observer.see(0.2);
      expect(pixel).toHaveBeenCalledTimes(1);
    });

    it("does not send again after a re-render with a new slot object", () => {
      const { rerender } = renderCard({ slot: SLOT });
      latestObserver().see(0.15);
      rerender(
        <MemoryRouter initialEntries={["/credit-cards"]}>
          <ProductCard offer={creditCardOffer()} slot={{ ...SLOT }} />
        </MemoryRouter>,
      );
      for (const observer of FakeObserver.instances) if (observer.observed.length > 0 && !observer.disconnected) observer.see(1);
      expect(pixel).toHaveBeenCalledTimes(1);
    });

    it("sends the click pixel when Apply is clicked", async () => {
      const user = userEvent.setup();
      const stay = (e: Event) => e.preventDefault();
      document.addEventListener("click", stay);
      try {
        renderCard({ slot: SLOT });
        await user.click(screen.getByRole("link", { name: "Apply Now: Cash Back Card" }));
        expect(pixel).toHaveBeenCalledTimes(1);
        expect(pixel).toHaveBeenCalledWith({ ...VIEW, click: true });
      } finally {
        document.removeEventListener("click", stay);
      }
    });

    it("sends the institution's view pixel too", () => {
      renderCard({ offer: institutionOffer(), slot: SLOT });
      latestObserver().see(0.15);
      expect(pixel).toHaveBeenCalledWith({ ...VIEW, id: "bank-1", pid: "bank-1" });
    });
  });
});
