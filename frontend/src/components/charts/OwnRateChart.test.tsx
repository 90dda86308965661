import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({ offerHistory: vi.fn() }));

import { offerHistory } from "../../api/client";
import type { FigureChange } from "../../api/generated/FigureChange";
import type { OfferSummary } from "../../api/generated/OfferSummary";
import { forgetHistories } from "../product/offerHistory";
import OwnRateChart from "./OwnRateChart";

const apy = (date: string, old: string | undefined, now: string): FigureChange => ({ date: `${date}T00:00:00Z`, field: "APY", label: "APY", old, new: now, first: old === undefined });
const offer = { id: "test-savings", name: "Test Savings", productType: "savings", provenance: { source: "Test source" } } as unknown as OfferSummary;

function national(points: [string, string][]) {
  vi.stubGlobal(
    "fetch",
    vi.fn().mockResolvedValue({
      ok: true,
      json: () => Promise.resolve({ title: "National", source: "FDIC via FRED", series: [{ label: "Savings", productType: "savings", points }] }),
    }),
  );
}

describe("OwnRateChart", () => {
  beforeEach(() => {
    vi.mocked(offerHistory).mockReset();
    forgetHistories();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("draws the product's recorded APY beside the national average of the same months, with every rate in a table", async () => {
    vi.mocked(offerHistory).mockResolvedValue({ id: offer.id, name: offer.name, changes: [apy("2026-01-08", undefined, "3.40%"), apy("2026-03-02", "3.40%", "3.15%")] });
    national([
      ["2025-12-01", "0.40"],
      ["2026-01-01", "0.41"],
      ["2026-03-01", "0.42"],
    ]);
    render(<OwnRateChart offer={offer} />);
    const figure = await screen.findByRole("figure", { name: "Test Savings: APY over time" });
    expect(within(figure).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Test Savings", "National average, savings"]);
    const every = within(figure).getByRole("table", { name: "Every recorded rate" });
    expect(within(every).getByRole("row", { name: /^Jan 8, 2026/ })).toHaveTextContent("3.40%—");
    expect(within(every).getByRole("row", { name: /^Mar 1, 2026/ })).toHaveTextContent("—0.42%");
    expect(within(every).queryByRole("row", { name: /^Dec 1, 2025/ })).toBeNull();
    expect(within(figure).getByText("Source: Test source; for the national average, FDIC via FRED")).toBeInTheDocument();
  });

  it("says so when the national series ends before the history, and draws nothing for one rate", async () => {
    vi.mocked(offerHistory).mockResolvedValue({ id: offer.id, name: offer.name, changes: [apy("2026-01-08", undefined, "3.40%"), apy("2026-03-02", "3.40%", "3.15%")] });
    national([["2023-11-01", "0.46"]]);
    render(<OwnRateChart offer={offer} />);
    await screen.findByText("The national average for savings accounts we draw from ends in Nov 2023 (0.46%), before this history starts, so it is not drawn.");
    forgetHistories();
    vi.mocked(offerHistory).mockResolvedValue({ id: "one", name: "One", changes: [apy("2026-01-08", undefined, "3.40%")] });
    const { container } = render(<OwnRateChart offer={{ ...offer, id: "one" }} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(container.innerHTML).toBe("");
  });
});
