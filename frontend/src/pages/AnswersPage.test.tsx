import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/client", () => ({
  questions: vi.fn(),
  question: vi.fn(),
  moreAnswers: vi.fn(),
  acceptAnswer: vi.fn(),
}));

import { acceptAnswer, moreAnswers, question as fetchQuestion, questions } from "../api/client";
import { useSession } from "../stores/session";
import { RequestError } from "../api/errors";
import type { Answer } from "../api/generated/Answer";
import type { Question } from "../api/generated/Question";
import type { QuestionListResponse } from "../api/generated/QuestionListResponse";
import { setInitialDataForTest } from "../app/initialData";
import { SEARCH_DEBOUNCE_MS } from "../rules/validation";
import AnswersPage from "./AnswersPage";
import QuestionPage from "./QuestionPage";
import { renderAt } from "../test/routing";
import { settle } from "../test/settle";

function answer(id: number, overrides: Partial<Answer> = {}): Answer {
  return {
    id,
    uid: 2,
    user_login: "ann",
    user_fullname: "Ann Example",
    user_title: "Community member",
    user_avatar: "/assets/avatars/sample-1.svg",
    content: `Answer ${id} &amp; short`,
    full_content: `Answer ${id} &amp; full<br>second line`,
    date: "2025-02-01T10:00:00+00:00",
    edited: false,
    upvote: 3,
    downvote: 1,
    accepted: false,
    expert: false,
    ...overrides,
  };
}

function q(id: number, overrides: Partial<Question> = {}): Question {
  return {
    id,
    ques_content: `How does question ${id} work?`,
    ques_more_info: "",
    ques_slug: `how-does-question-${id}-work`,
    ques_fullslug: `how-does-question-${id}-work-${id}`,
    ques_href: `/answers/how-does-question-${id}-work-${id}`,
    upvote: 2,
    downvote: 0,
    answers: [answer(id * 100)],
    total_answers: 3,
    has_more_answers: true,
    from_search: false,
    category_id: 1,
    asker_uid: 3,
    asker_login: "bob",
    date: "2025-01-01T10:00:00+00:00",
    ...overrides,
  };
}

function list(overrides: Partial<QuestionListResponse> = {}): QuestionListResponse {
  return {
    questions: [q(1), q(2)],
    pages: 3,
    current_page: 1,
    total_questions: 28,
    categories: [
      { id: 1, name: "Credit Cards" },
      { id: 2, name: "Banking" },
    ],
    attribution: "Data derived from a public source, CC BY-SA.",
    ...overrides,
  };
}

function renderAnswers(address: string) {
  renderAt(
    address,
    <Routes>
      <Route path="/answers" element={<AnswersPage />} />
      <Route path="/answers/:slug" element={<QuestionPage />} />
    </Routes>,
  );
}

const location = () => screen.getByTestId("location").textContent;

