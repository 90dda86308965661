import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/client", () => ({ siteSearch: vi.fn() }));

import { siteSearch } from "../api/client";
import { RequestError } from "../api/errors";
import type { SearchResponse } from "../api/generated/SearchResponse";
import { SearchBox } from "../components/site/SearchBox";
import SearchPage from "./SearchPage";
import { renderAt } from "../test/routing";
import { settle } from "../test/settle";

function renderSearch(path: string) {
  renderAt(
    path,
    <>
      <SearchBox />
      <Routes>
        <Route path="/search" element={<SearchPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </>,
  );
}


const FOUND: SearchResponse = {
  query: "chase",
  words: ["chase"],
  products: [
    { id: "sp", name: "Sapphire Preferred", issuer: "Chase", productLabel: "Credit Card", path: "/d/sapphire-preferred" },
    { id: "ff", name: "Freedom Flex", issuer: "Chase", productLabel: "Credit Card", path: "/d/freedom-flex" },
  ],
  productsTotal: 31,
  institutions: [{ id: "chase-bank", name: "JPMorgan Chase Bank", productLabel: "Institution", path: "/institutions/chase-bank" }],
  institutionsTotal: 1,
  questions: [],
  questionsTotal: 0,
};

describe("SearchPage", () => {
  beforeEach(() => vi.mocked(siteSearch).mockReset());

  it("lists what was found by kind, with links and counts", async () => {
    vi.mocked(siteSearch).mockResolvedValue(FOUND);
    renderSearch("/search?q=chase");
    await settle();
    expect(siteSearch).toHaveBeenCalledWith("chase");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Search results for “chase”");
    expect(screen.getByRole("status")).toHaveTextContent("Found 31 products, 1 bank or credit union and 0 questions for “chase”.");
    const products = screen.getByRole("region", { name: /Products/ });
    expect(within(products).getByRole("heading")).toHaveTextContent("Products (2 of 31)");
    expect(within(products).getByRole("link", { name: "Sapphire Preferred" })).toHaveAttribute("href", "/d/sapphire-preferred");
    expect(screen.getByRole("link", { name: "JPMorgan Chase Bank" })).toHaveAttribute("href", "/institutions/chase-bank");
    expect(screen.getByRole("link", { name: "Ask the community" })).toBeInTheDocument();
  });

  it("adds the next products below the first ones", async () => {
    vi.mocked(siteSearch)
      .mockResolvedValueOnce({ ...FOUND, productsNextOffset: 2 })
      .mockResolvedValueOnce({ ...FOUND, products: [{ id: "ve", name: "Venture", productLabel: "Credit Card", path: "/d/venture" }], productsNextOffset: undefined });
    renderSearch("/search?q=chase");
    await settle();
    await userEvent.click(screen.getByRole("button", { name: "More products" }));
    await settle();
    expect(siteSearch).toHaveBeenLastCalledWith("chase", 2);
    const products = screen.getByRole("region", { name: /^Products/ });
    expect(within(products).getAllByRole("link").map((a) => a.textContent)).toEqual(["Sapphire Preferred", "Freedom Flex", "Venture"]);
    expect(screen.queryByRole("button", { name: "More products" })).toBeNull();
  });

  it("shows the server's reason when a query is refused", async () => {
    vi.mocked(siteSearch).mockRejectedValueOnce(new RequestError(400, "failed request", { code: "validation", message: "Please type at least 2 characters to search." }));
    renderSearch("/search?q=x");
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("Please type at least 2 characters to search.");
  });

  it("the search box is a plain GET form to the results page, filled with the query there", async () => {
    vi.mocked(siteSearch).mockResolvedValue({ ...FOUND, query: "savings", products: [], productsTotal: 0, institutions: [], institutionsTotal: 0 });
    render(
      <MemoryRouter>
        <SearchBox initial="high yield savings" />
      </MemoryRouter>,
    );
    const box = screen.getByRole("search");
    expect(box).toHaveAttribute("action", "/search");
    expect(box).toHaveAttribute("method", "get");
    const input = within(box).getByRole("searchbox", { name: "Search Plainrate" });
    expect(input).toHaveAttribute("name", "q");
    expect(input).toHaveValue("high yield savings");
    expect(input).toBeRequired();
  });

  it("says when nothing was found", async () => {
    vi.mocked(siteSearch).mockResolvedValue({ ...FOUND, query: "savings", products: [], productsTotal: 0, institutions: [], institutionsTotal: 0 });
    renderSearch("/search?q=savings");
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Nothing found for “savings”.")
  });
});
