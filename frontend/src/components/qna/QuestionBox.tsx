import { useId, useRef, useState } from "react";
import { questions, type QuestionListParams } from "../../api/client";
import type { QuestionListResponse } from "../../api/generated/QuestionListResponse";
import { useAsync } from "../../app/useAsync";
import { AskOverlay, useKeptCategories } from "./AskOverlay";
import { QuestionResults } from "./QuestionResults";
import { QuestionTools } from "./QuestionTools";
import { useSearchText } from "./useSearchText";
import type { AnswerPresentation } from "./presentation";
import "./qna.css";

export interface QuestionBoxProps {
  /** The box's heading. */
  heading: string;
  /** What the box says when there are no questions. */
  empty: string;
  /** A product's page: that product's questions, and questions asked here are about it. */
  offerId?: string;
  /** A best-of page: the questions of the category of this name, preselected when asking. */
  categoryName?: string;
  /** How the answers show (community §4's presentation modes). */
  presentation?: AnswerPresentation;
}

/**
 * The question-and-answer box of a product's page or a best-of page: the product's or the
 * category's questions, with the search, the two orders and paging kept in the box (the
 * page's address stays the page's), the ask overlay, and the loading, failed (with a
 * retry) and empty states.
 */
export default function QuestionBox({ heading: title, empty, offerId, categoryName, presentation }: QuestionBoxProps) {
  const [sort, setSort] = useState<"mp" | "mv">("mp");
  const [search, setSearch] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState(false);
  const heading = useId();
  const params: QuestionListParams = {
    ...(offerId !== undefined ? { offer: offerId } : {}),
    ...(sort === "mv" ? { sort } : {}),
    ...(page > 1 ? { qpage: String(page) } : {}),
    ...(search !== null ? { q: search } : {}),
  };
  // A category is named, not numbered, by the page: its id comes from the category menu
  // of a first read, once (undefined: not looked up yet; null: no such category, so the
  // box lists every question).
  const categoryId = useRef<number | null | undefined>(undefined);
  const read = async () => {
    if (categoryName !== undefined && categoryId.current === undefined) {
      const all = await questions({});
      categoryId.current = all.categories.find((c) => c.name === categoryName)?.id ?? null;
    }
    const category = categoryId.current;
    return questions(category == null ? params : { ...params, category: String(category) });
  };
  const [load, retry] = useAsync<QuestionListResponse>(JSON.stringify(params), read, null);
  const [text, setText] = useSearchText(search ?? "", (wanted) => {
    setSearch(wanted);
    setPage(1);
  });
  const list = load.state === "ready" ? load.data : null;
  const categories = useKeptCategories(list);

  return (
    <section id="qna" aria-labelledby={heading} className="details__section qna qna-box">
      <h2 id={heading}>{title}</h2>
      <p>
        <button type="button" className="button" onClick={() => setAsking(true)} disabled={!list}>
          Ask a question
        </button>
      </p>
      {categories && <AskOverlay open={asking} onClose={() => setAsking(false)} categories={categories} offer={offerId} category={categoryId.current ?? null} onAsked={retry} />}
      <QuestionTools
        text={text}
        onText={setText}
        searching={search !== null}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
      />
      <QuestionResults
        load={load}
        retry={retry}
        search={search}
        pages={{ go: setPage }}
        empty={empty}
        presentation={presentation}
      />
    </section>
  );
}
