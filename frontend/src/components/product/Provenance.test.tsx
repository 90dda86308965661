import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { ProvenanceRow } from "./Provenance";

describe("ProvenanceRow", () => {
  it("links each of several sources to its own address", () => {
    render(
      <ProvenanceRow
        provenance={{
          source: "Survey; Bonus data",
          sourceUrl: "https://example.gov/survey",
          sources: [
            { name: "Survey", url: "https://example.gov/survey" },
            { name: "Bonus data", url: "https://example.org/bonus" },
          ],
          asOf: "2025-12-31",
          illustrative: false,
          editorialFields: [],
        }}
      />,
    );
    expect(screen.getByRole("link", { name: "Survey, opens in a new tab" })).toHaveAttribute("href", "https://example.gov/survey");
    expect(screen.getByRole("link", { name: "Bonus data, opens in a new tab" })).toHaveAttribute("href", "https://example.org/bonus");
    expect(screen.getByText(/Sources:/)).toBeInTheDocument();
  });

  it("names one source with its link", () => {
    render(
      <ProvenanceRow
        provenance={{ source: "Survey", sourceUrl: "https://example.gov/survey", sources: [{ name: "Survey", url: "https://example.gov/survey" }], illustrative: true, editorialFields: [] }}
      />,
    );
    expect(screen.getByRole("link", { name: "Survey, opens in a new tab" })).toHaveAttribute("href", "https://example.gov/survey");
    expect(screen.getByText(/Illustrative terms, not a real offer/)).toBeInTheDocument();
  });
});
