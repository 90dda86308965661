import { useId, useState } from "react";
import { Checkbox } from "../ui/Checkbox";
import { Modal } from "../ui/Modal";
import { anyOn, choicesOn, FEATURES, type Choices, type Feature } from "./a11yFeatures";
import type { AccessibilityState } from "./Footer";
import "./AccessibilityDialog.css";

export type LoadFeatures = () => Promise<typeof import("./a11yFeaturesOn")>;
const loadFeatures: LoadFeatures = () => import("./a11yFeaturesOn");

const TEXT: Record<Feature, { label: string; hint: string }> = {
  "larger-text": { label: "Larger text", hint: "All text a quarter larger." },
  "high-contrast": { label: "High contrast", hint: "Dark text on white, with stronger borders and focus outlines." },
  "reduced-motion": { label: "Reduced motion", hint: "No animations or smooth scrolling." },
  "underlined-links": { label: "Underlined links", hint: "Every link underlined, not only marked by colour." },
};

export interface AccessibilityDialogProps {
  open: boolean;
  onClose: () => void;
  /** Reports the footer button's state: "loading" while the features' code loads, then "on" or "off". */
  onState: (state: AccessibilityState) => void;
  /** Loads the features' code; tests pass their own to hold it in "loading". */
  load?: LoadFeatures;
}

/**
 * The accessibility-features dialog (community.md §2 "Dialogs", §4): ask; "Turn on" loads the
 * features' code (loading); then it closes, the features apply and a polite announcement
 * reports success. Mounted afresh for each opening; it stays mounted after closing, so the
 * announcement's live region outlives the dialog.
 */
export default function AccessibilityDialog({ open, onClose, onState, load = loadFeatures }: AccessibilityDialogProps) {
  // The features on when the dialog opened: "on" means it changes them or turns them off.
  const [shown] = useState<Choices>(() => choicesOn(document.documentElement));
  const on = anyOn(shown);
  const [draft, setDraft] = useState<Choices>(shown);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<"empty" | "failed" | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const idPrefix = useId();

  async function turnOn(next: Choices) {
    if (loading) return;
    // Turning on nothing would do nothing: say so rather than close as if it had worked.
    if (!on && !anyOn(next)) {
      setProblem("empty");
      return;
    }
    setLoading(true);
    setProblem(null);
    onState("loading");
    try {
      (await load()).turnOn(next);
    } catch {
      setLoading(false);
      setProblem("failed");
      onState(on ? "on" : "off");
      return;
    }
    setLoading(false);
    onState(anyOn(next) ? "on" : "off");
    onClose();
    setAnnouncement(
      !anyOn(next) ? "Accessibility features are off." : on ? "Accessibility features updated." : "Accessibility features are on.",
    );
  }

  return (
    <>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <Modal open={open} onClose={onClose} title="Accessibility features" className="a11y-dialog">
        <form
          aria-busy={loading}
          onSubmit={(event) => {
            event.preventDefault();
            void turnOn(draft);
          }}
        >
          <p className="a11y-dialog__intro">Choose what makes the site easier for you. Your choice is kept on this device.</p>
          <ul className="a11y-dialog__features">
            {FEATURES.map((feature) => (
              <li key={feature}>
                <Checkbox
                  label={TEXT[feature].label}
                  checked={Boolean(draft[feature])}
                  aria-describedby={`${idPrefix}-${feature}`}
                  onChange={(checked) => {
                    setProblem(null);
                    setDraft((d) => {
                      const next = { ...d };
                      if (checked) next[feature] = true;
                      else delete next[feature];
                      return next;
                    });
                  }}
                />
                <p id={`${idPrefix}-${feature}`} className="a11y-dialog__hint">
                  {TEXT[feature].hint}
                </p>
              </li>
            ))}
          </ul>
          {problem && (
            <p role="alert" className="a11y-dialog__error">
              {problem === "empty" ? "Choose at least one feature." : "The features could not be loaded. Please retry."}
            </p>
          )}
          <div className="a11y-dialog__actions">
            {/* aria-disabled, not disabled, so focus stays on the button while it loads. */}
            <button type="submit" className="button" aria-disabled={loading}>
              {loading ? (on ? "Saving…" : "Turning on…") : on ? "Save" : "Turn on"}
            </button>
            {on && (
              <button type="button" className="button button--secondary" aria-disabled={loading} onClick={() => void turnOn({})}>
                Turn all off
              </button>
            )}
            <button type="button" className="button button--secondary" onClick={onClose}>
              {on ? "Cancel" : "Not now"}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
