import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SponsoredBadge } from "./SponsoredBadge";

describe("SponsoredBadge", () => {
  it("says what sponsorship means when focused, as the label's description", async () => {
    const user = userEvent.setup();
    render(<SponsoredBadge />);
    const badge = screen.getByRole("button", { name: "Sponsored" });
    await user.tab();
    expect(badge).toHaveFocus();
    expect(badge).toHaveAccessibleDescription(/Our ranking is not for sale/);
  });
});
