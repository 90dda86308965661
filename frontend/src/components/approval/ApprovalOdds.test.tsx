import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { creditCardOffer } from "../../test/offers";
import { reloadCreditScore, useCreditScore } from "../../stores/creditScore";
import { loadUserInfo } from "../../stores/userInfo";
import type { CreditScore } from "../../rules/credit";
import ApprovalOddsNote from "./ApprovalOddsNote";
import CreditScoreBox, { SCORE_ERROR } from "./CreditScoreBox";
import { resizeTo } from "../ui/testing";

function Page() {
  return (
    <>
      <CreditScoreBox />
      <article aria-label="Fair card">
        <ApprovalOddsNote offer={creditCardOffer({ minCredit: "Fair" })} />
      </article>
      <article aria-label="Secured card">
        <ApprovalOddsNote offer={creditCardOffer({ minCredit: "Bad", secured: true })} />
      </article>
    </>
  );
}

describe("approval odds", () => {
  beforeEach(() => {
    localStorage.clear();
    reloadCreditScore();
  });

  it("shows no odds until a score is entered, then each card's odds styled by class", async () => {
    const user = userEvent.setup();
    const { container } = render(<Page />);
    expect(screen.queryByText(/Approval odds:/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Your credit score/), "700");
    await user.click(screen.getByRole("button", { name: "Show my odds" }));
    // 700 stands 3 breakpoints above Fair's 640: Very Good, the high class.
    expect(screen.getByRole("article", { name: "Fair card" })).toHaveTextContent("Approval odds: Very Good");
    expect(container.querySelector(".approval-odds--high")).not.toBeNull();
    // A secured card for bad credit asks for 300: 700 is far above, Excellent (ultra).
    expect(screen.getByRole("article", { name: "Secured card" })).toHaveTextContent("Approval odds: Excellent");
    expect(container.querySelector(".approval-odds--ultra")).not.toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Approval odds for a credit score of 700.");
    expect(screen.getByText(/Approval odds are a guide, not a promise/)).toBeInTheDocument();
  });

  it("keeps the score with the stored user info, and forgets it on request", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.type(screen.getByLabelText(/Your credit score/), "610");
    await user.click(screen.getByRole("button", { name: "Show my odds" }));
    expect(loadUserInfo().score).toBe(610);
    expect(loadUserInfo().standing).toBe("Bad");
    expect(screen.getByRole("article", { name: "Fair card" })).toHaveTextContent("Approval odds: Limited");
    await user.click(screen.getByRole("button", { name: "Forget my score" }));
    expect(loadUserInfo().score).toBeNull();
    expect(screen.queryByText(/Approval odds:/)).not.toBeInTheDocument();
  });

  it("refuses a score outside 300 to 850 with a message and keeps what was typed", async () => {
    const user = userEvent.setup();
    render(<Page />);
    const input = screen.getByLabelText(/Your credit score/);
    await user.type(input, "900");
    await user.click(screen.getByRole("button", { name: "Show my odds" }));
    expect(screen.getByRole("alert")).toHaveTextContent(SCORE_ERROR);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveValue("900");
    expect(useCreditScore.getState().score).toBeNull();
  });

  it("changes a score in use", async () => {
    const user = userEvent.setup();
    useCreditScore.getState().set(700 as CreditScore);
    render(<Page />);
    await user.click(screen.getByRole("button", { name: "Change score" }));
    await user.type(screen.getByLabelText(/Your credit score/), "645");
    await user.click(screen.getByRole("button", { name: "Show my odds" }));
    expect(screen.getByRole("article", { name: "Fair card" })).toHaveTextContent("Approval odds: Fair");
  });

  describe("on a phone (600 px or narrower)", () => {
    const realWidth = window.innerWidth;
    afterEach(() => resizeTo(realWidth));

    it("opens the score form from a button, then works as before", async () => {
      const user = userEvent.setup();
      resizeTo(375);
      render(<Page />);
      const toggle = screen.getByRole("button", { name: "Check your approval odds" });
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(screen.queryByRole("form", { name: "Your approval odds" })).not.toBeInTheDocument();
      expect(screen.getByLabelText(/Your credit score/)).not.toBeVisible();
      await user.click(toggle);
      expect(toggle).toHaveAttribute("aria-expanded", "true");
      expect(toggle).toHaveAttribute("aria-controls", screen.getByRole("form", { name: "Your approval odds" }).id);
      await user.tab();
      expect(screen.getByLabelText(/Your credit score/)).toHaveFocus();
      await user.keyboard("700{Enter}");
      expect(screen.getByRole("status")).toHaveTextContent("Approval odds for a credit score of 700.");
      expect(screen.getByRole("article", { name: "Fair card" })).toHaveTextContent("Approval odds: Very Good");
    });

    it("shows a score in use, and its change form, without the extra button", async () => {
      const user = userEvent.setup();
      resizeTo(375);
      useCreditScore.getState().set(700 as CreditScore);
      render(<Page />);
      expect(screen.getByRole("status")).toHaveTextContent("Approval odds for a credit score of 700.");
      await user.click(screen.getByRole("button", { name: "Change score" }));
      expect(screen.queryByRole("button", { name: "Check your approval odds" })).not.toBeInTheDocument();
      expect(screen.getByLabelText(/Your credit score/)).toBeVisible();
    });
  });

  it("shows nothing for a card whose minimum is not stated", () => {
    useCreditScore.getState().set(700 as CreditScore);
    const { container } = render(<ApprovalOddsNote offer={creditCardOffer({ minCredit: "Student" })} />);
    expect(container).toBeEmptyDOMElement();
  });
});
