import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useCompare } from "../../stores/compare";
import { CompareBar } from "./CompareBar";

describe("CompareBar", () => {
  afterEach(() => useCompare.setState({ ids: [], names: {} }));

  it("names the products and keeps both its actions", () => {
    useCompare.setState({ ids: ["a", "b"], names: { a: "Card A", b: "Card B" } });
    render(
      <MemoryRouter>
        <CompareBar />
      </MemoryRouter>,
    );
    const bar = screen.getByRole("complementary", { name: "Compare products" });
    expect(bar).toHaveTextContent("Compare (2/4): Card A, Card B");
    expect(within(bar).getByRole("button", { name: "Clear" })).toBeEnabled();
    expect(within(bar).getByRole("button", { name: "Compare now" })).toBeEnabled();
  });

  it("its stylesheet makes it one slim row at 600 px or narrower, buttons still 44 px high", () => {
    // Layout only (jsdom lays nothing out): the phone rules are there.
    const css = readFileSync(resolve(__dirname, "CompareBar.css"), "utf8");
    const phone = /@media \(max-width: 600px\) \{([^@]*)\}/.exec(css)?.[1] ?? "";
    expect(phone).toMatch(/\.compare-bar__inner \{[^}]*flex-wrap: nowrap;/);
    expect(phone).toMatch(/\.compare-bar__names \{[^}]*min-width: 0;[^}]*white-space: nowrap;/);
    expect(phone).not.toMatch(/min-height/);
  });
});
