import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MinCreditNote } from "./MinCreditNote";

describe("MinCreditNote", () => {
  it("styles the label by its min-credit class", () => {
    const { container } = render(<MinCreditNote label="Excellent" />);
    expect(container.querySelector(".min-credit--ultra-approval")).not.toBeNull();
  });

  it("opens the explainer table in a dialog with the card's label marked", async () => {
    const user = userEvent.setup();
    render(<MinCreditNote label="Fair" />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "What does this mean?" }));
    const dialog = screen.getByRole("dialog", { name: "Minimum credit needed" });
    const fair = within(dialog).getByRole("rowheader", { name: "Fair" }).closest("tr");
    expect(fair).toHaveAttribute("aria-current", "true");
    expect(within(dialog).getByRole("cell", { name: "640-699" })).toBeInTheDocument();
  });
});
