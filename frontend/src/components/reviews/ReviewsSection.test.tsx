import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({ productReviews: vi.fn(), writeReview: vi.fn(), qnaVote: vi.fn() }));

import { productReviews, writeReview } from "../../api/client";
import type { Review } from "../../api/generated/Review";
import type { ReviewsResponse } from "../../api/generated/ReviewsResponse";
import { useSession } from "../../stores/session";
import { ReviewsSection } from "./ReviewsSection";
import { renderAt } from "../../test/routing";
import { settle } from "../../test/settle";

function renderSection(preselected?: number) {
  renderAt(
    "/d/card-1",
    <Routes>
      <Route path="/d/:name" element={<ReviewsSection pid="card-1" name="Test Card" preselected={preselected} />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
  );
}


function review(id: number, overrides: Partial<Review> = {}): Review {
  return {
    id,
    stars: 4,
    text: "Good card &amp; fair fees,<br>slow app.",
    date: "2026-11-01T10:00:00Z",
    edited: false,
    user_login: `member${id}`,
    user_fullname: `Member ${id}`,
    helpful: 2,
    not_helpful: 0,
    mine: false,
    hidden: false,
    ...overrides,
  };
}

function page(reviews: Review[], extra: Partial<ReviewsResponse> = {}): ReviewsResponse {
  return { reviews, total: reviews.length, sort: "new", ...extra };
}

const TEXT = "The fees are low and the app works, but support is slow.";

describe("ReviewsSection", () => {
  beforeEach(() => {
    vi.mocked(productReviews).mockReset();
    vi.mocked(writeReview).mockReset();
    useSession.setState({ signedIn: false, fullySignedIn: false, delegated: false, name: null, memberId: null });
  });

  it("lists the reviews newest first and asks again for the most helpful first", async () => {
    vi.mocked(productReviews).mockResolvedValue(page([review(2), review(1, { stars: 2 })], { total: 2 }));
    renderSection();
    await settle();
    expect(productReviews).toHaveBeenCalledWith("card-1", "new");
    expect(screen.getByRole("heading", { name: "Member reviews (2)" })).toBeInTheDocument();
    const items = screen.getAllByRole("article");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText("Member 2")).toBeInTheDocument();
    // The server's escaped HTML is shown as text, its <br> a line break.
    expect(items[0]!.querySelector(".review__text")?.innerHTML).toBe("Good card &amp; fair fees,<br>slow app.");
    expect(within(items[1]!).getByRole("img", { name: "Stars given: 2.0 out of 5" })).toBeInTheDocument();
    expect(within(items[0]!).getByRole("link", { name: "Report abuse" })).toHaveAttribute("href", "/report-abuse/?ru=%2Fd%2Fcard-1&t=r&id=2");
    await userEvent.click(screen.getByRole("button", { name: "Most helpful" }));
    await settle();
    expect(productReviews).toHaveBeenLastCalledWith("card-1", "helpful");
    expect(screen.getByRole("button", { name: "Most helpful" })).toHaveAttribute("aria-pressed", "true");
  });

  it("opens the form with the stars of Write full review chosen and refuses a short text before sending", async () => {
    useSession.setState({ signedIn: true, fullySignedIn: true, delegated: false, name: "Pat", memberId: "5" });
    vi.mocked(productReviews).mockResolvedValue(page([]));
    renderSection(4);
    await settle();
    const form = screen.getByRole("form", { name: "Write a review" });
    expect(within(form).getByRole("radio", { name: /^4 stars/ })).toBeChecked();
    await userEvent.type(within(form).getByLabelText("Your review"), "Too short.");
    await userEvent.click(within(form).getByRole("button", { name: "Publish my review" }));
    expect(screen.getByRole("alert")).toHaveTextContent("A review must have at least 30 characters.");
    expect(writeReview).not.toHaveBeenCalled();
  });

  it("publishes a member's review and shows the thanks and the list again", async () => {
    useSession.setState({ signedIn: true, fullySignedIn: true, delegated: false, name: "Pat", memberId: "5" });
    vi.mocked(productReviews).mockResolvedValueOnce(page([]));
    vi.mocked(writeReview).mockResolvedValue({ error: false, guest: false, message: "Thank you. Your review is published.", review: review(7, { mine: true }) });
    vi.mocked(productReviews).mockResolvedValue(page([review(7, { mine: true })], { mine: review(7, { mine: true }) }));
    renderSection();
    await settle();
    await userEvent.click(screen.getByRole("button", { name: "Write a review of Test Card" }));
    const form = screen.getByRole("form", { name: "Write a review" });
    await userEvent.click(within(form).getByRole("radio", { name: /^5 stars/ }));
    await userEvent.type(within(form).getByLabelText("Your review"), TEXT);
    await userEvent.click(within(form).getByRole("button", { name: "Publish my review" }));
    await settle();
    expect(writeReview).toHaveBeenCalledWith("card-1", 5, TEXT);
    expect(screen.getByText("Thank you. Your review is published.")).toHaveAttribute("role", "status");
    expect(screen.getByText("· Your review")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Rewrite my review" })).toBeInTheDocument();
  });

  it("sends a guest to sign up and back instead of sending the review", async () => {
    vi.mocked(productReviews).mockResolvedValue(page([]));
    renderSection(5);
    await settle();
    await userEvent.type(screen.getByLabelText("Your review"), TEXT);
    await userEvent.click(screen.getByRole("button", { name: "Publish my review" }));
    expect(writeReview).not.toHaveBeenCalled();
    expect(screen.getByTestId("location").textContent).toMatch(/^\/join\/light\?ref=/);
  });

  it("opens a rewrite with the member's own stars and text", async () => {
    useSession.setState({ signedIn: true, fullySignedIn: true, delegated: false, name: "Pat", memberId: "5" });
    vi.mocked(productReviews).mockResolvedValue(page([review(3, { mine: true, stars: 2 })], { mine: review(3, { mine: true, stars: 2 }), mine_text: "Fees crept up & support was slow." }));
    renderSection();
    await settle();
    await userEvent.click(screen.getByRole("button", { name: "Rewrite my review" }));
    const form = screen.getByRole("form", { name: "Write a review" });
    expect(within(form).getByRole("radio", { name: /^2 stars/ })).toBeChecked();
    expect(within(form).getByLabelText("Your review")).toHaveValue("Fees crept up & support was slow.");
    expect(within(form).getByRole("button", { name: "Update my review" })).toBeInTheDocument();
  });

  it("tells the author their review is hidden by a moderator", async () => {
    useSession.setState({ signedIn: true, fullySignedIn: true, delegated: false, name: "Pat", memberId: "5" });
    vi.mocked(productReviews).mockResolvedValue(page([], { mine: review(3, { mine: true, hidden: true }) }));
    renderSection();
    await settle();
    expect(screen.getByText("Your review is not shown to others: a moderator has hidden it.")).toBeInTheDocument();
  });
});
