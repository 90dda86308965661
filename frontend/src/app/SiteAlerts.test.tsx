import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { emitApiEvent, type ApiEventMap, type ApiEventName } from "../api/events";
import { ToastViewport } from "../components/ui/Toast";
import { useToastStore } from "../components/ui/toastStore";
import { SiteAlerts } from "./SiteAlerts";

function emit<K extends ApiEventName>(name: K, payload: ApiEventMap[K]) {
  act(() => emitApiEvent(name, payload));
}

function renderAlerts() {
  return render(
    <>
      <SiteAlerts />
      <ToastViewport />
    </>,
  );
}

describe("SiteAlerts", () => {
  beforeEach(() => {
    useToastStore.getState().clear();
  });

  it("shows nothing until an event comes", () => {
    renderAlerts();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the maintenance banner", () => {
    renderAlerts();
    emit("maintenance", { status: -1 });
    expect(screen.getByRole("alert")).toHaveTextContent("We are doing some maintenance. Please try again in a few minutes.");
  });

  it("shows the banned banner with the request trace to quote", () => {
    renderAlerts();
    emit("banned", { trace: "trace-7f3a9c", status: -1 });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Your requests have been blocked.");
    expect(alert).toHaveTextContent("Reference: trace-7f3a9c");
    expect(within(alert).getByText("trace-7f3a9c").tagName).toBe("CODE");
  });

  it("shows the banned banner without a reference when there is no trace", () => {
    renderAlerts();
    emit("banned", { trace: null, status: 403 });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Your requests have been blocked.");
    expect(alert).not.toHaveTextContent("Reference:");
  });

  it("shows the no-internet banner", () => {
    renderAlerts();
    emit("no-internet", {});
    expect(screen.getByRole("alert")).toHaveTextContent("You seem to be offline. Check your connection and try again.");
  });

  it("shows the device-insecure banner", () => {
    renderAlerts();
    emit("device-insecure", {});
    expect(screen.getByRole("alert")).toHaveTextContent("This device's connection could not be trusted");
  });

  it("shows the latest event's banner, one at a time", () => {
    renderAlerts();
    emit("banned", { trace: "trace-1", status: -1 });
    emit("maintenance", { status: -1 });
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByRole("alert")).toHaveTextContent("maintenance");
    expect(screen.getByRole("alert")).not.toHaveTextContent("trace-1");
  });

  it("Dismiss takes the banner away", async () => {
    const user = userEvent.setup();
    renderAlerts();
    emit("maintenance", { status: -1 });
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("turns a toast event into a toast", () => {
    renderAlerts();
    emit("toast", { message: "something went wrong, please retry", durationMs: 2500 });
    const region = screen.getByRole("status", { name: "Notifications" });
    expect(within(region).getByText("something went wrong, please retry")).toBeInTheDocument();
    expect(useToastStore.getState().toasts).toMatchObject([{ message: "something went wrong, please retry", durationMs: 2500 }]);
    // A toast is not a banner.
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("stops listening once unmounted", () => {
    const { unmount } = render(<SiteAlerts />);
    unmount();
    emitApiEvent("toast", { message: "late", durationMs: 2500 });
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});
