import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  askQuestion: vi.fn(),
  confirmCode: vi.fn(),
  resendCode: vi.fn(),
  similarQuestions: vi.fn(),
}));

import { askQuestion, confirmCode, resendCode, similarQuestions } from "../../api/client";
import { RequestError } from "../../api/errors";
import type { Question } from "../../api/generated/Question";
import { useSession } from "../../stores/session";
import { AskOverlay } from "./AskOverlay";
import { settle } from "../../test/settle";

const CATEGORIES = [
  { id: 1, name: "Credit Cards" },
  { id: 2, name: "Banking" },
];

const QUESTION = {
  id: 31,
  ques_content: "Is a balance transfer worth it?",
  ques_href: "/answers/is-a-balance-transfer-worth-it-31",
} as Question;


function open(props: Partial<Parameters<typeof AskOverlay>[0]> = {}) {
  const onAsked = vi.fn();
  render(
    <MemoryRouter>
      <AskOverlay open onClose={() => {}} categories={CATEGORIES} onAsked={onAsked} {...props} />
    </MemoryRouter>,
  );
  return onAsked;
}

const field = (name: string | RegExp) => screen.getByRole("textbox", { name });

describe("AskOverlay", () => {
  beforeEach(() => {
    for (const mock of [askQuestion, confirmCode, resendCode, similarQuestions]) vi.mocked(mock).mockReset();
    vi.mocked(similarQuestions).mockResolvedValue({ questions: [], pages: 1, current_page: 1, total_questions: 0, categories: [] });
    useSession.setState({ signedIn: false, fullySignedIn: false, delegated: false, name: null, memberId: null });
  });

  it("checks the question rules and the category with their messages, counting the characters left", async () => {
    useSession.setState({ signedIn: true, fullySignedIn: true, delegated: false, name: "Pat", memberId: "5" });
    open();
    await userEvent.type(field("Your question"), "  Two words  ");
    expect(screen.getByText("131 characters left")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Submit question" }));
    expect(screen.getByText("Question must have at least 3 words.")).toBeInTheDocument();
    expect(screen.getByText("Please select a category.")).toBeInTheDocument();
    await userEvent.clear(field("Your question"));
    await userEvent.type(field("Your question"), `Is this ${"very ".repeat(30)}long?`);
    expect(screen.getByText(/characters too many/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Submit question" }));
    expect(screen.getByText("Question cannot have more than 140 chars.")).toBeInTheDocument();
    expect(askQuestion).not.toHaveBeenCalled();
  });

  it("publishes a member's question at once, in the list's category, and says so", async () => {
    useSession.setState({ signedIn: true, fullySignedIn: true, delegated: false, name: "Pat", memberId: "5" });
    vi.mocked(askQuestion).mockResolvedValue({ error: false, status: "submitted", message: "Your question is published.", question: QUESTION });
    const onAsked = open({ category: 2, offer: "card-1" });
    expect(screen.getByRole("combobox", { name: "Category" })).toHaveValue("2");
    expect(screen.queryByRole("textbox", { name: "Your e-mail address" })).not.toBeInTheDocument();
    await userEvent.type(field("Your question"), " Is a balance transfer worth it? ");
    await userEvent.type(field(/More details/), "Fees are 3%.");
    await userEvent.click(screen.getByRole("button", { name: "Submit question" }));
    await settle();
    expect(askQuestion).toHaveBeenCalledWith({ title: "Is a balance transfer worth it?", more_info: "Fees are 3%.", category: 2, offer: "card-1", email: undefined });
    expect(screen.getByRole("heading", { name: "Question submitted" })).toBeInTheDocument();
    expect(screen.getByText("Your question is published.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See your question" })).toHaveAttribute("href", QUESTION.ques_href);
    expect(onAsked).toHaveBeenCalled();
  });

  it("takes a guest through the e-mailed code: wrong code, resend, expired, then submitted", async () => {
    vi.mocked(askQuestion).mockResolvedValue({ error: false, status: "code_required", pending: "7.abc", message: "We sent a 6-digit code to you@example.com." });
    open({ categories: [CATEGORIES[0]!] });
    // A single category is chosen without a menu.
    expect(screen.queryByRole("combobox", { name: "Category" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
    await userEvent.type(field("Your question"), "Which card has no foreign fees?");
    await userEvent.type(field("Your e-mail address"), "not-an-address");
    await userEvent.click(screen.getByRole("button", { name: "Submit question" }));
    expect(screen.getByText("Please enter a correct Email Address.")).toBeInTheDocument();
    await userEvent.clear(field("Your e-mail address"));
    await userEvent.type(field("Your e-mail address"), " you@example.com ");
    await userEvent.click(screen.getByRole("button", { name: "Submit question" }));
    await settle();
    expect(askQuestion).toHaveBeenCalledWith(expect.objectContaining({ category: 1, email: "you@example.com" }));
    expect(screen.getByText("We sent a 6-digit code to you@example.com.")).toBeInTheDocument();

    await userEvent.type(field("6-digit code"), "12ab");
    await userEvent.click(screen.getByRole("button", { name: "Publish my question" }));
    expect(screen.getByText("Please enter the 6-digit numerical code that we sent to your email.")).toBeInTheDocument();
    expect(confirmCode).not.toHaveBeenCalled();

    vi.mocked(confirmCode).mockResolvedValueOnce({ error: false, status: "wrong_code", attempts_left: 4, message: "That code is not right. 4 tries left." });
    await userEvent.clear(field("6-digit code"));
    await userEvent.type(field("6-digit code"), "111111");
    await userEvent.click(screen.getByRole("button", { name: "Publish my question" }));
    await settle();
    expect(confirmCode).toHaveBeenCalledWith("7.abc", "111111");
    expect(screen.getByRole("alert")).toHaveTextContent("That code is not right. 4 tries left.");

    vi.mocked(resendCode).mockResolvedValueOnce({ error: false, status: "resent", message: "We sent you a new code." });
    await userEvent.click(screen.getByRole("button", { name: "Send a new code" }));
    await settle();
    expect(resendCode).toHaveBeenCalledWith("7.abc");
    expect(screen.getByText("We sent you a new code.")).toBeInTheDocument();

    vi.mocked(confirmCode).mockResolvedValueOnce({ error: false, status: "expired", message: "This code has expired. Send a new one." });
    await userEvent.type(field("6-digit code"), "222222");
    await userEvent.click(screen.getByRole("button", { name: "Publish my question" }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("This code has expired. Send a new one.");

    vi.mocked(confirmCode).mockResolvedValueOnce({ error: false, status: "submitted", message: "Your question is published.", question: QUESTION });
    await userEvent.clear(field("6-digit code"));
    await userEvent.type(field("6-digit code"), "333333");
    await userEvent.click(screen.getByRole("button", { name: "Publish my question" }));
    await settle();
    expect(screen.getByRole("heading", { name: "Question submitted" })).toBeInTheDocument();
  });

  it("shows a limit or profanity answer as the server words it, and a delegated session's refusal", async () => {
    useSession.setState({ signedIn: true, fullySignedIn: true, delegated: false, name: "Pat", memberId: "5" });
    vi.mocked(askQuestion).mockRejectedValueOnce(new RequestError(400, "failed request", { code: "validation", message: 'Profanity is not allowed, including words such as "WORD".' }));
    open({ category: 1 });
    await userEvent.type(field("Your question"), "Why is this card so bad?");
    await userEvent.click(screen.getByRole("button", { name: "Submit question" }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent('Profanity is not allowed, including words such as "WORD".');
    useSession.setState({ delegated: true });
    await userEvent.click(screen.getByRole("button", { name: "Submit question" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Oops. You don't have permission to make edits on this account.");
    expect(askQuestion).toHaveBeenCalledTimes(1);
  });

  it("takes a field's error away once its value passes, and words it anew while it does not", async () => {
    open();
    await userEvent.type(field("Your question"), "Two words");
    await userEvent.type(field("Your e-mail address"), "not-an-address");
    await userEvent.click(screen.getByRole("button", { name: "Submit question" }));
    expect(screen.getByText("Question must have at least 3 words.")).toBeInTheDocument();
    expect(screen.getByText("Please select a category.")).toBeInTheDocument();
    expect(screen.getByText("Please enter a correct Email Address.")).toBeInTheDocument();
    // Still refused, by another rule: the message follows.
    await userEvent.clear(field("Your question"));
    expect(screen.getByText("Question must have at least 3 words.")).toBeInTheDocument();
    await userEvent.paste(`Is this ${"very ".repeat(30)}long?`);
    expect(screen.getByText("Question cannot have more than 140 chars.")).toBeInTheDocument();
    expect(screen.queryByText("Question must have at least 3 words.")).not.toBeInTheDocument();
    await userEvent.clear(field("Your question"));
    await userEvent.type(field("Your question"), "Which card has no foreign fees?");
    expect(screen.queryByText("Question cannot have more than 140 chars.")).not.toBeInTheDocument();
    expect(field("Your question")).toHaveAttribute("aria-invalid", "false");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Category" }), "Banking");
    expect(screen.queryByText("Please select a category.")).not.toBeInTheDocument();
    await userEvent.clear(field("Your e-mail address"));
    await userEvent.type(field("Your e-mail address"), "you@example.com");
    expect(screen.queryByText("Please enter a correct Email Address.")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(askQuestion).not.toHaveBeenCalled();
  });

  it("shows a server's refusal by the field it names, not under the form, until the field is fixed", async () => {
    useSession.setState({ signedIn: true, fullySignedIn: true, delegated: false, name: "Pat", memberId: "5" });
    const message = 'Profanity is not allowed, including words such as "WORD".';
    vi.mocked(askQuestion).mockRejectedValueOnce(new RequestError(400, "failed request", { error: true, code: "validation", field: "title", message }));
    open({ category: 1 });
    await userEvent.type(field("Your question"), "Why is this WORD card bad?");
    await userEvent.click(screen.getByRole("button", { name: "Submit question" }));
    await settle();
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(field("Your question")).toHaveAttribute("aria-invalid", "true");
    expect(field("Your question")).toHaveAccessibleDescription(expect.stringContaining(message));
    await userEvent.clear(field("Your question"));
    await userEvent.type(field("Your question"), "Why is this card so bad?");
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(field("Your question")).toHaveAttribute("aria-invalid", "false");
  });

  it("shows a refused code by the code field", async () => {
    vi.mocked(askQuestion).mockResolvedValueOnce({ error: false, status: "code_required", pending: "7.abc", message: "We sent a code." });
    vi.mocked(confirmCode).mockRejectedValueOnce(new RequestError(400, "failed request", { error: true, code: "validation", field: "code", message: "That is not a code we sent." }));
    open({ category: 1 });
    await userEvent.type(field("Your question"), "Which card has no foreign fees?");
    await userEvent.type(field("Your e-mail address"), "you@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Submit question" }));
    await settle();
    await userEvent.type(field("6-digit code"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Publish my question" }));
    await settle();
    expect(field("6-digit code")).toHaveAccessibleDescription("That is not a code we sent.");
    expect(field("6-digit code")).toHaveAttribute("aria-invalid", "true");
  });

  it("offers similar questions while the question is typed", async () => {
    vi.mocked(similarQuestions).mockResolvedValue({ questions: [QUESTION], pages: 1, current_page: 1, total_questions: 1, categories: [] });
    open();
    await userEvent.type(field("Your question"), "balance transfer");
    await act(async () => new Promise((r) => setTimeout(r, 250)));
    expect(similarQuestions).toHaveBeenLastCalledWith("balance transfer");
    expect(screen.getByRole("link", { name: "Is a balance transfer worth it?" })).toHaveAttribute("href", QUESTION.ques_href);
  });

  it("keeps the form when the server refuses with error, counts tries left, goes back to the form, and starts over when the waiting question is gone", async () => {
    useSession.setState({ signedIn: true, fullySignedIn: true, delegated: false, name: "Pat", memberId: "5" });
    vi.mocked(askQuestion).mockResolvedValueOnce({ error: true, message: "Oops. You don't have permission to make edits on this account." } as never);
    open({ category: 1 });
    await userEvent.type(field("Your question"), "Which card has no foreign fees?");
    await userEvent.click(screen.getByRole("button", { name: "Submit question" }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("Oops. You don't have permission to make edits on this account.");
    expect(field("Your question")).toHaveValue("Which card has no foreign fees?");

    vi.mocked(askQuestion).mockResolvedValueOnce({ error: false, status: "code_required", pending: "7.abc", message: "We sent a code." });
    await userEvent.click(screen.getByRole("button", { name: "Submit question" }));
    await settle();
    expect(field("6-digit code")).toHaveFocus();
    vi.mocked(confirmCode).mockResolvedValueOnce({ error: false, status: "wrong_code", attempts_left: 1, message: "That code is not right." });
    await userEvent.type(field("6-digit code"), "111111");
    await userEvent.click(screen.getByRole("button", { name: "Publish my question" }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("That code is not right. 1 try left.");
    await userEvent.click(screen.getByRole("button", { name: "Change my question or e-mail" }));
    expect(field("Your question")).toHaveValue("Which card has no foreign fees?");

    vi.mocked(askQuestion).mockResolvedValueOnce({ error: false, status: "code_required", pending: "8.def", message: "We sent a code." });
    await userEvent.click(screen.getByRole("button", { name: "Submit question" }));
    await settle();
    vi.mocked(confirmCode).mockRejectedValueOnce(new RequestError(404, "failed request", { code: "not_found", message: "no question waiting as 8" }));
    await userEvent.type(field("6-digit code"), "222222");
    await userEvent.click(screen.getByRole("button", { name: "Publish my question" }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("This question is no longer waiting for its code. Please send it again.");
    expect(field("Your question")).toHaveValue("Which card has no foreign fees?");
  });
});
