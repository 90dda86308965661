import { type FormEvent, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { reportAbuse } from "../api/client";
import { usePageMeta } from "../app/usePageMeta";
import { failureMessage } from "../components/qna/memberAction";
import { isSameSitePath } from "../rules/links";
import "./forms.css";

/** What the address names: an answer (`t=a`), a question (`t=q`) or a review (`t=r`). */
function itemName(t: string | null): string | null {
  if (t === "a") return "an answer";
  if (t === "q") return "a question";
  if (t === "r") return "a review";
  return null;
}

/**
 * `/report-abuse/?ru={page}&t=a&id={id}`: tells the moderators about an answer or a
 * question, with an optional reason, and offers the way back to the page it came from.
 * The item stays visible until a moderator acts. Anyone may report.
 */
export default function ReportAbusePage() {
  usePageMeta("Report abuse", "Tell our moderators about a question or an answer that breaks the community guidelines.");
  const [params] = useSearchParams();
  const t = params.get("t");
  const id = params.get("id") ?? "";
  const ru = params.get("ru") ?? "/answers/";
  const back = isSameSitePath(ru) ? ru : "/answers/";
  const what = itemName(t);
  const [reason, setReason] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const field = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || !what || !/^\d+$/.test(id)) return;
    setSaving(true);
    setError(null);
    reportAbuse({ t: t ?? "", id, ru: back, reason: reason.trim() || undefined }).then(
      (answer) => {
        setSaving(false);
        if (answer.error) setError(answer.message);
        else setDone(answer.message);
      },
      (failure: unknown) => {
        setSaving(false);
        setError(failureMessage(failure, "Your report could not be sent. Please try again."));
      },
    );
  };

  return (
    <div className="form-page">
      <h1>Report abuse</h1>
      {!what || !/^\d+$/.test(id) ? (
        <div className="form-card">
          <p>This link does not name a question, an answer or a review to report.</p>
          <Link to="/answers/">Go to the questions</Link>
        </div>
      ) : done ? (
        <div className="form-card">
          <p className="form-success" role="status">
            {done}
          </p>
          <Link to={back}>Back to the page</Link>
        </div>
      ) : (
        <form className="form-card" onSubmit={submit} noValidate>
          <p className="form-page__lead">
            You are reporting {what}. It stays on the site until a moderator has looked at it. Read the <Link to="/community/guidelines/">community guidelines</Link>.
          </p>
          <div className="form-field">
            <label htmlFor={field}>What is wrong with it? (optional)</label>
            <textarea id={field} rows={4} value={reason} onChange={(e) => setReason(e.target.value)} aria-describedby={error ? `${field}-error` : undefined} />
          </div>
          {error && (
            <p id={`${field}-error`} className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button" aria-disabled={saving}>
            {saving ? "Sending…" : "Send report"}
          </button>
          <Link to={back}>Back to the page</Link>
        </form>
      )}
    </div>
  );
}
