import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/client", () => ({ cardValues: vi.fn() }));

import { cardValues } from "../api/client";
import type { CardValueResponse } from "../api/generated/CardValueResponse";
import { useCreditScore } from "../stores/creditScore";
import type { CreditScore } from "../rules/credit";
import CardValuePage from "./CardValuePage";
import { settle } from "../test/settle";

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/card-value" element={<CardValuePage />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}


const ANSWER: CardValueResponse = {
  assumptions: { groceries: "400", dining: "200", gas: "150", travel: "100", other: "650", balance: "0", tier: "good", tierLabel: "620-719", centsPerPoint: "1", monthlyTotal: "1500" },
  cards: [
    { id: "miles", name: "Miles Plus", issuer: "Bank B", detailsPath: "/d/miles-plus", value: "$1,075", working: ["Rewards: $270 (1% back in points, each worth 1.5¢)", "First-year bonus: $900", "Annual fee: −$95"] },
    { id: "mystery", name: "Mystery Rewards", value: undefined, unknown: "No source gives this card's earn rate.", working: ["Rewards: unknown (no earn rate in our sources)"] },
  ],
  page: 1,
  perPage: 20,
  pages: 1,
  total: 2,
  estimated: 1,
};

describe("CardValuePage", () => {
  beforeEach(() => {
    vi.mocked(cardValues).mockReset();
    useCreditScore.setState({ score: null });
  });

  it("ranks the cards by yearly value with their working and the assumptions used", async () => {
    vi.mocked(cardValues).mockResolvedValue(ANSWER);
    renderAt("/card-value");
    await settle();
    expect(cardValues).toHaveBeenCalledWith({});
    const items = screen.getAllByRole("listitem").filter((li) => li.classList.contains("value-card"));
    expect(within(items[0]!).getByRole("link", { name: "Miles Plus" })).toHaveAttribute("href", "/d/miles-plus");
    expect(within(items[0]!).getByText("$1,075 in year one")).toBeInTheDocument();
    expect(within(items[0]!).getByText("First-year bonus: $900")).toBeInTheDocument();
    expect(within(items[1]!).getByText("No estimate")).toBeInTheDocument();
    expect(within(items[1]!).getByText("No source gives this card's earn rate.")).toBeInTheDocument();
    expect(screen.getByText(/Working with \$1,500 a month, a \$0 balance, credit 620-719 and 1¢ a point/)).toBeInTheDocument();
  });

  it("asks again with the visitor's figures, kept in the address", async () => {
    vi.mocked(cardValues).mockResolvedValue(ANSWER);
    renderAt("/card-value");
    await settle();
    const form = screen.getByRole("form", { name: "Your figures" });
    const groceries = within(form).getByLabelText(/Groceries/);
    await userEvent.clear(groceries);
    await userEvent.type(groceries, "900");
    const balance = within(form).getByLabelText(/Balance you carry/);
    await userEvent.clear(balance);
    await userEvent.type(balance, "2500");
    await userEvent.selectOptions(within(form).getByLabelText("Credit tier"), "poor");
    await userEvent.click(within(form).getByRole("button", { name: "Rank the cards" }));
    await settle();
    expect(screen.getByTestId("location").textContent).toContain("groceries=900");
    expect(cardValues).toHaveBeenLastCalledWith(expect.objectContaining({ groceries: "900", balance: "2500", tier: "poor" }));
  });

  it("uses the visitor's credit score when no tier is chosen", async () => {
    useCreditScore.setState({ score: 690 as CreditScore });
    vi.mocked(cardValues).mockResolvedValue(ANSWER);
    renderAt("/card-value?balance=1000");
    await settle();
    expect(cardValues).toHaveBeenCalledWith({ balance: "1000", score: "690" });
  });
});
