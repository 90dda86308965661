/**
 * The rating widget's vote state machine as a pure reducer, and the 7-day local memory of
 * a vote (site-core §4 "Rating widget", §5, §6, §7 "Rating", §8 "Rating outcomes", §9).
 *
 * Mirrors `ratings::vote` (`VoteState::initial`, `next`) and `ratings::memory::is_remembered`
 * (crates/ratings/src/vote.rs, memory.rs). Checked by `ratings.json` tables `voteMachine`
 * and `voteMemory`.
 *
 * `nextVote(state, event, context)` returns the new state and the effects the page must
 * carry out, in order (send the vote, show popups, navigate, clear the tracking cookie…);
 * it never performs them. Transitions (`d` = delegated session; anything not listed
 * leaves the state unchanged with no effects):
 *
 * | state | event | new state | effects |
 * |---|---|---|---|
 * | any but voting | choose (d) | notVoted, or voted with the stored vote | showPermissionAlert |
 * | notVoted | choose s | voting s | sendVote s |
 * | voted p | choose p | voted p | none (not re-sent) |
 * | voted p | choose s ≠ p | confirmingChange p → s | showChangePrompt |
 * | confirmingChange p → c | choose p | voted p | none |
 * | confirmingChange p → c | choose s ≠ p | confirmingChange p → s | showChangePrompt |
 * | confirmingChange p → c | confirmChange | voting c (previous p) | sendVote c |
 * | confirmingChange p → c | confirmChange (d) | voted p | showPermissionAlert |
 * | confirmingChange p → c | keepExisting | voted p | none |
 * | voting | choose, confirmChange, keepExisting | unchanged | none |
 * | voting c | answered ok | voted c | rememberVote, updateSummary (when the response has a rating or count), showThankYou |
 * | voting | answered with `error` | the state before voting | clearTrackingCookie, then openLightSignUp / raiseNativeSessionEvent if `guest`, else navigate when the message is "logged out" and `redirect_url` is same-site |
 * | voting | answered, no `error`, `guest` | the state before voting | openLightSignUp / raiseNativeSessionEvent |
 * | voting | failed | the state before voting | clearTrackingCookie |
 *
 * The `answered` event carries the response as it came over the wire (the generated
 * `RateResponse` fits); it is read as the Rust `VoteResponse` is deserialised, and a
 * response that would not deserialise (a wrong field type, a rating outside 0 to 5) is
 * handled as a rejected call, `failed`.
 */

import { isLive } from "./lifetime";
import { type Decimal, parseDecimal } from "./decimal";
import { type Rating, type StarCount, ratingFromDecimal, starCount } from "./stars";
import { eqIgnoreAsciiCase, trim } from "./text";

/** "local vote memory 7 days (604800000 ms)" (`VOTE_MEMORY_MS`). */
export const VOTE_MEMORY_MS = 604_800_000;
/** "thank-you popup 8000 ms" (`THANK_YOU_POPUP_MS`). */
export const THANK_YOU_POPUP_MS = 8_000;
/** Offered before a changed vote, followed by the new choice (`CHANGE_RATING_PROMPT`). */
export const CHANGE_RATING_PROMPT = "Change my rating to:";
/** Offered before a changed vote, to keep the stored one (`KEEP_EXISTING_RATING_LABEL`). */
export const KEEP_EXISTING_RATING_LABEL = "Keep my existing rating";
/** Hover-popup call to action (`CLICK_TO_SUBMIT_MESSAGE`). */
export const CLICK_TO_SUBMIT_MESSAGE = "Click to submit your rating";
/** Thank-you popup text (`THANK_YOU_MESSAGE`). */
export const THANK_YOU_MESSAGE = "Thanks for your rating!";
/** Alert for a delegated session (`PERMISSION_DENIED_MESSAGE`). */
export const PERMISSION_DENIED_MESSAGE = "Oops. You don't have permission to make edits on this account.";
/** The server message that, with `error` and a same-site `redirect_url`, navigates (`LOGGED_OUT_MESSAGE`). */
export const LOGGED_OUT_MESSAGE = "logged out";

/** A vote kept in local storage with the time it was cast (`RememberedVote`). */
export interface RememberedVote {
  readonly stars: StarCount;
  readonly votedAtMs: number;
}

/**
 * Whether a vote stored at `votedAtMs` is still remembered at `nowMs` (`memory::is_remembered`):
 * `now − votedAt < 604800000`; exactly 7 days old is forgotten, a vote stamped in the future is remembered.
 */
export function isVoteRemembered(votedAtMs: number, nowMs: number): boolean {
  return isLive(votedAtMs, nowMs, VOTE_MEMORY_MS);
}

/** What the page knows about the session when the visitor votes (`VoteContext`). */
export interface VoteContext {
  /** Someone acts on another account through an admin-style login: votes are not sent. */
  readonly delegatedSession: boolean;
  /** The page runs inside the native app: guests raise the native session event. */
  readonly nativeApp: boolean;
}

