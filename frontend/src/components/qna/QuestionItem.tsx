import { useId, useState } from "react";
import { Link } from "react-router";
import type { Question } from "../../api/generated/Question";
import { AnswerView } from "./AnswerView";
import { AskedBy } from "./SourceCredit";
import { MoreAnswersButton, useAnswers } from "./useAnswers";
import { QnaVotes } from "./QnaVotes";
import { ReplyForm } from "./ReplyForm";
import { useIsAsker } from "./memberAction";
import { DEFAULT_PRESENTATION, initiallyShown, showsInFull, startsOpen, type AnswerPresentation } from "./presentation";

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A question of the list: its title (a link to its page), figures, votes and its
 * answers, which collapse and expand; by default the first answer shows at first, in full,
 * and "View more answers" shows the rest, shortened (community §4's presentation modes
 * choose otherwise), then the reply form. */
export function QuestionItem({ question, presentation = DEFAULT_PRESENTATION }: { question: Question; presentation?: AnswerPresentation }) {
  const [open, setOpen] = useState(() => startsOpen(presentation));
  const view = useAnswers(question, initiallyShown(presentation));
  const asker = useIsAsker(question.asker_uid);

  const panel = useId();
  return (
    <article className="qna-question">
      <h2 className="qna-question__title">
        <Link to={question.ques_href}>{question.ques_content}</Link>
      </h2>
      <AskedBy question={question} />
      <QnaVotes kind="question" id={question.id} tally={question} label="this question" />
      {question.total_answers === 0 && view.answers.length === 0 ? (
        <p className="qna-question__none">No answers yet.</p>
      ) : (
        <>
          <button type="button" className="button button--link qna-question__toggle" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
            {open ? "Hide answers" : `Show ${count(question.total_answers, "answer", "answers")}`}
          </button>
          <div id={panel} hidden={!open}>
            {view.answers.slice(0, view.shown).map((answer, i) => (
              <AnswerView key={answer.id} answer={answer} full={showsInFull(presentation, i)} onAccept={asker ? () => view.accept(answer.id) : undefined} />
            ))}
            {view.failed && (
              <p role="alert" className="qna-question__error">
                More answers could not be loaded.
              </p>
            )}
            {view.more && <MoreAnswersButton view={view} />}
          </div>
        </>
      )}
      <ReplyForm questionId={question.id} onPosted={view.add} />
    </article>
  );
}
