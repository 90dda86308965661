import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptySavedProducts, SAVED_PRODUCT_EXPIRY_MS } from "../rules/savedProducts";
import { useSaved } from "./saved";

const STORAGE_KEY = "saved-products";
const GROUP = "/credit-cards";
const T0 = Date.UTC(2024, 4, 1, 12, 0, 0);
const DAY = 86_400_000;

let now = T0;

function status(group: string, id: string): "saved" | "skipped" | null {
  const entry = useSaved.getState().data[group];
  if (entry?.saved && id in entry.saved) return "saved";
  if (entry?.skipped && id in entry.skipped) return "skipped";
  return null;
}

/** What a fresh page would read: drop the in-memory state, then read storage again. */
function reloadFromStorage(): void {
  useSaved.setState({ data: emptySavedProducts() });
  useSaved.getState().reload();
}

describe("saved products store", () => {
  beforeEach(() => {
    now = T0;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    useSaved.setState({ data: emptySavedProducts() });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("writes a saved product to local storage and reads it back after a reload", () => {
    useSaved.getState().save(GROUP, "card-1");
    expect(status(GROUP, "card-1")).toBe("saved");
    expect(localStorage.getItem(STORAGE_KEY)).toContain("card-1");

    reloadFromStorage();
    expect(status(GROUP, "card-1")).toBe("saved");
    expect(useSaved.getState().data[GROUP]?.saved).toEqual({ "card-1": T0 });
  });

  it("keeps groups apart", () => {
    useSaved.getState().save(GROUP, "card-1");
    expect(status("/savings-accounts", "card-1")).toBeNull();
  });

  it("un-saving moves the product to skipped, and that survives a reload", () => {
    useSaved.getState().save(GROUP, "card-1");
    useSaved.getState().skip(GROUP, "card-1");
    expect(status(GROUP, "card-1")).toBe("skipped");
    reloadFromStorage();
    expect(status(GROUP, "card-1")).toBe("skipped");
    expect(useSaved.getState().data[GROUP]?.saved).toBeUndefined();
  });

  it("saving a skipped product takes it off the skipped list", () => {
    useSaved.getState().skip(GROUP, "card-1");
    useSaved.getState().save(GROUP, "card-1");
    expect(status(GROUP, "card-1")).toBe("saved");
    expect(useSaved.getState().data[GROUP]?.skipped).toBeUndefined();
  });

  it("keeps an entry for just under 15 days and drops it at 15 days", () => {
    expect(SAVED_PRODUCT_EXPIRY_MS).toBe(15 * DAY);
    useSaved.getState().save(GROUP, "card-1");

    now = T0 + 15 * DAY - 1;
    reloadFromStorage();
    expect(status(GROUP, "card-1")).toBe("saved");

    now = T0 + 15 * DAY;
    reloadFromStorage();
    expect(status(GROUP, "card-1")).toBeNull();
  });

  it("saving again restarts the 15 days", () => {
    useSaved.getState().save(GROUP, "card-1");
    now = T0 + 10 * DAY;
    useSaved.getState().save(GROUP, "card-1");
    now = T0 + 20 * DAY;
    reloadFromStorage();
    expect(status(GROUP, "card-1")).toBe("saved");
  });

  it("ignores an empty group or product id", () => {
    useSaved.getState().save("", "card-1");
    useSaved.getState().save(GROUP, "  ");
    expect(useSaved.getState().data).toEqual({});
    useSaved.getState().reload();
    expect(useSaved.getState().data).toEqual({});
  });

  it("starts empty when storage holds something unreadable", () => {
    localStorage.setItem(STORAGE_KEY, "{not json");
    useSaved.getState().reload();
    expect(useSaved.getState().data).toEqual({});
  });

  it("a fresh page load reads what an earlier page saved", async () => {
    useSaved.getState().save(GROUP, "card-1");
    vi.resetModules();
    const fresh = await import("./saved");
    expect(fresh.useSaved.getState().data[GROUP]?.saved).toEqual({ "card-1": T0 });
  });
});
