/** Sends one HTTP exchange through the configured transport, with a timeout and cancellation. */
import { answered, unanswered, type Outcome } from "./outcome";
import { apiSettings } from "./settings";

export interface Wire {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export async function send(wire: Wire, timeoutMs: number, signal?: AbortSignal): Promise<Outcome> {
  if (signal?.aborted) return unanswered(true);
  const controller = new AbortController();
  const cancel = () => controller.abort();
  signal?.addEventListener("abort", cancel);
  // A timer rather than AbortSignal.timeout, so that tests can move time forward.
  const timer = setTimeout(cancel, timeoutMs);
  try {
    const response = await apiSettings().transport({ ...wire, signal: controller.signal });
    return answered(response.status, response.headers, response.body, signal?.aborted ?? false);
  } catch {
    // A timeout counts as a network failure; only the caller's own signal is a cancellation.
    return unanswered(signal?.aborted ?? false);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", cancel);
  }
}
