import { afterEach, describe, expect, it } from "vitest";
import {
  anyOn,
  applyChoices,
  choicesOn,
  classesFor,
  parseSaved,
  restoreSavedFeatures,
  skipsFeatures,
  STORAGE_KEY,
} from "./a11yFeatures";
import { turnOn } from "./a11yFeaturesOn";

const root = document.documentElement;

afterEach(() => {
  root.className = "";
  window.history.replaceState(null, "", "/");
});

describe("parseSaved", () => {
  it("reads the features saved as true", () => {
    expect(parseSaved('{"larger-text":true,"underlined-links":true}')).toEqual({ "larger-text": true, "underlined-links": true });
  });

  it("takes nothing saved, bad JSON and non-objects as nothing saved", () => {
    for (const raw of [null, "", "{not json", "null", "true", "3", '"larger-text"', '["larger-text"]']) {
      expect(parseSaved(raw), String(raw)).toEqual({});
    }
  });

  it("drops unknown keys and values other than true", () => {
    expect(parseSaved('{"larger-text":"yes","high-contrast":1,"reduced-motion":false,"colourBlind":true,"underlined-links":true}')).toEqual({
      "underlined-links": true,
    });
  });
});

describe("classesFor and anyOn", () => {
  it("gives one class per feature on, in a fixed order", () => {
    expect(classesFor({ "underlined-links": true, "larger-text": true })).toEqual(["a11y-larger-text", "a11y-underlined-links"]);
    expect(classesFor({ "high-contrast": true, "reduced-motion": true })).toEqual(["a11y-high-contrast", "a11y-reduced-motion"]);
    expect(classesFor({})).toEqual([]);
  });

  it("says whether any feature is on", () => {
    expect(anyOn({})).toBe(false);
    expect(anyOn({ "reduced-motion": true })).toBe(true);
  });
});

describe("skipsFeatures (community.md §9: a=0 skips)", () => {
  it("skips for a=0 anywhere in the query", () => {
    expect(skipsFeatures("?a=0")).toBe(true);
    expect(skipsFeatures("?page=2&a=0")).toBe(true);
    expect(skipsFeatures("?a=1&a=0")).toBe(true);
  });

  it("does not skip otherwise", () => {
    for (const search of ["", "?a=1", "?a=", "?a", "?aa=0", "?ba=0", "?a=00"]) expect(skipsFeatures(search), search).toBe(false);
  });
});

describe("classes on <html>", () => {
  it("applies exactly the chosen classes and reads them back", () => {
    root.classList.add("other", "a11y-high-contrast");
    applyChoices(root, { "larger-text": true, "reduced-motion": true });
    expect([...root.classList].sort()).toEqual(["a11y-larger-text", "a11y-reduced-motion", "other"]);
    expect(choicesOn(root)).toEqual({ "larger-text": true, "reduced-motion": true });
    applyChoices(root, {});
    expect(root.className).toBe("other");
    expect(choicesOn(root)).toEqual({});
  });
});

describe("restoreSavedFeatures (start-up)", () => {
  it("applies the saved features", () => {
    localStorage.setItem(STORAGE_KEY, '{"high-contrast":true,"underlined-links":true}');
    restoreSavedFeatures();
    expect(root).toHaveClass("a11y-high-contrast", "a11y-underlined-links");
    expect(root).not.toHaveClass("a11y-larger-text");
  });

  it("applies nothing for bad saved JSON", () => {
    localStorage.setItem(STORAGE_KEY, "{oops");
    restoreSavedFeatures();
    expect(root.className).toBe("");
  });

  it("skips them with a=0 in the address, and keeps the saved choice", () => {
    const saved = '{"larger-text":true}';
    localStorage.setItem(STORAGE_KEY, saved);
    window.history.replaceState(null, "", "/credit-cards/rewards?a=0");
    restoreSavedFeatures();
    expect(root.className).toBe("");
    expect(localStorage.getItem(STORAGE_KEY)).toBe(saved);
  });

  it("applies nothing when storage cannot be read", () => {
    const win = {
      location: { search: "" },
      document,
      get localStorage(): Storage {
        throw new DOMException("denied", "SecurityError");
      },
    } as unknown as Window;
    restoreSavedFeatures(win);
    expect(root.className).toBe("");
  });
});

describe("turnOn (the features' code)", () => {
  it("applies and saves the choice as a small JSON object", () => {
    turnOn({ "larger-text": true, "underlined-links": true });
    expect(root).toHaveClass("a11y-larger-text", "a11y-underlined-links");
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null")).toEqual({ "larger-text": true, "underlined-links": true });
  });

  it("clears the saved choice when every feature is off", () => {
    turnOn({ "high-contrast": true });
    turnOn({});
    expect(root.className).toBe("");
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});
