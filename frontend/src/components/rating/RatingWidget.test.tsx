import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  rateProduct: vi.fn(),
  rateInstitution: vi.fn(),
  signOut: vi.fn(),
}));

import { rateInstitution, rateProduct } from "../../api/client";
import type { OfferSummary } from "../../api/generated/OfferSummary";
import type { RateResponse } from "../../api/generated/RateResponse";
import { creditCardOffer, institutionOffer, RATING_4_3 } from "../../test/offers";
import { advance, useFakeClock, useRealClock } from "../ui/testing";
import { RatingWidget } from "./RatingWidget";
import { useSession } from "../../stores/session";
import { type Deferred, deferred } from "../../test/deferred";
import { renderAt } from "../../test/routing";

const T0 = Date.UTC(2024, 4, 1, 12, 0, 0);
const DAY = 86_400_000;
const PAGE = "/d/cash-back-card?r=4";
const PERMISSION = "Oops. You don't have permission to make edits on this account.";



function renderWidget(offer: OfferSummary = creditCardOffer()) {
  return renderAt(PAGE, <RatingWidget offer={offer} />);
}

const star = (n: number) => screen.getByRole("button", { name: new RegExp(`^${n} stars?:`) });
const prompt = () => screen.getByText(/^(Your rating: .*|Rate .*)$/, { selector: "p" });
const spinner = () => screen.queryByRole("status", { name: "Sending your rating" });
const thanks = () => screen.queryByRole("dialog", { name: "Rating sent" });
const location = () => screen.getByTestId("location").textContent;

function remember(key: string, stars: number, votedAtMs: number): void {
  localStorage.setItem("votes", JSON.stringify({ [key]: { stars, votedAtMs } }));
}

function votes(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem("votes") ?? "{}") as Record<string, unknown>;
}

const OK: RateResponse = { error: false, guest: false, uid: "42", reviews: 13, rating: "4.25" };

