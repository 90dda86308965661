import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({ moreAnswers: vi.fn(), qnaVote: vi.fn(), postAnswer: vi.fn(), acceptAnswer: vi.fn() }));

import type { Answer } from "../../api/generated/Answer";
import type { Question } from "../../api/generated/Question";
import { QuestionItem } from "./QuestionItem";
import type { AnswerPresentation } from "./presentation";

function answer(id: number): Answer {
  return {
    id,
    uid: 2,
    user_login: "ann",
    user_fullname: "Ann Example",
    user_title: "",
    user_avatar: "",
    content: `Short ${id}`,
    full_content: `Whole ${id}`,
    date: "2025-02-01T10:00:00+00:00",
    edited: false,
    upvote: 0,
    downvote: 0,
    accepted: false,
    expert: false,
  };
}

const QUESTION: Question = {
  id: 1,
  ques_content: "How do balance transfers work?",
  ques_more_info: "",
  ques_slug: "how-do-balance-transfers-work",
  ques_fullslug: "how-do-balance-transfers-work-1",
  ques_href: "/answers/how-do-balance-transfers-work-1",
  upvote: 0,
  downvote: 0,
  answers: [answer(1), answer(2), answer(3)],
  total_answers: 3,
  has_more_answers: false,
  from_search: false,
  category_id: 1,
  asker_uid: 3,
  asker_login: "bob",
  date: "2025-01-01T10:00:00+00:00",
};

function renderItem(presentation?: AnswerPresentation) {
  render(
    <MemoryRouter>
      <QuestionItem question={QUESTION} presentation={presentation} />
    </MemoryRouter>,
  );
}

const texts = () => Array.from(document.querySelectorAll(".qna-answer__text")).map((p) => p.textContent);

describe("QuestionItem presentation modes", () => {
  it("by default shows the first answer in full, the rest shortened after View more answers", async () => {
    renderItem();
    expect(texts()).toEqual(["Whole 1"]);
    await userEvent.click(screen.getByRole("button", { name: /View more answers/ }));
    expect(texts()).toEqual(["Whole 1", "Short 2", "Short 3"]);
  });

  it("all short shortens the first answer too", () => {
    renderItem({ kind: "allShort" });
    expect(texts()).toEqual(["Short 1"]);
  });

  it("collapsed starts with the answers hidden behind Show 3 answers", async () => {
    renderItem({ kind: "collapsed" });
    const toggle = screen.getByRole("button", { name: "Show 3 answers" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(screen.getByRole("button", { name: "Hide answers" })).toHaveAttribute("aria-expanded", "true");
  });

  it("some full shows that many answers in full", () => {
    renderItem({ kind: "someFull", full: 2 });
    expect(texts()).toEqual(["Whole 1", "Whole 2"]);
  });
});

describe("QuestionItem with a public source's text", () => {
  it("credits the source and its licence, and shows no person, date or expert mark", () => {
    const source = {
      source: "Personal Finance & Money Stack Exchange",
      source_url: "https://money.stackexchange.com/",
      licence: "CC BY-SA",
      licence_url: "https://creativecommons.org/licenses/by-sa/4.0/",
      note: "No author recorded.",
    };
    const sourced = { ...answer(1), user_login: "fiqa", user_fullname: "Personal Finance & Money Stack Exchange", source };
    render(
      <MemoryRouter>
        <QuestionItem question={{ ...QUESTION, asker_login: "fiqa", answers: [sourced], total_answers: 1, source }} />
      </MemoryRouter>,
    );
    const credits = Array.from(document.querySelectorAll(".qna-source")).map((p) => p.textContent);
    expect(credits).toEqual([
      "From Personal Finance & Money Stack Exchange, opens in a new tab, licensed CC BY-SA, opens in a new tab. No author recorded.",
      "From Personal Finance & Money Stack Exchange, opens in a new tab, licensed CC BY-SA, opens in a new tab. No author recorded.",
    ]);
    expect(screen.getAllByRole("link", { name: "CC BY-SA, opens in a new tab" })[0]).toHaveAttribute("href", source.licence_url);
    expect(screen.getAllByRole("link", { name: "Personal Finance & Money Stack Exchange, opens in a new tab" })[0]).toHaveAttribute("href", source.source_url);
    expect(document.querySelector("time")).toBeNull();
    expect(screen.queryByText(/@fiqa/)).toBeNull();
    expect(screen.queryByText(/Asked by/)).toBeNull();
    expect(screen.getByRole("group", { name: "Votes on the answer from Personal Finance & Money Stack Exchange" })).toBeInTheDocument();
  });
});

