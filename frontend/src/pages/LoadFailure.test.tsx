import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RequestError } from "../api/errors";
import { LoadFailure } from "./LoadFailure";

describe("LoadFailure", () => {
  it("says a product is no longer offered and links to its page's last figures", () => {
    const error = new RequestError(410, "failed request", { code: "gone", message: "Test CD is no longer offered (since 2026-12-01)." });
    render(<LoadFailure error={error} retry={vi.fn()} what="This product" className="details" />);
    expect(screen.getByRole("status")).toHaveTextContent("No longer offered. Test CD is no longer offered (since 2026-12-01).");
    expect(screen.getByRole("link", { name: "See its last known figures" })).toHaveAttribute("href", window.location.pathname);
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("offers to try again after any other failure", () => {
    render(<LoadFailure error={new RequestError(500, "failed request", { code: "internal" })} retry={vi.fn()} what="This product" className="details" />);
    expect(screen.getByRole("alert")).toHaveTextContent("This product could not be loaded.");
  });
});
