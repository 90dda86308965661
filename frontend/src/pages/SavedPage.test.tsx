import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/client", () => ({ offer: vi.fn() }));

import { offer } from "../api/client";
import { RequestError } from "../api/errors";
import { emptySavedProducts } from "../rules/savedProducts";
import { useSaved } from "../stores/saved";
import { creditCardOffer } from "../test/offers";
import SavedPage from "./SavedPage";
import { settle } from "../test/settle";


function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={["/saved"]}>
      <SavedPage />
    </MemoryRouter>,
  );
  return user;
}

describe("SavedPage", () => {
  beforeEach(() => {
    localStorage.clear();
    useSaved.setState({ data: emptySavedProducts(), lastSkip: null });
    vi.mocked(offer).mockReset();
  });

  it("says how to save when nothing is saved, and asks for nothing", async () => {
    renderPage();
    await settle();
    expect(screen.getByText(/You have not saved any products yet/)).toBeInTheDocument();
    expect(offer).not.toHaveBeenCalled();
  });

  it("lists every saved product from every list, and un-saving takes it off", async () => {
    vi.mocked(offer).mockImplementation(async (id) =>
      creditCardOffer({ id, name: id === "card-1" ? "Cash Back Card" : "Travel Card", detailsPath: `/d/${id}` }),
    );
    useSaved.getState().save("/credit-cards/rewards", "card-1");
    useSaved.getState().save("/best-credit-cards", "card-2");
    const user = renderPage();
    await settle();
    expect(screen.getByText("2 saved products")).toBeInTheDocument();
    const card = screen.getByRole("article", { name: "Cash Back Card" });
    expect(screen.getByRole("article", { name: "Travel Card" })).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: /^Saved/ }));
    await settle();
    expect(screen.queryByRole("article", { name: "Cash Back Card" })).not.toBeInTheDocument();
    expect(screen.getByText("1 saved product")).toBeInTheDocument();
  });

  it("counts a product that left the catalogue without showing it", async () => {
    vi.mocked(offer).mockImplementation(async (id) => {
      if (id === "gone") throw new RequestError(404, "failed request");
      return creditCardOffer({ id });
    });
    useSaved.getState().save("/credit-cards/rewards", "card-1");
    useSaved.getState().save("/credit-cards/rewards", "gone");
    renderPage();
    await settle();
    expect(screen.getByText("1 saved product (1 no longer listed)")).toBeInTheDocument();
  });

  it("a failure offers Try again, which asks again", async () => {
    vi.mocked(offer).mockRejectedValueOnce(new RequestError(503, "failed request")).mockResolvedValue(creditCardOffer());
    useSaved.getState().save("/credit-cards/rewards", "card-1");
    const user = renderPage();
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("We could not load your saved products.");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await settle();
    expect(screen.getByText("1 saved product")).toBeInTheDocument();
  });
});
