import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resizeTo } from "../components/ui/testing";
import { Layout } from "./Layout";

const realWidth = window.innerWidth;

beforeEach(() => {
  // Layout scrolls to the top on each page; jsdom has no scrolling.
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});

afterEach(() => resizeTo(realWidth));

function renderLayout(path = "/credit-cards/rewards") {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Layout>
        <h1>Page</h1>
      </Layout>
    </MemoryRouter>,
  );
  return within(screen.getByRole("banner"));
}

describe("the site header", () => {
  it("on a phone, opens its search box from a button, which hands it the focus", async () => {
    const user = userEvent.setup();
    resizeTo(375);
    const header = renderLayout();
    const toggle = header.getByRole("button", { name: "Search the site" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(header.queryByRole("search")).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const search = header.getByRole("search");
    expect(toggle).toHaveAttribute("aria-controls", search.id);
    expect(within(search).getByRole("searchbox", { name: "Search Plainrate" })).toHaveFocus();
    expect(within(search).getByRole("button", { name: "Search" })).toBeVisible();
  });

  it("on a phone, keeps the box open on the results page, where it is the page's own", () => {
    resizeTo(375);
    const header = renderLayout("/search?q=savings");
    expect(header.queryByRole("button", { name: "Search the site" })).not.toBeInTheDocument();
    expect(header.getByRole("searchbox", { name: "Search Plainrate" })).toHaveValue("savings");
  });

  it("on a wider screen, shows the box with no button", () => {
    resizeTo(1440);
    const header = renderLayout();
    expect(header.queryByRole("button", { name: "Search the site" })).not.toBeInTheDocument();
    expect(header.getByRole("search")).toBeVisible();
  });

  it("its stylesheet keeps the phone header to two rows and a hidden box out of the layout", () => {
    // Layout only (no rendering in jsdom): the rules are there.
    const css = readFileSync(resolve(__dirname, "Layout.css"), "utf8");
    expect(css).toContain(".search-box[hidden] { display: none; }");
    expect(css).toMatch(/@media \(max-width: 600px\) \{[^@]*\.site-header__inner \{[^}]*row-gap: 0;/);
  });
});
