import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { askQuestion, confirmCode, resendCode, similarQuestions } from "../../api/client";
import type { AskResponse } from "../../api/generated/AskResponse";
import type { Category } from "../../api/generated/Category";
import type { Question } from "../../api/generated/Question";
import {
  preselectedCategory,
  questionRemaining,
  SEARCH_DEBOUNCE_MS,
  searchQuery,
  selectCategory,
  validateGuestEmail,
  validateOneTimeCode,
  validateQuestion,
  type Validated,
} from "../../rules/validation";
import { actorOf, can } from "../../rules/permissions";
import { useSession } from "../../stores/session";
import { Modal } from "../ui";
import { isRequestError } from "../../api/request";
import { accepted, failureMessage } from "./memberAction";
import "../../pages/forms.css";

/** Where the overlay stands (community §4 "Ask overlay"). */
type Step =
  | { kind: "enter" }
  | { kind: "code"; pending: string; note: string; tone: "info" | "problem" }
  | { kind: "submitted"; message: string; question?: Question };

interface Errors {
  title?: string;
  category?: string;
  email?: string;
  code?: string;
  form?: string;
}

/** The categories of the last list that loaded: the overlay stays open, with its draft,
 * its code step or its confirmation, while the list reloads or fails to. */
export function useKeptCategories(list: { categories: Category[] } | null): readonly Category[] | null {
  const [kept, setKept] = useState<readonly Category[] | null>(list?.categories ?? null);
  useEffect(() => {
    if (list) setKept(list.categories);
  }, [list]);
  return list?.categories ?? kept;
}

type Field = Exclude<keyof Errors, "form">;

/** A rule's message, or undefined when the value passes. */
const errorOf = (checked: Validated<unknown>): string | undefined => ("error" in checked ? checked.error : undefined);

/** The field and words of a server's refusal (`{ field, message }` in its body), if it named one. */
function refusedField(failure: unknown): { field: string; message: string } | null {
  const data = (failure as { data?: unknown } | null)?.data as { field?: unknown; message?: unknown } | null | undefined;
  return typeof data?.field === "string" && typeof data.message === "string" && data.message.trim() !== ""
    ? { field: data.field, message: data.message }
    : null;
}

/** Whether a refusal is about the code's format (the code field says it), not the question. */
function isCodeFormat(failure: { data?: unknown }): boolean {
  return (failure.data as { field?: unknown } | undefined)?.field === "code";
}

/** The step an answer of the ask calls leads to, from the step it was sent in. */
function nextStep(answer: AskResponse, pending: string | undefined): Step {
  switch (answer.status) {
    case "submitted":
      return { kind: "submitted", message: answer.message, question: answer.question };
    case "code_required":
    case "resent":
      return { kind: "code", pending: answer.pending ?? pending ?? "", note: answer.message, tone: "info" };
    default: {
      // A wrong or expired code, or too many tries: the server's words, and a resend.
      const left = answer.attempts_left;
      const tries = left === undefined ? "" : ` ${left === 1 ? "1 try" : `${left} tries`} left.`;
      return { kind: "code", pending: pending ?? "", note: `${answer.message}${tries}`, tone: "problem" };
    }
  }
}

/**
 * "Ask a question": the question (3 words or more, 140 characters at most, with the
 * characters left), optional details, the category (preselected when there is one, or the
 * list's), and, for a guest, an e-mail address and then the e-mailed code (wrong code,
 * expired code and resend), ending in the submitted confirmation. Similar questions are
 * offered while the question is typed. A delegated session is told it may not post.
 */
