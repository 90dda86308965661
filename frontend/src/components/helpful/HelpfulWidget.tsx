import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { sendHelpfulFeedback } from "../../api/client";
import { validateFeedbackReason } from "../../rules/validation";
import { accepted, RefusedWrite } from "../qna/memberAction";
import { readHelpfulVote, rememberHelpfulVote } from "./helpfulMemory";
import "./helpful.css";

/** The widget's error line (community §8 "Helpful feedback: error"). */
export const HELPFUL_ERROR_MESSAGE = "We encountered an error. Please retry";
const THANKS = "Thanks for your feedback.";

type Step = "ask" | "reason" | "thanks";

export interface HelpfulWidgetProps {
  /** The page or post the feedback is about. */
  postId: string;
  /** The page's address (its path), where the vote is remembered. */
  address: string;
}

/**
 * "Was this page helpful?" (community §4): Yes is sent silently and thanks the reader; No
 * opens a reason form whose successful send thanks the reader. Either vote is remembered
 * 7 days for the page, so a reader who voted is thanked instead of asked again.
 */
export function HelpfulWidget({ postId, address }: HelpfulWidgetProps) {
  const [step, setStep] = useState<Step>(() => (readHelpfulVote(address) === null ? "ask" : "thanks"));
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const saving = useRef(false);
  const thanks = useRef<HTMLParagraphElement>(null);
  const noButton = useRef<HTMLButtonElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  // No opens the form with the caret in its field.
  useEffect(() => {
    if (step === "reason") reasonField.current?.focus();
  }, [step]);

  const done = (vote: 0 | 1) => {
    rememberHelpfulVote(address, vote);
    setStep("thanks");
    // The question's buttons are gone: focus moves to the thanks line.
    requestAnimationFrame(() => thanks.current?.focus());
  };

  const yes = () => {
    // Sent silently: the reader is thanked whatever the answer.
    sendHelpfulFeedback({ postId, url: address, helpful: true }).catch(() => {});
    done(1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving.current) return;
    const checked = validateFeedbackReason(reason);
    if ("error" in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(null);
    setSendError(null);
    saving.current = true;
    setSending(true);
    try {
      accepted(await sendHelpfulFeedback({ postId, url: address, helpful: false, feedback: checked.ok }));
      done(0);
    } catch (error) {
      setSendError(error instanceof RefusedWrite ? error.message : HELPFUL_ERROR_MESSAGE);
    } finally {
      saving.current = false;
      setSending(false);
    }
  };

  return (
    <aside className="helpful" aria-labelledby={`${id}-q`}>
      <h2 id={`${id}-q`} className="helpful__question">
        Was this page helpful?
      </h2>
      {step === "thanks" && (
        <p ref={thanks} tabIndex={-1} className="helpful__thanks" role="status">
          {THANKS}
        </p>
      )}
      {step === "ask" && (
        <p className="helpful__buttons">
          <button type="button" className="button button--secondary" onClick={yes}>
            Yes
          </button>
          <button ref={noButton} type="button" className="button button--secondary" onClick={() => setStep("reason")}>
            No
          </button>
        </p>
      )}
      {step === "reason" && (
        <form className="helpful__form" onSubmit={submit} noValidate aria-busy={sending}>
          <label htmlFor={`${id}-reason`}>What could we do better?</label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            ref={reasonField}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={fieldError !== null}
            aria-describedby={fieldError ? `${id}-error` : undefined}
          />
          {fieldError && (
            <p id={`${id}-error`} className="form-error" role="alert">
              {fieldError}
            </p>
          )}
          {sendError && (
            <p className="form-error" role="alert">
              {sendError}
            </p>
          )}
          <p className="helpful__buttons">
            <button type="submit" className="button" disabled={sending}>
              {sending ? "Sending…" : "Send feedback"}
            </button>
            <button
              type="button"
              className="button button--link"
              onClick={() => {
                setStep("ask");
                // The form is gone: focus goes back to the No that opened it.
                requestAnimationFrame(() => noButton.current?.focus());
              }}
            >
              Cancel
            </button>
          </p>
        </form>
      )}
    </aside>
  );
}