describe("RatingWidget", () => {
  let user: ReturnType<typeof useFakeClock>;
  let pending: Deferred<RateResponse>;

  beforeEach(() => {
    user = useFakeClock();
    vi.setSystemTime(T0);
    // The page the widget is on, as the browser's address bar has it.
    window.history.replaceState(null, "", PAGE);
    pending = deferred<RateResponse>();
    vi.mocked(rateProduct).mockReset().mockImplementation(() => pending.promise);
    vi.mocked(rateInstitution).mockReset().mockImplementation(() => pending.promise);
  });
  afterEach(() => {
    useRealClock();
    window.history.replaceState(null, "", "/");
  });

  async function answer(response: RateResponse) {
    await act(async () => pending.resolve(response));
  }

  describe("Write full review", () => {
    it("carries the stars the visitor chose, and none before a choice", async () => {
      renderWidget();
      const link = () => screen.getByRole("link", { name: "Write full review" });
      // Hovering is not choosing: no count the visitor did not pick is carried.
      expect(link().getAttribute("href")).not.toContain("r=");
      await user.click(star(3));
      expect(link()).toHaveAttribute("href", `${creditCardOffer().detailsPath}?r=3#reviews`);
      await answer(OK);
      expect(link()).toHaveAttribute("href", `${creditCardOffer().detailsPath}?r=3#reviews`);
    });
  });

  describe("member votes from the server", () => {
    it("shows the member score the offer carries once there are 10 votes", () => {
      renderWidget(creditCardOffer({ reviews: 12, memberRating: RATING_4_3 }));
      expect(screen.getByRole("img", { name: /Member rating/ })).toBeInTheDocument();
      expect(screen.queryByText(/so far; the score shows from 10/)).not.toBeInTheDocument();
    });

    it("shows the count, not the score, under 10 votes", () => {
      renderWidget(creditCardOffer({ reviews: 3, memberRating: RATING_4_3 }));
      expect(screen.getByText("3 so far; the score shows from 10")).toBeInTheDocument();
    });
  });

  describe("ratings breakdown", () => {
    it("shows each category with its stars or Not rated, and what it rests on", () => {
      renderWidget(
        creditCardOffer({
          ratingsBreakdown: [
            { category: "APR", label: "APR", rating: RATING_4_3, basis: "Lowest regular APR 13.4%.", weight: 20 },
            { category: "User Reviews", label: "User Reviews", basis: "3 member ratings so far; this shows from 10." },
          ],
        }),
      );
      expect(screen.getByRole("heading", { name: "Ratings breakdown" })).toBeInTheDocument();
      expect(screen.getByRole("img", { name: /^APR/ })).toBeInTheDocument();
      expect(screen.getByText("Lowest regular APR 13.4%.")).toBeInTheDocument();
      expect(screen.getByText("Not rated")).toBeInTheDocument();
      expect(screen.getByText("3 member ratings so far; this shows from 10.")).toBeInTheDocument();
      expect(screen.getByText("20% of our rating")).toBeInTheDocument();
      expect(screen.getByText("Not counted in our rating")).toBeInTheDocument();
    });

    it("is left out for a product without one", () => {
      renderWidget(institutionOffer());
      expect(screen.queryByRole("heading", { name: "Ratings breakdown" })).not.toBeInTheDocument();
    });
  });

  describe("hover popup", () => {
    it("shows the hovered star's word and the call to submit", async () => {
      renderWidget();
      expect(screen.queryByText("Click to submit your rating")).not.toBeInTheDocument();
      await user.hover(star(2));
      expect(screen.getByText("Below Average")).toBeInTheDocument();
      expect(screen.getByText("Click to submit your rating")).toBeInTheDocument();
      await user.hover(star(5));
      expect(screen.getByText("Excellent")).toBeInTheDocument();
      expect(screen.queryByText("Below Average")).not.toBeInTheDocument();
    });

    it("closes 1000 ms after the pointer leaves, not before", async () => {
      renderWidget();
      await user.hover(star(3));
      expect(screen.getByText("Average")).toBeInTheDocument();
      await user.unhover(star(3));
      advance(999);
      expect(screen.getByText("Click to submit your rating")).toBeInTheDocument();
      advance(1);
      expect(screen.queryByText("Click to submit your rating")).not.toBeInTheDocument();
      expect(screen.queryByText("Average")).not.toBeInTheDocument();
    });

    it("stays open when the pointer comes back within the second", async () => {
      renderWidget();
      await user.hover(star(3));
      await user.unhover(star(3));
      advance(600);
      await user.hover(star(4));
      advance(1000);
      expect(screen.getByText("Good")).toBeInTheDocument();
    });
  });

  describe("voting", () => {
    it("sends the product vote, shows the spinner while pending, then thanks and the stored rating", async () => {
      renderWidget();
      expect(prompt()).toHaveTextContent("Rate Cash Back Card");
      await user.click(star(4));

      expect(rateProduct).toHaveBeenCalledTimes(1);
      expect(rateProduct).toHaveBeenCalledWith("card-1", 4);
      expect(rateInstitution).not.toHaveBeenCalled();
      expect(spinner()).toBeInTheDocument();
      expect(star(4)).toBeDisabled();
      expect(document.cookie).toContain("rating_tracking=card-1%3A4");

      await answer(OK);
      expect(spinner()).not.toBeInTheDocument();
      const dialog = thanks();
      expect(dialog).toBeInTheDocument();
      expect(within(dialog!).getByText("Thanks for your rating!")).toBeInTheDocument();
      expect(prompt()).toHaveTextContent("Your rating: 4 stars");
      expect(star(4)).toHaveAttribute("aria-pressed", "true");
      expect(votes()).toEqual({ "pdt:card-1": { stars: 4, votedAtMs: T0 } });
      // The answer's average and count replace the summary: 13 votes reach the 10 the score needs.
      expect(screen.getByRole("img", { name: "Member rating: 4.3 out of 5" })).toBeInTheDocument();
    });

    it("closes the thank-you popup after 8000 ms", async () => {
      renderWidget();
      await user.click(star(4));
      await answer(OK);
      advance(7999);
      expect(thanks()).toBeInTheDocument();
      advance(1);
      expect(thanks()).not.toBeInTheDocument();
      expect(prompt()).toHaveTextContent("Your rating: 4 stars");
    });

    it("says 1 star in the singular", async () => {
      renderWidget();
      await user.click(star(1));
      await answer(OK);
      expect(prompt()).toHaveTextContent("Your rating: 1 star");
      expect(prompt()).not.toHaveTextContent("stars");
    });

    it("sends an institution's vote with rateInstitution", async () => {
      renderWidget(institutionOffer());
      await user.click(star(2));
      expect(rateInstitution).toHaveBeenCalledWith("bank-1", 2);
      expect(rateProduct).not.toHaveBeenCalled();
      await answer({ error: false, guest: false, total: 4, rating: "3" });
      expect(votes()).toEqual({ "inst:bank-1": { stars: 2, votedAtMs: T0 } });
    });
  });

  describe("remembered vote", () => {
    it("shows a vote from within 7 days as voted", () => {
      remember("pdt:card-1", 3, T0 - 7 * DAY + 1);
      renderWidget();
      expect(prompt()).toHaveTextContent("Your rating: 3 stars");
      expect(star(3)).toHaveAttribute("aria-pressed", "true");
    });

    it("forgets a vote 7 days old", () => {
      remember("pdt:card-1", 3, T0 - 7 * DAY);
      renderWidget();
      expect(prompt()).toHaveTextContent("Rate Cash Back Card");
      expect(star(3)).toHaveAttribute("aria-pressed", "false");
    });

    it("does not take another product's vote", () => {
      remember("pdt:card-2", 3, T0);
      renderWidget();
      expect(prompt()).toHaveTextContent("Rate Cash Back Card");
    });

    it("choosing the same star again sends nothing", async () => {
      remember("pdt:card-1", 3, T0 - DAY);
      renderWidget();
      await user.click(star(3));
      expect(rateProduct).not.toHaveBeenCalled();
      expect(screen.queryByText("Change my rating to:")).not.toBeInTheDocument();
      expect(prompt()).toHaveTextContent("Your rating: 3 stars");
    });

    it("another star offers the change; keeping sends nothing", async () => {
      remember("pdt:card-1", 3, T0 - DAY);
      renderWidget();
      await user.click(star(5));
      const change = screen.getByRole("group", { name: "Change your rating" });
      expect(within(change).getByText("Change my rating to:")).toBeInTheDocument();
      expect(within(change).getByRole("button", { name: "Change my rating to 5 stars" })).toBeInTheDocument();
      expect(screen.queryByText("Click to submit your rating")).not.toBeInTheDocument();

      await user.click(within(change).getByRole("button", { name: "Keep my existing rating" }));
      expect(rateProduct).not.toHaveBeenCalled();
      expect(screen.queryByRole("group", { name: "Change your rating" })).not.toBeInTheDocument();
      expect(prompt()).toHaveTextContent("Your rating: 3 stars");
    });

    it("another star offers the change; changing sends the new vote", async () => {
      remember("pdt:card-1", 3, T0 - DAY);
      renderWidget();
      await user.click(star(5));
      await user.click(screen.getByRole("button", { name: "Change my rating to 5 stars" }));
      expect(rateProduct).toHaveBeenCalledTimes(1);
      expect(rateProduct).toHaveBeenCalledWith("card-1", 5);
      expect(spinner()).toBeInTheDocument();
      await answer(OK);
      expect(prompt()).toHaveTextContent("Your rating: 5 stars");
      expect(votes()).toEqual({ "pdt:card-1": { stars: 5, votedAtMs: T0 } });
    });
  });

  describe("outcomes", () => {
    it("a guest goes to light sign-up with the current page as ref", async () => {
      renderWidget();
      expect(location()).toBe(PAGE);
      await user.click(star(4));
      await answer({ error: true, guest: true, redirect_url: "/join/light?ref=%2Fsomewhere" });
      expect(location()).toBe(`/join/light?ref=${encodeURIComponent(PAGE)}`);
    });

    it("a guest's vote goes with them to the light sign-up, as the server's answer names it", async () => {
      renderWidget();
      await user.click(star(4));
      await answer({ error: true, guest: true, redirect_url: "/join/light?ref=%2Fsomewhere&vote=product%3Acard-1%3A4" });
      expect(location()).toBe(`/join/light?ref=${encodeURIComponent(PAGE)}&vote=product%3Acard-1%3A4`);
      expect(document.cookie).not.toContain("rating_tracking=");
      expect(votes()).toEqual({});
      expect(thanks()).not.toBeInTheDocument();
    });

    it("a rejected call clears the tracking cookie and stays on the page", async () => {
      renderWidget();
      await user.click(star(4));
      expect(document.cookie).toContain("rating_tracking=");
      await act(async () => pending.reject(new Error("offline")));
      expect(document.cookie).not.toContain("rating_tracking=");
      expect(location()).toBe(PAGE);
      expect(spinner()).not.toBeInTheDocument();
      expect(thanks()).not.toBeInTheDocument();
      expect(prompt()).toHaveTextContent("Rate Cash Back Card");
      expect(star(4)).toBeEnabled();
      expect(votes()).toEqual({});
    });

    it("a delegated session's answer shows the permission alert and remembers nothing", async () => {
      renderWidget();
      await user.click(star(4));
      await answer({ error: true, guest: false, message: PERMISSION });
      expect(screen.getByRole("alert")).toHaveTextContent(PERMISSION);
      expect(votes()).toEqual({});
      expect(thanks()).not.toBeInTheDocument();
      expect(prompt()).toHaveTextContent("Rate Cash Back Card");
      expect(location()).toBe(PAGE);
    });

    it("a delegated sign-on cookie alerts before anything is sent", async () => {
      const signOn = btoa(JSON.stringify({ id: "42", "auth-user": "support-7" }));
      document.cookie = `signon=${signOn}; Path=/`;
      useSession.getState().refresh();
      try {
        renderWidget();
        await user.click(star(4));
        expect(rateProduct).not.toHaveBeenCalled();
        expect(screen.getByRole("alert")).toHaveTextContent(PERMISSION);
      } finally {
        document.cookie = "signon=; Max-Age=0; Path=/";
        useSession.getState().refresh();
      }
    });

    it("a rejected change keeps the earlier vote, on screen and on the device", async () => {
      remember("pdt:card-1", 3, T0 - DAY);
      renderWidget();
      await user.click(star(5));
      await user.click(screen.getByRole("button", { name: "Change my rating to 5 stars" }));
      await act(async () => pending.reject(new Error("offline")));
      expect(document.cookie).not.toContain("rating_tracking=");
      expect(prompt()).toHaveTextContent("Your rating: 3 stars");
      expect(votes()).toEqual({ "pdt:card-1": { stars: 3, votedAtMs: T0 - DAY } });
    });

    it("an error answer without a message shows no alert", async () => {
      renderWidget();
      await user.click(star(4));
      await answer({ error: true, guest: false });
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      expect(location()).toBe(PAGE);
    });
  });
});