describe("AnswersPage", () => {
  beforeEach(() => {
    setInitialDataForTest(null);
    vi.mocked(questions).mockReset();
    vi.mocked(moreAnswers).mockReset();
    vi.mocked(fetchQuestion).mockReset();
  });
  afterEach(() => {
    setInitialDataForTest(null);
    vi.useRealTimers();
  });

  it("draws the server's list without asking again, with the first question open and the attribution", async () => {
    setInitialDataForTest({ path: "/answers/", page: { kind: "answers", list: list() } });
    renderAnswers("/answers/");
    await settle();
    expect(questions).not.toHaveBeenCalled();
    expect(screen.getByRole("heading", { level: 1, name: "Questions and answers" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "How does question 1 work?" })).toHaveAttribute("href", "/answers/how-does-question-1-work-1");
    expect(screen.getByText("28 questions.")).toBeInTheDocument();
    expect(screen.getByText("Data derived from a public source, CC BY-SA.")).toBeInTheDocument();
    // Every question shows its first answer in full (escaped text from the server), as the server's page does.
    const [first, second] = screen.getAllByRole("article").filter((a) => a.classList.contains("qna-question")) as [HTMLElement, HTMLElement];
    expect(within(first).getByRole("button", { name: "Hide answers" })).toHaveAttribute("aria-expanded", "true");
    expect(within(first).getByText(/Answer 100 & full/)).toBeVisible();
    expect(within(first).getByText("@ann")).toBeInTheDocument();
    expect(within(second).getByText(/Answer 200 & full/)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Read the whole answer" })).not.toBeInTheDocument();
    // Votes show with their counts.
    expect(within(first).getByRole("group", { name: "Votes on this question" })).toHaveTextContent("▲ Vote up, 2▼ Vote down, 0");
    // Answers collapse and expand.
    await userEvent.click(within(second).getByRole("button", { name: "Hide answers" }));
    expect(within(second).getByRole("button", { name: "Show 3 answers" })).toHaveAttribute("aria-expanded", "false");
    expect(within(second).getByText(/Answer 200 & full/)).not.toBeVisible();
    expect(screen.getByRole("navigation", { name: "Question pages" })).toHaveTextContent("Page 1 of 3");
    expect(screen.getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/answers/?qpage=2");
  });

  it("asks for the address's category, order, page and search, and a new order starts from page 1", async () => {
    vi.mocked(questions).mockResolvedValue(list({ current_page: 2 }));
    renderAnswers("/answers/?category=1&sort=mv&qpage=2&utm=x");
    expect(screen.getByText("Loading questions…")).toBeInTheDocument();
    await settle();
    expect(questions).toHaveBeenCalledWith({ category: "1", sort: "mv", qpage: "2" });
    expect(screen.getByRole("heading", { level: 1, name: "Credit Cards: questions and answers, page 2" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("mv");
    fireEvent.change(screen.getByRole("combobox", { name: "Sort by" }), { target: { value: "mp" } });
    await settle();
    expect(location()).toBe("/answers/?category=1&utm=x");
    fireEvent.change(screen.getByRole("combobox", { name: "Category" }), { target: { value: "2" } });
    await settle();
    expect(location()).toBe("/answers/?category=2&utm=x");
    expect(screen.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/answers/?category=2&utm=x");
    await userEvent.click(screen.getByRole("link", { name: "Next page" }));
    expect(location()).toBe("/answers/?category=2&utm=x&qpage=3");
    // The new page starts at its heading.
    expect(screen.getByRole("heading", { level: 1 })).toHaveFocus();
  });

  it("searches 200 ms after the last key from 2 characters, and goes back to the list under 2", async () => {
    vi.useFakeTimers();
    vi.mocked(questions).mockResolvedValue(list());
    renderAnswers("/answers/?qpage=2");
    await settle();
    const box = screen.getByRole("searchbox", { name: "Search questions" });
    fireEvent.input(box, { target: { value: "  b" } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(location()).toBe("/answers/?qpage=2");
    fireEvent.input(box, { target: { value: "  ba" } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(location()).toBe("/answers/?qpage=2");
    fireEvent.input(box, { target: { value: "  bal  " } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(location()).toBe("/answers/?q=bal");
    expect(questions).toHaveBeenLastCalledWith({ q: "bal" });
    await settle();
    expect(screen.getByText("28 questions match “bal”.")).toBeInTheDocument();
    // A search lists the best matches first: the order menu says so and waits.
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("match");
    expect(screen.getByRole("combobox", { name: "Sort by" })).toBeDisabled();
    fireEvent.input(box, { target: { value: "b" } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(location()).toBe("/answers/");
  });

  it("reads a category as a number, the footer's order from the fragment, and shows the server's error page", async () => {
    vi.mocked(questions).mockResolvedValue(list());
    renderAnswers("/answers/?category=02#srt=mv");
    await settle();
    expect(questions).toHaveBeenLastCalledWith({ category: "02", sort: "mv" });
    expect(screen.getByRole("heading", { level: 1, name: "Banking: questions and answers" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Category" })).toHaveValue("2");
    cleanup();
    setInitialDataForTest({ path: "/answers/?category=abc", page: { kind: "notFound" } });
    renderAnswers("/answers/?category=abc");
    await settle();
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
  });

  it("says when a search finds nothing, and offers a retry when the list fails", async () => {
    vi.mocked(questions).mockResolvedValueOnce(list({ questions: [], total_questions: 0, pages: 0 }));
    renderAnswers("/answers/?q=zzz");
    await settle();
    expect(screen.getByText("0 questions match “zzz”.")).toBeInTheDocument();
    expect(screen.getByText("No questions match your search. Try other words.")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Question pages" })).not.toBeInTheDocument();
  });

  it("shows a failed list with a Try again button that asks again", async () => {
    vi.mocked(questions).mockRejectedValueOnce(new RequestError(-1, "failed request", { code: "internal" })).mockResolvedValueOnce(list());
    renderAnswers("/answers/");
    await settle();
    expect(screen.getByText("The questions could not be loaded.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await settle();
    expect(questions).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("link", { name: "How does question 1 work?" })).toBeInTheDocument();
  });

  it("View more answers fetches the answers after those loaded, then disappears when there are no more", async () => {
    setInitialDataForTest({ path: "/answers/", page: { kind: "answers", list: list() } });
    let resolve: (value: Awaited<ReturnType<typeof moreAnswers>>) => void = () => {};
    vi.mocked(moreAnswers).mockReturnValue(new Promise((r) => (resolve = r)));
    renderAnswers("/answers/");
    await settle();
    const first = screen.getAllByRole("article").find((a) => a.classList.contains("qna-question"))!;
    await userEvent.click(within(first).getByRole("button", { name: "View more answers" }));
    expect(moreAnswers).toHaveBeenCalledWith("1", 1);
    expect(within(first).getByRole("button", { name: "Loading answers…" })).toHaveAttribute("aria-disabled", "true");
    await act(async () => resolve({ question_id: 1, answers: [answer(101, { accepted: true, expert: true }), answer(102, { edited: true })], total_answers: 3, has_more_answers: false }));
    expect(within(first).getByText("Accepted answer")).toBeInTheDocument();
    // The answers after the first are shortened, and each can be read whole.
    expect(within(first).getByText("Answer 101 & short")).toBeVisible();
    await userEvent.click(within(first).getAllByRole("button", { name: "Read the whole answer" })[0]!);
    expect(within(first).getByText(/Answer 101 & full/)).toBeVisible();
    expect(within(first).getByText("Expert")).toBeInTheDocument();
    expect(within(first).getByText(/Edited/)).toBeInTheDocument();
    expect(within(first).queryByRole("button", { name: "View more answers" })).not.toBeInTheDocument();
  });
});

describe("QuestionPage", () => {
  beforeEach(() => {
    setInitialDataForTest(null);
    vi.mocked(fetchQuestion).mockReset();
    vi.mocked(moreAnswers).mockReset();
  });

  it("draws the server's question with every answer loaded in full", async () => {
    const one = q(7, { answers: [answer(1), answer(2)], total_answers: 2, has_more_answers: false, ques_more_info: "Some detail." });
    setInitialDataForTest({ path: "/answers/how-does-question-7-work-7", page: { kind: "question", question: { question: one, category: "Banking", attribution: "Licence line." } } });
    renderAnswers("/answers/how-does-question-7-work-7");
    await settle();
    expect(fetchQuestion).not.toHaveBeenCalled();
    expect(screen.getByRole("heading", { level: 1, name: "How does question 7 work?" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "2 answers" })).toBeInTheDocument();
    expect(screen.getByText(/Answer 2 & full/)).toBeInTheDocument();
    expect(screen.getByText("Licence line.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "View more answers" })).not.toBeInTheDocument();
  });

  it("lets the asker, and only the asker, accept an answer, which then shows as accepted", async () => {
    const one = q(7, { answers: [answer(1), answer(2)], total_answers: 2, has_more_answers: false, asker_uid: 3 });
    const page = { path: "/answers/how-does-question-7-work-7", page: { kind: "question" as const, question: { question: one, category: "Banking" } } };
    useSession.setState({ signedIn: true, fullySignedIn: true, delegated: false, name: "Someone", memberId: "4" });
    // A signed-in member's page is read again for their own votes.
    vi.mocked(fetchQuestion).mockResolvedValue(page.page.question);
    setInitialDataForTest(page);
    renderAnswers("/answers/how-does-question-7-work-7");
    await settle();
    expect(fetchQuestion).toHaveBeenCalledWith("how-does-question-7-work-7");
    expect(screen.queryByRole("button", { name: "Accept this answer" })).not.toBeInTheDocument();
    cleanup();
    useSession.setState({ memberId: "3" });
    setInitialDataForTest(page);
    vi.mocked(acceptAnswer).mockResolvedValue({ error: false, message: "Accepted." });
    renderAnswers("/answers/how-does-question-7-work-7");
    await settle();
    const second = document.getElementById("answer-2")!;
    await userEvent.click(within(second).getByRole("button", { name: "Accept this answer" }));
    await settle();
    expect(acceptAnswer).toHaveBeenCalledWith(7, 2);
    expect(within(second).getByText("Accepted answer")).toBeInTheDocument();
    expect(within(second).queryByRole("button", { name: "Accept this answer" })).not.toBeInTheDocument();
    expect(within(document.getElementById("answer-1")!).queryByText("Accepted answer")).not.toBeInTheDocument();
    useSession.setState({ signedIn: false, memberId: null });
  });

  it("asks for the question by its slug and shows the 404 page for one that is gone", async () => {
    vi.mocked(fetchQuestion).mockRejectedValue(new RequestError(404, "failed request", { code: "not_found" }));
    renderAnswers("/answers/gone-9");
    await settle();
    expect(fetchQuestion).toHaveBeenCalledWith("gone-9");
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
  });
});
