import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Modal } from "./Modal";
import { Tooltip } from "./Tooltip";

describe("Tooltip", () => {
  const renderTip = () =>
    render(
      <Tooltip content="Annual percentage rate">
        <button type="button" aria-describedby="note">
          APR
        </button>
      </Tooltip>,
    );

  it("describes its trigger, keeping an existing description", () => {
    render(
      <>
        <span id="note">variable</span>
        <Tooltip content="Annual percentage rate">
          <button type="button" aria-describedby="note">
            APR
          </button>
        </Tooltip>
      </>,
    );
    const trigger = screen.getByRole("button", { name: "APR" });
    expect(trigger).toHaveAccessibleDescription("variable Annual percentage rate");
  });

  it("is hidden until hovered, and hides when the pointer leaves", async () => {
    const user = userEvent.setup();
    renderTip();
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    await user.hover(screen.getByRole("button", { name: "APR" }));
    expect(screen.getByRole("tooltip")).toHaveTextContent("Annual percentage rate");
    await user.unhover(screen.getByRole("button", { name: "APR" }));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("shows on keyboard focus and hides on blur", async () => {
    const user = userEvent.setup();
    renderTip();
    await user.tab();
    expect(screen.getByRole("button", { name: "APR" })).toHaveFocus();
    expect(screen.getByRole("tooltip")).toBeVisible();
    await user.tab();
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("Escape dismisses it while focus stays on the trigger", async () => {
    const user = userEvent.setup();
    renderTip();
    await user.tab();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "APR" })).toHaveFocus();
  });

  it("Escape dismisses a hovered tooltip even when focus is elsewhere", async () => {
    const user = userEvent.setup();
    renderTip();
    await user.hover(screen.getByRole("button", { name: "APR" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("inside a modal, the first Escape closes only the tooltip", async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Modal open onClose={onClose} title="Rates">
        <Tooltip content="Annual percentage rate">
          <button type="button">APR</button>
        </Tooltip>
      </Modal>,
    );
    screen.getByRole("button", { name: "APR" }).focus();
    await user.keyboard("{Escape}");
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
