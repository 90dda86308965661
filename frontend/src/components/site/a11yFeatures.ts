/**
 * The accessibility features the site provides itself (community.md §2 "Dialogs", §4; no
 * third-party widget, §7). Each feature is one class on <html>, styled in styles/a11y.css.
 * This module is in every page's first load, so it holds only what start-up needs.
 */

/** Each feature's class on <html> is `a11y-` and its name. */
export const FEATURES = ["larger-text", "high-contrast", "reduced-motion", "underlined-links"] as const;
export type Feature = (typeof FEATURES)[number];
/** The visitor's choice: the features that are on. */
export type Choices = Partial<Record<Feature, true>>;

/** The one local-storage key; its value is the JSON of a `Choices`. */
export const STORAGE_KEY = "accessibility-features";

/** What was saved, read tolerantly: storage is the visitor's to edit, so anything that
 * does not read as choices counts as nothing saved, and unknown keys are dropped. */
export function parseSaved(raw: string | null): Choices {
  const choices: Choices = {};
  try {
    const saved: unknown = JSON.parse(raw ?? "{}");
    if (saved && typeof saved === "object" && !Array.isArray(saved)) {
      for (const feature of FEATURES) if ((saved as Record<string, unknown>)[feature] === true) choices[feature] = true;
    }
  } catch {
    // Not JSON: nothing saved.
  }
  return choices;
}

export function anyOn(choices: Choices): boolean {
  return FEATURES.some((feature) => choices[feature]);
}

/** The classes <html> carries for `choices`, in the order of FEATURES. */
export function classesFor(choices: Choices): string[] {
  return FEATURES.filter((feature) => choices[feature]).map((feature) => `a11y-${feature}`);
}

/** community.md §9: `a=0` in the address's query skips the features for that page view. */
export function skipsFeatures(search: string): boolean {
  return new URLSearchParams(search).getAll("a").includes("0");
}

/** The features the page shows now: <html>'s classes are the one record of that. */
export function choicesOn(root: Element): Choices {
  const choices: Choices = {};
  for (const feature of FEATURES) if (root.classList.contains(`a11y-${feature}`)) choices[feature] = true;
  return choices;
}

/** Sets exactly the classes of `choices` on `root`, removing the others. */
export function applyChoices(root: Element, choices: Choices): void {
  for (const feature of FEATURES) root.classList.toggle(`a11y-${feature}`, Boolean(choices[feature]));
}

/** The saved choices; nothing when storage is disabled or holds something else. */
export function readSaved(storage: () => Storage): Choices {
  try {
    return parseSaved(storage().getItem(STORAGE_KEY));
  } catch {
    return {};
  }
}

/** Applies the saved features at start-up, before the app renders, unless the address
 * has `a=0`; the saved choice is kept either way. */
export function restoreSavedFeatures(win: Window = window): void {
  if (skipsFeatures(win.location.search)) return;
  applyChoices(win.document.documentElement, readSaved(() => win.localStorage));
}
