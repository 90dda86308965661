import { type FormEvent, useId, useState } from "react";
import { postAnswer } from "../../api/client";
import type { Answer } from "../../api/generated/Answer";
import type { AnswerPostResponse } from "../../api/generated/AnswerPostResponse";
import { validateReply } from "../../rules/validation";
import { accepted, failureMessage, useMemberGate } from "./memberAction";

/** The answer the server stored, as the list shows answers. */
function asAnswer(posted: AnswerPostResponse): Answer {
  return {
    id: posted.id,
    uid: 0,
    user_login: posted.user_login,
    user_fullname: posted.fullname,
    user_title: posted.user_title,
    user_avatar: posted.avatar,
    content: posted.answer,
    full_content: posted.answer,
    date: posted.date,
    edited: posted.edited,
    upvote: 0,
    downvote: 0,
    accepted: false,
    expert: false,
  };
}

/**
 * "Answer this question": a button that opens the reply form for a member (a guest goes
 * to light sign-up, a delegated session is told it may not post). The reply must have 30
 * characters once trimmed; a second submit while one is saving is ignored (community §5).
 */
export function ReplyForm({ questionId, onPosted }: { questionId: number; onPosted: (answer: Answer) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const gate = useMemberGate(setError);
  const field = useId();

  if (!open) {
    return (
      <div className="qna-reply">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setError(null);
            setDone(false);
            if (gate()) setOpen(true);
          }}
        >
          Answer this question
        </button>
        {done && <p role="status">Your answer is posted.</p>}
        {error && <p role="alert">{error}</p>}
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateReply(text);
    if ("error" in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    setSaving(true);
    postAnswer(questionId, checked.ok)
      .then(accepted)
      .then(
      (posted) => {
        setSaving(false);
        setText("");
        setOpen(false);
        setDone(true);
        onPosted(asAnswer(posted));
      },
      (failure: unknown) => {
        setSaving(false);
        setError(failureMessage(failure, "Your answer could not be posted. Please try again."));
      },
    );
  };

  return (
    <form className="qna-reply qna-reply--open" onSubmit={submit} noValidate>
      <label htmlFor={field}>Your answer</label>
      <textarea
        id={field}
        value={text}
        rows={5}
        aria-invalid={error !== null}
        aria-describedby={error ? `${field}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p id={`${field}-error`} className="qna-reply__error" role="alert">
          {error}
        </p>
      )}
      <div className="qna-reply__actions">
        <button type="submit" className="button" aria-disabled={saving}>
          {saving ? "Posting…" : "Post answer"}
        </button>
        <button type="button" className="button button--link" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
