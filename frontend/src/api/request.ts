/**
 * The request layer of site-core §7: every call the site makes goes through `request`, which
 * adds the anti-forgery steps, retries and the error catalogue (catalogue.ts).
 */
import { ensureToken, ensureWindowId, RPC_ENDPOINT, type StepContext, type StepResult } from "./antiForgery";
import "./captchaBlock";
import { CATALOGUE, classify, showsToast, type CatalogueContext, type Phase, type Situation } from "./catalogue";
import { checkConnectivity } from "./connectivity";
import { encodeJson, encodeParams, withQuery, type Params } from "./encode";
import { RequestError } from "./errors";

export { isRequestError, RequestError, type RequestErrorType } from "./errors";
import { DEFAULT_TOAST, emitApiEvent, type ToastEvent } from "./events";
import { bodyField, type Outcome } from "./outcome";
import { send, type Wire } from "./send";
import { DEFAULT_TIMEOUT_MS, siteUrl } from "./settings";

export { RPC_ENDPOINT };
export const AJAX_ENDPOINT = "/ajax.php";
export const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded";
export const JSON_CONTENT_TYPE = "application/json";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface RequestOptions {
  /** Default POST. */
  method?: Method;
  /** Site-relative path or absolute address; default the dispatch endpoint, /home/rpc. */
  url?: string;
  /** A Content-Type here chooses the body encoding: JSON (default) or form pairs. */
  headers?: Record<string, string>;
  /** Query string for GET; the body for POST, PUT and DELETE. */
  data?: Params;
  /** No failure toast, and the quiet variants of some results (see the catalogue). */
  silent?: boolean;
  /** Emit bus events (maintenance, banned, …); default true. */
  events?: boolean;
  /** Extra re-sends for failures the catalogue leaves to the caller; default 0. */
  retry?: number;
  /** Run the anti-forgery steps and send their headers. */
  xsrf?: boolean;
  /** Resolve with `{ data, headers }` instead of the data alone. */
  readHeaders?: boolean;
  /** How to read a successful body; default json. */
  responseType?: "json" | "text";
  /** Default 30000 ms. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Overrides the default failure toast, e.g. a shorter duration. */
  toast?: Partial<ToastEvent>;
  /**
   * The caller shows a 4xx answer's own `message` (a validation or limit refusal) by its
   * field, so that answer gets no failure toast; network failures and 5xx still do.
   */
  ownRefusals?: boolean;
}

export interface WithHeaders<T> {
  data: T;
  headers: Headers;
}

type Resolved = Required<Omit<RequestOptions, "data" | "signal" | "toast">> &
  Pick<RequestOptions, "data" | "signal" | "toast">;

type Attempt = { ok: true; outcome: Outcome } | { ok: false; phase: Phase; situation: Situation; outcome: Outcome };

function resolve(options: RequestOptions): Resolved {
  return {
    method: "POST",
    url: RPC_ENDPOINT,
    headers: {},
    silent: false,
    events: true,
    retry: 0,
    xsrf: false,
    readHeaders: false,
    responseType: "json",
    timeoutMs: DEFAULT_TIMEOUT_MS,
    ownRefusals: false,
    ...options,
  };
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers[key];
}

function context(o: Resolved, phase: Phase): CatalogueContext {
  return {
    phase,
    xsrf: o.xsrf,
    events: o.events,
    silent: o.silent,
    expectJson: o.responseType === "json",
    online: () => checkConnectivity(o.signal),
  };
}

function buildWire(o: Resolved, extra: Record<string, string>): Wire {
  const accept = o.responseType === "json" ? JSON_CONTENT_TYPE : "text/plain, */*";
  const headers: Record<string, string> = { Accept: accept, ...o.headers, ...extra };
  if (o.method === "GET") return { method: o.method, url: withQuery(siteUrl(o.url), o.data), headers };
  if (o.data === undefined) return { method: o.method, url: siteUrl(o.url), headers };
  const contentType = headerValue(headers, "Content-Type");
  if (contentType === undefined) headers["Content-Type"] = JSON_CONTENT_TYPE;
  const json = (contentType ?? JSON_CONTENT_TYPE).includes("json");
  return { method: o.method, url: siteUrl(o.url), headers, body: json ? encodeJson(o.data) : encodeParams(o.data) };
}

