import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({ sendHelpfulFeedback: vi.fn() }));

import { sendHelpfulFeedback } from "../../api/client";
import { HELPFUL_ERROR_MESSAGE, HelpfulWidget } from "./HelpfulWidget";
import { readHelpfulVote, rememberHelpfulVote } from "./helpfulMemory";
import { settle } from "../../test/settle";

const DAY = 86_400_000;

function renderWidget(address = "/credit-score-range") {
  return render(<HelpfulWidget postId={address} address={address} />);
}

describe("HelpfulWidget", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(sendHelpfulFeedback).mockReset();
  });

  it("Yes is sent silently, thanks the reader and is remembered for the page", async () => {
    vi.mocked(sendHelpfulFeedback).mockRejectedValue(new Error("offline"));
    renderWidget();
    await userEvent.click(screen.getByRole("button", { name: "Yes" }));
    await settle();
    expect(sendHelpfulFeedback).toHaveBeenCalledWith({ postId: "/credit-score-range", url: "/credit-score-range", helpful: true });
    // Even a failed send thanks the reader: the Yes vote is silent.
    expect(screen.getByRole("status")).toHaveTextContent("Thanks for your feedback.");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(readHelpfulVote("/credit-score-range?x=1#top")).toBe(1);
  });

  it("No opens the reason form, which checks the 10-character rule before sending", async () => {
    vi.mocked(sendHelpfulFeedback).mockResolvedValue({ error: false });
    renderWidget();
    await userEvent.click(screen.getByRole("button", { name: "No" }));
    const reason = screen.getByRole("textbox", { name: "What could we do better?" });
    expect(reason).toHaveFocus();
    await userEvent.type(reason, "too   short");
    await userEvent.click(screen.getByRole("button", { name: "Send feedback" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Content must have at least 10 characters.");
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(sendHelpfulFeedback).not.toHaveBeenCalled();
    await userEvent.type(reason, " for me");
    await userEvent.click(screen.getByRole("button", { name: "Send feedback" }));
    await settle();
    expect(sendHelpfulFeedback).toHaveBeenCalledWith({ postId: "/credit-score-range", url: "/credit-score-range", helpful: false, feedback: "too short for me" });
    expect(screen.getByRole("status")).toHaveTextContent("Thanks for your feedback.");
    expect(readHelpfulVote("/credit-score-range")).toBe(0);
  });

  it("a failed send says so and keeps the form and its text; a second send works", async () => {
    vi.mocked(sendHelpfulFeedback).mockRejectedValueOnce(new Error("500")).mockResolvedValueOnce({ error: false });
    renderWidget();
    await userEvent.click(screen.getByRole("button", { name: "No" }));
    await userEvent.type(screen.getByRole("textbox"), "The example is out of date.");
    await userEvent.click(screen.getByRole("button", { name: "Send feedback" }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent(HELPFUL_ERROR_MESSAGE);
    expect(screen.getByRole("textbox")).toHaveValue("The example is out of date.");
    expect(readHelpfulVote("/credit-score-range")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Send feedback" }));
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Thanks");
  });

  it("shows the server's refusal (a delegated session) and remembers nothing", async () => {
    vi.mocked(sendHelpfulFeedback).mockResolvedValue({ error: true, message: "Oops. You don't have permission to make edits on this account." });
    renderWidget();
    await userEvent.click(screen.getByRole("button", { name: "No" }));
    await userEvent.type(screen.getByRole("textbox"), "The example is out of date.");
    await userEvent.click(screen.getByRole("button", { name: "Send feedback" }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("Oops. You don't have permission to make edits on this account.");
    expect(readHelpfulVote("/credit-score-range")).toBeNull();
  });

  it("ignores a second submit while one is sending", async () => {
    let finish: (v: { error: boolean }) => void = () => {};
    vi.mocked(sendHelpfulFeedback).mockImplementation(() => new Promise((r) => (finish = r)));
    renderWidget();
    await userEvent.click(screen.getByRole("button", { name: "No" }));
    await userEvent.type(screen.getByRole("textbox"), "The example is out of date.");
    await userEvent.click(screen.getByRole("button", { name: "Send feedback" }));
    expect(screen.getByRole("button", { name: "Sending…" })).toBeDisabled();
    screen.getByRole("textbox").closest("form")!.requestSubmit();
    expect(sendHelpfulFeedback).toHaveBeenCalledTimes(1);
    await act(async () => finish({ error: false }));
    expect(screen.getByRole("status")).toHaveTextContent("Thanks");
  });

  it("thanks a reader who voted on this page within 7 days, and asks again after", () => {
    const now = Date.now();
    rememberHelpfulVote("/about", 1, now - 7 * DAY + 60_000);
    renderWidget("/about");
    expect(screen.getByRole("status")).toHaveTextContent("Thanks for your feedback.");
    expect(screen.queryByRole("button", { name: "Yes" })).not.toBeInTheDocument();
    // Another page still asks.
    renderWidget("/terms");
    expect(screen.getAllByRole("button", { name: "Yes" })).toHaveLength(1);
    // Past 7 days the vote is forgotten.
    rememberHelpfulVote("/jobs/", 0, now - 7 * DAY);
    expect(readHelpfulVote("/jobs/", now)).toBeNull();
  });

  it("reads a damaged entry as no vote", () => {
    localStorage.setItem("helpful_vote:/about", "{not json");
    expect(readHelpfulVote("/about")).toBeNull();
    localStorage.setItem("helpful_vote:/about", JSON.stringify({ votedOn: "/about", vote: 2, votedAtMs: 1 }));
    expect(readHelpfulVote("/about")).toBeNull();
  });

  it("Cancel closes the reason form and gives the focus back to No", async () => {
    renderWidget();
    await userEvent.click(screen.getByRole("button", { name: "No" }));
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(screen.getByRole("button", { name: "No" })).toHaveFocus();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });
});
