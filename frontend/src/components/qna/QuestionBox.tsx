import { useId, useState } from "react";
import { questions, type QuestionListParams } from "../../api/client";
import type { QuestionListResponse } from "../../api/generated/QuestionListResponse";
import { useAsync } from "../../app/useAsync";
import { AskOverlay, useKeptCategories } from "./AskOverlay";
import { QuestionResults } from "./QuestionResults";
import { QuestionTools } from "./QuestionTools";
import { useSearchText } from "./useSearchText";
import "./qna.css";

/**
 * The question-and-answer box of a product's page: that product's questions, with the
 * search, the two orders and paging kept in the box (the page's address stays the
 * product's), the ask overlay asking about this product, and the loading, failed (with a
 * retry) and empty states.
 */
export default function QuestionBox({ offerId, name }: { offerId: string; name: string }) {
  const [sort, setSort] = useState<"mp" | "mv">("mp");
  const [search, setSearch] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState(false);
  const heading = useId();
  const params: QuestionListParams = {
    offer: offerId,
    ...(sort === "mv" ? { sort } : {}),
    ...(page > 1 ? { qpage: String(page) } : {}),
    ...(search !== null ? { q: search } : {}),
  };
  const [load, retry] = useAsync<QuestionListResponse>(JSON.stringify(params), () => questions(params), null);
  const [text, setText] = useSearchText(search ?? "", (wanted) => {
    setSearch(wanted);
    setPage(1);
  });
  const list = load.state === "ready" ? load.data : null;
  const categories = useKeptCategories(list);

  return (
    <section id="qna" aria-labelledby={heading} className="details__section qna qna-box">
      <h2 id={heading}>Questions about {name}</h2>
      <p>
        <button type="button" className="button" onClick={() => setAsking(true)} disabled={!list}>
          Ask a question
        </button>
      </p>
      {categories && <AskOverlay open={asking} onClose={() => setAsking(false)} categories={categories} offer={offerId} onAsked={retry} />}
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
        empty={`No questions about ${name} yet. Be the first to ask.`}
      />
    </section>
  );
}
