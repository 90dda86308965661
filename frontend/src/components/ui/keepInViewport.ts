import { useLayoutEffect, type RefObject } from "react";

/** Room kept between a bubble and the screen's edge, in CSS pixels (1rem). */
export const VIEWPORT_EDGE_PX = 16;

/**
 * Keeps an open bubble inside the viewport. It is centred on its trigger, so near a side
 * of a phone's screen half of it would stick out past the edge and widen the page; this
 * moves it sideways just enough to fit. The bubble is then placed by its `left` edge with
 * no transform: a transformed box still counts at its untransformed place in the page's
 * scrollable width, which widened a phone's page to 433 px.
 */
export function useKeepInViewport(bubble: RefObject<HTMLElement | null>, open: boolean): void {
  useLayoutEffect(() => {
    const element = bubble.current;
    if (!element) return;
    // Measured where the stylesheet alone puts it.
    element.style.removeProperty("left");
    element.style.removeProperty("transform");
    if (!open) return;
    const box = element.getBoundingClientRect();
    // Not laid out (hidden, or no layout at all): nothing to fit.
    if (box.width === 0) return;
    const width = document.documentElement.clientWidth || window.innerWidth;
    let shift = 0;
    if (box.right > width - VIEWPORT_EDGE_PX) shift = width - VIEWPORT_EDGE_PX - box.right;
    if (box.left + shift < VIEWPORT_EDGE_PX) shift = VIEWPORT_EDGE_PX - box.left;
    // `left` is measured from the positioned wrapper the bubble sits in.
    const origin = element.parentElement?.getBoundingClientRect().left ?? 0;
    element.style.left = `${Math.round(box.left + shift - origin)}px`;
    element.style.transform = "none";
  });
}
