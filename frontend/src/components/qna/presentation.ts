/**
 * How a list shows each question's answers (community §4 "Presentation modes"): the first
 * answer in full and the rest shortened (the default), all shortened, all collapsed behind
 * "Show N answers", or the first `full` answers in full.
 */
export type AnswerPresentation =
  | { readonly kind: "firstFull" }
  | { readonly kind: "allShort" }
  | { readonly kind: "collapsed" }
  | { readonly kind: "someFull"; readonly full: number };

export const DEFAULT_PRESENTATION: AnswerPresentation = { kind: "firstFull" };

/** Whether the answer at `index` (0-based) shows in full at first. */
export function showsInFull(presentation: AnswerPresentation, index: number): boolean {
  switch (presentation.kind) {
    case "firstFull":
      return index === 0;
    case "someFull":
      return index < presentation.full;
    case "allShort":
    case "collapsed":
      return false;
  }
}

/** Whether a question's answers start expanded. */
export function startsOpen(presentation: AnswerPresentation): boolean {
  return presentation.kind !== "collapsed";
}

/** How many loaded answers show before "View more answers": the full ones, at least one. */
export function initiallyShown(presentation: AnswerPresentation): number {
  return presentation.kind === "someFull" ? Math.max(1, presentation.full) : 1;
}