export function AskOverlay({
  open,
  onClose,
  categories,
  category,
  offer,
  onAsked,
}: {
  open: boolean;
  onClose: () => void;
  categories: readonly Category[];
  category?: number | null;
  offer?: string;
  onAsked?: () => void;
}) {
  const session = useSession();
  const [step, setStep] = useState<Step>({ kind: "enter" });
  const [title, setTitle] = useState("");
  const [details, setDetails] = useState("");
  const [chosen, setChosen] = useState<number | null>(category ?? preselectedCategory(categories));
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [similar, setSimilar] = useState<Question[]>([]);
  const id = useId();

  // Each opening starts from the list's category as it is now.
  useEffect(() => {
    if (open && step.kind === "enter") setChosen(category ?? preselectedCategory(categories));
    // Only an opening resets the choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // A new step takes the focus: the code field, or the confirmation.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const target = step.kind === "code" ? `${id}-code` : step.kind === "submitted" ? `${id}-done` : `${id}-title`;
    document.getElementById(target)?.focus();
  }, [step.kind, id]);

  // Similar questions, 200 ms after the last key, from 2 characters.
  useEffect(() => {
    const query = searchQuery(title);
    if (query === null) {
      setSimilar([]);
      return;
    }
    let live = true;
    const timer = window.setTimeout(() => {
      similarQuestions(query).then(
        (found) => live && setSimilar(found.questions),
        () => live && setSimilar([]),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [title]);

  const close = () => {
    if (step.kind === "submitted") {
      setStep({ kind: "enter" });
      setTitle("");
      setDetails("");
      setCode("");
    }
    onClose();
  };

  const send = (call: () => Promise<AskResponse>, pending?: string) => {
    setBusy(true);
    call()
      .then(accepted)
      .then(
      (answer) => {
        setBusy(false);
        const next = nextStep(answer, pending);
        setStep(next);
        if (next.kind === "submitted") onAsked?.();
      },
      (failure: unknown) => {
        setBusy(false);
        if (pending !== undefined && isRequestError(failure) && (failure.status === 404 || failure.status === 400) && !isCodeFormat(failure)) {
          // The waiting question is gone or its token is not valid: ask again.
          setStep({ kind: "enter" });
          setErrors({ form: "This question is no longer waiting for its code. Please send it again." });
          return;
        }
        // A refusal naming a field of this step is shown by that field, not under the form.
        const refused = refusedField(failure);
        const shownFields: Field[] = pending === undefined ? ["title"] : ["code"];
        if (pending === undefined && categories.length > 1) shownFields.push("category");
        if (pending === undefined && !session.signedIn) shownFields.push("email");
        const field = shownFields.find((f) => f === refused?.field);
        if (refused && field) {
          setErrors({ [field]: refused.message });
          return;
        }
        setErrors({ form: failureMessage(failure, "Your question could not be sent. Please try again.") });
      },
    );
  };

  // A field's shown error follows its value: it goes once the value passes the rule again.
  const recheck = (field: Field, error: string | undefined) =>
    setErrors((shown) => (shown[field] === undefined || shown[field] === error ? shown : { ...shown, [field]: error }));

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const may = can(actorOf(session), "askQuestion");
    if ("error" in may) {
      setErrors({ form: may.error });
      return;
    }
    const question = validateQuestion(title);
    const where = selectCategory(categories, chosen);
    const guest = may.ok === "guestVerification" ? validateGuestEmail(email) : null;
    const found: Errors = {
      title: "error" in question ? question.error : undefined,
      category: "error" in where ? where.error : undefined,
      email: guest && "error" in guest ? guest.error : undefined,
    };
    setErrors(found);
    if (!("ok" in question) || !("ok" in where) || (guest && !("ok" in guest))) return;
    setCode("");
    send(() =>
      askQuestion({
        title: question.ok,
        more_info: details.trim() || undefined,
        category: where.ok ?? undefined,
        offer,
        email: guest && "ok" in guest ? guest.ok : undefined,
      }),
    );
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (busy || step.kind !== "code") return;
    const checked = validateOneTimeCode(code);
    if ("error" in checked) {
      setErrors({ code: checked.error });
      return;
    }
    setErrors({});
    send(() => confirmCode(step.pending, checked.ok), step.pending);
  };

  const resend = () => {
    if (busy || step.kind !== "code") return;
    setErrors({});
    setCode("");
    send(() => resendCode(step.pending), step.pending);
  };

  const remaining = questionRemaining(title);
  const describe = (field: keyof Errors, extra?: string) => [errors[field] ? `${id}-${field}-error` : null, extra].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: keyof Errors) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="form-error" role="alert">
        {errors[field]}
      </p>
    ) : null;

  return (
    <Modal open={open} onClose={close} title={step.kind === "submitted" ? "Question submitted" : "Ask a question"} className="qna-ask">
      {step.kind === "enter" && (
        <form className="qna-ask__form" onSubmit={ask} noValidate>
          <div className="form-field">
            <label htmlFor={`${id}-title`}>Your question</label>
            <textarea
              id={`${id}-title`}
              rows={2}
              value={title}
              aria-invalid={errors.title !== undefined}
              aria-describedby={describe("title", `${id}-left`)}
              onChange={(e) => {
                setTitle(e.target.value);
                recheck("title", errorOf(validateQuestion(e.target.value)));
              }}
            />
            <p id={`${id}-left`} className={`form-note${remaining < 0 ? " form-note--over" : ""}`}>
              {remaining >= 0 ? `${remaining} characters left` : `${-remaining} characters too many`}
            </p>
            {fieldError("title")}
          </div>
          {similar.length > 0 && (
            <section className="qna-ask__similar" aria-labelledby={`${id}-similar`}>
              <h3 id={`${id}-similar`}>Already asked? Similar questions</h3>
              <ul>
                {similar.map((q) => (
                  <li key={q.id}>
                    <Link to={q.ques_href} onClick={close}>
                      {q.ques_content}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="form-field">
            <label htmlFor={`${id}-details`}>More details (optional)</label>
            <textarea id={`${id}-details`} rows={3} value={details} onChange={(e) => setDetails(e.target.value)} />
          </div>
          {categories.length > 1 && (
            <div className="form-field">
              <label htmlFor={`${id}-category`}>Category</label>
              <select
                id={`${id}-category`}
                value={chosen ?? ""}
                aria-invalid={errors.category !== undefined}
                aria-describedby={describe("category")}
                onChange={(e) => {
                  const next = e.target.value === "" ? null : Number(e.target.value);
                  setChosen(next);
                  recheck("category", errorOf(selectCategory(categories, next)));
                }}
              >
                <option value="">Choose a category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              {fieldError("category")}
            </div>
          )}
          {!session.signedIn && (
            <div className="form-field">
              <label htmlFor={`${id}-email`}>Your e-mail address</label>
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                value={email}
                aria-invalid={errors.email !== undefined}
                aria-describedby={describe("email", `${id}-email-note`)}
                onChange={(e) => {
                  setEmail(e.target.value);
                  recheck("email", errorOf(validateGuestEmail(e.target.value)));
                }}
              />
              <p id={`${id}-email-note`} className="form-note">
                We e-mail you a 6-digit code to publish your question. Have an account? <Link to="/sign-in">Sign in</Link>
              </p>
              {fieldError("email")}
            </div>
          )}
          {fieldError("form")}
          <button type="submit" className="button" aria-disabled={busy}>
            {busy ? "Sending…" : "Submit question"}
          </button>
        </form>
      )}
      {step.kind === "code" && (
        <form className="qna-ask__form" onSubmit={confirm} noValidate>
          <p className={step.tone === "problem" ? "form-error" : "form-note"} role={step.tone === "problem" ? "alert" : "status"}>
            {step.note}
          </p>
          <div className="form-field">
            <label htmlFor={`${id}-code`}>6-digit code</label>
            <input
              id={`${id}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              aria-invalid={errors.code !== undefined}
              aria-describedby={describe("code")}
              onChange={(e) => {
                setCode(e.target.value);
                recheck("code", errorOf(validateOneTimeCode(e.target.value)));
              }}
            />
            {fieldError("code")}
          </div>
          {fieldError("form")}
          <div className="qna-ask__actions">
            <button type="submit" className="button" aria-disabled={busy}>
              {busy ? "Checking…" : "Publish my question"}
            </button>
            <button type="button" className="button button--secondary" onClick={resend}>
              Send a new code
            </button>
            <button
              type="button"
              className="button button--link"
              onClick={() => {
                setErrors({});
                setStep({ kind: "enter" });
              }}
            >
              Change my question or e-mail
            </button>
          </div>
        </form>
      )}
      {step.kind === "submitted" && (
        <div className="qna-ask__done">
          <p id={`${id}-done`} tabIndex={-1} role="status">
            {step.message}
          </p>
          {step.question && <Link to={step.question.ques_href}>See your question</Link>}
          <button type="button" className="button" onClick={close}>
            Close
          </button>
        </div>
      )}
    </Modal>
  );
}
