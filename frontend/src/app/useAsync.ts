import { useEffect, useRef, useState } from "react";
import { isRequestError, type RequestError } from "../api/request";

/** What a page's data load is doing. */
export type Load<T> =
  | { state: "loading" }
  | { state: "ready"; data: T; refreshing?: boolean }
  | { state: "failed"; error: RequestError | Error };

/**
 * Loads data for a page: starts from `initial` (the server's injected data) when given,
 * else runs `load`; runs again when `key` changes. Stale answers are dropped.
 */
export function useAsync<T>(key: string, load: () => Promise<T>, initial: T | null): [Load<T>, () => void] {
  const [result, setResult] = useState<Load<T>>(initial ? { state: "ready", data: initial } : { state: "loading" });
  // The key the shown answer was loaded for: until the effect below starts the next load,
  // a render with a new key still holds the last key's data, which is then refreshing.
  const [loadedKey, setLoadedKey] = useState(key);
  const [attempt, setAttempt] = useState(0);
  const skipFirst = useRef(initial !== null);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let live = true;
    // Keep showing the last answer while the next one loads, so filters do not flash.
    setResult((r) => (r.state === "ready" ? { ...r, refreshing: true } : { state: "loading" }));
    loadRef.current().then(
      (data) => {
        if (!live) return;
        setResult({ state: "ready", data });
        setLoadedKey(key);
      },
      (error: unknown) =>
        live &&
        setResult({
          state: "failed",
          error: isRequestError(error) || error instanceof Error ? error : new Error(String(error)),
        }),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);

  const shown = result.state === "ready" && loadedKey !== key ? { ...result, refreshing: true } : result;
  return [shown, () => setAttempt((n) => n + 1)];
}
