import { useSyncExternalStore } from "react";

// Reading `window.innerWidth` makes the browser finish any pending layout first. A page
// renders dozens of components that ask for the width, each read after the last one's DOM
// was added: a whole-page layout per read, the longest part of a listing's first render.
// So the width is read once, then again on each resize event (a rotation, a zoom, a window
// resized) and when the page comes back from the back-forward cache, where it may have
// missed one, by listeners kept for the page's life.
let known: number | null = null;
const listeners = new Set<() => void>();

function refresh() {
  known = window.innerWidth;
  for (const listener of listeners) listener();
}

if (typeof window !== "undefined") {
  window.addEventListener("resize", refresh);
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) refresh();
  });
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

const readWidth = () => (known ??= window.innerWidth);
// Without a window (server rendering) assume a desktop width; the client corrects it on hydration.
const serverWidth = () => 1280;

/** The viewport's width in CSS pixels (`window.innerWidth`), re-read on every resize event
 * and when the page is restored from the back-forward cache. Tests change it with
 * `resizeTo` (`./testing`), which fires the event, never by setting `innerWidth` alone. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, readWidth, serverWidth);
}
