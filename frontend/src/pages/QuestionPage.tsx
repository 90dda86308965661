import { useEffect } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { question as fetchQuestion } from "../api/client";
import type { Question } from "../api/generated/Question";
import type { QuestionResponse } from "../api/generated/QuestionResponse";
import { currentAddress, initialKind, takeInitialData } from "../app/initialData";
import { useAsync } from "../app/useAsync";
import { usePageMeta } from "../app/usePageMeta";
import { AnswerView } from "../components/qna/AnswerView";
import { Attribution } from "../components/qna/Attribution";
import { AskedBy } from "../components/qna/SourceCredit";
import { MoreAnswersButton, useAnswers } from "../components/qna/useAnswers";
import { isRequestError } from "../api/request";
import { QnaVotes } from "../components/qna/QnaVotes";
import { ReplyForm } from "../components/qna/ReplyForm";
import { useIsAsker, useMemberVotes } from "../components/qna/memberAction";
import { LoadFailure } from "./LoadFailure";
import NotFoundPage from "./NotFoundPage";
import "../components/qna/qna.css";

function Answers({ question }: { question: Question }) {
  const view = useAnswers(question, question.answers.length);
  const asker = useIsAsker(question.asker_uid);

  const total = question.total_answers;
  return (
    <section className="qna-page__answers" aria-labelledby="answers-title">
      <h2 id="answers-title">{total === 1 ? "1 answer" : `${total} answers`}</h2>
      {view.answers.length === 0 && <p>No answers yet.</p>}
      {view.answers.slice(0, view.shown).map((answer) => (
        <AnswerView key={answer.id} answer={answer} full onAccept={asker ? () => view.accept(answer.id) : undefined} />
      ))}
      {view.failed && <p role="alert">More answers could not be loaded.</p>}
      {view.more && <MoreAnswersButton view={view} />}
      <ReplyForm questionId={question.id} onPosted={view.add} />
    </section>
  );
}

/** `/answers/{slug}-{id}`: a question with its answers. */
export default function QuestionPage() {
  const location = useLocation();
  // The server answered this address with its 404 page: no such question.
  if (initialKind(currentAddress(location)) === "notFound") return <NotFoundPage />;
  return <QuestionView />;
}

function QuestionView() {
  const { slug = "" } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const initial = takeInitialData("question", currentAddress(location));
  const [load, retry] = useAsync<QuestionResponse>(slug, () => fetchQuestion(slug), initial?.question ?? null);
  useMemberVotes(initial !== null, retry);
  const data = load.state === "ready" ? load.data : null;
  const description = data ? data.question.ques_more_info || `${data.question.ques_content} Asked in ${data.category}.` : null;
  usePageMeta(data?.question.ques_content ?? null, description);
  // A question reached by an old or mistyped address moves to its own.
  // (Only from an answer for this address: while the next question loads, the last one's address is not this one's.)
  const own = load.state === "ready" && !load.refreshing ? load.data.question.ques_href : undefined;
  useEffect(() => {
    if (own && own !== location.pathname) navigate(own, { replace: true });
  }, [own, location.pathname, navigate]);
  if (load.state === "failed") {
    // An address with no question id in it is no page at all.
    if (isRequestError(load.error) && load.error.status === 400) return <NotFoundPage />;
    return <LoadFailure error={load.error} retry={retry} what="This question" className="qna" />;
  }
  if (!data) {
    return (
      <p className="container page-loading" role="status">
        Loading…
      </p>
    );
  }
  const q = data.question;
  return (
    <div className="container qna qna-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> <span aria-hidden="true">›</span> <Link to="/answers/">Answers</Link> <span aria-hidden="true">›</span>{" "}
        <span>{data.category}</span>
      </nav>
      <h1>{q.ques_content}</h1>
      {q.ques_more_info && <p className="qna-page__details">{q.ques_more_info}</p>}
      <AskedBy question={q} category={data.category} />
      <QnaVotes kind="question" id={q.id} tally={q} label="this question" />
      <Answers key={q.id} question={q} />
      <p>
        <Link to="/answers/">All questions</Link>
      </p>
      <Attribution text={data.attribution} />
    </div>
  );
}
