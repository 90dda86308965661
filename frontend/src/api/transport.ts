/**
 * The one place that touches the network. It is injectable (see settings.ts) because native
 * shells report their own statuses, such as -999 for a connection they refuse as insecure.
 */

export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

export interface TransportResponse {
  /** An HTTP status, or a negative status reported by a native transport (-10, -999). */
  status: number;
  headers: Headers;
  body: string;
}

/** Resolves with any answer, whatever its status; rejects when no answer came. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export const fetchTransport: Transport = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    credentials: "same-origin",
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
};
