import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RateChart } from "./RateChart";
import NationalRatesChart, { NATIONAL_RATES_PATH } from "./NationalRates";

describe("RateChart", () => {
  it("draws a line per series, a legend, and the figures as a table", () => {
    render(
      <RateChart
        title="National average deposit rates"
        source="FDIC"
        series={[
          { label: "Savings", points: [["2021-04-01", 0.07], ["2022-06-01", 0.08], ["2023-11-01", 0.46]] },
          { label: "Money market", points: [["2021-04-01", 0.1], ["2023-11-01", 0.65]] },
        ]}
      />,
    );
    const figure = screen.getByRole("figure", { name: "National average deposit rates" });
    const chart = within(figure).getByRole("img");
    expect(chart).toHaveAttribute("aria-label", "National average deposit rates: Savings from 0.07% to 0.46%; Money market from 0.10% to 0.65%");
    expect(chart).toHaveAttribute("width", "480");
    expect(chart.querySelectorAll("path")).toHaveLength(2);
    expect(within(figure).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Savings", "Money market"]);
    const savings = within(figure).getByRole("row", { name: /^Savings/ });
    expect(savings).toHaveTextContent("0.07% (Apr 2021)0.07%0.46%0.46% (Nov 2023)");
    // Years label the time axis.
    expect(within(chart).getByText("2022")).toBeInTheDocument();
    expect(within(figure).getByText("Source: FDIC")).toBeInTheDocument();
  });

  it("draws a stepped line for an account's own history and nothing without points", () => {
    const { container } = render(
      <RateChart
        title="Online Savings: APY over time"
        source="hysa tracker"
        stepped
        series={[{ label: "Online Savings", points: [["2026-01-08", 3.3], ["2026-02-20", 3.2], ["2026-08-22", 3.2]] }]}
      />,
    );
    const d = container.querySelector("path")?.getAttribute("d") ?? "";
    // A step holds the old rate until the change: three moves become five.
    expect(d.split("L")).toHaveLength(5);
    expect(screen.getByRole("row", { name: /^Online Savings/ })).toHaveTextContent("3.30% (Jan 2026)3.20%3.30%3.20% (Aug 2026)");
    const empty = render(<RateChart title="Empty" source="x" series={[{ label: "None", points: [] }]} />);
    expect(empty.container.innerHTML).toBe("");
  });
});

describe("NationalRatesChart", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("charts only the series of the page's product kinds", async () => {
    const fetchMock = vi.fn().mockResolvedValue({
      ok: true,
      json: () =>
        Promise.resolve({
          title: "National average deposit rates",
          source: "FDIC national deposit rates, via FRED",
          series: [
            { label: "Savings", productType: "savings", points: [["2021-04-01", "0.07"], ["2023-11-01", "0.46"]] },
            { label: "12-month CD", productType: "cd", points: [["2021-04-01", "0.14"], ["2026-06-01", "1.65"]] },
          ],
        }),
    });
    vi.stubGlobal("fetch", fetchMock);
    render(<NationalRatesChart productTypes={["cd"]} />);
    const figure = await screen.findByRole("figure", { name: "National average deposit rates: 12-month CD" });
    expect(fetchMock).toHaveBeenCalledWith(NATIONAL_RATES_PATH);
    expect(within(figure).queryByRole("row", { name: /^Savings/ })).toBeNull();
    expect(within(figure).getByRole("row", { name: /^12-month CD/ })).toHaveTextContent("1.65% (Jun 2026)");
  });
});
