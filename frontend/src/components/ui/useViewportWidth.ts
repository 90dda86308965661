import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
}

const readWidth = () => window.innerWidth;
// Without a window (server rendering) assume a desktop width; the client corrects it on hydration.
const serverWidth = () => 1280;

/** The viewport's width in CSS pixels (`window.innerWidth`), re-read on every resize event. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, readWidth, serverWidth);
}
