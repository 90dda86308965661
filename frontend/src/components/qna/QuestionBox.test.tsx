import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({ questions: vi.fn(), similarQuestions: vi.fn() }));

import { questions } from "../../api/client";
import { RequestError } from "../../api/errors";
import type { QuestionListResponse } from "../../api/generated/QuestionListResponse";
import { SEARCH_DEBOUNCE_MS } from "../../rules/validation";
import QuestionBox from "./QuestionBox";
import { settle } from "../../test/settle";

function list(overrides: Partial<QuestionListResponse> = {}): QuestionListResponse {
  return { questions: [], pages: 0, current_page: 1, total_questions: 0, categories: [{ id: 1, name: "Credit Cards" }], ...overrides };
}


function renderBox() {
  render(
    <MemoryRouter initialEntries={["/d/cash-card"]}>
      <QuestionBox offerId="card-1" heading="Questions about Cash Card" empty="No questions about Cash Card yet. Be the first to ask." />
    </MemoryRouter>,
  );
}

describe("QuestionBox", () => {
  beforeEach(() => vi.mocked(questions).mockReset());
  afterEach(() => vi.useRealTimers());

  it("lists the product's questions and says when there are none yet, with no source credit for text it does not show", async () => {
    vi.mocked(questions).mockResolvedValue(list({ attribution: "Test source, test licence." }));
    renderBox();
    expect(screen.getByText("Loading questions…")).toBeInTheDocument();
    await settle();
    expect(questions).toHaveBeenCalledWith({ offer: "card-1" });
    expect(screen.getByRole("heading", { level: 2, name: "Questions about Cash Card" })).toBeInTheDocument();
    expect(screen.getByText("No questions about Cash Card yet. Be the first to ask.")).toBeInTheDocument();
    expect(screen.queryByText("Test source, test licence.")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ask a question" })).toBeEnabled();
  });

  it("keeps its search, order and page in the box, each starting again from page 1", async () => {
    vi.useFakeTimers();
    vi.mocked(questions).mockResolvedValue(list({ pages: 3, total_questions: 25, current_page: 1 }));
    renderBox();
    await settle();
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await settle();
    expect(questions).toHaveBeenLastCalledWith({ offer: "card-1", qpage: "2" });
    fireEvent.change(screen.getByRole("combobox", { name: "Sort by" }), { target: { value: "mv" } });
    await settle();
    expect(questions).toHaveBeenLastCalledWith({ offer: "card-1", sort: "mv" });
    fireEvent.input(screen.getByRole("searchbox", { name: "Search questions" }), { target: { value: " fee " } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(questions).toHaveBeenLastCalledWith({ offer: "card-1", sort: "mv", q: "fee" });
  });

  it("shows a failed load with a Try again button that asks again", async () => {
    vi.mocked(questions).mockRejectedValueOnce(new RequestError(-1, "failed request", { code: "internal" })).mockResolvedValueOnce(list());
    renderBox();
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("The questions could not be loaded.");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await settle();
    expect(questions).toHaveBeenCalledTimes(2);
    expect(screen.getByText("No questions about Cash Card yet. Be the first to ask.")).toBeInTheDocument();
  });

  it("on a best-of page lists the named category's questions, finding its id once, and preselects it when asking", async () => {
    const categories = [
      { id: 4, name: "Taxes" },
      { id: 9, name: "Credit Cards" },
    ];
    vi.mocked(questions).mockResolvedValue(list({ categories }));
    render(
      <MemoryRouter initialEntries={["/best-credit-cards"]}>
        <QuestionBox categoryName="Credit Cards" heading="Questions about credit cards" empty="None yet." />
      </MemoryRouter>,
    );
    await settle();
    expect(questions).toHaveBeenNthCalledWith(1, {});
    expect(questions).toHaveBeenNthCalledWith(2, { category: "9" });
    fireEvent.change(screen.getByRole("combobox", { name: "Sort by" }), { target: { value: "mv" } });
    await settle();
    expect(questions).toHaveBeenCalledTimes(3);
    expect(questions).toHaveBeenLastCalledWith({ sort: "mv", category: "9" });
    await userEvent.click(screen.getByRole("button", { name: "Ask a question" }));
    expect(screen.getByRole("combobox", { name: /Category/ })).toHaveValue("9");
  });
});
