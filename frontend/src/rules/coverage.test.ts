/**
 * Which tables of the shared vectors the browser rules run, and which are left to the Rust
 * crates on purpose. A table added to a vectors file fails here until it is placed in one
 * of the two lists.
 *
 * A table is `covered` only when the browser computes it: each names the rule function its
 * test runs, as `module.function`. That module's test must run the table and import the
 * function from it, and the app must use the function: a module of the app (not a test,
 * nor test support) imports it from the rule module, or the rule module, which the app
 * imports, calls it itself. A rule reached only by tests leaves its table to Rust.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

import { describe, expect, it } from "vitest";

import { tableNames } from "./vectorTables";

const covered: Record<string, Record<string, string>> = {
  ratings: {
    starPieces: "stars.starPieces",
    halfRounding: "stars.roundedToHalf",
    oneDecimalText: "stars.oneDecimal",
    barWidth: "stars.barWidthPercent",
    ratingParse: "stars.parseRating",
    ratingClamped: "stars.clampRating",
    displayDecision: "ratingVisibility.displayDecision",
    popupWords: "stars.popupWord",
    approvalOdds: "approvalOdds.approvalOddsClass",
    voteMemory: "voteMachine.isVoteRemembered",
    voteMachine: "voteMachine.nextVote",
  },
  formatting: {
    moneyformat: "money.formatMoney",
    percent: "money.formatPercent",
    phoneformat: "phone.formatPhone",
    formatnr: "money.formatNr",
    placeholderDate: "datePlaceholders.placeholderDate",
    fillDatePlaceholders: "datePlaceholders.fillDatePlaceholders",
    wordLimit: "truncation.wordLimit",
    editorNoteCharLimit: "truncation.editorNoteCharLimit",
    startsCollapsed: "truncation.startsCollapsed",
    truncateWords: "truncation.truncateWords",
    truncateChars: "truncation.truncateChars",
  },
  "offer-model": {
    rateInfo: "rateTable.parseRateInfo",
    blendedApy: "rateTable.blendedApyRounded",
  },
  "visitor-state": {
    signOnDecode: "signOn.decodeSignOn",
    adPixelQuery: "adPixel.adPixelQuery",
    balance: "savedProducts.parseBalance",
    freshness: "userInfo.isFresh",
    clearUserInfo: "userInfo.clearUserInfo",
    cookieExpiry: "cookies.cookieExpiry",
  },
  "offer-rules": {
    sameSitePath: "links.parseSameSitePath",
    sameSitePathOfPage: "links.sameSitePathOfPage",
    lightSignupLink: "links.lightSignupLink",
    percentEncode: "links.percentEncodeComponent",
    percentDecode: "links.percentDecodeComponent",
    scoreBand: "credit.creditBand",
    minCreditClass: "credit.minCreditClass",
    minimumScore: "credit.minimumScore",
    approvalOddsText: "credit.approvalOddsText",
  },
  "qna-validation": {
    whiteSpace: "text.isWhiteSpaceCode",
    charCount: "text.charCount",
    wordCount: "text.wordCount",
    question: "validation.validateQuestion",
    questionRemaining: "validation.questionRemaining",
    category: "validation.selectCategory",
    guestEmail: "validation.validateGuestEmail",
    oneTimeCode: "validation.validateOneTimeCode",
    reply: "validation.validateReply",
    review: "validation.validateReview",
    search: "validation.searchQuery",
    usPhone: "validation.validateUsPhone",
    feedbackReason: "validation.validateFeedbackReason",
    textMessageOutcome: "textMessage.textMessageOutcome",
    helpfulVoteMemory: "helpful.rememberedVote",
    hashtagMatch: "experts.hashtagMatches",
    expertFragment: "experts.expertFragment",
    expertFromFragment: "experts.expertFromFragment",
    expertsNextPage: "experts.nextExpertsPage",
    expertsOnPage: "experts.expertsOnPage",
    expertScrollTarget: "experts.expertScrollTarget",
    permissions: "permissions.can",
  },
};

/**
 * Tables the browser does not compute: the server's side of a call, widgets not built
 * here, and rules the pages leave to the server (the offer links, needs, missing-value
 * labels, the minimum to open).
 */
const leftToRust: Record<string, string[]> = {
  ratings: ["starCountParse"],
  formatting: ["minToOpen", "missingLabel", "orMissing"],
  "offer-model": ["tierFor"],
  "visitor-state": ["adPixelParse", "adViewTrigger", "savedProducts", "groupValue", "userInfoHelpers", "cookieDomain"],
  "offer-rules": ["affiliateVisibility", "applyLink", "detailsPath", "largeBankAsterisk", "approvalOddsBreakpoint", "needLabel"],
  "qna-validation": [
    "guestEmailOptional",
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

const SRC = resolve(__dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The app's modules, by path: every source under src/ but the tests and test support (src/test, testing helpers, rules/vectorTables). */
const appModules = new Map(
  sourceFiles(SRC)
    .filter((path) => {
      const name = relative(SRC, path);
      return !/\.test\.tsx?$/.test(name) && !/(^|\/)(test|testing)(\/|\.ts$)/.test(name) && name !== "rules/vectorTables.ts";
    })
    .map((path) => [path, readFileSync(path, "utf8")]),
);

/** The values `source` (at `from`) imports from the module at `target`, type-only imports left out. */
function valuesImported(source: string, from: string, target: string): string[] {
  return [...source.matchAll(/import\s*(type\s+)?\{([^}]*)\}\s*from\s*"([^"]+)"/g)]
    .filter((match) => match[1] === undefined && resolve(dirname(from), match[3] ?? "") === target)
    .flatMap((match) => (match[2] ?? "").split(","))
    .map((name) => name.trim().split(/\s+as\s+/)[0] ?? "")
    .filter((name) => name !== "" && !name.startsWith("type "));
}

/** Whether the app uses `fn` of rules/{module}: an app module imports it, or the module (which the app imports) calls it. */
function usedByApp(module: string, fn: string): boolean {
  const target = join(SRC, "rules", module);
  const imported = [...appModules].map(([path, source]) => valuesImported(source, path, target));
  if (imported.some((names) => names.includes(fn))) return true;
  const code = (appModules.get(`${target}.ts`) ?? "").replace(/\/\*[\s\S]*?\*\/|(^|\s)\/\/.*$/gm, "");
  const mentions = code.match(new RegExp(`\\b${fn}\\b`, "g"))?.length ?? 0;
  return imported.some((names) => names.length > 0) && mentions > 1;
}

describe.each(Object.keys(covered))("fixtures/vectors/%s.json", (file) => {
  it("has every table either run by rules/ or left to Rust", () => {
    const placed = [...Object.keys(covered[file] ?? {}), ...(leftToRust[file] ?? [])].sort();
    expect(placed).toEqual(tableNames(file).sort());
  });

  it.each(Object.entries(covered[file] ?? {}))("%s is run by %s, which the app uses", (table, rule) => {
    const [module = "", fn = ""] = rule.split(".");
    const test = readFileSync(join(__dirname, `${module}.test.ts`), "utf8");
    expect(test.includes(`"${file}"`) && test.includes(`"${table}"`), `${module}.test.ts runs ${table}`).toBe(true);
    expect(valuesImported(test, join(__dirname, `${module}.test.ts`), join(__dirname, module)), `${module}.test.ts imports ${fn}`).toContain(fn);
    expect(usedByApp(module, fn), `an app module uses ${rule}`).toBe(true);
  });
});
