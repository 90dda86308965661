/**
 * Which tables of the shared vectors the browser rules run, and which are left to the Rust
 * crates on purpose. A table added to a vectors file fails here until it is placed in one
 * of the two lists.
 */
import { readFileSync, readdirSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { tableNames } from "./vectorTables";

const covered: Record<string, string[]> = {
  ratings: [
    "starPieces",
    "halfRounding",
    "oneDecimalText",
    "barWidth",
    "ratingParse",
    "ratingClamped",
    "displayDecision",
    "popupWords",
    "starCountParse",
    "approvalOdds",
    "voteMemory",
    "voteMachine",
  ],
  formatting: [
    "moneyformat",
    "minToOpen",
    "percent",
    "phoneformat",
    "formatnr",
    "placeholderDate",
    "fillDatePlaceholders",
    "wordLimit",
    "editorNoteCharLimit",
    "startsCollapsed",
    "truncateWords",
    "truncateChars",
    "missingLabel",
    "orMissing",
  ],
  "offer-model": ["rateInfo", "blendedApy", "tierFor"],
  "visitor-state": [
    "signOnDecode",
    "adPixelQuery",
    "adViewTrigger",
    "savedProducts",
    "balance",
    "groupValue",
    "freshness",
    "clearUserInfo",
    "userInfoHelpers",
    "cookieDomain",
    "cookieExpiry",
  ],
  "offer-rules": [
    "affiliateVisibility",
    "applyLink",
    "detailsPath",
    "sameSitePath",
    "sameSitePathOfPage",
    "lightSignupLink",
    "percentEncode",
    "percentDecode",
    "largeBankAsterisk",
    "scoreBand",
    "approvalOddsBreakpoint",
    "minCreditClass",
    "minimumScore",
    "needLabel",
    "approvalOddsText",
  ],
  "qna-validation": [
    "whiteSpace",
    "charCount",
    "wordCount",
    "question",
    "questionRemaining",
    "category",
    "guestEmail",
    "guestEmailOptional",
    "oneTimeCode",
    "reply",
    "review",
    "search",
    "usPhone",
    "feedbackReason",
    "textMessageOutcome",
    "helpfulVoteMemory",
    "hashtagMatch",
    "expertFragment",
    "expertFromFragment",
    "expertsNextPage",
    "expertsOnPage",
    "expertScrollTarget",
  ],
};

/** Tables the browser does not need from rules/ (yet): the server's side of a call, or widgets not built here. */
const leftToRust: Record<string, string[]> = {
  ratings: [],
  formatting: [],
  "offer-model": [],
  "visitor-state": ["adPixelParse"],
  "offer-rules": [],
  "qna-validation": [
    "permissions",
    "profanityMessage",
    "slug",
    "fullSlug",
    "parseFullSlug",
    "reportAbuseLink",
    "joinLightLink",
    "sortKey",
    "page",
    "transliteration",
  ],
};

const testSources = readdirSync(__dirname)
  .filter((name) => name.endsWith(".test.ts") && name !== "coverage.test.ts")
  .map((name) => readFileSync(`${__dirname}/${name}`, "utf8"));

describe.each(Object.keys(covered))("fixtures/vectors/%s.json", (file) => {
  it("has every table either run by rules/ or left to Rust", () => {
    const placed = [...(covered[file] ?? []), ...(leftToRust[file] ?? [])].sort();
    expect(placed).toEqual(tableNames(file).sort());
  });

  it.each(covered[file] ?? [])("%s is run by a rules test", (rule) => {
    expect(testSources.some((source) => source.includes(`"${file}"`) && source.includes(`"${rule}"`))).toBe(true);
  });
});
