// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { AJAX_ENDPOINT, FORM_CONTENT_TYPE, getJson, request } from "./request";
import { configureApi, DEFAULT_TIMEOUT_MS } from "./settings";
import { useMockServer } from "./testing/harness";
import { json, stall, text } from "./testing/mockServer";
import type { TransportRequest } from "./transport";

const h = useMockServer();

describe("request: building the request", () => {
  it("defaults to a JSON POST to the dispatch endpoint", async () => {
    h.server.on("/home/rpc", json(200, { ok: true }));
    const answer = await request<{ ok: boolean }>({ data: { action: "get-my-ip", n: 3, skip: undefined } });
    expect(answer).toEqual({ ok: true });
    const [sent] = h.server.seen;
    expect(sent?.method).toBe("POST");
    expect(sent?.path).toBe("/home/rpc");
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(sent?.body ?? "")).toEqual({ action: "get-my-ip", n: 3 });
  });

  it("puts GET data in the query string and sends no body", async () => {
    h.server.on("/home/rpc", json(200, { ip: "127.0.0.1" }));
    await request({ method: "GET", data: { action: "get-my-ip", page: 2, none: null, missing: undefined } });
    const [sent] = h.server.seen;
    expect(sent?.method).toBe("GET");
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({ action: "get-my-ip", page: "2" });
    expect(sent?.body).toBe("");
    expect(sent?.headers["content-type"]).toBeUndefined();
  });

  it("form-encodes the body when that content type is chosen, on the ajax endpoint", async () => {
    h.server.on(AJAX_ENDPOINT, json(200, { error: false }));
    await request({ url: AJAX_ENDPOINT, headers: { "Content-Type": FORM_CONTENT_TYPE }, data: { action: "Details.SetRate", pid: "a b&c", rtg: 4 } });
    const [sent] = h.server.seen;
    expect(sent?.path).toBe("/ajax.php");
    expect(sent?.headers["content-type"]).toBe(FORM_CONTENT_TYPE);
    expect(sent?.body).toBe("action=Details.SetRate&pid=a+b%26c&rtg=4");
  });

  it.each(["PUT", "DELETE"] as const)("puts %s data in the body", async (method) => {
    h.server.on("/things", json(200, {}));
    await request({ method, url: "/things", data: { a: 1 } });
    expect(h.server.seen[0]?.method).toBe(method);
    expect(h.server.seen[0]?.body).toBe('{"a":1}');
  });

  it("resolves with data and headers when asked to read headers", async () => {
    h.server.on("/api/routes", json(200, { routes: [] }, { ETag: '"v1"' }));
    const answer = await request<{ routes: unknown[] }>({ method: "GET", url: "/api/routes", readHeaders: true });
    expect(answer.data).toEqual({ routes: [] });
    expect(answer.headers.get("etag")).toBe('"v1"');
  });

  it("reads a text answer as text", async () => {
    h.server.on("/note", text(200, "plain words"));
    await expect(request({ method: "GET", url: "/note", responseType: "text" })).resolves.toBe("plain words");
  });

  it("getJson is a JSON GET with the params in the query", async () => {
    h.server.on("/api/listings", json(200, { items: [] }));
    await expect(getJson("/api/listings", { need: "rewards" })).resolves.toEqual({ items: [] });
    const [sent] = h.server.seen;
    expect(sent?.method).toBe("GET");
    expect(sent?.query.get("need")).toBe("rewards");
    expect(sent?.headers.accept).toBe("application/json");
  });

  it("gives up on a request after its timeout", async () => {
    h.server.on("/slow", stall);
    const started = Date.now();
    // The check answers, so the timeout is retried once before the request fails.
    await expect(request({ method: "GET", url: "/slow", timeoutMs: 100 })).rejects.toMatchObject({ status: -1, type: "failed request" });
    expect(h.server.to("/slow")).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe("request: the default timeout", () => {
  it("is 30000 ms", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      let aborted: (() => boolean) | undefined;
      configureApi({
        transport: (req: TransportRequest) => {
          aborted ??= () => req.signal.aborted;
          return new Promise((_, fail) => req.signal.addEventListener("abort", () => fail(new Error("aborted"))));
        },
      });
      void request({ method: "GET", url: "/slow", events: false, silent: true }).catch(() => undefined);
      await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
      expect(aborted?.()).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(aborted?.()).toBe(true);
      expect(DEFAULT_TIMEOUT_MS).toBe(30000);
    } finally {
      vi.useRealTimers();
    }
  });
});
