import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/client", () => ({ cardValues: vi.fn() }));

import { cardValues } from "../api/client";
import { RequestError } from "../api/request";
import type { CardValueResponse } from "../api/generated/CardValueResponse";
import { useCreditScore } from "../stores/creditScore";
import type { CreditScore } from "../rules/credit";
import CardValuePage from "./CardValuePage";
import { renderAt } from "../test/routing";
import { settle } from "../test/settle";

function renderValues(path: string) {
  renderAt(
    path,
    <Routes>
      <Route path="/card-value" element={<CardValuePage />} />
    </Routes>,
  );
}


const ANSWER: CardValueResponse = {
  assumptions: { groceries: "400", dining: "200", gas: "150", travel: "100", other: "650", balance: "0", tier: "good", tierLabel: "620-719", centsPerPoint: "1", monthlyTotal: "1500" },
  cards: [
    { id: "miles", name: "Miles Plus", issuer: "Bank B", detailsPath: "/d/miles-plus", value: "$1,075", rewardsLeftOut: false, working: ["Rewards: $270 (1% back in points, each worth 1.5¢)", "First-year bonus: $900", "Annual fee: −$95"] },
    { id: "bonus", name: "Bonus Card", issuer: "Bank C", value: "$105", rewardsLeftOut: true, working: ["Rewards: left out (no source gives this card's earn rate)", "First-year bonus: $200", "Annual fee: −$95"] },
    { id: "mystery", name: "Mystery Rewards", value: undefined, rewardsLeftOut: true, unknown: "The annual fee is not stated as a plain amount.", working: ["Annual fee: unknown"] },
  ],
  page: 1,
  perPage: 20,
  pages: 1,
  total: 3,
  estimated: 2,
  rewardsLeftOut: 2,
};

/** The server's refusal of one figure, as the request layer rejects it. */
const refusal = (field: string, message: string) => new RequestError(400, "failed request", { error: true, code: "validation", message, field });

const valueCards = () => screen.getAllByRole("listitem").filter((li) => li.classList.contains("value-card"));

