import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { OfferSummary } from "../../api/generated/OfferSummary";
import { RateChangeMark } from "./RateChangeMark";

describe("RateChangeMark", () => {
  it("says how the rate moved and when, and nothing without a move", () => {
    const offer = { rateChange: { summary: "APY up 0.25 points", date: "2026-11-03", old: "3.00%", new: "3.25%", up: true } } as unknown as OfferSummary;
    const { container } = render(<RateChangeMark offer={offer} />);
    expect(container.textContent).toBe("▲ APY up 0.25 points on Nov 3, 2026 (3.00% → 3.25%)");
    expect(screen.getByText("Nov 3, 2026")).toHaveAttribute("datetime", "2026-11-03");
    const none = render(<RateChangeMark offer={{} as OfferSummary} />);
    expect(none.container.innerHTML).toBe("");
  });
});
