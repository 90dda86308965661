import { act, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { advance, useFakeClock, useRealClock } from "./testing";
import { ToastViewport } from "./Toast";
import { DEFAULT_TOAST_MESSAGE, showToast, useToastStore } from "./toastStore";

describe("ToastViewport", () => {
  let user: ReturnType<typeof useFakeClock>;
  beforeEach(() => {
    useToastStore.getState().clear();
    user = useFakeClock();
  });
  afterEach(useRealClock);

  it("is a polite live region present before any toast", () => {
    render(<ToastViewport />);
    const region = screen.getByRole("status", { name: "Notifications" });
    expect(region).toHaveAttribute("aria-live", "polite");
    expect(region).toBeEmptyDOMElement();
  });

  it("shows a toast and removes it after 2500 ms", () => {
    render(<ToastViewport />);
    act(() => {
      showToast();
    });
    const region = screen.getByRole("status");
    expect(within(region).getByText(DEFAULT_TOAST_MESSAGE)).toBeInTheDocument();
    advance(2499);
    expect(within(region).queryByText(DEFAULT_TOAST_MESSAGE)).toBeInTheDocument();
    advance(1);
    expect(within(region).queryByText(DEFAULT_TOAST_MESSAGE)).not.toBeInTheDocument();
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it("honours a custom duration", () => {
    render(<ToastViewport />);
    act(() => {
      showToast("Could not send.", 2200);
    });
    advance(2199);
    expect(screen.getByText("Could not send.")).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText("Could not send.")).not.toBeInTheDocument();
  });

  it("a repeated message gets a fresh countdown", () => {
    render(<ToastViewport />);
    act(() => {
      showToast("Network error");
    });
    advance(2000);
    act(() => {
      showToast("Network error");
    });
    advance(2000);
    expect(screen.getAllByText("Network error")).toHaveLength(1);
    advance(500);
    expect(screen.queryByText("Network error")).not.toBeInTheDocument();
  });

  it("the dismiss button removes it at once", async () => {
    render(<ToastViewport />);
    act(() => {
      showToast("Network error");
    });
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("Network error")).not.toBeInTheDocument();
  });

  it("pauses while hovered and restarts the countdown on leaving", async () => {
    render(<ToastViewport />);
    act(() => {
      showToast("Network error");
    });
    await user.hover(screen.getByText("Network error"));
    advance(10_000);
    expect(screen.getByText("Network error")).toBeInTheDocument();
    await user.unhover(screen.getByText("Network error"));
    advance(2500);
    expect(screen.queryByText("Network error")).not.toBeInTheDocument();
  });
});
