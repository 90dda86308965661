import { describe, expect, it } from "vitest";

import {
  type Category,
  preselectedCategory,
  questionRemaining,
  searchQuery,
  selectCategory,
  validateFeedbackReason,
  validateGuestEmail,
  validateOneTimeCode,
  validateQuestion,
  validateReply,
  validateReview,
  validateUsPhone,
} from "./validation";
import { trim } from "./text";
import { vectors } from "../test/vectors";
import { table } from "./vectorTables";

type Outcome = { ok: unknown } | { error: string };

const validators: Array<[string, (raw: string) => unknown]> = [
  ["question", validateQuestion],
  ["guestEmail", validateGuestEmail],
  ["oneTimeCode", validateOneTimeCode],
  ["reply", validateReply],
  ["review", validateReview],
  ["usPhone", validateUsPhone],
  ["feedbackReason", validateFeedbackReason],
];

for (const [rule, validate] of validators) {
  describe(`qna-validation.json ${rule}`, () => {
    it.each(table<string, Outcome>("qna-validation", rule))("%s", (_, { input, expected }) => {
      expect(validate(input)).toEqual(expected);
    });
  });
}

describe("qna-validation.json questionRemaining", () => {
  it.each(table<string, number>("qna-validation", "questionRemaining"))("%s", (_, { input, expected }) => {
    expect(questionRemaining(input)).toBe(expected);
  });
});

describe("qna-validation.json search", () => {
  it.each(table<string, string | null>("qna-validation", "search"))("%s", (_, { input, expected }) => {
    expect(searchQuery(input)).toBe(expected);
  });
});

describe("qna-validation.json category", () => {
  it.each(table<{ available: Category[]; chosen: number | null }, Outcome>("qna-validation", "category"))(
    "%s",
    (_, { input, expected }) => {
      expect(selectCategory(input.available, input.chosen)).toEqual(expected);
    },
  );
});

describe("validation details", () => {
  it("agrees with the e-mail pattern the vectors quote", () => {
    const about = vectors<{ about: string }>("qna-validation").about;
    const quoted = /must match the JS regex \/(\^.*?\$)\//.exec(about)?.[1];
    expect(quoted).toBeDefined();
    const pattern = new RegExp(quoted ?? "");
    for (const [, { input }] of table<string, Outcome>("qna-validation", "guestEmail")) {
      const email = trim(input);
      const byPattern = email !== "" && Array.from(email).length <= 254 && pattern.test(email);
      expect("ok" in validateGuestEmail(input), input).toBe(byPattern);
    }
  });

  it("preselects the only category", () => {
    expect(preselectedCategory([{ id: 4, name: "Category 4" }])).toBe(4);
    expect(preselectedCategory([])).toBeNull();
  });
});
