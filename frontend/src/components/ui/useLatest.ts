import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * A function that always calls the latest `fn` of the component's last render, for a timer
 * or listener set up once (what React 19's `useEffectEvent` does, which Preact's React layer
 * does not have).
 */
export function useLatest<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
