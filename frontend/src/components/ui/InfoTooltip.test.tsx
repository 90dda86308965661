import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { InfoTooltip } from "./InfoTooltip";

describe("InfoTooltip", () => {
  it("is a named button that toggles its explanation on click", async () => {
    const user = userEvent.setup();
    render(<InfoTooltip content="Based on your credit score." label="About approval odds" />);
    const button = screen.getByRole("button", { name: "About approval odds" });
    const region = screen.getByRole("status");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveAttribute("aria-controls", region.id);
    expect(region).toBeEmptyDOMElement();

    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(region).toHaveTextContent("Based on your credit score.");

    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(region).toBeEmptyDOMElement();
  });

  it("opens by tap on a touch screen and closes on a tap elsewhere", async () => {
    const user = userEvent.setup();
    render(
      <>
        <p>Elsewhere</p>
        <InfoTooltip content="Based on your credit score." />
      </>,
    );
    await user.pointer({ keys: "[TouchA]", target: screen.getByRole("button", { name: "More information" }) });
    expect(screen.getByRole("status")).toHaveTextContent("Based on your credit score.");
    await user.pointer({ keys: "[TouchA]", target: screen.getByText("Elsewhere") });
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("opens from the keyboard and closes on Escape, keeping focus on the button", async () => {
    const user = userEvent.setup();
    render(<InfoTooltip content="Explained." />);
    await user.tab();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("status")).toHaveTextContent("Explained.");
    await user.keyboard("{Escape}");
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(screen.getByRole("button", { name: "More information" })).toHaveFocus();
  });

  it("closes when focus leaves it", async () => {
    const user = userEvent.setup();
    render(
      <>
        <InfoTooltip content="Explained." />
        <button type="button">Next</button>
      </>,
    );
    await user.click(screen.getByRole("button", { name: "More information" }));
    await user.tab();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });
});
