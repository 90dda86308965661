import { useEffect, useRef, useState } from "react";
import { acceptAnswer, moreAnswers } from "../../api/client";
import type { Answer } from "../../api/generated/Answer";
import type { Question } from "../../api/generated/Question";
import { accepted } from "./memberAction";

/** A question's answers as the box shows them: the ones loaded, how many are shown, and
 * "View more answers", which first reveals answers already loaded, then fetches the next
 * page after them (community §4). */
export interface AnswersView {
  answers: Answer[];
  shown: number;
  /** Whether "View more answers" has anything to show or fetch. */
  more: boolean;
  loading: boolean;
  failed: boolean;
  viewMore: () => void;
  /** An answer the visitor just posted: shown at once, after the others. */
  add: (answer: Answer) => void;
  /** The asker accepts answer `id`: sent, then shown as the only accepted one. */
  accept: (id: number) => Promise<void>;
}

export function useAnswers(question: Question, initiallyShown: number): AnswersView {
  const [answers, setAnswers] = useState<Answer[]>(question.answers);
  const [shown, setShown] = useState(Math.min(initiallyShown, question.answers.length));
  const [hasMore, setHasMore] = useState(question.has_more_answers);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // A new answer from the server for the same question (the list read again for a
  // signed-in member, with their votes) starts the answers over.
  const first = useRef(question);
  useEffect(() => {
    if (first.current === question) return;
    first.current = question;
    setAnswers(question.answers);
    setShown(Math.min(initiallyShown, question.answers.length));
    setHasMore(question.has_more_answers);
  }, [question, initiallyShown]);

  const viewMore = () => {
    if (loading) return;
    if (shown < answers.length) {
      setShown(answers.length);
      return;
    }
    setLoading(true);
    setFailed(false);
    moreAnswers(String(question.id), answers.length).then(
      (page) => {
        const known = new Set(answers.map((a) => a.id));
        const next = [...answers, ...page.answers.filter((a) => !known.has(a.id))];
        setAnswers(next);
        setShown(next.length);
        setHasMore(page.has_more_answers);
        setLoading(false);
      },
      () => {
        setFailed(true);
        setLoading(false);
      },
    );
  };

  const add = (answer: Answer) => {
    const next = [...answers.slice(0, Math.max(shown, answers.length)), answer];
    setAnswers(next);
    setShown(next.length);
  };

  const accepting = useRef(false);
  const accept = async (id: number) => {
    // One accept at a time: two on their way could finish in either order.
    if (accepting.current) return;
    accepting.current = true;
    try {
      accepted(await acceptAnswer(question.id, id));
      setAnswers((current) => current.map((a) => ({ ...a, accepted: a.id === id })));
    } finally {
      accepting.current = false;
    }
  };

  return { answers, shown, more: shown < answers.length || hasMore, loading, failed, viewMore, add, accept };
}

/** "View more answers": it stays where it is while loading (so keyboard focus stays on it)
 * and says what it is doing. */
export function MoreAnswersButton({ view }: { view: AnswersView }) {
  return (
    <button type="button" className="button button--secondary" onClick={view.viewMore} aria-disabled={view.loading}>
      {view.loading ? "Loading answers…" : view.failed ? "Try again" : "View more answers"}
    </button>
  );
}
