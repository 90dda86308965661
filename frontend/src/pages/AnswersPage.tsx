import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import NotFoundPage from "./NotFoundPage";
import { questions, type QuestionListParams } from "../api/client";
import type { QuestionListResponse } from "../api/generated/QuestionListResponse";
import { currentAddress, initialKind, takeInitialData } from "../app/initialData";
import { useAsync } from "../app/useAsync";
import { usePageMeta } from "../app/usePageMeta";
import { QuestionResults } from "../components/qna/QuestionResults";
import { QuestionTools } from "../components/qna/QuestionTools";
import { useSearchText } from "../components/qna/useSearchText";
import { AskOverlay, useKeptCategories } from "../components/qna/AskOverlay";
import { useMemberVotes } from "../components/qna/memberAction";
import { searchQuery } from "../rules/validation";
import "../components/qna/qna.css";

const TITLE = "Questions and answers";
// The same words as the server's page (pages::answers::LIST_LEAD), so nothing changes under the reader.
const LEAD = "Questions and answers about credit cards, bank accounts, loans and money: from Personal Finance & Money Stack Exchange, credited to it by each one, and from members here.";

/** The address parameters the list reads: category, order, page and search. */
const LIST_PARAMS = ["category", "sort", "qpage", "q"] as const;

function listParams(params: URLSearchParams): QuestionListParams {
  const out: QuestionListParams = {};
  for (const name of LIST_PARAMS) {
    const value = params.get(name);
    if (value) out[name] = value;
  }
  return out;
}

/** The category the address names, as the server reads it (a number: `01` is 1). */
function chosenCategory(list: QuestionListResponse | null, params: URLSearchParams) {
  const raw = params.get("category");
  return raw ? list?.categories.find((c) => c.id === Number(raw)) : undefined;
}

/** The title the server gives the same address. */
function pageTitle(list: QuestionListResponse | null, params: URLSearchParams): string {
  const search = searchQuery(params.get("q") ?? "");
  const category = chosenCategory(list, params);
  const title = search ? `Questions about “${search}”` : category ? `${category.name}: questions and answers` : TITLE;
  return list && list.current_page > 1 ? `${title}, page ${list.current_page}` : title;
}

/** `/answers/`: every question, with categories, the two orders, paging and a search
 * (trimmed, from 2 characters, 200 ms after the last key; under 2 it is the list again). */
export default function AnswersPage() {
  const location = useLocation();
  const address = currentAddress(location);
  // The server answered this address with its error page (a category that is no number).
  if (initialKind(address) === "notFound") return <NotFoundPage />;
  return <QuestionList />;
}

function QuestionList() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const address = currentAddress(location);
  const initial = takeInitialData("answers", address);
  const query = listParams(params);
  const [load, retry] = useAsync<QuestionListResponse>(address, () => questions(query), initial?.list ?? null);
  useMemberVotes(initial !== null, retry);
  const list = load.state === "ready" ? load.data : null;
  const title = pageTitle(list, params);
  usePageMeta(title, LEAD);

  const change = (name: (typeof LIST_PARAMS)[number], value: string | null, replace = false) => {
    // From the address as it is when the change lands (a search fires 200 ms after a key).
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === "") next.delete(name);
        else next.set(name, value);
        // A new order, category or search starts again from page 1.
        if (name !== "qpage") next.delete("qpage");
        return next;
      },
      { replace },
    );
  };

  // The footer's "Community questions and answers" link names the order in the fragment (`#srt=mv`).
  useEffect(() => {
    const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
    if (fragment.get("srt") === "mv" && !params.get("sort")) change("sort", "mv", true);
    // Read once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const addressQuery = params.get("q") ?? "";
  const [text, setText] = useSearchText(addressQuery, (wanted) => change("q", wanted, true));

  // Another page of the list starts at its heading, as a new page would.
  const heading = useRef<HTMLHeadingElement>(null);
  const pageNumber = params.get("qpage");
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: "start" });
  }, [pageNumber]);

  const [asking, setAsking] = useState(false);
  const categories = useKeptCategories(list);
  const sort = params.get("sort") === "mv" ? "mv" : "mp";
  const category = chosenCategory(list, params);
  const searching = searchQuery(addressQuery) !== null;
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set("qpage", String(page));
    else next.delete("qpage");
    const query = next.toString();
    return `/answers/${query ? `?${query}` : ""}`;
  };

  return (
    <div className="container qna">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> <span aria-hidden="true">›</span> <span aria-current="page">Answers</span>
      </nav>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className="qna__lead">{LEAD}</p>
      <p>
        <button type="button" className="button" onClick={() => setAsking(true)} disabled={!list}>
          Ask a question
        </button>
      </p>
      {categories && <AskOverlay open={asking} onClose={() => setAsking(false)} categories={categories} category={category?.id ?? null} onAsked={retry} />}
      <QuestionTools
        text={text}
        onText={setText}
        searching={searching}
        sort={sort}
        onSort={(next) => change("sort", next === "mp" ? null : next)}
        categories={list?.categories ?? []}
        category={category?.id ?? null}
        onCategory={(id) => change("category", id === null ? null : String(id))}
      />
      <QuestionResults load={load} retry={retry} search={searchQuery(addressQuery)} pages={{ href: pageHref }} empty="No questions here yet." />
    </div>
  );
}