describe("CardValuePage", () => {
  beforeEach(() => {
    vi.mocked(cardValues).mockReset();
    useCreditScore.setState({ score: null });
  });

  it("ranks the cards by yearly value with their working and the assumptions used", async () => {
    vi.mocked(cardValues).mockResolvedValue(ANSWER);
    renderValues("/card-value");
    await settle();
    expect(cardValues).toHaveBeenCalledWith({});
    const items = valueCards();
    expect(within(items[0]!).getByRole("link", { name: "Miles Plus" })).toHaveAttribute("href", "/d/miles-plus");
    expect(within(items[0]!).getByText("$1,075 in year one")).toBeInTheDocument();
    expect(within(items[0]!).getByText("First-year bonus: $900")).toBeInTheDocument();
    expect(within(items[2]!).getByText("No estimate")).toBeInTheDocument();
    expect(within(items[2]!).getByText("The annual fee is not stated as a plain amount.")).toBeInTheDocument();
    expect(screen.getByText(/Working with \$1,500 a month, a \$0 balance, credit 620-719 and 1¢ a point/)).toBeInTheDocument();
  });

  it("asks again with the visitor's figures, kept in the address", async () => {
    vi.mocked(cardValues).mockResolvedValue(ANSWER);
    renderValues("/card-value");
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
    renderValues("/card-value?balance=1000");
    await settle();
    expect(cardValues).toHaveBeenCalledWith({ balance: "1000", score: "690" });
  });

  it("says a card's value is before rewards when its earn rate is unknown, and how many cards that is", async () => {
    vi.mocked(cardValues).mockResolvedValue(ANSWER);
    renderValues("/card-value");
    await settle();
    const items = valueCards();
    expect(within(items[1]!).getByText("$105 in year one, before rewards")).toBeInTheDocument();
    // A card whose rewards are counted carries no such mark, and one without a value stays "No estimate".
    expect(within(items[0]!).getByText("$1,075 in year one")).toBeInTheDocument();
    expect(within(items[2]!).queryByText(/before rewards/)).not.toBeInTheDocument();
    expect(screen.getByText(/they are left out for 2 of 3 cards/)).toBeInTheDocument();
    expect(screen.getByText(/2 of 3 cards have an estimate; the rest come last, because their annual fee is not stated as a plain amount/)).toBeInTheDocument();
    expect(screen.queryByText(/every category earns/)).not.toBeInTheDocument();
    expect(screen.queryByText(/earn rate, most often/)).not.toBeInTheDocument();
  });

  it("keeps the visitor's typed figures after the cards are ranked", async () => {
    vi.mocked(cardValues).mockResolvedValue(ANSWER);
    renderValues("/card-value");
    await settle();
    const form = screen.getByRole("form", { name: "Your figures" });
    // The server's assumptions fill the fields the visitor has not set.
    expect(within(form).getByLabelText(/Groceries/)).toHaveValue("400");
    const groceries = within(form).getByLabelText(/Groceries/);
    await userEvent.clear(groceries);
    await userEvent.type(groceries, "900");
    await userEvent.click(within(form).getByRole("button", { name: "Rank the cards" }));
    await settle();
    expect(cardValues).toHaveBeenLastCalledWith(expect.objectContaining({ groceries: "900" }));
    // The answer (here still assuming $400) does not overwrite what the visitor typed.
    expect(screen.getByRole("form", { name: "Your figures" })).toBe(form);
    expect(within(form).getByLabelText(/Groceries/)).toHaveValue("900");
    expect(within(form).getByLabelText(/Restaurants/)).toHaveValue("200");
  });

  it("shows a refused figure's message by its field, keeping the typed figures and the last ranking", async () => {
    vi.mocked(cardValues).mockResolvedValueOnce(ANSWER).mockRejectedValueOnce(refusal("gas", "Gas must be an amount of dollars."));
    renderValues("/card-value");
    await settle();
    const form = screen.getByRole("form", { name: "Your figures" });
    const groceries = within(form).getByLabelText(/Groceries/);
    await userEvent.clear(groceries);
    await userEvent.type(groceries, "900");
    const gas = within(form).getByLabelText(/Gas/);
    await userEvent.clear(gas);
    await userEvent.type(gas, "lots");
    await userEvent.click(within(form).getByRole("button", { name: "Rank the cards" }));
    await settle();
    expect(cardValues).toHaveBeenLastCalledWith(expect.objectContaining({ groceries: "900", gas: "lots" }));
    const message = screen.getByRole("alert");
    expect(message).toHaveTextContent("Gas must be an amount of dollars.");
    expect(form).toContainElement(message);
    expect(gas).toHaveAttribute("aria-invalid", "true");
    expect(gas).toHaveAttribute("aria-describedby", message.id);
    expect(groceries).not.toHaveAttribute("aria-invalid");
    expect(gas).toHaveValue("lots");
    expect(groceries).toHaveValue("900");
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Miles Plus" })).toBeInTheDocument();

    // Put right, the figures go again and the message goes.
    vi.mocked(cardValues).mockResolvedValueOnce(ANSWER);
    await userEvent.clear(gas);
    await userEvent.type(gas, "120");
    await userEvent.click(within(form).getByRole("button", { name: "Rank the cards" }));
    await settle();
    expect(cardValues).toHaveBeenLastCalledWith(expect.objectContaining({ groceries: "900", gas: "120" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(gas).not.toHaveAttribute("aria-invalid");
    expect(gas).toHaveValue("120");
  });

  it("keeps the form when the address's own figure is refused on the first load", async () => {
    vi.mocked(cardValues).mockRejectedValueOnce(refusal("balance", "The balance must be an amount of dollars.")).mockResolvedValueOnce(ANSWER);
    renderValues("/card-value?balance=abc");
    await settle();
    const form = screen.getByRole("form", { name: "Your figures" });
    const balance = within(form).getByLabelText(/Balance you carry/);
    expect(balance).toHaveValue("abc");
    expect(balance).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("The balance must be an amount of dollars.");
    // The same figures sent again make no new address, yet they are asked for again.
    await userEvent.click(within(form).getByRole("button", { name: "Rank the cards" }));
    await settle();
    expect(cardValues).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("link", { name: "Miles Plus" })).toBeInTheDocument();
  });

  it("keeps the page's message with Try again, and the form, when the failure names no field", async () => {
    vi.mocked(cardValues).mockResolvedValueOnce(ANSWER).mockRejectedValueOnce(new RequestError(503, "failed request", null)).mockResolvedValueOnce(ANSWER);
    renderValues("/card-value");
    await settle();
    const form = screen.getByRole("form", { name: "Your figures" });
    const dining = within(form).getByLabelText(/Restaurants/);
    await userEvent.clear(dining);
    await userEvent.type(dining, "350");
    await userEvent.click(within(form).getByRole("button", { name: "Rank the cards" }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("The estimate could not be made.");
    expect(form).toBeInTheDocument();
    expect(dining).toBeInTheDocument();
    expect(dining).toHaveValue("350");
    expect(dining).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByRole("link", { name: "Miles Plus" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await settle();
    expect(cardValues).toHaveBeenCalledTimes(3);
    expect(screen.getByRole("link", { name: "Miles Plus" })).toBeInTheDocument();
    expect(within(screen.getByRole("form", { name: "Your figures" })).getByLabelText(/Restaurants/)).toHaveValue("350");
  });

  it("follows the address when it moves without the form", async () => {
    vi.mocked(cardValues).mockResolvedValue(ANSWER);
    renderValues("/card-value?groceries=900");
    await settle();
    const form = screen.getByRole("form", { name: "Your figures" });
    expect(within(form).getByLabelText(/Groceries/)).toHaveValue("900");
    vi.mocked(cardValues).mockRejectedValueOnce(new RequestError(503, "failed request", null));
    await userEvent.click(within(form).getByRole("button", { name: "Rank the cards" }));
    await settle();
    await userEvent.click(screen.getByRole("link", { name: "Start again" }));
    await settle();
    expect(screen.getByTestId("location").textContent).toBe("/card-value");
    expect(within(form).getByLabelText(/Groceries/)).toHaveValue("400");
  });
});
