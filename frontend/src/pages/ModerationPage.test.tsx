import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/client", () => ({ moderationQueue: vi.fn(), moderate: vi.fn() }));

import { moderate, moderationQueue } from "../api/client";
import { RequestError } from "../api/errors";
import { useSession } from "../stores/session";
import ModerationPage from "./ModerationPage";
import { settle } from "../test/settle";

const ITEM = { kind: "answer", id: 12, text: "Buy my course at example dot com", hidden: false, reports: 2, page_address: "/answers/x-2", reported_at: "2026-11-25T10:00:00+00:00" };

function renderPage() {
  render(
    <MemoryRouter>
      <ModerationPage />
    </MemoryRouter>,
  );
}

describe("ModerationPage", () => {
  beforeEach(() => {
    vi.mocked(moderationQueue).mockReset();
    vi.mocked(moderate).mockReset();
    useSession.setState({ signedIn: true, fullySignedIn: true, delegated: false, name: "Mo", memberId: "9" });
  });

  it("lists reported items and hides one with a reason, then offers to restore it", async () => {
    vi.mocked(moderationQueue).mockResolvedValue({ items: [ITEM] });
    vi.mocked(moderate).mockResolvedValueOnce({ error: false, message: "Hidden." }).mockResolvedValueOnce({ error: false, message: "Restored." });
    renderPage();
    await settle();
    const item = screen.getByRole("article", { name: "Reported answer 12" });
    expect(item).toHaveTextContent("reported 2 times");
    expect(within(item).getByRole("link", { name: "The page it was reported on" })).toHaveAttribute("href", "/answers/x-2");
    await userEvent.click(within(item).getByRole("button", { name: "Hide answer 12" }));
    expect(within(item).getByRole("alert")).toHaveTextContent("Please give a reason");
    expect(moderate).not.toHaveBeenCalled();
    await userEvent.type(within(item).getByRole("textbox", { name: "Reason for answer 12" }), " Advertising ");
    await userEvent.click(within(item).getByRole("button", { name: "Hide answer 12" }));
    await settle();
    expect(moderate).toHaveBeenCalledWith("hide", { kind: "answer", id: 12, reason: "Advertising" });
    expect(within(item).getByRole("status")).toHaveTextContent("Hidden.");
    expect(item).toHaveTextContent("hidden");
    await userEvent.type(within(item).getByRole("textbox", { name: "Reason for answer 12" }), "Reported in error");
    await userEvent.click(within(item).getByRole("button", { name: "Restore answer 12" }));
    await settle();
    expect(moderate).toHaveBeenLastCalledWith("restore", { kind: "answer", id: 12, reason: "Reported in error" });
  });

  it("tells a guest, without asking the server, that the page is for moderators", async () => {
    useSession.setState({ signedIn: false });
    renderPage();
    await settle();
    expect(moderationQueue).not.toHaveBeenCalled();
    expect(screen.getByText(/This page is for moderators/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toBeInTheDocument();
  });

  it("tells a member who is no moderator that the page is for moderators", async () => {
    vi.mocked(moderationQueue).mockRejectedValueOnce(new RequestError(400, "failed request", { code: "validation", message: "Only moderators may do this." }));
    renderPage();
    await settle();
    expect(screen.getByText("This page is for moderators.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });

  it("says when nothing is reported", async () => {
    vi.mocked(moderationQueue).mockResolvedValue({ items: [] });
    renderPage();
    await settle();
    expect(screen.getByText("No reported items. Everything reported has been looked at.")).toBeInTheDocument();
  });
});
