import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { THANK_YOU_POPUP_MS } from "../../rules/constants";
import { Popup } from "./Popup";
import { advance, useFakeClock, useRealClock } from "./testing";

describe("Popup", () => {
  let user: ReturnType<typeof useFakeClock>;
  beforeEach(() => {
    user = useFakeClock();
  });
  afterEach(useRealClock);

  it("renders nothing while closed", () => {
    render(
      <Popup open={false} onClose={() => {}} title="Thanks">
        body
      </Popup>,
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("is a non-modal dialog named by its title that leaves focus where it was", () => {
    render(
      <>
        <button type="button">Star</button>
        <Popup open onClose={() => {}} title="Thanks for rating">
          Your rating was saved.
        </Popup>
      </>,
    );
    const star = screen.getByRole("button", { name: "Star" });
    star.focus();
    const dialog = screen.getByRole("dialog", { name: "Thanks for rating" });
    expect(dialog).not.toHaveAttribute("aria-modal");
    expect(dialog).toHaveTextContent("Your rating was saved.");
    expect(star).toHaveFocus();
  });

  it("can be named with aria-label instead of a title", () => {
    render(<Popup open onClose={() => {}} aria-label="Rate this card" />);
    expect(screen.getByRole("dialog", { name: "Rate this card" })).toBeInTheDocument();
  });

  it("enables its close button 500 ms after opening", async () => {
    const onClose = vi.fn();
    render(<Popup open onClose={onClose} title="Thanks" />);
    const close = screen.getByRole("button", { name: "Close" });
    expect(close).toBeDisabled();
    await user.click(close);
    expect(onClose).not.toHaveBeenCalled();

    advance(499);
    expect(close).toBeDisabled();
    advance(1);
    expect(close).toBeEnabled();
    await user.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes on Escape only once closing is enabled", async () => {
    const onClose = vi.fn();
    render(<Popup open onClose={onClose} title="Thanks" tabIndex={-1} />);
    screen.getByRole("dialog").focus();
    await user.keyboard("{Escape}");
    expect(onClose).not.toHaveBeenCalled();
    advance(500);
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes itself after autoCloseMs", () => {
    const onClose = vi.fn();
    render(<Popup open onClose={onClose} title="Thanks" autoCloseMs={THANK_YOU_POPUP_MS} />);
    advance(7999);
    expect(onClose).not.toHaveBeenCalled();
    advance(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("never closes by itself without autoCloseMs", () => {
    const onClose = vi.fn();
    render(<Popup open onClose={onClose} title="Thanks" />);
    advance(60_000);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("disables the close button again on every opening", () => {
    const { rerender } = render(<Popup open onClose={() => {}} title="Thanks" />);
    advance(500);
    expect(screen.getByRole("button", { name: "Close" })).toBeEnabled();
    rerender(<Popup open={false} onClose={() => {}} title="Thanks" />);
    rerender(<Popup open onClose={() => {}} title="Thanks" />);
    expect(screen.getByRole("button", { name: "Close" })).toBeDisabled();
  });

  it("passes pointer handlers through, for hover popups", async () => {
    const onMouseLeave = vi.fn();
    render(<Popup open onClose={() => {}} title="Rate" onMouseLeave={onMouseLeave} />);
    await user.hover(screen.getByRole("dialog"));
    await user.unhover(screen.getByRole("dialog"));
    expect(onMouseLeave).toHaveBeenCalledTimes(1);
  });
});
