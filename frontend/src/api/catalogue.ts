/**
 * The error catalogue of site-core §8, written down once: `classify` names the situation an
 * outcome is in, and `CATALOGUE` says what each situation does (retry, event, result).
 *
 * Where the spec's rows overlap, this is the order and why (first match wins in `classify`):
 *  1. cancelled: the caller's signal fired, or the transport reports -10. The spec's
 *     "Cancelled -999 and -10" row overlaps the "Status -999" row; a -999 counts as cancelled
 *     only when the caller aborted, otherwise it is device-insecure.
 *  2. device insecure: the transport reports -999.
 *  3. no answer at all: the connectivity check decides between no-internet and a network
 *     failure that is retried once. This applies to the anti-forgery steps too, because being
 *     offline is the real cause there.
 *  4. maintenance: the `maintainance` flag wins over its 503 status, so it is not retried as a
 *     5xx and not turned into "failed request".
 *  5. banned: the `apiblocked` flag wins over its 403 status (status -1, with the trace header).
 *  6. forbidden: a 403 without the flag is banned too (same event and type). It keeps status
 *     403, because 403 is in the spec's pass-through list, and is never retried.
 *  7. window-id and token steps: any other failure of those steps (a refusal, a body without
 *     `__whid`, an empty token) is whiderror / csrferror, retried once (§9). The spec's last
 *     row ("CSRF error, window-id error … status -1, type failed request") overlaps the two
 *     rows above it; the specific types are kept so callers can tell them apart, and they
 *     show the failure toast like any failed request.
 *  8. 2xx: success, unless JSON was expected and the body is not JSON (malformated json).
 *  9. 400 with code csrf on an anti-forgery request: fresh token, retried once; afterwards it
 *     is rejected like any other 400.
 * 10. 500–511: retried once, then "failed request" with data "internal error". This row comes
 *     before 404–511 because it is the narrower one.
 * 11. 404–408 and 999: "failed request" with the status unchanged and no retry (the spec's
 *     pass-through list overlaps the "404 to 511 → -1" row; the narrower list wins).
 * 12. 409–499: "failed request", status -1 when events are on; retried while the caller's
 *     retry budget lasts ("other non-400 errors retry while retries remain").
 * 13. 400: rejected as it is; a 400 is never re-sent except by row 9.
 * 14. anything else (401, 402, 3xx, 512 and above): rejected as it is, with the budget retry.
 *
 * The statuses -1 and -10 are results this layer makes; nothing later remaps them.
 */
import { emitApiEvent } from "./events";
import { INTERNAL_ERROR, type RequestErrorType } from "./errors";
import { bodyField, bodyFlag, type Outcome } from "./outcome";

export type Phase = "window-id" | "token" | "request";

export interface CatalogueContext {
  phase: Phase;
  xsrf: boolean;
  events: boolean;
  silent: boolean;
  expectJson: boolean;
  /** The connectivity check, asked only when no answer came. */
  online: () => Promise<boolean>;
}

export type Situation =
  | "cancelled"
  | "deviceInsecure"
  | "noInternet"
  | "networkFailure"
  | "maintenance"
  | "banned"
  | "forbidden"
  | "windowIdFailed"
  | "tokenFailed"
  | "malformedJson"
  | "csrfRejected"
  | "serverError"
  | "passThrough"
  | "failedRequest"
  | "badRequest"
  | "otherError";

export interface Rejection {
  status: number;
  type: RequestErrorType;
  data: unknown;
}

export interface CatalogueRow {
  /** never; once per request (a fixed rule of the spec); or while the caller's `retry` lasts. */
  retry: "never" | "once" | "budget";
  /** Refetch the anti-forgery token before sending again. */
  freshToken?: boolean;
  /** Tells the page through the event bus; called only when events are on. */
  notify?: (outcome: Outcome) => void;
  reject: (outcome: Outcome, context: CatalogueContext) => Rejection;
}

const PASS_THROUGH = new Set([404, 405, 406, 407, 408, 999]);

/** -1 tells the page the layer already handled the failure; -10 that it stayed quiet. */
const handledStatus = (context: CatalogueContext): number => (context.events ? -1 : -10);

const failed = (status: number, data: unknown): Rejection => ({ status, type: "failed request", data });

const trace = (outcome: Outcome): string | null => outcome.headers.get("X-Request-Trace");

