import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { moderate, moderationQueue } from "../api/client";
import type { ModerationItem } from "../api/generated/ModerationItem";
import type { ModerationQueueResponse } from "../api/generated/ModerationQueueResponse";
import { isRequestError } from "../api/request";
import { useAsync } from "../app/useAsync";
import { usePageMeta } from "../app/usePageMeta";
import { accepted, failureMessage } from "../components/qna/memberAction";
import { formatDate } from "../components/ui/dates";
import { isSameSitePath } from "../rules/links";
import { useSession } from "../stores/session";
import { RetryAlert } from "../components/ui";
import "./forms.css";
import "../components/qna/qna.css";

/** One reported item: what it says, where, how often reported, and hide or restore with a reason. */
function QueueItem({ item }: { item: ModerationItem }) {
  const [hidden, setHidden] = useState(item.hidden);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; problem: boolean } | null>(null);
  const field = useId();
  const action = hidden ? "restore" : "hide";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (reason.trim() === "") {
      setNote({ text: "Please give a reason; it is kept in the moderation log.", problem: true });
      return;
    }
    setBusy(true);
    moderate(action, { kind: item.kind, id: item.id, reason: reason.trim() })
      .then(accepted)
      .then(
      (answer) => {
        setBusy(false);
        setHidden(action === "hide");
        setReason("");
        setNote({ text: answer.message, problem: false });
      },
      (failure: unknown) => {
        setBusy(false);
        setNote({ text: failureMessage(failure, "That did not work. Please try again."), problem: true });
      },
    );
  };

  return (
    <article className="qna-question" aria-label={`Reported ${item.kind} ${item.id}`}>
      <p className="qna-question__meta">
        {item.kind === "answer" ? "Answer" : item.kind === "review" ? "Review" : "Question"} {item.id} · reported {item.reports === 1 ? "once" : `${item.reports} times`}, last on{" "}
        <time dateTime={item.reported_at}>{formatDate(item.reported_at)}</time> · {hidden ? "hidden" : "visible"}
      </p>
      <p className="qna-answer__text">{item.text}</p>
      {isSameSitePath(item.page_address) && <Link to={item.page_address}>The page it was reported on</Link>}
      <form className="qna-reply qna-reply--open" onSubmit={submit} noValidate>
        <label htmlFor={field}>Reason for {item.kind} {item.id}</label>
        <input
          id={field}
          value={reason}
          aria-invalid={note?.problem === true}
          aria-describedby={note ? `${field}-note` : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {note && (
          <p id={`${field}-note`} className={note.problem ? "form-error" : "form-success"} role={note.problem ? "alert" : "status"}>
            {note.text}
          </p>
        )}
        <div className="qna-reply__actions">
          <button type="submit" className="button" aria-disabled={busy} aria-label={`${hidden ? "Restore" : "Hide"} ${item.kind} ${item.id}`}>
            {hidden ? "Restore" : "Hide"}
          </button>
        </div>
      </form>
    </article>
  );
}

/** Who may not see the queue, from the server's refusal. */
function refusal(error: unknown): "guest" | "notModerator" | null {
  if (!isRequestError(error)) return null;
  const code = (error.data as { code?: unknown } | undefined)?.code;
  if (error.status === 401 || code === "guest") return "guest";
  if (code === "validation") return "notModerator";
  return null;
}

/** `/moderation/`: the reported questions and answers, for staff and moderators. A
 * reported item stays visible until a moderator hides it. */
export default function ModerationPage() {
  usePageMeta("Moderation queue", "Reported questions, answers and reviews, for moderators to hide or restore.");
  const signedIn = useSession((s) => s.signedIn);
  return (
    <div className="container qna">
      <h1>Moderation queue</h1>
      <p className="qna__lead">Reported questions, answers and reviews, most recently reported first. Hiding or restoring needs a reason, kept in the moderation log.</p>
      {signedIn ? (
        <Queue />
      ) : (
        <p>
          This page is for moderators. <Link to="/sign-in">Sign in</Link>
        </p>
      )}
    </div>
  );
}

function Queue() {
  const [load, retry] = useAsync<ModerationQueueResponse>("queue", moderationQueue, null);
  let body;
  if (load.state === "loading") {
    body = <p role="status">Loading the queue…</p>;
  } else if (load.state === "failed") {
    const who = refusal(load.error);
    body =
      who === "guest" ? (
        <p>
          This page is for moderators. <Link to="/sign-in">Sign in</Link>
        </p>
      ) : who === "notModerator" ? (
        <p>This page is for moderators.</p>
      ) : (
        <RetryAlert what="The queue" retry={retry} />
      );
  } else if (load.data.items.length === 0) {
    body = <p>No reported items. Everything reported has been looked at.</p>;
  } else {
    body = (
      <ol className="qna__list">
        {load.data.items.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <QueueItem item={item} />
          </li>
        ))}
      </ol>
    );
  }
  return body;
}
