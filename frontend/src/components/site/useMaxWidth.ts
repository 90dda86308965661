import { useCallback, useSyncExternalStore } from "react";

/**
 * True while the viewport is `maxWidth` px wide or narrower. Uses
 * `matchMedia('(max-width: Npx)')` and falls back to `window.innerWidth` plus the
 * resize event where matchMedia is missing.
 */
export function useMaxWidth(maxWidth: number): boolean {
  const query = `(max-width: ${maxWidth}px)`;

  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia === "function") {
        const list = window.matchMedia(query);
        list.addEventListener("change", onChange);
        return () => list.removeEventListener("change", onChange);
      }
      window.addEventListener("resize", onChange);
      return () => window.removeEventListener("resize", onChange);
    },
    [query],
  );

  const getSnapshot = useCallback(() => matchesMaxWidth(maxWidth), [maxWidth]);

  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

export function matchesMaxWidth(maxWidth: number): boolean {
  if (typeof window === "undefined") return false;
  if (typeof window.matchMedia === "function") {
    return window.matchMedia(`(max-width: ${maxWidth}px)`).matches;
  }
  return window.innerWidth <= maxWidth;
}
