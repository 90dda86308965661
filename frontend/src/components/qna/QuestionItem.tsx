import { useId, useState } from "react";
import { Link } from "react-router";
import type { Question } from "../../api/generated/Question";
import { AnswerView } from "./AnswerView";
import { formatQnaDate } from "./dates";
import { useAnswers } from "./useAnswers";

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A question of the list: its title (a link to its page), figures, and its answers,
 * which expand and collapse; the first answer shows when expanded, and "View more
 * answers" shows the rest. */
export function QuestionItem({ question, initiallyOpen }: { question: Question; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const view = useAnswers(question, 1);
  const panel = useId();
  return (
    <article className="qna-question">
      <h2 className="qna-question__title">
        <Link to={question.ques_href}>{question.ques_content}</Link>
      </h2>
      <p className="qna-question__meta">
        Asked by @{question.asker_login} on <time dateTime={question.date}>{formatQnaDate(question.date)}</time> · {question.upvote} up,{" "}
        {question.downvote} down
      </p>
      {question.total_answers === 0 ? (
        <p className="qna-question__none">No answers yet.</p>
      ) : (
        <>
          <button type="button" className="button button--link qna-question__toggle" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
            {open ? "Hide answers" : `Show ${count(question.total_answers, "answer", "answers")}`}
          </button>
          <div id={panel} hidden={!open}>
            {view.answers.slice(0, view.shown).map((answer, i) => (
              <AnswerView key={answer.id} answer={answer} full={i > 0 || view.shown > 1} />
            ))}
            {view.failed && (
              <p role="alert" className="qna-question__error">
                More answers could not be loaded.
              </p>
            )}
            {view.more && (
              <button type="button" className="button button--secondary" onClick={view.viewMore} disabled={view.loading} aria-busy={view.loading}>
                {view.loading ? "Loading answers…" : view.failed ? "Try again" : "View more answers"}
              </button>
            )}
          </div>
        </>
      )}
    </article>
  );
}