/** Where the rating widget is (`VoteState`). */
export type VoteState =
  | { readonly type: "notVoted" }
  | { readonly type: "confirmingChange"; readonly previous: StarCount; readonly chosen: StarCount }
  | { readonly type: "voting"; readonly chosen: StarCount; readonly previous: StarCount | null }
  | { readonly type: "voted"; readonly stars: StarCount };

/** The rating call's response as it arrives (the generated `RateResponse` fits); read like the Rust `VoteResponse`. */
export interface VoteResponseWire {
  readonly error?: unknown;
  readonly guest?: unknown;
  readonly message?: unknown;
  readonly redirect_url?: unknown;
  readonly uid?: unknown;
  readonly reviews?: unknown;
  readonly total?: unknown;
  readonly rating?: unknown;
}

/** A readable rating response (`VoteResponse`), with its missing fields defaulted. */
export interface VoteResponse {
  readonly error: boolean;
  readonly guest: boolean;
  readonly message: string | null;
  readonly redirectUrl: string | null;
  readonly uid: string | null;
  readonly reviews: number | null;
  readonly total: number | null;
  readonly rating: Rating | null;
}

/** Something that happens to the rating widget (`VoteEvent`). */
export type VoteEvent =
  | { readonly type: "choose"; readonly stars: StarCount }
  | { readonly type: "confirmChange" }
  | { readonly type: "keepExisting" }
  | {
      readonly type: "answered";
      readonly response: VoteResponseWire;
      /** Whether `redirect_url` points to this site (decide with `rules/links` `isSameSitePath`). */
      readonly redirectIsSameSite?: boolean;
    }
  | { readonly type: "failed" };

/** Something the page must do (`VoteEffect`), in the order given. */
export type VoteEffect =
  | { readonly type: "sendVote"; readonly stars: StarCount }
  | { readonly type: "showChangePrompt"; readonly previous: StarCount; readonly chosen: StarCount }
  | { readonly type: "rememberVote"; readonly stars: StarCount }
  | { readonly type: "updateSummary"; readonly rating: Rating | null; readonly votes: number | null }
  | { readonly type: "showThankYou"; readonly durationMs: number }
  | { readonly type: "openLightSignUp" }
  | { readonly type: "raiseNativeSessionEvent" }
  | { readonly type: "navigate"; readonly url: string }
  | { readonly type: "clearTrackingCookie" }
  | { readonly type: "showPermissionAlert" };

/** The new state and the effects, in order (`Transition`). */
export interface VoteTransition {
  readonly state: VoteState;
  readonly effects: readonly VoteEffect[];
}

/** The starting state (`VoteState::initial`): voted when a vote is remembered at `nowMs`, else notVoted. */
export function initialVoteState(remembered: RememberedVote | null, nowMs: number): VoteState {
  if (remembered !== null && isVoteRemembered(remembered.votedAtMs, nowMs)) {
    return { type: "voted", stars: remembered.stars };
  }
  return { type: "notVoted" };
}

/** The stars the visitor chose last: being confirmed or sent, or the vote kept; `null`
 * before any choice. What "Write full review" carries as `r` (site-core §2). A page
 * concern, with no counterpart in `ratings::vote`. */
export function chosenStars(state: VoteState): StarCount | null {
  switch (state.type) {
    case "notVoted":
      return null;
    case "confirmingChange":
    case "voting":
      return state.chosen;
    case "voted":
      return state.stars;
  }
}

/** The stored vote a new choice is compared with (`VoteState::stored_vote`). */
export function storedVote(state: VoteState): StarCount | null {
  switch (state.type) {
    case "notVoted":
      return null;
    case "confirmingChange":
      return state.previous;
    case "voting":
      return state.previous;
    case "voted":
      return state.stars;
  }
}

/** The state to go back to when a vote does not go through. */
function settled(state: VoteState): VoteState {
  const stars = storedVote(state);
  return stars === null ? { type: "notVoted" } : { type: "voted", stars };
}

const U64_MAX = 18446744073709551615n;

function optionalText(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  return typeof value === "string" ? value : undefined;
}

function optionalCount(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && BigInt(value) <= U64_MAX) return value;
  return undefined;
}

function optionalFlag(value: unknown): boolean | undefined {
  if (value === undefined) return false;
  return typeof value === "boolean" ? value : undefined;
}

/**
 * A wire rating as `rust_decimal` reads it (a decimal string, scientific text, or a
 * number), then range-checked. A number goes through `String`, whose shortest round-trip
 * digits (`4.25`, `1e-7`) `parseDecimal` reads as the same value.
 */
function optionalRating(value: unknown): Rating | null | undefined {
  if (value === undefined || value === null) return null;
  let decimal: Decimal | null = null;
  if (typeof value === "string") decimal = parseDecimal(value);
  else if (typeof value === "number" && Number.isFinite(value)) decimal = parseDecimal(String(value));
  if (decimal === null) return undefined;
  return ratingFromDecimal(decimal) ?? undefined;
}

/**
 * Reads a rating response as the Rust `VoteResponse` deserialises (missing fields take
 * their defaults, unknown fields are ignored); `null` when it would not deserialise.
 */
