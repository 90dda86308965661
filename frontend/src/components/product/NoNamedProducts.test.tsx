import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { NoNamedProducts, notedKinds } from "./NoNamedProducts";

// The chart data the catalogue builder commits, with its `latest` national rates and caps.
const committed = readFileSync(resolve(import.meta.dirname, "../../../public/assets/data/national-rates.json"), "utf8");

afterEach(() => vi.unstubAllGlobals());

describe("NoNamedProducts", () => {
  it("speaks only of the kinds it has a note for", () => {
    expect(notedKinds(["creditCard"])).toEqual([]);
    expect(notedKinds(["checking", "cd"])).toEqual(["checking"]);
  });

  it("says there are none and shows the FDIC's national rate and cap with their month", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(committed, { status: 200 })));
    render(<NoNamedProducts productTypes={["moneyMarket"]} />);
    expect(screen.getByRole("heading", { name: "No money market accounts are listed yet" })).toBeInTheDocument();
    const row = await screen.findByRole("row", { name: /Money market/ });
    // The shared data's newest month: money market 0.65%, cap 6.08%, Nov 2023.
    expect(row).toHaveTextContent("0.65%");
    expect(row).toHaveTextContent("6.08%");
    expect(row).toHaveTextContent("Nov 2023");
    expect(screen.getByRole("link", { name: /FDIC: national rates and rate caps/ })).toHaveAttribute("href", "https://www.fdic.gov/national-rates-and-rate-caps");
    expect(screen.getByText(/plainrate import/)).toBeInTheDocument();
  });

  it("says where loan rates are published, with no deposit table", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(committed, { status: 200 })));
    render(<NoNamedProducts productTypes={["personalLoan"]} />);
    expect(screen.getByRole("heading", { name: "No personal loans are listed yet" })).toBeInTheDocument();
    expect(screen.getByText(/18% APR/)).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
