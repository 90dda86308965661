// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { INTERNAL_ERROR, isRequestError, RequestError } from "./errors";
import { request, type RequestOptions } from "./request";
import { configureApi, CONNECTIVITY_TIMEOUT_MS } from "./settings";
import { useMockServer } from "./testing/harness";
import { hangUp, json, stall, text } from "./testing/mockServer";
import type { Transport, TransportResponse } from "./transport";

const h = useMockServer();

const get = (options: Omit<RequestOptions, "readHeaders"> = {}) => request({ method: "GET", url: "/thing", ...options });
const errorBody = (code: string) => ({ error: true, code, message: `a ${code} error` });
const answer = (status: number): TransportResponse => ({ status, headers: new Headers(), body: "" });
/** A transport that answers every request with `status`, for statuses no HTTP server sends. */
const reporting = (status: number): Transport => async () => answer(status);

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isRequestError(error)) throw new Error(`expected a RequestError, got ${String(error)}`);
  return error;
}

describe("error catalogue: maintenance and blocked clients", () => {
  const maintenance = json(503, { maintainance: true }, { "Retry-After": "300" });

  it("maintenance emits the maintenance event and rejects with -1 maintainance, without a retry", async () => {
    h.server.on("/thing", maintenance);
    const error = await failure(get());
    expect(error).toMatchObject({ status: -1, type: "maintainance" });
    expect(h.events).toEqual([{ name: "maintenance", payload: { status: 503 } }]);
    expect(h.server.to("/thing")).toHaveLength(1);
  });

  it("a silent request still hears maintenance, and gets the answer's own error object", async () => {
    h.server.on("/thing", maintenance);
    const error = await failure(get({ silent: true }));
    expect(error).toMatchObject({ status: 503, type: "maintainance", data: { maintainance: true } });
    expect(error.headers.get("retry-after")).toBe("300");
    expect(h.eventNames()).toEqual(["maintenance"]);
  });

  it("maintenance on the window-id step is maintenance, not a window-id failure", async () => {
    h.server.on("/sid.php", maintenance);
    await expect(request({ url: "/sign-out", xsrf: true })).rejects.toMatchObject({ status: -1, type: "maintainance" });
  });

  it("apiblocked emits the banned event with the request-trace header and rejects -1 banned", async () => {
    h.server.on("/thing", json(403, { apiblocked: true }, { "X-Request-Trace": "trace-42" }));
    const error = await failure(get({ retry: 2 }));
    expect(error).toMatchObject({ status: -1, type: "banned" });
    expect(h.events).toEqual([{ name: "banned", payload: { trace: "trace-42", status: 403 } }]);
    expect(h.server.to("/thing")).toHaveLength(1);
  });

  it("a plain 403 is rejected at once as banned, keeping its status, even with retries left", async () => {
    h.server.on("/thing", json(403, errorBody("forbidden")));
    const error = await failure(get({ retry: 3 }));
    expect(error).toMatchObject({ status: 403, type: "banned", data: { code: "forbidden" } });
    expect(h.eventNames()).toEqual(["banned"]);
    expect(h.server.to("/thing")).toHaveLength(1);
  });

  it("with events off, nothing is emitted", async () => {
    h.server.on("/thing", maintenance);
    await expect(get({ events: false })).rejects.toMatchObject({ type: "maintainance" });
    expect(h.eventNames()).not.toContain("maintenance");
  });
});

describe("error catalogue: HTTP failures", () => {
  it("404 to 408 pass through with their status and are not retried", async () => {
    h.server.on("/thing", json(404, errorBody("not_found")));
    const error = await failure(get({ retry: 2 }));
    expect(error).toMatchObject({ status: 404, type: "failed request", data: { code: "not_found" } });
    expect(h.server.to("/thing")).toHaveLength(1);
  });

  it("409 to 499 become status -1 with events on", async () => {
    h.server.on("/thing", json(429, errorBody("rate_limited")));
    await expect(get()).rejects.toMatchObject({ status: -1, type: "failed request", data: { code: "rate_limited" } });
    expect(h.server.to("/thing")).toHaveLength(1);
  });

  it("409 to 499 keep their status with events off", async () => {
    h.server.on("/thing", json(413, errorBody("payload_too_large")));
    await expect(get({ events: false })).rejects.toMatchObject({ status: 413, type: "failed request" });
  });

  it("other non-400 errors retry while the caller's retries remain", async () => {
    h.server.on("/thing", json(429, errorBody("rate_limited")));
    await expect(get({ retry: 2 })).rejects.toMatchObject({ type: "failed request" });
    expect(h.server.to("/thing")).toHaveLength(3);
  });

  it("500 to 511 are retried once, then rejected with data saying internal error", async () => {
    h.server.on("/thing", json(500, errorBody("internal")));
    const error = await failure(get());
    expect(error).toMatchObject({ status: -1, type: "failed request", data: INTERNAL_ERROR });
    expect(h.server.to("/thing")).toHaveLength(2);
  });

  it("a 5xx whose retry succeeds resolves", async () => {
    h.server.queue("/thing", text(503, ""));
    h.server.on("/thing", json(200, { fine: true }));
    await expect(get()).resolves.toEqual({ fine: true });
  });

  it("a 5xx keeps its status with events off", async () => {
    h.server.on("/thing", text(502, "bad gateway"));
    await expect(get({ events: false })).rejects.toMatchObject({ status: 502, data: INTERNAL_ERROR });
  });

  it("other errors above 399 are rejected as they are: 400, 401", async () => {
    h.server.on("/thing", json(400, errorBody("validation")));
    await expect(get({ retry: 1 })).rejects.toMatchObject({ status: 400, type: "failed request", data: { code: "validation" } });
    expect(h.server.to("/thing")).toHaveLength(1);
    h.server.on("/other", json(401, errorBody("guest")));
    await expect(get({ url: "/other" })).rejects.toMatchObject({ status: 401, data: { code: "guest" } });
  });

  it("999 passes through unchanged", async () => {
    configureApi({ transport: reporting(999) });
    await expect(get({ retry: 1 })).rejects.toMatchObject({ status: 999, type: "failed request" });
  });

  it("malformed JSON in a 200 is rejected as malformated json", async () => {
    h.server.on("/thing", text(200, "{not json"));
    await expect(get()).rejects.toMatchObject({ status: 200, type: "malformated json", data: "{not json" });
  });
});

