import { type FormEvent, useId, useState } from "react";

import { parseCreditScore } from "../../rules/credit";
import { useCreditScore } from "../../stores/creditScore";
import { useMaxWidth } from "../site/useMaxWidth";
import { COMPACT_MAX_WIDTH_PX } from "../ui/breakpoints";
import { ApprovalOddsDisclaimer } from "../product/CreditExplainers";
import "./ApprovalOdds.css";

/** The message of a score that is not one: the range the site accepts. */
export const SCORE_ERROR = "Enter your score as a whole number from 300 to 850.";

/**
 * Where a visitor enters a self-reported credit score to see each card's approval odds, or
 * sees the score in use with a way to change or forget it. On a phone the entry form opens
 * from a button, so a listing's first card shows without scrolling.
 */
export default function CreditScoreBox() {
  const score = useCreditScore((state) => state.score);
  const setScore = useCreditScore((state) => state.set);
  const clear = useCreditScore((state) => state.clear);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const formId = useId();
  const compact = useMaxWidth(COMPACT_MAX_WIDTH_PX);
  const [opened, setOpened] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCreditScore(text);
    if (!parsed.ok) {
      setError(SCORE_ERROR);
      return;
    }
    setError(null);
    setEditing(false);
    setText("");
    setScore(parsed.score);
  };

  if (score !== null && !editing) {
    return (
      <section className="score-box" aria-label="Your approval odds">
        <p className="score-box__current" role="status">
          Approval odds for a credit score of <strong>{score}</strong>.
        </p>
        <div className="score-box__actions">
          <button type="button" className="button button--link" onClick={() => setEditing(true)}>
            Change score
          </button>
          <button type="button" className="button button--link" onClick={clear}>
            Forget my score
          </button>
        </div>
        <ApprovalOddsDisclaimer />
      </section>
    );
  }
  // Changing a score opens the form at once: the visitor just asked for it.
  const closed = compact && !opened && !editing;
  return (
    <>
      {compact && !editing && (
        <button
          type="button"
          className="button button--secondary score-box__toggle"
          aria-expanded={!closed}
          aria-controls={formId}
          onClick={() => setOpened(!opened)}
        >
          Check your approval odds
        </button>
      )}
      <form id={formId} hidden={closed} className="score-box" aria-label="Your approval odds" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="score-box__label">
          Your credit score, to see your approval odds on each card
        </label>
        <div className="score-box__row">
          <input
            id={inputId}
            className="score-box__input"
            inputMode="numeric"
            autoComplete="off"
            placeholder="300 to 850"
            value={text}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button button--secondary">
            Show my odds
          </button>
        </div>
        {error && (
          <p id={errorId} className="score-box__error" role="alert">
            {error}
          </p>
        )}
        <p className="score-box__note">
          Your own estimate: we do not pull your credit report, and this browser keeps the score for 30 minutes.
        </p>
        <ApprovalOddsDisclaimer />
      </form>
    </>
  );
}
