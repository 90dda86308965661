import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ListingSort } from "../../api/generated/ListingSort";
import type { RouteInfo } from "../../api/generated/RouteInfo";
import { ListingFilters, type ListingFiltersProps } from "./ListingFilters";
import { resizeTo } from "../ui/testing";

const CARDS_ROUTE: RouteInfo = {
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

const SAVINGS_ROUTE: RouteInfo = {
  path: "/savings-accounts",
  section: "banking",
  title: "Best savings accounts",
  description: "Savings accounts ranked for an average balance.",
  order: { kind: "scenario", key: "savingAverageAmount", label: "Saving an average amount" },
  scenario: { key: "savingAverageAmount", label: "Saving an average amount", balance: "10000" },
  scenarios: [
    { key: "savingSmallAmount", label: "Saving a small amount", balance: "1000" },
    { key: "savingAverageAmount", label: "Saving an average amount", balance: "10000" },
  ],
  productTypes: ["savings"],
};

function renderFilters(props: Partial<ListingFiltersProps> = {}) {
  const onChange = vi.fn<(name: string, value: string | null) => void>();
  const user = userEvent.setup();
  render(
    <ListingFilters
      route={CARDS_ROUTE}
      listing={null}
      need={null}
      scenario={null}
      sort={"editorial" satisfies ListingSort}
      noSponsorship={false}
      onChange={onChange}
      {...props}
    />,
  );
  return { onChange, user };
}

const optionTexts = (select: HTMLElement) => within(select).getAllByRole("option").map((o) => o.textContent);

describe("ListingFilters", () => {
  it("lists the route's needs after an 'any need' choice naming the default order", () => {
    renderFilters();
    const need = screen.getByRole("combobox", { name: "Your need" });
    expect(optionTexts(need)).toEqual(["Any need (Overall rating)", "Earn Rewards", "Rebuild Damaged Credit"]);
    expect(need).toHaveValue("");
  });

  it("shows the chosen need", () => {
    renderFilters({ need: "rebuild" });
    expect(screen.getByRole("combobox", { name: "Your need" })).toHaveValue("rebuild");
  });

  it("reports a chosen need", async () => {
    const { onChange, user } = renderFilters();
    await user.selectOptions(screen.getByRole("combobox", { name: "Your need" }), "Earn Rewards");
    expect(onChange).toHaveBeenLastCalledWith("need", "rewards");
  });

  it("reports null when going back to any need", async () => {
    const { onChange, user } = renderFilters({ need: "rewards" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Your need" }), "Any need (Overall rating)");
    expect(onChange).toHaveBeenLastCalledWith("need", null);
  });

  it("has no need list when the route has no needs", () => {
    renderFilters({ route: { ...CARDS_ROUTE, needs: undefined } });
    expect(screen.queryByRole("combobox", { name: "Your need" })).not.toBeInTheDocument();
  });

  it("offers a banking route's scenarios with its default named", async () => {
    const { onChange, user } = renderFilters({ route: SAVINGS_ROUTE });
    const scenario = screen.getByRole("combobox", { name: "Your situation" });
    expect(optionTexts(scenario)).toEqual(["Default: Saving an average amount", "Saving a small amount", "Saving an average amount"]);
    await user.selectOptions(scenario, "savingSmallAmount");
    expect(onChange).toHaveBeenLastCalledWith("scenario", "savingSmallAmount");
  });

  it("sorts a card route by annual fee and APR", () => {
    renderFilters();
    expect(optionTexts(screen.getByRole("combobox", { name: "Sort by" }))).toEqual([
      "Our ranking",
      "Overall rating",
      "Most member ratings",
      "Lowest annual fee",
      "Lowest APR",
      "Name (A–Z)",
    ]);
  });

  it("sorts a banking route by APY", () => {
    renderFilters({ route: SAVINGS_ROUTE });
    const sort = optionTexts(screen.getByRole("combobox", { name: "Sort by" }));
    expect(sort).toContain("Highest APY");
    expect(sort).not.toContain("Lowest annual fee");
  });

  it("reports a sort, and null for our ranking", async () => {
    const { onChange, user } = renderFilters({ sort: "rating" });
    const sort = screen.getByRole("combobox", { name: "Sort by" });
    expect(sort).toHaveValue("rating");
    await user.selectOptions(sort, "Lowest APR");
    expect(onChange).toHaveBeenLastCalledWith("sort", "apr");
    await user.selectOptions(sort, "Our ranking");
    expect(onChange).toHaveBeenLastCalledWith("sort", null);
  });

  it("the sponsorship switch reports sponsorship=none, and null when turned off", async () => {
    const { onChange, user } = renderFilters();
    const toggle = screen.getByRole("switch", { name: "Order with no sponsorship" });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith("sponsorship", "none");
  });

  it("shows the switch on when sponsorship is off, and turning it off reports null", async () => {
    const { onChange, user } = renderFilters({ noSponsorship: true });
    const toggle = screen.getByRole("switch", { name: "Order with no sponsorship" });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith("sponsorship", null);
  });

  it("shows the filters in use as removable tags, each clearing its own parameter", async () => {
    const { onChange, user } = renderFilters({ need: "rewards", sort: "apr", noSponsorship: true });
    const active = screen.getByRole("list", { name: "Filters in use" });
    expect(within(active).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      expect.stringContaining("Need: Earn Rewards"),
      expect.stringContaining("Sorted by lowest apr"),
      expect.stringContaining("No sponsorship"),
    ]);
    await user.click(screen.getByRole("button", { name: "Remove Need: Earn Rewards" }));
    expect(onChange).toHaveBeenLastCalledWith("need", null);
    await user.click(screen.getByRole("button", { name: "Remove No sponsorship" }));
    expect(onChange).toHaveBeenLastCalledWith("sponsorship", null);
  });

  it("shows no tag list when nothing is chosen", () => {
    renderFilters();
    expect(screen.queryByRole("list", { name: "Filters in use" })).not.toBeInTheDocument();
  });

  describe("on a phone (600 px or narrower)", () => {
    const realWidth = window.innerWidth;
    afterEach(() => resizeTo(realWidth));

    it("keeps the form behind a Filter and sort button, and the filters in use in sight", async () => {
      resizeTo(375);
      const { onChange, user } = renderFilters({ need: "rewards" });
      const toggle = screen.getByRole("button", { name: "Filter and sort" });
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(screen.queryByRole("form", { name: "Filter and sort" })).not.toBeInTheDocument();
      expect(screen.getByRole("list", { name: "Filters in use" })).toHaveTextContent("Need: Earn Rewards");
      await user.click(toggle);
      expect(toggle).toHaveAttribute("aria-expanded", "true");
      const form = screen.getByRole("form", { name: "Filter and sort" });
      expect(toggle).toHaveAttribute("aria-controls", form.id);
      // The next stop after the button is the form's first field.
      await user.tab();
      expect(screen.getByRole("combobox", { name: "Your need" })).toHaveFocus();
      await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "apr");
      expect(onChange).toHaveBeenLastCalledWith("sort", "apr");
      await user.click(toggle);
      expect(screen.queryByRole("form", { name: "Filter and sort" })).not.toBeInTheDocument();
    });

    it("shows the form open, with no button, on a wider screen", () => {
      resizeTo(1440);
      renderFilters();
      expect(screen.queryByRole("button", { name: "Filter and sort" })).not.toBeInTheDocument();
      expect(screen.getByRole("form", { name: "Filter and sort" })).toBeVisible();
    });
  });
});
