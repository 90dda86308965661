/** A small typed event bus through which the request layer tells the page what happened. */

export interface ToastEvent {
  message: string;
  durationMs: number;
}

export interface ApiEventMap {
  maintenance: { status: number };
  /** `trace` is the X-Request-Trace header of the blocked answer, for support requests. */
  banned: { trace: string | null; status: number };
  "no-internet": Record<string, never>;
  "device-insecure": Record<string, never>;
  "captcha-block": { trace?: string | null };
  toast: ToastEvent;
}

export type ApiEventName = keyof ApiEventMap;
export type ApiEventHandler<K extends ApiEventName> = (payload: ApiEventMap[K]) => void;

export const DEFAULT_TOAST: Readonly<ToastEvent> = {
  message: "something went wrong, please retry",
  durationMs: 2500,
};

const handlers: { [K in ApiEventName]?: Set<ApiEventHandler<K>> } = {};

function handlersOf<K extends ApiEventName>(name: K): Set<ApiEventHandler<K>> {
  const existing = handlers[name] as Set<ApiEventHandler<K>> | undefined;
  if (existing) return existing;
  const created = new Set<ApiEventHandler<K>>();
  (handlers as Record<K, Set<ApiEventHandler<K>>>)[name] = created;
  return created;
}

/** Subscribes a handler; the returned function unsubscribes it. */
export function onApiEvent<K extends ApiEventName>(name: K, handler: ApiEventHandler<K>): () => void {
  const set = handlersOf(name);
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

export function emitApiEvent<K extends ApiEventName>(name: K, payload: ApiEventMap[K]): void {
  // A copy, so a handler that unsubscribes itself does not disturb the loop.
  for (const handler of [...handlersOf(name)]) handler(payload);
}