describe("error catalogue: transport failures", () => {
  it("-999 emits device-insecure and rejects with -1", async () => {
    configureApi({ transport: reporting(-999) });
    await expect(get()).rejects.toMatchObject({ status: -1, type: "device insecure" });
    expect(h.eventNames()).toEqual(["device-insecure"]);
  });

  it("-999 with events off rejects with -10 and emits nothing", async () => {
    configureApi({ transport: reporting(-999) });
    await expect(get({ events: false })).rejects.toMatchObject({ status: -10, type: "device insecure" });
    expect(h.eventNames()).toEqual(["toast"]);
  });

  it("an abort by the caller is cancelled, -10, with no toast", async () => {
    h.server.on("/thing", stall);
    const controller = new AbortController();
    const pending = get({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ status: -10, type: "cancelled" });
    expect(h.events).toEqual([]);
    expect(h.server.to("/healthz")).toHaveLength(0);
  });

  it("a transport's -10, and its -999 when the caller aborted, are cancelled too", async () => {
    configureApi({ transport: reporting(-10) });
    await expect(get()).rejects.toMatchObject({ status: -10, type: "cancelled" });
    const controller = new AbortController();
    configureApi({
      transport: async () => {
        controller.abort();
        return answer(-999);
      },
    });
    await expect(get({ signal: controller.signal })).rejects.toMatchObject({ status: -10, type: "cancelled" });
    expect(h.eventNames()).not.toContain("device-insecure");
  });

  it("a network failure with the internet up is retried once", async () => {
    h.server.queue("/thing", hangUp);
    h.server.on("/thing", json(200, { fine: true }));
    await expect(get()).resolves.toEqual({ fine: true });
    expect(h.server.to("/healthz")).toHaveLength(1);
    expect(h.server.to("/thing")).toHaveLength(2);
  });

  it("a network failure with the internet down emits no-internet and rejects with -1", async () => {
    h.server.on("/thing", hangUp);
    h.server.on("/healthz", hangUp);
    await expect(get()).rejects.toMatchObject({ status: -1, type: "no internet" });
    expect(h.eventNames()).toEqual(["no-internet"]);
    expect(h.server.to("/thing")).toHaveLength(1);
  });

  it("with events off, no internet is -10 and silent", async () => {
    h.server.on("/thing", hangUp);
    h.server.on("/healthz", hangUp);
    await expect(get({ events: false, silent: true })).rejects.toMatchObject({ status: -10, type: "no internet" });
    expect(h.events).toEqual([]);
  });

  it("the connectivity check address is a setting", async () => {
    h.server.on("/thing", hangUp);
    h.server.on("/alive", text(200, "ok"));
    configureApi({ connectivityCheckUrl: "/alive" });
    await expect(get()).rejects.toMatchObject({ type: "failed request" });
    expect(h.server.to("/alive")).toHaveLength(2);
    expect(h.server.to("/healthz")).toHaveLength(0);
  });

  it("the connectivity check gives up after 15000 ms", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const checked: string[] = [];
      configureApi({
        transport: (req) => {
          if (!req.url.includes("/healthz")) return Promise.reject(new TypeError("network down"));
          checked.push(req.url);
          return new Promise((_, fail) => req.signal.addEventListener("abort", () => fail(new Error("aborted"))));
        },
      });
      let settled: unknown = "pending";
      void get().then(
        () => (settled = "resolved"),
        (e: unknown) => (settled = e),
      );
      await vi.advanceTimersByTimeAsync(CONNECTIVITY_TIMEOUT_MS - 1);
      expect(checked).toHaveLength(1);
      expect(settled).toBe("pending");
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toMatchObject({ status: -1, type: "no internet" });
      expect(CONNECTIVITY_TIMEOUT_MS).toBe(15000);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("error catalogue: the failure toast", () => {
  it("a failed request shows the default toast for 2500 ms", async () => {
    h.server.on("/thing", json(404, errorBody("not_found")));
    await expect(get()).rejects.toBeInstanceOf(RequestError);
    expect(h.events).toEqual([{ name: "toast", payload: { message: "something went wrong, please retry", durationMs: 2500 } }]);
  });

  it("a caller may shorten the toast", async () => {
    h.server.on("/thing", json(404, errorBody("not_found")));
    await expect(get({ toast: { durationMs: 2200 } })).rejects.toBeInstanceOf(RequestError);
    expect(h.events).toEqual([{ name: "toast", payload: { message: "something went wrong, please retry", durationMs: 2200 } }]);
  });

  it("a silent request shows no toast", async () => {
    h.server.on("/thing", json(404, errorBody("not_found")));
    await expect(get({ silent: true })).rejects.toMatchObject({ status: 404 });
    expect(h.events).toEqual([]);
  });
});
