import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({ qnaVote: vi.fn(), postAnswer: vi.fn() }));

import { postAnswer, qnaVote } from "../../api/client";
import { RequestError } from "../../api/errors";
import type { Answer } from "../../api/generated/Answer";
import type { QnaVoteResponse } from "../../api/generated/QnaVoteResponse";
import { useSession } from "../../stores/session";
import { QnaVotes } from "./QnaVotes";
import { ReplyForm } from "./ReplyForm";
import { renderAt } from "../../test/routing";
import { settle } from "../../test/settle";

const PERMISSION = "Oops. You don't have permission to make edits on this account.";

function renderOnAnswers(element: React.ReactNode) {
  renderAt(
    "/answers/",
    <Routes>
      <Route path="/answers" element={element} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
  );
}

const location = () => screen.getByTestId("location").textContent;

function signIn(delegated = false) {
  useSession.setState({ signedIn: true, fullySignedIn: true, delegated, name: "Pat", memberId: "5" });
}

describe("QnaVotes", () => {
  beforeEach(() => {
    vi.mocked(qnaVote).mockReset();
    useSession.setState({ signedIn: false, fullySignedIn: false, delegated: false, name: null, memberId: null });
  });

  it("marks the item in progress until the server answers, then shows the member's vote", async () => {
    signIn();
    let answer: (value: QnaVoteResponse) => void = () => {};
    vi.mocked(qnaVote).mockReturnValue(new Promise((r) => (answer = r)));
    renderOnAnswers(<QnaVotes kind="answer" id={9} tally={{ upvote: 2, downvote: 1 }} label="the answer" />);
    const group = screen.getByRole("group", { name: "Votes on the answer" });
    await userEvent.click(within(group).getByRole("button", { name: /Vote up/ }));
    expect(qnaVote).toHaveBeenCalledWith("answer", 9, "up");
    expect(group).toHaveAttribute("aria-busy", "true");
    expect(screen.getByText("Saving your vote…")).toBeInTheDocument();
    // A second click while it is on its way sends nothing.
    await userEvent.click(within(group).getByRole("button", { name: /Vote down/ }));
    expect(qnaVote).toHaveBeenCalledTimes(1);
    await act(async () => answer({ error: false, guest: false, upvote: 3, downvote: 1, my_vote: 1 }));
    expect(group).toHaveAttribute("aria-busy", "false");
    expect(within(group).getByRole("button", { name: /Vote up/ })).toHaveAttribute("aria-pressed", "true");
    expect(within(group).getByRole("button", { name: /Vote up/ })).toHaveTextContent("3");
    // The same vote again sends nothing.
    await userEvent.click(within(group).getByRole("button", { name: /Vote up/ }));
    expect(qnaVote).toHaveBeenCalledTimes(1);
  });

  it("sends a guest to light sign-up with the page as ref and the vote chosen, without a call", async () => {
    renderOnAnswers(<QnaVotes kind="answer" id={4} tally={{ upvote: 0, downvote: 0 }} label="the answer" />);
    await userEvent.click(screen.getByRole("button", { name: /Vote down/ }));
    expect(qnaVote).not.toHaveBeenCalled();
    expect(location()).toMatch(/^\/join\/light\?ref=%2F[^&]*&vote=answer%3A4%3Adown$/);
  });

  it("tells a delegated session it may not vote, without a call", async () => {
    signIn(true);
    renderOnAnswers(<QnaVotes kind="question" id={4} tally={{ upvote: 0, downvote: 0 }} label="this question" />);
    await userEvent.click(screen.getByRole("button", { name: /Vote down/ }));
    expect(qnaVote).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent(PERMISSION);
  });

  it("follows the server's guest answer to a same-site address, and shows its refusals in its words", async () => {
    signIn();
    vi.mocked(qnaVote).mockResolvedValueOnce({ error: true, guest: true, redirect_url: "/join/light?ref=%2Fanswers%2F" });
    renderOnAnswers(<QnaVotes kind="question" id={4} tally={{ upvote: 0, downvote: 0 }} label="this question" />);
    await userEvent.click(screen.getByRole("button", { name: /Vote up/ }));
    await settle();
    expect(location()).toBe("/join/light?ref=%2Fanswers%2F");
  });

  it("shows a limit's message as the server words it and keeps the counts", async () => {
    signIn();
    vi.mocked(qnaVote).mockRejectedValueOnce(new RequestError(-1, "failed request", { message: "You have voted many times in a short time. Please try again in 1 minute." }));
    renderOnAnswers(<QnaVotes kind="question" id={4} tally={{ upvote: 5, downvote: 0 }} label="this question" />);
    await userEvent.click(screen.getByRole("button", { name: /Vote down/ }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("You have voted many times in a short time. Please try again in 1 minute.");
    expect(screen.getByRole("button", { name: /Vote up/ })).toHaveTextContent("5");
  });
});

describe("ReplyForm", () => {
  beforeEach(() => {
    vi.mocked(postAnswer).mockReset();
    useSession.setState({ signedIn: false, fullySignedIn: false, delegated: false, name: null, memberId: null });
  });

  it("checks the 30-character rule, ignores a second submit while saving, and hands on the posted answer", async () => {
    signIn();
    const posted = vi.fn<(answer: Answer) => void>();
    let resolve: (v: Awaited<ReturnType<typeof postAnswer>>) => void = () => {};
    vi.mocked(postAnswer).mockReturnValue(new Promise((r) => (resolve = r)));
    renderOnAnswers(<ReplyForm questionId={3} onPosted={posted} />);
    await userEvent.click(screen.getByRole("button", { name: "Answer this question" }));
    const box = screen.getByRole("textbox", { name: "Your answer" });
    await userEvent.type(box, "   Too short to help.   ");
    await userEvent.click(screen.getByRole("button", { name: "Post answer" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Content must have 30 characters.");
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(postAnswer).not.toHaveBeenCalled();
    await userEvent.clear(box);
    await userEvent.type(box, "  Pay the statement balance in full every month.  ");
    await userEvent.click(screen.getByRole("button", { name: "Post answer" }));
    await userEvent.click(screen.getByRole("button", { name: "Posting…" }));
    expect(postAnswer).toHaveBeenCalledTimes(1);
    expect(postAnswer).toHaveBeenCalledWith(3, "Pay the statement balance in full every month.");
    await act(async () =>
      resolve({ id: 77, date: "2026-11-25T10:00:00+00:00", answer: "Pay the statement balance in full every month.", user_login: "pat", fullname: "Pat", avatar: "", user_title: "", edited: false }),
    );
    expect(posted).toHaveBeenCalledWith(expect.objectContaining({ id: 77, user_login: "pat", full_content: "Pay the statement balance in full every month." }));
    expect(screen.getByText("Your answer is posted.")).toHaveAttribute("role", "status");
  });

  it("shows the server's refusal (profanity) as it words it and keeps the text", async () => {
    signIn();
    vi.mocked(postAnswer).mockRejectedValueOnce(new RequestError(400, "failed request", { code: "validation", message: 'Profanity is not allowed, including words such as "WORD".' }));
    renderOnAnswers(<ReplyForm questionId={3} onPosted={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Answer this question" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Your answer" }), "This answer has thirty characters or more in it.");
    await userEvent.click(screen.getByRole("button", { name: "Post answer" }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent('Profanity is not allowed, including words such as "WORD".');
    expect(screen.getByRole("textbox", { name: "Your answer" })).toHaveValue("This answer has thirty characters or more in it.");
  });

  it("treats a refusal the server answers with error as a failure, posting nothing", async () => {
    signIn();
    const posted = vi.fn();
    vi.mocked(postAnswer).mockResolvedValueOnce({ error: true, message: "Oops. You don't have permission to make edits on this account." } as never);
    renderOnAnswers(<ReplyForm questionId={3} onPosted={posted} />);
    await userEvent.click(screen.getByRole("button", { name: "Answer this question" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Your answer" }), "This answer has thirty characters or more in it.");
    await userEvent.click(screen.getByRole("button", { name: "Post answer" }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("Oops. You don't have permission to make edits on this account.");
    expect(posted).not.toHaveBeenCalled();
  });

  it("sends a guest to light sign-up and tells a delegated session it may not post", async () => {
    renderOnAnswers(<ReplyForm questionId={3} onPosted={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Answer this question" }));
    expect(location()).toMatch(/^\/join\/light\?ref=/);
  });

  it("tells a delegated session it may not post", async () => {
    signIn(true);
    renderOnAnswers(<ReplyForm questionId={3} onPosted={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Answer this question" }));
    expect(screen.getByRole("alert")).toHaveTextContent(PERMISSION);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });
});
