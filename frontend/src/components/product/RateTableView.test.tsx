import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RateTableView } from "./RateTableView";

describe("RateTableView", () => {
  it("shows every tier's rate and APY with two decimals, as the page's other rates", () => {
    render(
      <RateTableView
        table={{
          rateInfo: "",
          rows: [
            { low: "1000", high: "24999.99", rate: "4.89", apy: "5" },
            { low: "25000", rate: "4.9", apy: "5.01" },
          ],
        }}
      />,
    );
    const cells = screen.getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells).toEqual(["$1,000 – $24,999.99", "4.89%", "5.00%", "$25,000 and up", "4.90%", "5.01%"]);
  });
});
