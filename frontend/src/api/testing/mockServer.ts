/** A real HTTP server on 127.0.0.1 for request-layer tests, with the site's protocol paths. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (seen: Seen, res: ServerResponse) => void;

export interface MockServer {
  url: string;
  /** Every request, in arrival order. */
  seen: Seen[];
  /** Requests to one path (any method). */
  to(path: string): Seen[];
  /** Answers `path` with `handler` from now on (replacing earlier ones). */
  on(path: string, handler: Handler): void;
  /** Answers the next requests to `path` with these handlers, one each, then falls back to `on`. */
  queue(path: string, ...handlers: Handler[]): void;
  close(): Promise<void>;
}

export const WINDOW_ID = "whid-1";
export const TOKEN = "token-1";

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_, res) => {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
}

export function text(status: number, body: string, headers: Record<string, string> = {}): Handler {
  return (_, res) => {
    res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", ...headers });
    res.end(body);
  };
}

/** Drops the connection without an answer: a network failure for the client. */
export const hangUp: Handler = (_, res) => {
  res.socket?.destroy();
};

/** Never answers; the client's timeout or abort has to end it. */
export const stall: Handler = () => undefined;

/** The dispatch endpoint's token action, or 404 for any other action. */
function rpc(seen: Seen, res: ServerResponse): void {
  if (seen.query.get("action") === "get-csrf-token") return text(200, TOKEN)(seen, res);
  json(400, { error: true, code: "bad_request", message: "unknown action" })(seen, res);
}

export async function startMockServer(): Promise<MockServer> {
  const seen: Seen[] = [];
  const handlers = new Map<string, Handler>([
    ["/sid.php", json(200, { __whid: WINDOW_ID })],
    ["/home/rpc", rpc],
    ["/healthz", text(200, "ok")],
  ]);
  const queues = new Map<string, Handler[]>();
  const open = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const address = new URL(req.url ?? "/", "http://127.0.0.1");
      const one: Seen = {
        method: req.method ?? "",
        path: address.pathname,
        query: address.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      seen.push(one);
      open.add(res);
      res.on("close", () => open.delete(res));
      const handler = queues.get(one.path)?.shift() ?? handlers.get(one.path) ?? json(404, { error: true, code: "not_found", message: "no such page" });
      handler(one, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    to: (path) => seen.filter((s) => s.path === path),
    on: (path, handler) => {
      handlers.set(path, handler);
    },
    queue: (path, ...more) => {
      queues.set(path, [...(queues.get(path) ?? []), ...more]);
    },
    close: async () => {
      // Stalled answers would keep the server open.
      for (const res of open) res.socket?.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