type StepFailure = Extract<StepResult, { ok: false }>;
type StepHeaders = StepFailure | { ok: true; headers: Record<string, string> };

async function antiForgeryHeaders(o: Resolved, isRetry: boolean, freshToken: boolean): Promise<StepHeaders> {
  const stepContext: StepContext = { ...context(o, "window-id"), timeoutMs: o.timeoutMs, signal: o.signal };
  const whid = await ensureWindowId(stepContext);
  if (!whid.ok) return whid;
  const token = await ensureToken(whid.value, freshToken, stepContext);
  if (!token.ok) return token;
  const headers: Record<string, string> = { "X-XSRF-TOKEN": token.value, "X-XSRF-WHID": whid.value };
  if (isRetry) headers["X-XSRF-RETRY"] = "1";
  return { ok: true, headers };
}

async function attempt(o: Resolved, isRetry: boolean, freshToken: boolean): Promise<Attempt> {
  let extra: Record<string, string> = {};
  if (o.xsrf) {
    const steps = await antiForgeryHeaders(o, isRetry, freshToken);
    if (!steps.ok) return steps;
    extra = steps.headers;
  }
  const outcome = await send(buildWire(o, extra), o.timeoutMs, o.signal);
  const situation = await classify(outcome, context(o, "request"));
  return situation ? { ok: false, phase: "request", situation, outcome } : { ok: true, outcome };
}

/** A 4xx answer to the request itself whose body says, in words, what was refused. A
 * stale anti-forgery token (`csrf`) is not the visitor's to fix, so it is left out. */
function isExplainedRefusal(failure: Extract<Attempt, { ok: false }>): boolean {
  const { status } = failure.outcome;
  if (failure.phase !== "request" || failure.situation === "csrfRejected" || status < 400 || status > 499) return false;
  const message = bodyField(failure.outcome, "message");
  return typeof message === "string" && message.trim() !== "";
}

function reject(o: Resolved, failure: Extract<Attempt, { ok: false }>): RequestError {
  const row = CATALOGUE[failure.situation];
  const ctx = context(o, failure.phase);
  if (o.events && row.notify) row.notify(failure.outcome);
  if (showsToast(failure.situation, ctx) && !(o.ownRefusals && isExplainedRefusal(failure))) {
    emitApiEvent("toast", { ...DEFAULT_TOAST, ...o.toast });
  }
  const { status, type, data } = row.reject(failure.outcome, ctx);
  return new RequestError(status, type, data, failure.outcome.headers);
}

function successData(o: Resolved, outcome: Outcome): unknown {
  if (o.responseType === "text") return outcome.body;
  return outcome.json ? outcome.data : null;
}

export function request<T>(options: RequestOptions & { readHeaders: true }): Promise<WithHeaders<T>>;
export function request<T>(options?: RequestOptions & { readHeaders?: false }): Promise<T>;
export function request<T>(options: RequestOptions): Promise<T | WithHeaders<T>>;
export async function request<T>(options: RequestOptions = {}): Promise<T | WithHeaders<T>> {
  const o = resolve(options);
  const retriedOnce = new Set<Situation>();
  let budget = o.retry;
  let isRetry = false;
  let freshToken = false;
  for (;;) {
    const result = await attempt(o, isRetry, freshToken);
    if (result.ok) {
      const data = successData(o, result.outcome) as T;
      return o.readHeaders ? { data, headers: result.outcome.headers } : data;
    }
    const row = CATALOGUE[result.situation];
    if (row.retry === "once" && !retriedOnce.has(result.situation)) {
      retriedOnce.add(result.situation);
    } else if (row.retry === "budget" && budget > 0) {
      budget -= 1;
    } else {
      throw reject(o, result);
    }
    isRetry = true;
    freshToken = row.freshToken === true;
  }
}

/** The generic JSON GET helper: catalogue reads and other plain JSON GETs. */
export type GetJsonOptions = Omit<RequestOptions, "method" | "url" | "data" | "readHeaders" | "responseType">;

export function getJson<T>(url: string, params?: Params, options: GetJsonOptions = {}): Promise<T> {
  return request<T>({ ...options, method: "GET", url, data: params, responseType: "json", readHeaders: false });
}
