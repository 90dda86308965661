import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { creditCardOffer } from "../../test/offers";
import { AprChart, barPercent } from "./AprChart";

describe("AprChart", () => {
  it("draws the card's lowest APR beside the median on one scale and says how far apart they are", () => {
    const { container } = render(
      <AprChart offer={creditCardOffer({ marketApr: { medianApr: { display: "23.36%", value: "23.36" }, tiers: "620-719", cardApr: "18.49" } })} />,
    );
    expect(screen.getByRole("img", { name: "Its lowest APR, 18.49%, is 4.87 points below the 23.36% median." })).toBeInTheDocument();
    const widths = [...container.querySelectorAll("rect")].map((rect) => Number(rect.getAttribute("width")));
    expect(widths[0]).toBeCloseTo(barPercent(18.49));
    expect(widths[1]).toBeCloseTo(barPercent(23.36));
    expect(widths[0]).toBeLessThan(widths[1] ?? 0);
    expect(screen.getByText("APR against the market (credit tiers 620-719)")).toBeInTheDocument();
  });

  it("draws nothing without both figures", () => {
    const { container } = render(<AprChart offer={creditCardOffer({ marketApr: { medianApr: { display: "23.36%", value: "23.36" } } })} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("keeps bars within the chart", () => {
    expect(barPercent(50)).toBe(100);
    expect(barPercent(-1)).toBe(0);
  });
});
