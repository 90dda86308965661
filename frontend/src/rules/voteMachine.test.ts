import { describe, expect, it } from "vitest";

import { dec, decimalToString, normalize } from "./decimal";
import { type Rating, type StarCount, starCount } from "./stars";
import { table } from "./vectorTables";
import {
  type RememberedVote,
  type VoteContext,
  type VoteEffect,
  type VoteEvent,
  type VoteResponseWire,
  type VoteState,
  type VoteTransition,
  initialVoteState,
  isVoteRemembered,
  nextVote,
  readVoteResponse,
} from "./voteMachine";

describe("ratings.json voteMemory", () => {
  it.each(table<{ votedAtMs: number; nowMs: number }, boolean>("ratings", "voteMemory"))(
    "%s",
    (_, { input, expected }) => {
      expect(isVoteRemembered(input.votedAtMs, input.nowMs)).toBe(expected);
    },
  );
});

interface JsonEvent {
  type: string;
  stars?: number;
  response?: VoteResponseWire;
  redirectIsSameSite?: boolean;
}

interface MachineInput {
  name: string;
  context: VoteContext;
  remembered: { stars: number; votedAtMs: number } | null;
  nowMs: number;
  events: JsonEvent[];
}

function stars(value: number | undefined): StarCount {
  const count = starCount(value ?? 0);
  if (count === null) throw new Error(`${String(value)} is not a star count`);
  return count;
}

/** The vectors' events, typed; a malformed event fails the test. */
function event(json: JsonEvent): VoteEvent {
  switch (json.type) {
    case "choose":
      return { type: "choose", stars: stars(json.stars) };
    case "confirmChange":
      return { type: "confirmChange" };
    case "keepExisting":
      return { type: "keepExisting" };
    case "failed":
      return { type: "failed" };
    case "answered":
      return { type: "answered", response: json.response ?? {}, redirectIsSameSite: json.redirectIsSameSite ?? false };
    default:
      throw new Error(`unknown event ${json.type}`);
  }
}

/** Effects with ratings as exact decimal text, the way the vectors write them. */
function wire(effect: VoteEffect | Record<string, unknown>): Record<string, unknown> {
  if (effect.type === "updateSummary" && "rating" in effect) {
    const rating = effect.rating;
    const text =
      rating === null || rating === undefined
        ? null
        : typeof rating === "string"
          ? decimalToString(normalize(dec(rating)))
          : decimalToString(rating as Rating);
    return { ...effect, rating: text };
  }
  return { ...effect };
}

/** Applies events in order, collecting every effect (`vote::run`). */
function run(state: VoteState, events: readonly VoteEvent[], context: VoteContext): VoteTransition {
  let current = state;
  const effects: VoteEffect[] = [];
  for (const next of events) {
    const step = nextVote(current, next, context);
    current = step.state;
    effects.push(...step.effects);
  }
  return { state: current, effects };
}

describe("ratings.json voteMachine", () => {
  it.each(
    table<MachineInput, { state: Record<string, unknown>; effects: Array<Record<string, unknown>> }>(
      "ratings",
      "voteMachine",
    ),
  )("%s", (_, { input, expected }) => {
    const remembered: RememberedVote | null =
      input.remembered === null ? null : { stars: stars(input.remembered.stars), votedAtMs: input.remembered.votedAtMs };
    const outcome = run(initialVoteState(remembered, input.nowMs), input.events.map(event), input.context);
    expect(outcome.state, input.name).toEqual(expected.state);
    expect(outcome.effects.map(wire), input.name).toEqual(expected.effects.map(wire));
  });
});

describe("vote machine details", () => {
  const context: VoteContext = { delegatedSession: false, nativeApp: false };

  it("reads responses as serde does and treats unreadable ones as rejected", () => {
    expect(readVoteResponse({})).toEqual({
      error: false,
      guest: false,
      message: null,
      redirectUrl: null,
      uid: null,
      reviews: null,
      total: null,
      rating: null,
    });
    expect(readVoteResponse({ rating: 4.25, total: 3 })?.rating).toEqual(dec("4.25"));
    // A number rating is read from its shortest digits, whatever notation JavaScript writes them in.
    expect(readVoteResponse({ rating: 4 })?.rating).toEqual(dec("4"));
    expect(readVoteResponse({ rating: 1e-7 })?.rating).toEqual(dec("0.0000001"));
    expect(readVoteResponse({ rating: 5e-324 })?.rating).toEqual(dec("0"));
    expect(readVoteResponse({ rating: 1e21 })).toBeNull();
    expect(readVoteResponse({ rating: "7" })).toBeNull();
    expect(readVoteResponse({ error: null })).toBeNull();
    expect(readVoteResponse({ reviews: -1 })).toBeNull();
    const voting = nextVote({ type: "notVoted" }, { type: "choose", stars: 3 }, context).state;
    expect(nextVote(voting, { type: "answered", response: { rating: "9" } }, context)).toEqual({
      state: { type: "notVoted" },
      effects: [{ type: "clearTrackingCookie" }],
    });
  });

  it("takes the count from total when reviews is absent", () => {
    const voting = nextVote({ type: "notVoted" }, { type: "choose", stars: 2 }, context).state;
    const done = nextVote(voting, { type: "answered", response: { total: 7 } }, context);
    expect(done.effects).toContainEqual({ type: "updateSummary", rating: null, votes: 7 });
  });
});
