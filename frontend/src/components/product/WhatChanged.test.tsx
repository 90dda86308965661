import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({ offerHistory: vi.fn() }));

import { offerHistory } from "../../api/client";
import { forgetHistories } from "./offerHistory";
import type { FigureChange } from "../../api/generated/FigureChange";
import { WhatChanged } from "./WhatChanged";

const change = (date: string, old: string | undefined, next: string, first = old === undefined): FigureChange => ({
  date: `${date}T06:00:00+00:00`,
  field: "APY",
  label: "APY",
  ...(old === undefined ? {} : { old }),
  new: next,
  source: "Test Source",
  first,
});

describe("WhatChanged", () => {
  beforeEach(() => {
    vi.mocked(offerHistory).mockReset();
    forgetHistories();
  });

  it("lists each change newest first, with its date, old and new figures and source", async () => {
    vi.mocked(offerHistory).mockResolvedValue({
      id: "a",
      name: "Test Savings",
      changes: [change("2026-11-01", undefined, "4.00%"), change("2026-11-02", "4.00%", "3.75%"), change("2026-11-03", "3.75%", "3.50%")],
    });
    render(<WhatChanged name="a" />);
    const items = await screen.findAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual(["Nov 3, 2026: APY 3.75% → 3.50%", "Nov 2, 2026: APY 4.00% → 3.75%"]);
    // One source for every change is named once.
    expect(screen.getByText("Source: Test Source")).toBeTruthy();
  });

  it("names each change's source when they differ", async () => {
    vi.mocked(offerHistory).mockResolvedValue({
      id: "a",
      name: "Test Savings",
      changes: [change("2026-11-01", undefined, "4.00%"), change("2026-11-02", "4.00%", "3.75%"), { ...change("2026-11-03", "3.75%", "3.50%"), source: "Other Source" }],
    });
    render(<WhatChanged name="a" />);
    const items = await screen.findAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual(["Nov 3, 2026: APY 3.75% → 3.50% (source: Other Source)", "Nov 2, 2026: APY 4.00% → 3.75% (source: Test Source)"]);
  });

  it("lists a figure a later import first gave, but not the product's starting figures", async () => {
    vi.mocked(offerHistory).mockResolvedValue({
      id: "late",
      name: "Test Savings",
      changes: [change("2026-11-01", undefined, "4.00%"), { ...change("2026-11-05", undefined, "$5", false), field: "MONTHLY_FEE", label: "Monthly fee" }],
    });
    render(<WhatChanged name="late" />);
    const items = await screen.findAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual(["Nov 5, 2026: Monthly fee — → $5"]);
  });

  it("says since when nothing changed, and that there is no history when there is none", async () => {
    vi.mocked(offerHistory).mockResolvedValue({ id: "a", name: "Test Savings", changes: [change("2026-11-01", undefined, "4.00%")] });
    const { unmount } = render(<WhatChanged name="a" />);
    expect(await screen.findByText("No figure has changed since we first published it on Nov 1, 2026.")).toBeTruthy();
    unmount();
    forgetHistories();
    vi.mocked(offerHistory).mockResolvedValue({ id: "a", name: "Test Savings", changes: [] });
    render(<WhatChanged name="a" />);
    expect(await screen.findByText("We have no history of this product's figures yet.")).toBeTruthy();
  });
});
