/**
 * Smooth page scrolling (site-core.md §9: at most 999 ms, 9 px from the viewport edge).
 * The animation moves about one pixel per millisecond and never lasts longer than the
 * maximum; visitors who ask for reduced motion jump straight to the target. A wheel
 * turn, touch or key press stops the animation so the visitor keeps control.
 */
import { SMOOTH_SCROLL_EDGE_OFFSET_PX, SMOOTH_SCROLL_MAX_DURATION_MS } from "./constants";

let stopCurrent: (() => void) | null = null;

export interface SmoothScrollOptions {
  /** Longest animation, in ms. */
  maxDuration?: number;
}

/** Scrolls the window so its top lands at `top`. Returns a function that stops the animation. */
export function smoothScrollTo(top: number, options: SmoothScrollOptions = {}): () => void {
  stopCurrent?.();
  const maxDuration = options.maxDuration ?? SMOOTH_SCROLL_MAX_DURATION_MS;
  const from = window.scrollY;
  const to = Math.max(0, Math.round(top));
  const distance = to - from;
  const duration = Math.min(Math.abs(distance), maxDuration);

  if (duration < 1 || prefersReducedMotion()) {
    window.scrollTo(0, to);
    return () => {};
  }

  const startedAt = performance.now();
  let frame = 0;
  const interrupt = ["wheel", "touchstart", "keydown"] as const;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of interrupt) window.removeEventListener(type, stop);
    if (stopCurrent === stop) stopCurrent = null;
  };
  const step = (now: number) => {
    const progress = Math.min(1, Math.max(0, (now - startedAt) / duration));
    window.scrollTo(0, Math.round(from + distance * easeInOut(progress)));
    if (progress < 1) frame = requestAnimationFrame(step);
    else stop();
  };
  for (const type of interrupt) window.addEventListener(type, stop, { passive: true });
  frame = requestAnimationFrame(step);
  stopCurrent = stop;
  return stop;
}

/** Scrolls so that `element` sits `edgeOffset` px below the top of the viewport. */
export function smoothScrollToElement(
  element: Element,
  edgeOffset = SMOOTH_SCROLL_EDGE_OFFSET_PX,
  options?: SmoothScrollOptions,
): () => void {
  const top = window.scrollY + element.getBoundingClientRect().top - edgeOffset;
  return smoothScrollTo(top, options);
}

/** The system asks for less motion, or the visitor switched on the site's reduced motion. */
export function prefersReducedMotion(): boolean {
  return (
    document.documentElement.classList.contains("a11y-reduced-motion") ||
    (typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches)
  );
}

function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
}
