import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InfoTooltip } from "./InfoTooltip";
import { resizeTo } from "./testing";

const realWidth = window.innerWidth;

/** Lays the bubble out where the stylesheet alone would put it, `left` to `left + width`. */
function placeBubble(left: number, width: number) {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
    const placed = this.classList.contains("tooltip__bubble");
    return DOMRect.fromRect(placed ? { x: left, y: 100, width, height: 60 } : { x: 0, y: 0, width: 0, height: 0 });
  });
}

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

  describe("at 375 px", () => {
    afterEach(() => resizeTo(realWidth));

    it("moves a bubble that would cross the screen's right edge back inside, 1rem from it", async () => {
      const user = userEvent.setup();
      resizeTo(375);
      // Centred on an (i) near the right of a card: 230 to 510, past the 375 px screen.
      placeBubble(230, 280);
      render(<InfoTooltip content="The median APR that card plans for the same credit-score tiers charge." label="About regular apr" />);
      const bubble = screen.getByRole("status");
      await user.click(screen.getByRole("button", { name: "About regular apr" }));
      // 375 − 16 − 510 = −151: the bubble starts at 79 and ends at 359, placed by its left
      // edge with no transform, so its box is where it shows.
      expect(bubble.style.left).toBe("79px");
      expect(bubble.style.transform).toBe("none");
      await user.click(screen.getByRole("button", { name: "About regular apr" }));
      expect(bubble.style.left).toBe("");
      expect(bubble.style.transform).toBe("");
    });

    it("moves one that would cross the left edge, and leaves one that fits where it is", async () => {
      const user = userEvent.setup();
      resizeTo(375);
      placeBubble(-40, 200);
      render(<InfoTooltip content="Explained." />);
      await user.click(screen.getByRole("button", { name: "More information" }));
      expect(screen.getByRole("status").style.left).toBe("16px");
      await user.click(screen.getByRole("button", { name: "More information" }));
      placeBubble(60, 200);
      await user.click(screen.getByRole("button", { name: "More information" }));
      expect(screen.getByRole("status").style.left).toBe("60px");
    });
  });

  it("its stylesheet keeps the bubble narrower than the screen and centres it until placed", () => {
    const css = readFileSync(resolve(__dirname, "Tooltip.css"), "utf8");
    expect(css).toMatch(/\.tooltip__bubble \{[^}]*max-width: min\(20rem, calc\(100vw - 2rem\)\);/);
    expect(css).toMatch(/\.tooltip__bubble \{[^}]*transform: translateX\(-50%\);/);
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
