import { describe, expect, it } from "vitest";

import { rememberedVote, type HelpfulVoteValue } from "./helpful";
import { table } from "./vectorTables";

type Case = { votedOn: string; vote: HelpfulVoteValue; votedAtMs: number; address: string; nowMs: number };

describe("qna-validation.json helpfulVoteMemory", () => {
  it.each(table<Case, HelpfulVoteValue | null>("qna-validation", "helpfulVoteMemory"))("%s", (_, { input, expected }) => {
    expect(rememberedVote(input, input.address, input.nowMs)).toBe(expected);
  });
});
