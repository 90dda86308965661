/**
 * The features' own code, loaded only when a visitor turns them on or changes them (the
 * dialog's "loading" state, community.md §4), so no page's first load carries it.
 */
import { anyOn, applyChoices, STORAGE_KEY, type Choices } from "./a11yFeatures";

/** Shows `choices` on the page and keeps them for later visits; no features clears the key. */
export function turnOn(choices: Choices, root: Element = document.documentElement): void {
  applyChoices(root, choices);
  try {
    if (anyOn(choices)) localStorage.setItem(STORAGE_KEY, JSON.stringify(choices));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or disabled: the features still apply to this page view.
  }
}
