import { describe, expect, it } from "vitest";

import {
  expertFragment,
  expertFromFragment,
  expertScrollTarget,
  expertsOnPage,
  hashtagMatches,
  nextExpertsPage,
} from "./experts";
import { table } from "./vectorTables";

type Paging = { current?: number; page?: number; total: number; perPage: number };

describe("qna-validation.json hashtagMatch", () => {
  it.each(table<{ hashtag: string; requested: string }, boolean>("qna-validation", "hashtagMatch"))("%s", (_, { input, expected }) => {
    expect(hashtagMatches(input.hashtag, input.requested)).toBe(expected);
  });
});

describe("qna-validation.json expertFragment", () => {
  it.each(table<string, string>("qna-validation", "expertFragment"))("%s", (_, { input, expected }) => {
    expect(expertFragment(input)).toBe(expected);
  });
});

describe("qna-validation.json expertFromFragment", () => {
  it.each(table<string, string | null>("qna-validation", "expertFromFragment"))("%s", (_, { input, expected }) => {
    expect(expertFromFragment(input)).toBe(expected);
  });
});

describe("qna-validation.json expertsNextPage", () => {
  it.each(table<Paging, number>("qna-validation", "expertsNextPage"))("%s", (_, { input, expected }) => {
    expect(nextExpertsPage(input.current ?? 0, input.total, input.perPage)).toBe(expected);
  });
});

describe("qna-validation.json expertsOnPage", () => {
  it.each(table<Paging, { start: number; end: number }>("qna-validation", "expertsOnPage"))("%s", (_, { input, expected }) => {
    expect(expertsOnPage(input.page ?? 0, input.total, input.perPage)).toEqual(expected);
  });
});

describe("qna-validation.json expertScrollTarget", () => {
  it.each(table<number, number>("qna-validation", "expertScrollTarget"))("%s", (_, { input, expected }) => {
    expect(expertScrollTarget(input)).toBe(expected);
  });
});
