import { lazy, Suspense, useState, type ReactNode } from "react";
import { anyOn, choicesOn } from "./a11yFeatures";
import type { LoadFeatures } from "./AccessibilityDialog";
import type { AccessibilityState } from "./Footer";

// The dialog, and through it the features' code, load on demand: a page's first load
// carries only this and the start-up restore.
const AccessibilityDialog = lazy(() => import("./AccessibilityDialog"));

export interface AccessibilityFeatures {
  /** The footer button's state and action (Footer's `accessibility` prop). */
  button: { state: AccessibilityState; onOpen: () => void };
  /** The dialog; render once in the page shell. */
  dialog: ReactNode;
}

/**
 * The footer button's state and the accessibility-features dialog (community.md §4). The
 * page starts in whatever state start-up restored on <html> (a11yFeatures.restoreSavedFeatures);
 * the dialog moves it through "loading" to "on" or back to "off". `load` is for tests.
 */
export function useAccessibilityFeatures(load?: LoadFeatures): AccessibilityFeatures {
  const [state, setState] = useState<AccessibilityState>(() => (anyOn(choicesOn(document.documentElement)) ? "on" : "off"));
  // Each opening mounts a fresh dialog, whose checkboxes start from the page's features.
  const [opening, setOpening] = useState({ count: 0, open: false });
  return {
    button: { state, onOpen: () => setOpening((o) => ({ count: o.count + 1, open: true })) },
    dialog: opening.count > 0 && (
      <Suspense fallback={null}>
        <AccessibilityDialog
          key={opening.count}
          open={opening.open}
          onClose={() => setOpening((o) => ({ ...o, open: false }))}
          onState={setState}
          load={load}
        />
      </Suspense>
    ),
  };
}
