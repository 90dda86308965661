/** What one send produced, before the error catalogue reads it. */

export interface Outcome {
  /** False when no answer came: a network failure, a timeout or a cancellation. */
  answered: boolean;
  /** The caller's signal fired. */
  aborted: boolean;
  /** HTTP status, or a transport's own status (-10, -999); 0 without an answer. */
  status: number;
  headers: Headers;
  body: string;
  /** The parsed body, or the text when it is not JSON; null when empty or unanswered. */
  data: unknown;
  /** The body was JSON. */
  json: boolean;
}

export function answered(status: number, headers: Headers, body: string, aborted = false): Outcome {
  let data: unknown = body === "" ? null : body;
  let json = false;
  if (body !== "") {
    try {
      data = JSON.parse(body);
      json = true;
    } catch {
      // Not JSON: the text itself is the data.
    }
  }
  return { answered: true, aborted, status, headers, body, data, json };
}

export function unanswered(aborted: boolean): Outcome {
  return { answered: false, aborted, status: 0, headers: new Headers(), body: "", data: null, json: false };
}

/** Reads a flag such as `maintainance` from a JSON object body. */
export function bodyFlag(outcome: Outcome, name: string): boolean {
  const data = outcome.data;
  return outcome.json && typeof data === "object" && data !== null && Boolean((data as Record<string, unknown>)[name]);
}

export function bodyField(outcome: Outcome, name: string): unknown {
  const data = outcome.data;
  return outcome.json && typeof data === "object" && data !== null ? (data as Record<string, unknown>)[name] : undefined;
}
