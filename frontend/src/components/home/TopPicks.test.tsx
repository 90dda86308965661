import { act, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({ listings: vi.fn() }));

import { listings } from "../../api/client";
import type { ListingResponse } from "../../api/generated/ListingResponse";
import { creditCardOffer } from "../../test/offers";
import { TOP_PICK_ROUTES, TopPicks } from "./TopPicks";

function listing(prefix: string): ListingResponse {
  return {
    editorialOrder: { kind: "rating", key: "rating", label: "Overall rating" },
    sort: "editorial",
    sponsorship: "none",
    hasSponsoredPlacement: false,
    items: [1, 2, 3].map((n) => ({
      offer: creditCardOffer({ id: `${prefix}-${n}`, name: `${prefix} ${n}`, detailsPath: `/d/${prefix}-${n}` }),
      placement: "editorial",
      editorialRank: n,
    })),
    total: 30,
    pages: 10,
    page: 1,
    perPage: 3,
  };
}

describe("TopPicks", () => {
  beforeEach(() => vi.mocked(listings).mockReset());

  it("asks each category's page for its first three in its own order, with no sponsorship, and shows them", async () => {
    vi.mocked(listings).mockImplementation(async (params) => listing(String(params?.route).slice(1)));
    render(
      <MemoryRouter>
        <TopPicks />
      </MemoryRouter>,
    );
    await act(async () => {});
    for (const { route } of TOP_PICK_ROUTES) {
      expect(listings).toHaveBeenCalledWith({ route, per_page: 3, sponsorship: "none" });
    }
    const cards = screen.getByRole("region", { name: "Top credit cards" });
    expect(within(cards).getAllByRole("listitem")).toHaveLength(3);
    expect(within(cards).getByRole("link", { name: "best-credit-cards 1" })).toHaveAttribute("href", "/d/best-credit-cards-1");
    expect(within(cards).getAllByText(/Annual fee:/)).toHaveLength(3);
    expect(within(cards).getByRole("link", { name: /^See all/ })).toHaveAttribute("href", "/best-credit-cards");
    expect(within(cards).getByRole("link", { name: /^See all/ })).toHaveTextContent("See all credit cards");
  });

  it("says when a category's picks could not be loaded, and still shows the others", async () => {
    vi.mocked(listings).mockImplementation(async (params) => {
      const route = params?.route;
      if (route === "/cd-rates") throw new Error("down");
      return listing(String(route).slice(1));
    });
    render(
      <MemoryRouter>
        <TopPicks />
      </MemoryRouter>,
    );
    await act(async () => {});
    expect(within(screen.getByRole("region", { name: "Top cds" })).getByText("These picks could not be loaded.")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Top savings accounts" })).getAllByRole("listitem")).toHaveLength(3);
  });
});
