import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ListingResponse } from "../api/generated/ListingResponse";
import type { PageData } from "../api/generated/PageData";
import { creditCardOffer } from "../test/offers";

type InitialData = typeof import("./initialData");

const LISTING: ListingResponse = {
  editorialOrder: { kind: "rating", key: "rating", label: "Overall rating" },
  sort: "editorial",
  sponsorship: "default",
  hasSponsoredPlacement: false,
  items: [{ offer: creditCardOffer(), placement: "editorial", editorialRank: 1 }],
  total: 1,
  pages: 1,
  page: 1,
  perPage: 10,
};

const LISTING_DATA: PageData = { path: "/credit-cards?page=2", page: { kind: "listing", listing: LISTING } };

/** A fresh copy of the module, as a new page load has it, after the server's script is in place. */
async function freshModule(scriptText: string | null): Promise<InitialData> {
  document.getElementById("initial-data")?.remove();
  if (scriptText !== null) {
    const script = document.createElement("script");
    script.type = "application/json";
    script.id = "initial-data";
    script.textContent = scriptText;
    document.body.append(script);
  }
  vi.resetModules();
  return import("./initialData");
}

describe("initial data", () => {
  let mod: InitialData;

  beforeEach(async () => {
    mod = await freshModule(JSON.stringify(LISTING_DATA));
  });
  afterEach(() => {
    document.getElementById("initial-data")?.remove();
  });

  it("hands the payload to the page at its address, of its kind", () => {
    expect(mod.takeInitialData("listing", "/credit-cards?page=2")).toEqual({ kind: "listing", listing: LISTING });
  });

  it("hands it out once", () => {
    expect(mod.takeInitialData("listing", "/credit-cards?page=2")).not.toBeNull();
    expect(mod.takeInitialData("listing", "/credit-cards?page=2")).toBeNull();
    expect(mod.peekInitialData("/credit-cards?page=2")).toBeNull();
    expect(mod.initialKind("/credit-cards?page=2")).toBeNull();
  });

  it("does not hand it to another address, nor to the same path with another query", () => {
    expect(mod.takeInitialData("listing", "/credit-cards")).toBeNull();
    expect(mod.takeInitialData("listing", "/credit-cards?page=3")).toBeNull();
    expect(mod.takeInitialData("listing", "/savings-accounts?page=2")).toBeNull();
    // Still there for its own address.
    expect(mod.takeInitialData("listing", "/credit-cards?page=2")).not.toBeNull();
  });

  it("does not hand it to a page expecting another kind", () => {
    expect(mod.takeInitialData("offer", "/credit-cards?page=2")).toBeNull();
    expect(mod.takeInitialData("listingError", "/credit-cards?page=2")).toBeNull();
    expect(mod.takeInitialData("listing", "/credit-cards?page=2")).not.toBeNull();
  });

  it("peeking at the kind and the payload does not take it", () => {
    expect(mod.initialKind("/credit-cards?page=2")).toBe("listing");
    expect(mod.initialKind("/elsewhere")).toBeNull();
    expect(mod.peekInitialData("/credit-cards?page=2")).toEqual({ kind: "listing", listing: LISTING });
    expect(mod.peekInitialData("/elsewhere")).toBeNull();
    expect(mod.takeInitialData("listing", "/credit-cards?page=2")).not.toBeNull();
  });

  it("reads the script once: a later change to it is not read", () => {
    expect(mod.initialKind("/credit-cards?page=2")).toBe("listing");
    document.getElementById("initial-data")!.textContent = JSON.stringify({ path: "/other", page: { kind: "notFound" } });
    expect(mod.initialKind("/other")).toBeNull();
  });

  it("has nothing without the script", async () => {
    mod = await freshModule(null);
    expect(mod.takeInitialData("listing", "/credit-cards?page=2")).toBeNull();
    expect(mod.initialKind("/credit-cards?page=2")).toBeNull();
  });

  it("has nothing when the script is not JSON", async () => {
    mod = await freshModule("{ not json");
    expect(mod.takeInitialData("listing", "/credit-cards?page=2")).toBeNull();
  });

  it("a test can put data in place", () => {
    mod.setInitialDataForTest({ path: "/", page: { kind: "notFound" } });
    expect(mod.takeInitialData("listing", "/credit-cards?page=2")).toBeNull();
    expect(mod.takeInitialData("notFound", "/")).toEqual({ kind: "notFound" });
    expect(mod.takeInitialData("notFound", "/")).toBeNull();
    mod.setInitialDataForTest(null);
    expect(mod.initialKind("/")).toBeNull();
  });

  it("the address is the path with its query", () => {
    expect(mod.currentAddress({ pathname: "/credit-cards", search: "?page=2" })).toBe("/credit-cards?page=2");
    expect(mod.currentAddress({ pathname: "/credit-cards", search: "" })).toBe("/credit-cards");
  });
});
