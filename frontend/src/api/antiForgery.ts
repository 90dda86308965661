/**
 * The two anti-forgery steps that come before a protected request (site-core §7): a window id
 * from /sid.php, kept for the page's life, and a token, read from the XSRF-TOKEN cookie when
 * the page can see it and fetched otherwise.
 */
import { classify, type CatalogueContext, type Phase, type Situation } from "./catalogue";
import type { Outcome } from "./outcome";
import { bodyField } from "./outcome";
import { send } from "./send";
import { apiSettings, siteUrl } from "./settings";

export const RPC_ENDPOINT = "/home/rpc";
export const TOKEN_COOKIE = "XSRF-TOKEN";

export type StepResult =
  | { ok: true; value: string }
  | { ok: false; phase: Phase; situation: Situation; outcome: Outcome };

export interface StepContext extends Omit<CatalogueContext, "phase" | "expectJson" | "xsrf"> {
  timeoutMs: number;
  signal?: AbortSignal;
}

let windowId: string | null = null;
let siteColor: string | null = null;
/** Only for pages that cannot read the cookie (it is the source of truth otherwise). */
let fetchedToken: string | null = null;

export function windowSession(): { windowId: string | null; siteColor: string | null } {
  return { windowId, siteColor };
}

/** The server rotates the token on sign-in and sign-out; the next write must not reuse ours. */
export function forgetToken(): void {
  fetchedToken = null;
}

/** Forgets the window id too, as a page reload would. */
export function resetAntiForgery(): void {
  windowId = null;
  siteColor = null;
  fetchedToken = null;
}

const buster = (): string => String(Date.now());

async function step(phase: Phase, url: string, headers: Record<string, string>, context: StepContext) {
  const outcome = await send({ method: "GET", url, headers }, context.timeoutMs, context.signal);
  const situation = await classify(outcome, { ...context, phase, xsrf: false, expectJson: phase === "window-id" });
  return { outcome, situation };
}

export async function ensureWindowId(context: StepContext): Promise<StepResult> {
  if (windowId) return { ok: true, value: windowId };
  // `a` is only there because the spec's clients send it; the server ignores it.
  const query = `a=${Math.random().toString(36).slice(2, 10)}&buster=${buster()}`;
  const { outcome, situation } = await step("window-id", siteUrl(`/sid.php?${query}`), { Accept: "application/json" }, context);
  if (situation) return { ok: false, phase: "window-id", situation, outcome };
  // Two first requests may race; the first window id to arrive is the one kept.
  windowId ??= bodyField(outcome, "__whid") as string;
  const color = bodyField(outcome, "site_color");
  if (typeof color === "string") siteColor = color;
  return { ok: true, value: windowId };
}

/** `fresh` skips the cookie and the kept token, after the server refused them. */
export async function ensureToken(whid: string, fresh: boolean, context: StepContext): Promise<StepResult> {
  if (!fresh) {
    const known = apiSettings().readCookie(TOKEN_COOKIE) || fetchedToken;
    if (known) return { ok: true, value: known };
  }
  const url = siteUrl(`${RPC_ENDPOINT}?action=get-csrf-token&buster=${buster()}`);
  const headers = { "X-XSRF-WHID": whid, "Content-Type": "text/plain", Accept: "text/plain" };
  const { outcome, situation } = await step("token", url, headers, context);
  if (situation) return { ok: false, phase: "token", situation, outcome };
  fetchedToken = outcome.body.trim();
  return { ok: true, value: fetchedToken };
}
