import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/client", () => ({
  listings: vi.fn(),
  pixel: vi.fn(async () => undefined),
  questions: vi.fn(async () => ({ questions: [], pages: 0, current_page: 1, total_questions: 0, categories: [{ id: 1, name: "Credit Cards" }] })),
  expertsGallery: vi.fn(async () => ({ error: false, data: null })),
}));

import { expertsGallery, listings, questions } from "../api/client";
import { RequestError } from "../api/errors";
import type { ErrorBody } from "../api/generated/ErrorBody";
import type { ListingResponse } from "../api/generated/ListingResponse";
import type { RouteInfo } from "../api/generated/RouteInfo";
import { setInitialDataForTest } from "../app/initialData";
import { useCompare } from "../stores/compare";
import { creditCardOffer } from "../test/offers";
import ListingPage, { preloadParts } from "./ListingPage";
import { useSaved } from "../stores/saved";
import { emptySavedProducts } from "../rules/savedProducts";
import { renderAt } from "../test/routing";
import { settle } from "../test/settle";

const ROUTE: RouteInfo = {
  path: "/credit-cards",
  section: "creditCards",
  title: "Best credit cards",
  description: "Cards ranked by our overall rating.",
  order: { kind: "rating", key: "rating", label: "Overall rating" },
  needs: [
    { key: "rewards", label: "Earn Rewards" },
    { key: "rebuild", label: "Rebuild Damaged Credit" },
  ],
  productTypes: ["creditCard"],
};

function listing(overrides: Partial<ListingResponse> = {}): ListingResponse {
  return {
    editorialOrder: { kind: "rating", key: "rating", label: "Overall rating" },
    sort: "editorial",
    sponsorship: "default",
    hasSponsoredPlacement: false,
    items: [
      { offer: creditCardOffer(), placement: "editorial", editorialRank: 11 },
      { offer: creditCardOffer({ id: "card-2", name: "Travel Card", detailsPath: "/d/travel-card" }), placement: "editorial", editorialRank: 12 },
    ],
    total: 25,
    pages: 3,
    page: 2,
    perPage: 10,
    ...overrides,
  };
}

function renderPage(address: string) {
  const user = userEvent.setup();
  renderAt(
    address,
    <Routes>
      <Route path={ROUTE.path} element={<ListingPage route={ROUTE} />} />
    </Routes>,
  );
  return user;
}

const location = () => screen.getByTestId("location").textContent;
/** Lets pending effects and promise callbacks run. */

