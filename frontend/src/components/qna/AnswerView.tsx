import { useState } from "react";
import { Link, useLocation } from "react-router";
import type { Answer } from "../../api/generated/Answer";
import { formatDate } from "../ui/dates";
import { QnaVotes } from "./QnaVotes";
import { SourceCredit } from "./SourceCredit";
import { failureMessage } from "./memberAction";

/** One answer: the author (`@login`, name, title, avatar) and the date, or for a source's
 * text its source and licence; the edited, accepted and expert marks, the text and its votes. A shortened answer (`full` false) can be read
 * whole. */
export function AnswerView({ answer, full, onAccept }: { answer: Answer; full: boolean; onAccept?: () => Promise<void> }) {
  const [whole, setWhole] = useState(full);
  const [accepting, setAccepting] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const accept = () => {
    if (!onAccept || accepting) return;
    setAccepting(true);
    setAcceptError(null);
    onAccept().then(
      () => setAccepting(false),
      (error: unknown) => {
        setAccepting(false);
        setAcceptError(failureMessage(error, "The answer could not be accepted. Please try again."));
      },
    );
  };
  const location = useLocation();
  const report = `/report-abuse/?${new URLSearchParams({ ru: location.pathname + location.search, t: "a", id: String(answer.id) })}`;
  const cut = !whole && answer.content !== answer.full_content;
  return (
    <article className="qna-answer" id={`answer-${answer.id}`}>
      <header className="qna-answer__author">
        {answer.source ? (
          <SourceCredit source={answer.source} />
        ) : (
          <>
            {answer.user_avatar && <img className="qna-answer__avatar" src={answer.user_avatar} alt="" width={40} height={40} loading="lazy" />}
            <div>
              <p className="qna-answer__name">
                <strong>{answer.user_fullname}</strong> <span className="qna-answer__login">@{answer.user_login}</span>
              </p>
              {answer.user_title && <p className="qna-answer__title">{answer.user_title}</p>}
            </div>
          </>
        )}
        {(answer.accepted || answer.expert) && (
          <p className="qna-answer__marks">
            {answer.accepted && <span className="qna-mark qna-mark--accepted">Accepted answer</span>}
            {answer.expert && <span className="qna-mark qna-mark--expert">Expert</span>}
          </p>
        )}
      </header>
      {/* The server writes this HTML from the member's text: escaped, with <br> line
          breaks (qna::wire::text_html), so no markup a member writes reaches the page. */}
      <p className="qna-answer__text" dangerouslySetInnerHTML={{ __html: whole ? answer.full_content : answer.content }} />
      {cut && (
        <button type="button" className="button button--link qna-answer__whole" onClick={() => setWhole(true)}>
          Read the whole answer
        </button>
      )}
      <div className="qna-answer__footer">
        {!answer.source && (
          <p className="qna-answer__meta">
            <time dateTime={answer.date}>{formatDate(answer.date)}</time>
            {answer.edited && <span> · Edited</span>}
          </p>
        )}
        <QnaVotes kind="answer" id={answer.id} tally={answer} label={answer.source ? `the answer from ${answer.source.source}` : `the answer by @${answer.user_login}`} />
        {onAccept && !answer.accepted && (
          <button type="button" className="button button--link" onClick={accept} aria-disabled={accepting}>
            {accepting ? "Accepting…" : "Accept this answer"}
          </button>
        )}
        <Link className="qna-answer__report" to={report} rel="nofollow">
          Report abuse
        </Link>
      </div>
      {acceptError && <p role="alert">{acceptError}</p>}
    </article>
  );
}