export function readVoteResponse(wire: VoteResponseWire): VoteResponse | null {
  if (typeof wire !== "object" || wire === null || Array.isArray(wire)) return null;
  const error = optionalFlag(wire.error);
  const guest = optionalFlag(wire.guest);
  const message = optionalText(wire.message);
  const redirectUrl = optionalText(wire.redirect_url);
  const uid = optionalText(wire.uid);
  const reviews = optionalCount(wire.reviews);
  const total = optionalCount(wire.total);
  const rating = optionalRating(wire.rating);
  if (
    error === undefined ||
    guest === undefined ||
    message === undefined ||
    redirectUrl === undefined ||
    uid === undefined ||
    reviews === undefined ||
    total === undefined ||
    rating === undefined
  ) {
    return null;
  }
  return { error, guest, message, redirectUrl, uid, reviews, total, rating };
}

/** The vote count after the vote: `reviews`, else `total` (`VoteResponse::votes`). */
export function responseVotes(response: VoteResponse): number | null {
  return response.reviews ?? response.total;
}

/** Whether the message is "logged out", trimmed, ASCII case ignored (`VoteResponse::is_logged_out`). */
export function isLoggedOut(response: VoteResponse): boolean {
  return response.message !== null && eqIgnoreAsciiCase(trim(response.message), LOGGED_OUT_MESSAGE);
}

/** The trimmed redirect address, when present and not empty (`VoteResponse::redirect`). */
export function responseRedirect(response: VoteResponse): string | null {
  const url = response.redirectUrl === null ? "" : trim(response.redirectUrl);
  return url === "" ? null : url;
}

function to(state: VoteState, effects: VoteEffect[] = []): VoteTransition {
  return { state, effects };
}

/** The §8 rating outcomes for a response to the vote in progress. */
function answered(
  voting: VoteState,
  chosen: StarCount,
  response: VoteResponse,
  redirectIsSameSite: boolean,
  context: VoteContext,
): VoteTransition {
  const guestEffect: VoteEffect = context.nativeApp ? { type: "raiseNativeSessionEvent" } : { type: "openLightSignUp" };
  if (response.error) {
    const effects: VoteEffect[] = [{ type: "clearTrackingCookie" }];
    const url = responseRedirect(response);
    if (response.guest) effects.push(guestEffect);
    else if (url !== null && isLoggedOut(response) && redirectIsSameSite) effects.push({ type: "navigate", url });
    return to(settled(voting), effects);
  }
  if (response.guest) return to(settled(voting), [guestEffect]);
  const effects: VoteEffect[] = [{ type: "rememberVote", stars: chosen }];
  const votes = responseVotes(response);
  if (response.rating !== null || votes !== null) {
    effects.push({ type: "updateSummary", rating: response.rating, votes });
  }
  effects.push({ type: "showThankYou", durationMs: THANK_YOU_POPUP_MS });
  return to({ type: "voted", stars: chosen }, effects);
}

/** Applies one event to the widget (`vote::next`): a pure reducer. */
export function nextVote(state: VoteState, event: VoteEvent, context: VoteContext): VoteTransition {
  if (state.type === "voting") {
    switch (event.type) {
      case "choose":
      case "confirmChange":
      case "keepExisting":
        return to(state);
      case "answered": {
        const response = readVoteResponse(event.response);
        if (response === null) return to(settled(state), [{ type: "clearTrackingCookie" }]);
        return answered(state, state.chosen, response, event.redirectIsSameSite ?? false, context);
      }
      case "failed":
        return to(settled(state), [{ type: "clearTrackingCookie" }]);
    }
  }
  if (event.type === "choose" && context.delegatedSession) {
    return to(settled(state), [{ type: "showPermissionAlert" }]);
  }
  switch (state.type) {
    case "notVoted":
      if (event.type === "choose") {
        return to({ type: "voting", chosen: event.stars, previous: null }, [{ type: "sendVote", stars: event.stars }]);
      }
      return to(state);
    case "voted":
    case "confirmingChange": {
      const previous = state.type === "voted" ? state.stars : state.previous;
      if (event.type === "choose") {
        if (event.stars === previous) return to({ type: "voted", stars: previous });
        return to({ type: "confirmingChange", previous, chosen: event.stars }, [
          { type: "showChangePrompt", previous, chosen: event.stars },
        ]);
      }
      if (state.type === "confirmingChange") {
        if (event.type === "confirmChange") {
          if (context.delegatedSession) return to({ type: "voted", stars: previous }, [{ type: "showPermissionAlert" }]);
          return to({ type: "voting", chosen: state.chosen, previous }, [{ type: "sendVote", stars: state.chosen }]);
        }
        if (event.type === "keepExisting") return to({ type: "voted", stars: previous });
      }
      return to(state);
    }
  }
}

/** A stored vote read back from local storage (any JSON), or `null` when it is not one. */
export function readRememberedVote(value: unknown): RememberedVote | null {
  if (typeof value !== "object" || value === null) return null;
  const { stars, votedAtMs } = value as { stars?: unknown; votedAtMs?: unknown };
  const count = typeof stars === "number" ? starCount(stars) : null;
  if (count === null || typeof votedAtMs !== "number" || !Number.isSafeInteger(votedAtMs)) return null;
  return { stars: count, votedAtMs };
}
