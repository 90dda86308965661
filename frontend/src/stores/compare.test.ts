import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_COMPARED } from "../rules/constants";
import { compareAddress, onCompareEvent, useCompare, type CompareEvent } from "./compare";

const STORAGE_KEY = "compare";

function listen(): { events: CompareEvent[]; off: () => void } {
  const events: CompareEvent[] = [];
  const off = onCompareEvent((e) => events.push(e));
  return { events, off };
}

function stored(): { ids: string[]; names: Record<string, string> } | null {
  const raw = sessionStorage.getItem(STORAGE_KEY);
  return raw ? (JSON.parse(raw) as { state: { ids: string[]; names: Record<string, string> } }).state : null;
}

describe("compare store", () => {
  let listener: ReturnType<typeof listen>;

  beforeEach(() => {
    useCompare.setState({ ids: [], names: {} });
    listener = listen();
  });
  afterEach(() => listener.off());

  it("adds a product, keeps its name and tells listeners it was selected", () => {
    expect(useCompare.getState().toggle("a", "Card A")).toBe(true);
    expect(useCompare.getState().ids).toEqual(["a"]);
    expect(useCompare.getState().names).toEqual({ a: "Card A" });
    expect(listener.events).toEqual([{ type: "toggle", id: "a", selected: true }]);
  });

  it("removes a selected product on a second toggle and tells listeners", () => {
    useCompare.getState().toggle("a", "Card A");
    useCompare.getState().toggle("b", "Card B");
    expect(useCompare.getState().toggle("a", "Card A")).toBe(false);
    expect(useCompare.getState().ids).toEqual(["b"]);
    expect(useCompare.getState().names).toEqual({ b: "Card B" });
    expect(listener.events.at(-1)).toEqual({ type: "toggle", id: "a", selected: false });
  });

  it("refuses a fifth product without an event", () => {
    for (const id of ["a", "b", "c", "d"]) expect(useCompare.getState().toggle(id, id.toUpperCase())).toBe(true);
    expect(MAX_COMPARED).toBe(4);
    const before = listener.events.length;
    expect(useCompare.getState().toggle("e", "E")).toBe(false);
    expect(useCompare.getState().ids).toEqual(["a", "b", "c", "d"]);
    expect(useCompare.getState().names).not.toHaveProperty("e");
    expect(listener.events).toHaveLength(before);
    // A full list still lets a product be taken off, and then another added.
    expect(useCompare.getState().toggle("b", "B")).toBe(false);
    expect(useCompare.getState().toggle("e", "E")).toBe(true);
    expect(useCompare.getState().ids).toEqual(["a", "c", "d", "e"]);
  });

  it("reset empties the list and emits reset", () => {
    useCompare.getState().toggle("a", "A");
    useCompare.getState().toggle("b", "B");
    useCompare.getState().reset();
    expect(useCompare.getState().ids).toEqual([]);
    expect(useCompare.getState().names).toEqual({});
    expect(listener.events.at(-1)).toEqual({ type: "reset" });
  });

  it("initiate returns the compare address and emits initiated with the ids", () => {
    useCompare.getState().toggle("a", "A");
    useCompare.getState().toggle("b", "B");
    expect(useCompare.getState().initiate()).toBe("/compare?ids=a,b");
    expect(listener.events.at(-1)).toEqual({ type: "initiated", ids: ["a", "b"] });
    // The list stays as it is.
    expect(useCompare.getState().ids).toEqual(["a", "b"]);
  });

  it("escapes each id in the compare address but not the separating commas", () => {
    expect(compareAddress(["a b", "c,d", "e/f"])).toBe("/compare?ids=a%20b,c%2Cd,e%2Ff");
  });

  it("an unsubscribed listener hears nothing more", () => {
    const other = vi.fn();
    const off = onCompareEvent(other);
    off();
    useCompare.getState().toggle("a", "A");
    expect(other).not.toHaveBeenCalled();
  });

  it("keeps the list in session storage", () => {
    useCompare.getState().toggle("a", "Card A");
    expect(stored()).toEqual({ ids: ["a"], names: { a: "Card A" } });
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it("rehydrating from session storage restores the list and emits reloaded", async () => {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ state: { ids: ["x", "y"], names: { x: "Card X", y: "Card Y" } }, version: 1 }),
    );
    await useCompare.persist.rehydrate();
    expect(useCompare.getState().ids).toEqual(["x", "y"]);
    expect(useCompare.getState().names).toEqual({ x: "Card X", y: "Card Y" });
    expect(listener.events).toEqual([{ type: "reloaded", ids: ["x", "y"] }]);
  });

  it("rehydrating an empty list emits nothing", async () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ state: { ids: [], names: {} }, version: 1 }));
    await useCompare.persist.rehydrate();
    expect(listener.events).toEqual([]);
  });

  it("a fresh page load picks the list up from session storage", async () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ state: { ids: ["x"], names: { x: "Card X" } }, version: 1 }));
    vi.resetModules();
    const fresh = await import("./compare");
    expect(fresh.useCompare.getState().ids).toEqual(["x"]);
    expect(fresh.useCompare.getState().names).toEqual({ x: "Card X" });
  });
});
