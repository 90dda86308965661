import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Pager, pagerNumbers } from "./Pager";

describe("Pager", () => {
  it("always shows the first and the last page, with gaps marked", () => {
    expect(pagerNumbers(1, 12)).toEqual([1, 2, 3, null, 12]);
    expect(pagerNumbers(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pagerNumbers(12, 12)).toEqual([1, null, 10, 11, 12]);
    expect(pagerNumbers(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it("links the last page from the first", () => {
    render(<Pager page={1} pages={30} onPage={() => undefined} />);
    expect(screen.getByRole("button", { name: "Page 30" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  });
});
