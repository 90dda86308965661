import { act, render, screen } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { useRef, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MODAL_ANIMATION_MS } from "../../rules/constants";
import { Modal } from "./Modal";
import { advance, resizeTo, useFakeClock, useRealClock } from "./testing";

function Harness({ withInitialFocus = false }: { withInitialFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Send the app link"
        initialFocusRef={withInitialFocus ? emailRef : undefined}
      >
        <label>
          Email
          <input ref={emailRef} />
        </label>
        <button type="button">Send</button>
      </Modal>
    </>
  );
}

describe("Modal", () => {
  const initialWidth = window.innerWidth;
  let user: ReturnType<typeof useFakeClock>;
  beforeEach(() => {
    user = useFakeClock();
  });
  afterEach(() => {
    useRealClock();
    resizeTo(initialWidth);
    document.body.classList.remove("scroll-locked");
  });

  it("renders nothing while closed", () => {
    render(<Harness />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("is a modal dialog named by its title", async () => {
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { name: "Send the app link" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(screen.getByRole("heading", { name: "Send the app link" })).toBeInTheDocument();
  });

  it("moves focus into the dialog, or to the requested element", async () => {
    const { unmount } = render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByRole("dialog")).toHaveFocus();
    unmount();

    render(<Harness withInitialFocus />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveFocus();
  });

  it("keeps Tab and Shift+Tab inside the dialog", async () => {
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    const close = screen.getByRole("button", { name: "Close" });
    const email = screen.getByRole("textbox", { name: "Email" });
    const send = screen.getByRole("button", { name: "Send" });

    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(email).toHaveFocus();
    await user.tab();
    expect(send).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(send).toHaveFocus();
  });

  it("pulls focus back in when something focuses the page behind it", async () => {
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    act(() => screen.getByRole("button", { name: "Elsewhere", hidden: true }).focus());
    expect(screen.getByRole("dialog")).toHaveFocus();
  });

  it("closes on Escape with a 300 ms animation, then returns focus to the opener", async () => {
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "Open" });
    await user.click(opener);
    await user.keyboard("{Escape}");

    const dialog = screen.getByRole("dialog", { hidden: true });
    expect(dialog.parentElement).toHaveClass("modal--closing");
    expect(opener).toHaveFocus();
    advance(299);
    expect(screen.queryByRole("dialog", { hidden: true })).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole("dialog", { hidden: true })).not.toBeInTheDocument();
  });

  it("closes from the close button and from the backdrop", async () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="Rates">
        text
      </Modal>,
    );
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    const backdrop = document.body.querySelector(".modal__backdrop");
    expect(backdrop).not.toBeNull();
    await user.click(backdrop as Element);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("ignores backdrop clicks when closeOnBackdrop is false", async () => {
    const onClose = vi.fn();
    render(<Modal open onClose={onClose} title="Rates" closeOnBackdrop={false} />);
    await user.click(document.body.querySelector(".modal__backdrop") as Element);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("reopening during the closing animation keeps the dialog", async () => {
    const { rerender } = render(<Modal open onClose={() => {}} title="Rates" />);
    rerender(<Modal open={false} onClose={() => {}} title="Rates" />);
    advance(200);
    rerender(<Modal open onClose={() => {}} title="Rates" />);
    advance(500);
    const dialog = screen.getByRole("dialog");
    expect(dialog.parentElement).not.toHaveClass("modal--closing");
  });

  it("locks page scroll only below 768 px, and follows resizes", () => {
    resizeTo(767);
    const { rerender } = render(<Modal open onClose={() => {}} title="Rates" />);
    expect(document.body).toHaveClass("scroll-locked");
    resizeTo(768);
    expect(document.body).not.toHaveClass("scroll-locked");
    resizeTo(500);
    expect(document.body).toHaveClass("scroll-locked");
    rerender(<Modal open={false} onClose={() => {}} title="Rates" />);
    expect(document.body).not.toHaveClass("scroll-locked");
  });

  it("does not lock scroll on a desktop-width viewport", () => {
    resizeTo(1280);
    render(<Modal open onClose={() => {}} title="Rates" />);
    expect(document.body).not.toHaveClass("scroll-locked");
  });

  it("a modal opened from a modal takes focus, keeps it, and its Escape closes only itself", async () => {
    const outerClose = vi.fn();
    function Nested() {
      const [inner, setInner] = useState(false);
      return (
        <Modal open onClose={outerClose} title="Outer">
          <button type="button" onClick={() => setInner(true)}>
            Details
          </button>
          <Modal open={inner} onClose={() => setInner(false)} title="Inner">
            <button type="button">Inside</button>
          </Modal>
        </Modal>
      );
    }
    render(<Nested />);
    const details = screen.getByRole("button", { name: "Details" });
    await user.click(details);
    const inner = screen.getByRole("dialog", { name: "Inner" });
    expect(inner).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole("button", { name: "Inside" })).toHaveFocus();
    await user.tab();
    expect(inner).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard("{Escape}");
    expect(outerClose).not.toHaveBeenCalled();
    expect(details).toHaveFocus();
    advance(300);
    expect(screen.queryByRole("dialog", { name: "Inner" })).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Outer" })).toBeInTheDocument();
  });

  it("its stylesheet animates for MODAL_ANIMATION_MS and fills the screen at 580 px or less", () => {
    const css = readFileSync(resolve(__dirname, "Modal.css"), "utf8");
    expect(css).toContain(`--modal-duration: ${MODAL_ANIMATION_MS}ms;`);
    // "Mobile full-screen modal at 580 px or less" (site-core §9).
    const query = /@media \(max-width: 580px\) \{([^@]*)\}/.exec(css);
    expect(query?.[1]).toMatch(/\.modal__panel \{[^}]*width: 100%;[^}]*height: 100%;/);
  });
});
