import { Link } from "react-router";
import type { QuestionListResponse } from "../../api/generated/QuestionListResponse";
import type { Load } from "../../app/useAsync";
import { RetryAlert } from "../ui";
import { Attribution } from "./Attribution";
import { QuestionItem } from "./QuestionItem";
import type { AnswerPresentation } from "./presentation";
import { Later } from "../../app/staged";

/** How a list moves to another page: links (a page of its own) or buttons (a box). */
export type PageControl = { href: (page: number) => string } | { go: (page: number) => void };

function PageButton({ control, page, rel, children }: { control: PageControl; page: number; rel: string; children: string }) {
  if ("href" in control) {
    return (
      <Link className="button button--secondary" rel={rel} to={control.href(page)}>
        {children}
      </Link>
    );
  }
  return (
    <button type="button" className="button button--secondary" onClick={() => control.go(page)}>
      {children}
    </button>
  );
}

/**
 * A list's questions in each state: loading, failed (with Try again), and loaded: how many
 * (or that the next list is loading), the questions, the empty state, the page controls
 * and the attribution of sample content.
 */
export function QuestionResults({
  load,
  retry,
  search,
  pages,
  empty,
  presentation,
}: {
  load: Load<QuestionListResponse>;
  retry: () => void;
  /** The search the list is for, or null. */
  search: string | null;
  pages: PageControl;
  /** What an empty list (not a search) says. */
  empty: string;
  /** How each question shows its answers (the default: the first in full). */
  presentation?: AnswerPresentation;
}) {
  if (load.state === "failed") return <RetryAlert what="The questions" retry={retry} />;
  if (load.state === "loading") {
    return (
      <p className="page-loading" role="status">
        Loading questions…
      </p>
    );
  }
  const list = load.data;
  const refreshing = load.refreshing === true;
  const n = list.total_questions;
  return (
    <section aria-busy={refreshing} aria-label="Questions">
      <p className="qna__count" role="status">
        {/* While the next list loads, the last one stays, but its count would name the wrong list. */}
        {refreshing
          ? "Loading questions…"
          : search !== null
            ? `${n} ${n === 1 ? "question matches" : "questions match"} “${search}”.`
            : `${n} ${n === 1 ? "question" : "questions"}.`}
      </p>
      {list.questions.length === 0 ? (
        <p className="qna__empty">{search !== null ? "No questions match your search. Try other words." : empty}</p>
      ) : (
        <ol className="qna__list">
          {list.questions.map((q) => (
            <li key={q.id}>
              <Later>
                <QuestionItem question={q} presentation={presentation} />
              </Later>
            </li>
          ))}
        </ol>
      )}
      {list.pages > 1 && (
        <nav aria-label="Question pages" className="qna__pages">
          {list.current_page > 1 && (
            <PageButton control={pages} page={Math.min(list.current_page - 1, list.pages)} rel="prev">
              Previous page
            </PageButton>
          )}
          <span>
            Page {list.current_page} of {list.pages}
          </span>
          {list.current_page < list.pages && (
            <PageButton control={pages} page={list.current_page + 1} rel="next">
              Next page
            </PageButton>
          )}
        </nav>
      )}
      {/* The credit belongs with the text it credits: an empty list has none. */}
      {list.questions.length > 0 && <Attribution text={list.attribution} />}
    </section>
  );
}
