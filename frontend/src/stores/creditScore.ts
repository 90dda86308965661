/**
 * The visitor's self-reported credit score (DECISIONS.md "Credit scores"): shared by every
 * card on the page, kept with the stored user info for its 30-minute lifetime
 * (`rememberScore`), so a reload or the next page keeps it and it then lapses.
 */
import { create } from "zustand";

import { creditBand, creditScore, type CreditScore } from "../rules/credit";
import { loadUserInfo, rememberScore } from "./userInfo";

interface CreditScoreState {
  score: CreditScore | null;
  /** Keeps a score (with its band as the standing). */
  set: (score: CreditScore) => void;
  /** Forgets the score here and in the stored user info. */
  clear: () => void;
}

function storedScore(): CreditScore | null {
  const score = loadUserInfo().score;
  return typeof score === "number" ? creditScore(score) : null;
}

export const useCreditScore = create<CreditScoreState>((set) => ({
  score: storedScore(),
  set: (score) => {
    rememberScore(creditBand(score), score);
    set({ score });
  },
  clear: () => {
    rememberScore(null, null);
    set({ score: null });
  },
}));

/** Reads the stored score again (after its lifetime may have passed). */
export function reloadCreditScore(): void {
  useCreditScore.setState({ score: storedScore() });
}
