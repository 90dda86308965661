import { describe, expect, it } from "vitest";

import { displayDecision } from "./ratingVisibility";
import { type Rating, parseRating } from "./stars";
import { table } from "./vectorTables";

function rating(text: string | null): Rating | null {
  if (text === null) return null;
  const parsed = parseRating(text);
  if (!parsed.ok) throw new Error(`${text} is not a rating`);
  return parsed.rating;
}

interface Input {
  userReview: string | null;
  votes: number;
  editorRating: string | null;
}

describe("ratings.json displayDecision", () => {
  it.each(
    table<Input, { showUserReviewScore: boolean; showFullRating: boolean }>("ratings", "displayDecision"),
  )("%s", (_, { input, expected }) => {
    const sources = {
      userReview: rating(input.userReview),
      votes: input.votes,
      editorRating: rating(input.editorRating),
    };
    expect(displayDecision(sources)).toEqual(expected);
  });
});