export const CATALOGUE: Record<Situation, CatalogueRow> = {
  cancelled: { retry: "never", reject: () => ({ status: -10, type: "cancelled", data: null }) },
  deviceInsecure: {
    retry: "never",
    notify: () => emitApiEvent("device-insecure", {}),
    reject: (_, context) => ({ status: handledStatus(context), type: "device insecure", data: null }),
  },
  noInternet: {
    retry: "never",
    notify: () => emitApiEvent("no-internet", {}),
    reject: (_, context) => ({ status: handledStatus(context), type: "no internet", data: null }),
  },
  networkFailure: { retry: "once", reject: (_, context) => failed(handledStatus(context), null) },
  maintenance: {
    retry: "never",
    notify: (outcome) => emitApiEvent("maintenance", { status: outcome.status }),
    // Silent callers get the answer as it came; the rest get the handled status.
    reject: (outcome, context) => ({
      status: context.silent ? outcome.status : -1,
      type: "maintainance",
      data: outcome.data,
    }),
  },
  banned: {
    retry: "never",
    notify: (outcome) => emitApiEvent("banned", { trace: trace(outcome), status: outcome.status }),
    reject: (outcome) => ({ status: -1, type: "banned", data: outcome.data }),
  },
  forbidden: {
    retry: "never",
    notify: (outcome) => emitApiEvent("banned", { trace: trace(outcome), status: outcome.status }),
    reject: (outcome) => ({ status: 403, type: "banned", data: outcome.data }),
  },
  windowIdFailed: {
    retry: "once",
    reject: (outcome, context) => ({
      status: -1,
      type: context.silent ? "silentwhiderror" : "whiderror",
      data: outcome.data,
    }),
  },
  tokenFailed: { retry: "once", reject: (outcome) => ({ status: 400, type: "csrferror", data: outcome.data }) },
  malformedJson: {
    retry: "never",
    reject: (outcome) => ({ status: outcome.status, type: "malformated json", data: outcome.body }),
  },
  csrfRejected: { retry: "once", freshToken: true, reject: (outcome) => failed(400, outcome.data) },
  serverError: {
    retry: "once",
    reject: (outcome, context) => failed(context.events ? -1 : outcome.status, INTERNAL_ERROR),
  },
  passThrough: { retry: "never", reject: (outcome) => failed(outcome.status, outcome.data) },
  failedRequest: {
    retry: "budget",
    reject: (outcome, context) => failed(context.events ? -1 : outcome.status, outcome.data),
  },
  badRequest: { retry: "never", reject: (outcome) => failed(400, outcome.data) },
  otherError: { retry: "budget", reject: (outcome) => failed(outcome.status, outcome.data) },
};

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** Names the situation of an outcome, or null when it is a success. */
export async function classify(outcome: Outcome, context: CatalogueContext): Promise<Situation | null> {
  const { status } = outcome;
  if (outcome.aborted || status === -10) return "cancelled";
  if (status === -999) return "deviceInsecure";
  if (!outcome.answered || status <= 0) return (await context.online()) ? "networkFailure" : "noInternet";
  if (bodyFlag(outcome, "maintainance")) return "maintenance";
  if (bodyFlag(outcome, "apiblocked")) return "banned";
  if (status === 403) return "forbidden";
  if (context.phase === "window-id") return windowIdAnswered(outcome) ? null : "windowIdFailed";
  if (context.phase === "token") return isSuccess(status) && outcome.body.trim() !== "" ? null : "tokenFailed";
  if (isSuccess(status)) return context.expectJson && !outcome.json && outcome.body !== "" ? "malformedJson" : null;
  if (status === 400 && context.xsrf && bodyField(outcome, "code") === "csrf") return "csrfRejected";
  if (status >= 500 && status <= 511) return "serverError";
  if (PASS_THROUGH.has(status)) return "passThrough";
  if (status >= 409 && status <= 499) return "failedRequest";
  if (status === 400) return "badRequest";
  return "otherError";
}

function windowIdAnswered(outcome: Outcome): boolean {
  const id = bodyField(outcome, "__whid");
  return isSuccess(outcome.status) && typeof id === "string" && id !== "";
}

/**
 * The default failure toast is shown unless the caller is silent, the request was cancelled,
 * or an event of the situation's own (maintenance, banned, …) already told the page.
 */
export function showsToast(situation: Situation, context: CatalogueContext): boolean {
  if (context.silent || situation === "cancelled") return false;
  return !(context.events && CATALOGUE[situation].notify);
}