describe("ListingPage", () => {
  beforeEach(() => {
    setInitialDataForTest(null);
    vi.mocked(listings).mockReset();
    useCompare.setState({ ids: [], names: {} });
    localStorage.clear();
    useSaved.setState({ data: emptySavedProducts(), lastSkip: null });
  });
  afterEach(() => setInitialDataForTest(null));

  it("renders the server's data for this address without calling the listing API", async () => {
    setInitialDataForTest({ path: "/credit-cards?page=2", page: { kind: "listing", listing: listing() } });
    renderPage("/credit-cards?page=2");
    expect(screen.getByRole("heading", { level: 1, name: "Best credit cards" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Cash Back Card" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Travel Card" })).toBeInTheDocument();
    expect(screen.getByText("25 products, ranked by our overall rating")).toBeInTheDocument();
    await settle();
    expect(listings).not.toHaveBeenCalled();
    expect(screen.queryByText("Loading…")).not.toBeInTheDocument();
  });

  it("fills the title's date placeholders from today, shifted 14 days from the 26th", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 27, 12, 0, 0));
    try {
      const dated = { ...ROUTE, title: "Best credit cards of {month} {year}" };
      setInitialDataForTest({ path: "/credit-cards", page: { kind: "listing", listing: listing() } });
      render(
        <MemoryRouter initialEntries={["/credit-cards"]}>
          <ListingPage route={dated} />
        </MemoryRouter>,
      );
      expect(screen.getByRole("heading", { level: 1, name: "Best credit cards of December 2026" })).toBeInTheDocument();
      expect(document.title).toContain("Best credit cards of December 2026");
    } finally {
      vi.useRealTimers();
    }
  });

  it("a skipped product leaves the list with an undo, and Show skipped brings it back", async () => {
    setInitialDataForTest({ path: "/credit-cards?page=2", page: { kind: "listing", listing: listing() } });
    const user = renderPage("/credit-cards?page=2");
    const travel = screen.getByRole("article", { name: "Travel Card" });
    await user.click(within(travel).getByRole("button", { name: /^Skip/ }));
    expect(screen.queryByRole("article", { name: "Travel Card" })).not.toBeInTheDocument();
    expect(screen.getByText(/Skipped Travel Card: it leaves this list for 15 days/)).toBeInTheDocument();
    expect(screen.getByText(/1 skipped product is hidden on this page/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(screen.getByRole("article", { name: "Travel Card" })).toBeInTheDocument();
    expect(screen.queryByText(/Skipped Travel Card/)).not.toBeInTheDocument();
    expect(useSaved.getState().data["/credit-cards"]?.skipped ?? {}).toEqual({});

    await user.click(within(screen.getByRole("article", { name: "Travel Card" })).getByRole("button", { name: /^Skip/ }));
    await user.click(screen.getByRole("button", { name: "Show skipped" }));
    expect(screen.getByRole("article", { name: "Travel Card" })).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Travel Card" })).getByRole("button", { name: /^Skipped/ })).toBeDisabled();
  });

  it("links the saved products once something is saved", async () => {
    setInitialDataForTest({ path: "/credit-cards?page=2", page: { kind: "listing", listing: listing() } });
    const user = renderPage("/credit-cards?page=2");
    expect(screen.queryByRole("link", { name: /Your saved products/ })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole("article", { name: "Cash Back Card" })).getByRole("button", { name: /^Save/ }));
    expect(screen.getByRole("link", { name: "Your saved products (1)" })).toHaveAttribute("href", "/saved");
  });

  it("renders the large-bank footnote once when any card is marked, and each asterisk points to it", async () => {
    const marked = listing({
      items: [
        { offer: creditCardOffer({ largeBankAsterisk: true }), placement: "editorial", editorialRank: 11 },
        { offer: creditCardOffer({ id: "card-2", name: "Travel Card", detailsPath: "/d/travel-card", largeBankAsterisk: true }), placement: "editorial", editorialRank: 12 },
        { offer: creditCardOffer({ id: "card-3", name: "Plain Card", issuer: "Small Bank", detailsPath: "/d/plain-card" }), placement: "editorial", editorialRank: 13 },
      ],
    });
    setInitialDataForTest({ path: "/credit-cards", page: { kind: "listing", listing: marked } });
    renderPage("/credit-cards");
    await settle();
    const footnote = "* We have no business relationship with this issuer; the figures come from public data.";
    expect(screen.getAllByText(footnote)).toHaveLength(1);
    const asterisks = screen.getAllByRole("link", { name: "*" });
    expect(asterisks).toHaveLength(2);
    for (const asterisk of asterisks) expect(asterisk).toHaveAccessibleDescription(footnote);
    expect(within(screen.getByRole("article", { name: "Plain Card" })).queryByRole("link", { name: "*" })).not.toBeInTheDocument();
  });

  it("has no large-bank footnote when no card is marked", async () => {
    setInitialDataForTest({ path: "/credit-cards", page: { kind: "listing", listing: listing() } });
    renderPage("/credit-cards");
    await settle();
    expect(screen.queryByText(/no business relationship/)).not.toBeInTheDocument();
  });

  it("ignores server data made for another address and asks the API", async () => {
    setInitialDataForTest({ path: "/credit-cards?page=3", page: { kind: "listing", listing: listing() } });
    vi.mocked(listings).mockReturnValue(new Promise<ListingResponse>(() => {}));
    renderPage("/credit-cards?page=2");
    await settle();
    expect(listings).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Loading…")).toBeInTheDocument();
  });

  it("without server data, asks the API with the route and the page's filters", async () => {
    vi.mocked(listings).mockResolvedValue(listing({ sort: "rating", sponsorship: "none" }));
    renderPage("/credit-cards?need=rewards&sort=rating&page=2&sponsorship=none&utm_source=mail");
    expect(screen.getByText("Loading…")).toBeInTheDocument();
    await settle();
    expect(listings).toHaveBeenCalledTimes(1);
    expect(listings).toHaveBeenCalledWith({ route: "/credit-cards", need: "rewards", sort: "rating", page: "2", sponsorship: "none" });
    expect(screen.getByRole("article", { name: "Cash Back Card" })).toBeInTheDocument();
    expect(screen.getByText("25 products, ranked by overall rating")).toBeInTheDocument();
    // The filters show the address's choices.
    expect(screen.getByRole("combobox", { name: "Your need" })).toHaveValue("rewards");
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("rating");
    expect(screen.getByRole("switch", { name: "Order with no sponsorship" })).toBeChecked();
  });

  it("asks with the route alone on a bare address", async () => {
    vi.mocked(listings).mockResolvedValue(listing());
    renderPage("/credit-cards");
    await settle();
    expect(listings).toHaveBeenCalledWith({ route: "/credit-cards" });
  });

  it("choosing a need sets ?need=, drops the page and loads again", async () => {
    vi.mocked(listings).mockResolvedValue(listing());
    const user = renderPage("/credit-cards?sort=rating&page=2");
    await settle();
    await user.selectOptions(screen.getByRole("combobox", { name: "Your need" }), "Earn Rewards");
    await settle();
    expect(location()).toBe("/credit-cards?sort=rating&need=rewards");
    expect(listings).toHaveBeenCalledTimes(2);
    expect(listings).toHaveBeenLastCalledWith({ route: "/credit-cards", need: "rewards", sort: "rating" });
  });

  it("going back to any need takes need off the address", async () => {
    vi.mocked(listings).mockResolvedValue(listing());
    const user = renderPage("/credit-cards?need=rewards&page=2");
    await settle();
    await user.selectOptions(screen.getByRole("combobox", { name: "Your need" }), "Any need (Overall rating)");
    expect(location()).toBe("/credit-cards");
  });

  it("the sponsorship switch sets sponsorship=none and drops the page", async () => {
    vi.mocked(listings).mockResolvedValue(listing());
    const user = renderPage("/credit-cards?page=2");
    await settle();
    await user.click(screen.getByRole("switch", { name: "Order with no sponsorship" }));
    await settle();
    expect(location()).toBe("/credit-cards?sponsorship=none");
    expect(listings).toHaveBeenLastCalledWith({ route: "/credit-cards", sponsorship: "none" });
    await user.click(screen.getByRole("switch", { name: "Order with no sponsorship" }));
    expect(location()).toBe("/credit-cards");
  });

  it("a sort sets ?sort=, and our ranking takes it off", async () => {
    vi.mocked(listings).mockResolvedValue(listing());
    const user = renderPage("/credit-cards?page=2");
    await settle();
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Lowest annual fee");
    expect(location()).toBe("/credit-cards?sort=annualFee");
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Our ranking");
    expect(location()).toBe("/credit-cards");
  });

  it("the pager keeps the filters and sets the page", async () => {
    vi.mocked(listings).mockResolvedValue(listing());
    const user = renderPage("/credit-cards?need=rewards&page=2");
    await settle();
    const pager = screen.getByRole("navigation", { name: "Pages" });
    await user.click(within(pager).getByRole("button", { name: "Next" }));
    expect(location()).toBe("/credit-cards?need=rewards&page=3");
    await user.click(within(pager).getByRole("button", { name: "Previous" }));
    await user.click(within(pager).getByRole("button", { name: "Previous" }));
    expect(location()).toBe("/credit-cards?need=rewards");
  });

  it("shows each card's editorial rank", async () => {
    vi.mocked(listings).mockResolvedValue(listing());
    renderPage("/credit-cards?page=2");
    await settle();
    expect(screen.getByLabelText("Rank 11")).toBeInTheDocument();
    expect(screen.getByLabelText("Rank 12")).toBeInTheDocument();
  });

  it("shows an error that names no filter with Try again, which asks again", async () => {
    const body: ErrorBody = { error: true, code: "bad_request", message: "need and scenario cannot be combined" };
    vi.mocked(listings).mockRejectedValueOnce(new RequestError(400, "failed request", body)).mockResolvedValueOnce(listing());
    const user = renderPage("/credit-cards?need=rewards&scenario=x");
    await settle();
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("need and scenario cannot be combined");
    expect(screen.queryByRole("article")).not.toBeInTheDocument();

    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await settle();
    expect(listings).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Cash Back Card" })).toBeInTheDocument();
  });

  it("leaves out each filter the listing refuses, shows the list with the defaults and says what was left out", async () => {
    const refuse = (field: string, message: string) =>
      new RequestError(400, "failed request", { error: true, code: "validation", message, field } satisfies ErrorBody);
    vi.mocked(listings)
      .mockRejectedValueOnce(refuse("page", "page 99 is past the last page, 3"))
      .mockResolvedValue(listing({ page: 1 }));
    const user = renderPage("/credit-cards?sort=bogus&page=99&need=rewards");
    await settle();
    // An unknown order is left out before asking; the page past the last is left out
    // when the listing refuses it.
    expect(listings).toHaveBeenNthCalledWith(1, { route: "/credit-cards", need: "rewards", page: "99" });
    expect(listings).toHaveBeenLastCalledWith({ route: "/credit-cards", need: "rewards" });
    expect(listings).toHaveBeenCalledTimes(2);
    expect(
      screen.getByText("This address asked for sort=bogus, page=99, which this list cannot show, so those settings are left at their defaults."),
    ).toHaveAttribute("role", "status");
    // The order reads as our ranking; no TypeError from an unknown order.
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("editorial");
    expect(screen.getByRole("article", { name: "Cash Back Card" })).toBeInTheDocument();
    // A new choice drops what was left out from the address.
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "name");
    expect(location()).toBe("/credit-cards?need=rewards&sort=name");
  });

  it("an order this route does not offer reads as our ranking before the list answers", () => {
    vi.mocked(listings).mockReturnValue(new Promise(() => {}));
    renderPage("/credit-cards?sort=apy");
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("editorial");
  });

  it("says the list could not be loaded when the failure has no message", async () => {
    vi.mocked(listings).mockRejectedValue(new RequestError(-1, "no internet"));
    renderPage("/credit-cards");
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("This list could not be loaded.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("a list ranked by a need's rating shows each product's figure for that need beside its rank", async () => {
    const byNeed = listing({
      editorialOrder: { kind: "need", key: "rewards", label: "Earn Rewards" },
      items: [
        { offer: creditCardOffer(), placement: "editorial", editorialRank: 1, editorialScore: "4.6" },
        { offer: creditCardOffer({ id: "card-2", name: "Travel Card", detailsPath: "/d/travel-card" }), placement: "editorial", editorialRank: 2, editorialScore: "4.25" },
      ],
    });
    setInitialDataForTest({ path: "/credit-cards", page: { kind: "listing", listing: byNeed } });
    renderPage("/credit-cards");
    expect(within(screen.getByRole("article", { name: "Cash Back Card" })).getByText("4.6 for Earn Rewards")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Travel Card" })).getByText("4.3 for Earn Rewards")).toBeInTheDocument();
    await settle();
  });

  it("a list ranked by the overall rating adds no figure: the stars are what it is ranked by", async () => {
    setInitialDataForTest({ path: "/credit-cards", page: { kind: "listing", listing: listing({ items: [{ offer: creditCardOffer(), placement: "editorial", editorialRank: 1, editorialScore: "4.6" }] }) } });
    renderPage("/credit-cards");
    expect(screen.queryByText(/for Earn Rewards|for Overall/)).toBeNull();
    await settle();
  });

  it("a kind the data names no products of says so instead of an empty list", async () => {
    vi.mocked(listings).mockResolvedValue(listing({ items: [], total: 0, pages: 1, page: 1 }));
    const route: RouteInfo = { ...ROUTE, path: "/checking-accounts", section: "banking", productTypes: ["checking"], needs: [] };
    render(
      <MemoryRouter initialEntries={["/checking-accounts"]}>
        <Routes>
          <Route path={route.path} element={<ListingPage route={route} />} />
        </Routes>
      </MemoryRouter>,
    );
    await settle();
    expect(screen.getByRole("heading", { name: "No checking accounts are listed yet" })).toBeInTheDocument();
    expect(screen.queryByText("No products match.")).not.toBeInTheDocument();
  });

  it("names the page past the first in the document's title", async () => {
    vi.mocked(listings).mockResolvedValue(listing());
    renderPage("/credit-cards?page=2");
    await settle();
    expect(document.title).toContain("Best credit cards, page 2");
  });

  it("says when nothing matches", async () => {
    vi.mocked(listings).mockResolvedValue(listing({ items: [], total: 0, pages: 1, page: 1 }));
    renderPage("/credit-cards?need=rebuild");
    await settle();
    expect(screen.getByText("No products match.")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pages" })).not.toBeInTheDocument();
  });

  it("a best-of page has the jump bar and, below the list, the category's questions, the experts and the disclosure", async () => {
    vi.mocked(listings).mockResolvedValue(listing());
    const route: RouteInfo = { ...ROUTE, path: "/best-credit-cards", section: "bestOf" };
    // As the app does before its first paint: the jump bar's code is loaded with the page.
    await preloadParts(route);
    render(
      <MemoryRouter initialEntries={[route.path]}>
        <Routes>
          <Route path={route.path} element={<ListingPage route={route} />} />
        </Routes>
      </MemoryRouter>,
    );
    const bar = screen.getByRole("navigation", { name: "On this page" });
    expect(within(bar).getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual([
      "/best-credit-cards#cards-list",
      "/best-credit-cards#qna",
      "/best-credit-cards#expert-opinions",
      "/best-credit-cards#cards-disclosure",
    ]);
    expect(await screen.findByRole("heading", { name: "Questions about credit cards" })).toBeInTheDocument();
    await act(async () => {});
    for (const id of ["cards-list", "qna", "expert-opinions", "cards-disclosure"]) expect(document.getElementById(id)).not.toBeNull();
    expect(questions).toHaveBeenLastCalledWith({ category: "1" });
    expect(expertsGallery).toHaveBeenCalledWith("/best-credit-cards", expect.any(AbortSignal));
  });

  it("other listings have no jump bar and no sections below the list", async () => {
    vi.mocked(listings).mockResolvedValue(listing());
    renderPage(ROUTE.path);
    await act(async () => {});
    expect(screen.queryByRole("navigation", { name: "On this page" })).not.toBeInTheDocument();
    expect(document.getElementById("qna")).toBeNull();
  });

  it("a list where nothing is rated says it is in name order, not ranked by rating", async () => {
    const unrated = listing();
    unrated.items = unrated.items.map((item) => ({ ...item, offer: { ...item.offer, rating: undefined } }));
    vi.mocked(listings).mockResolvedValue(unrated);
    renderPage(ROUTE.path);
    await act(async () => {});
    expect(screen.getByText(/25 products, ranked by name, A to Z \(none of these is rated\)/)).toBeInTheDocument();
  });
});
