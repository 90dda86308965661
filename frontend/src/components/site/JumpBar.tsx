import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from "react";
import { useLocation } from "react-router";
import {
  JUMP_BAR_DEFAULT_OFFSET,
  JUMP_BAR_SCROLL_THROTTLE_MS,
  JUMP_BAR_SECTION_OFFSETS,
  SCROLL_END_DELAY_MS,
} from "./constants";
import { smoothScrollTo } from "./smoothScroll";
import "./JumpBar.css";
import { whenShown } from "../../app/staged";

/** A jump link as the page data spells it (community.md §3). */
export interface JumpLink {
  LINK_NAME: string;
  /** `#section-id` */
  LINK_URL: string;
}

export interface JumpBarProps {
  links: readonly JumpLink[];
  /** Accessible name of the bar. */
  label?: string;
}

/** The section id a jump link points at: what follows its `#`. */
export function sectionIdOf(url: string): string {
  const hash = url.indexOf("#");
  const raw = hash >= 0 ? url.slice(hash + 1) : url;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** How far below the top of its box a section starts (community.md §9). */
export function sectionOffset(id: string): number {
  return JUMP_BAR_SECTION_OFFSETS[id] ?? JUMP_BAR_DEFAULT_OFFSET;
}

/**
 * The sticky jump-link bar (community.md §2 and §4). The active link follows the section
 * under the bar while the page scrolls; a click scrolls smoothly to its section, makes
 * it active, and ignores scrolling until the scroll has ended.
 */
export function JumpBar({ links, label = "On this page" }: JumpBarProps) {
  const { pathname, search } = useLocation();
  const ids = links.map((link) => sectionIdOf(link.LINK_URL));
  const idsKey = ids.join("\n");

  const [active, setActive] = useState<string | null>(null);
  const barRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const linkRefs = useRef(new Map<string, HTMLAnchorElement>());
  // Set by the tracking effect: stop tracking until the current scroll ends.
  const suspend = useRef<() => void>(() => {});
  const stopScroll = useRef<() => void>(() => {});

  // Where the window's top must be for section `id` to count as reached: the section's
  // start (its box top plus its offset) just under the sticky bar, which itself sticks
  // under the site's sticky header (its CSS `top`).
  const sectionStart = useCallback((element: Element, id: string) => {
    const bar = barRef.current;
    const stuckBottom = bar ? (parseFloat(getComputedStyle(bar).top) || 0) + bar.getBoundingClientRect().height : 0;
    return window.scrollY + element.getBoundingClientRect().top - stuckBottom + sectionOffset(id);
  }, []);

  // --- Tracking the page scroll -------------------------------------------------------
  useEffect(() => {
    const sectionIds = idsKey ? idsKey.split("\n") : [];
    let suspendedUntilEnd = false;
    let throttle: ReturnType<typeof setTimeout> | undefined;
    let trailing = false;
    let scrollEnd: ReturnType<typeof setTimeout> | undefined;

    const measure = () => {
      const y = window.scrollY;
      const present = sectionIds.flatMap((id) => {
        const element = document.getElementById(id);
        return element ? [{ id, start: sectionStart(element, id) }] : [];
      });
      // Half a pixel of slack: a jump lands on a rounded position.
      let current: { id: string; start: number } | undefined;
      for (const section of present) {
        if (section.start <= y + 0.5 && (!current || section.start >= current.start)) current = section;
      }
      const page = document.documentElement;
      const atBottom =
        page.scrollHeight > window.innerHeight && y + window.innerHeight >= page.scrollHeight - 1;
      const last = present[present.length - 1];
      if (atBottom && last) current = last;
      setActive((current ?? present[0])?.id ?? null);
    };

    const throttled = () => {
      if (throttle !== undefined) {
        trailing = true;
        return;
      }
      measure();
      const tick = () => {
        if (trailing) {
          trailing = false;
          measure();
          throttle = setTimeout(tick, JUMP_BAR_SCROLL_THROTTLE_MS);
        } else {
          throttle = undefined;
        }
      };
      throttle = setTimeout(tick, JUMP_BAR_SCROLL_THROTTLE_MS);
    };

    const restartScrollEnd = () => {
      clearTimeout(scrollEnd);
      scrollEnd = setTimeout(() => {
        suspendedUntilEnd = false;
      }, SCROLL_END_DELAY_MS);
    };

    const onScroll = () => {
      if (suspendedUntilEnd) restartScrollEnd();
      else throttled();
    };

    suspend.current = () => {
      suspendedUntilEnd = true;
      clearTimeout(throttle);
      throttle = undefined;
      trailing = false;
      restartScrollEnd();
    };

    // The sections below may still be coming in the app's first render.
    const cancelMeasure = whenShown(measure);
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", throttled);
    return () => {
      cancelMeasure();
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", throttled);
      clearTimeout(throttle);
      clearTimeout(scrollEnd);
      suspend.current = () => {};
    };
  }, [idsKey, sectionStart]);

  useEffect(() => () => stopScroll.current(), []);

  const jump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const section = document.getElementById(id);
    if (!section || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setActive(id);
    suspend.current();
    stopScroll.current = smoothScrollTo(sectionStart(section, id));
    window.history.replaceState(window.history.state, "", `#${encodeURIComponent(id)}`);
    // Move the keyboard's reading point to the section, as a native anchor would.
    if (!section.hasAttribute("tabindex")) section.setAttribute("tabindex", "-1");
    section.focus({ preventScroll: true });
  };

  // --- The bar's own horizontal scroll ------------------------------------------------
  const [edges, setEdges] = useState({ left: false, right: false });

  const updateEdges = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const left = list.scrollLeft > 1;
    const right = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setEdges((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
  }, []);

  useLayoutEffect(() => {
    // Measured once on screen: during the app's first render a measure here would lay out
    // the whole page in the middle of it.
    const cancelUpdate = whenShown(updateEdges);
    const list = listRef.current;
    window.addEventListener("resize", updateEdges);
    const observer =
      list && typeof ResizeObserver === "function" ? new ResizeObserver(updateEdges) : undefined;
    if (list) observer?.observe(list);
    return () => {
      cancelUpdate();
      window.removeEventListener("resize", updateEdges);
      observer?.disconnect();
    };
  }, [updateEdges, idsKey]);

  const scrollBar = (direction: -1 | 1) => {
    const list = listRef.current;
    if (!list) return;
    list.scrollLeft += direction * Math.max(100, list.clientWidth * 0.75);
    updateEdges();
  };

  // Keep the active link visible inside the bar.
  useEffect(() => {
    const list = listRef.current;
    const link = active ? linkRefs.current.get(active) : undefined;
    if (!list || !link) return;
    const box = list.getBoundingClientRect();
    const item = link.getBoundingClientRect();
    if (item.left < box.left) list.scrollLeft -= box.left - item.left;
    else if (item.right > box.right) list.scrollLeft += item.right - box.right;
  }, [active]);

  if (links.length === 0) return null;

  return (
    <nav ref={barRef} className="jump-bar" aria-label={label}>
      <button
        type="button"
        className="jump-bar__arrow jump-bar__arrow--left"
        aria-label="Scroll links left"
        tabIndex={-1}
        hidden={!edges.left}
        onClick={() => scrollBar(-1)}
      />
      <ul ref={listRef} className="jump-bar__list" onScroll={updateEdges}>
        {links.map((link, index) => {
          const id = ids[index] ?? "";
          return (
            <li key={`${id}-${index}`} className="jump-bar__item">
              <a
                ref={(element) => {
                  if (element) linkRefs.current.set(id, element);
                  else linkRefs.current.delete(id);
                }}
                className="jump-bar__link"
                href={`${pathname}${search}#${encodeURIComponent(id)}`}
                aria-current={active === id ? "location" : undefined}
                onClick={(event) => jump(event, id)}
              >
                {link.LINK_NAME}
              </a>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="jump-bar__arrow jump-bar__arrow--right"
        aria-label="Scroll links right"
        tabIndex={-1}
        hidden={!edges.right}
        onClick={() => scrollBar(1)}
      />
    </nav>
  );
}
