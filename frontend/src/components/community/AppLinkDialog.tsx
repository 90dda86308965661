import { type ChangeEvent, type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { sendAppLink } from "../../api/client";
import { isRequestError } from "../../api/errors";
import { DEFAULT_TOAST, emitApiEvent } from "../../api/events";
import { QNA_ERROR_TOAST_MS } from "../../rules/constants";
import { TEXT_MESSAGE_FAILED_MESSAGE, TEXT_MESSAGE_NOTICE, textMessageOutcome } from "../../rules/textMessage";
import { validateUsPhone } from "../../rules/validation";
import { failureMessage } from "../qna/memberAction";
import { Modal } from "../ui/Modal";
import { editPhone, type PhoneEdit } from "./phoneInput";
import { storeUrls } from "./storeLinks";
import "../../pages/forms.css";
import "./AppLinkDialog.css";

/** community §4 "Text-message dialog"; a failure goes back to the entry form with its message. */
type Step = { kind: "entry" } | { kind: "sending" } | { kind: "sent" | "blocked"; message: string };

const ENTRY: Step = { kind: "entry" };

export interface AppLinkDialogProps {
  open: boolean;
  onClose: () => void;
  /** Which store's link to text: empty for both (the dialog's first send). */
  type?: "" | "android" | "apple";
  /** The placement asking, logged by the server. */
  commId?: string;
}

/** An error answer the dialog can read: the 400 body carries `messages` too (API.md `download_app`). */
function textMessageBody(error: unknown): { messages: string[]; field?: unknown } | null {
  const data = isRequestError(error) ? (error.data as { messages?: unknown; field?: unknown } | null) : null;
  return Array.isArray(data?.messages) ? { messages: data.messages.map(String), field: data.field } : null;
}

/** The send-app-link-by-text dialog (community §2, §4, §8). */
export default function AppLinkDialog({ open, onClose, type = "", commId }: AppLinkDialogProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  // A new object on every edit, so the caret is put back even when the text stays the same.
  const [field, setField] = useState<PhoneEdit | null>(null);
  const phone = field?.text ?? "";
  const [step, setStep] = useState<Step>(ENTRY);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A ref, not state: two submits in one tick must not both get through.
  const inFlight = useRef(false);

  // Each opening starts at the form; the number typed before is kept.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open && step.kind !== "sending") {
      setStep(ENTRY);
      setFailure(null);
      setFieldError(null);
    }
  }

  // Put the caret back where the visitor was typing, after React writes the formatted text.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (field && input && document.activeElement === input) input.setSelectionRange(field.caret, field.caret);
  }, [field]);

  // The outcome is read out and keyboard users stay in the dialog.
  useEffect(() => {
    if (step.kind === "sent" || step.kind === "blocked") doneRef.current?.focus();
  }, [step]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const inputType = (event.nativeEvent as InputEvent).inputType ?? "";
    const deleting = inputType.startsWith("deleteContentBackward") ? "backward" : inputType.startsWith("deleteContentForward") ? "forward" : null;
    const input = event.target;
    setField(editPhone(input.value, input.selectionStart ?? input.value.length, phone, deleting));
    setFieldError(null);
  };

  const fail = (message: string, atField: boolean) => {
    setStep(ENTRY);
    if (atField) {
      setFieldError(message);
      inputRef.current?.focus();
    } else {
      setFailure(message);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    setFailure(null);
    const checked = validateUsPhone(phone);
    if ("error" in checked) {
      fail(checked.error, true);
      return;
    }
    setFieldError(null);
    inFlight.current = true;
    setStep({ kind: "sending" });
    sendAppLink({ phoneNumber: checked.ok, type, commId })
      .then(
        (answer) => {
          const { outcome, message } = textMessageOutcome(answer);
          if (outcome === "failed") fail(message, false);
          else setStep({ kind: outcome, message });
        },
        (error: unknown) => {
          const body = textMessageBody(error);
          if (body === null && isRequestError(error) && error.status >= 500) {
            // The server answered with a fault (§8 "Text message: server error"): the form stays.
            fail(TEXT_MESSAGE_FAILED_MESSAGE, false);
            return;
          }
          if (body === null) {
            // No answer to read (the network, a timeout, a server fault): the community's short
            // toast, and the form again. It goes the way the request layer's own toast went, with
            // the same text, so it replaces that one; and the dialog's chunk shares no store with
            // the entry (which made the bundler split extra chunks into every route's first load).
            emitApiEvent("toast", { message: DEFAULT_TOAST.message, durationMs: QNA_ERROR_TOAST_MS });
            setStep(ENTRY);
            return;
          }
          const read = textMessageOutcome({ error: true, messages: body.messages });
          if (read.outcome === "blocked") {
            setStep({ kind: "blocked", message: read.message });
          } else {
            // A refused request (400): its own sentence, at the number unless it is about another field.
            const atField = body.field === undefined || body.field === "phoneNumber";
            fail(failureMessage(error, body.messages[0] ?? TEXT_MESSAGE_FAILED_MESSAGE), atField);
          }
        },
      )
      .finally(() => {
        inFlight.current = false;
      });
  };

  const sending = step.kind === "sending";
  const fieldId = `${id}-phone`;
  const errorId = `${id}-phone-error`;
  const noticeId = `${id}-notice`;

  return (
    <Modal open={open} onClose={onClose} title="Get the Plainrate app" initialFocusRef={inputRef} className="app-link">
      {step.kind === "sent" || step.kind === "blocked" ? (
        <div className="app-link__done">
          <p ref={doneRef} tabIndex={-1} role="status" className="app-link__message">
            {step.message}
          </p>
          {step.kind === "blocked" && (
            <StoreList />
          )}
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      ) : (
        <form className="app-link__form" onSubmit={submit} noValidate>
          <p className="app-link__lead">Enter your mobile number and we will text you a link to download the app.</p>
          <div className="form-field">
            <label htmlFor={fieldId}>Mobile number</label>
            <input
              ref={inputRef}
              id={fieldId}
              className="app-link__phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(555) 555-5555"
              value={phone}
              readOnly={sending}
              aria-invalid={fieldError !== null}
              aria-describedby={fieldError === null ? noticeId : `${errorId} ${noticeId}`}
              onChange={change}
            />
            {fieldError !== null && (
              <p id={errorId} className="form-error" role="alert">
                {fieldError}
              </p>
            )}
          </div>
          {failure !== null && (
            <p className="form-error" role="alert">
              {failure}
            </p>
          )}
          <p id={noticeId} className="form-note">
            {TEXT_MESSAGE_NOTICE}
          </p>
          {/* aria-disabled rather than disabled, so a keyboard user's focus stays on the button. */}
          <button type="submit" className="button app-link__send" aria-disabled={sending} aria-busy={sending}>
            {sending ? "Sending…" : "Text me the link"}
          </button>
        </form>
      )}
    </Modal>
  );
}

/** The configured store pages, for a visitor the text limit stopped. */
function StoreList() {
  const urls = storeUrls();
  return (
    <ul className="app-link__stores">
      {urls.apple && (
        <li>
          <a className="button button--secondary" href={urls.apple} target="_blank" rel="noopener noreferrer">
            App Store
          </a>
        </li>
      )}
      {urls.android && (
        <li>
          <a className="button button--secondary" href={urls.android} target="_blank" rel="noopener noreferrer">
            Google Play
          </a>
        </li>
      )}
    </ul>
  );
}
