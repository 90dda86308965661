import {
  Children,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from "react";
import {
  CAROUSEL_DEFAULT_AUTOPLAY_MS,
  CAROUSEL_DEFAULT_SLIDES_PER_PAGE,
  CAROUSEL_DEFAULT_SPEED_MS,
  PRODUCT_LIST_CAROUSEL_SPEED_MS,
} from "./constants";
import { prefersReducedMotion } from "./smoothScroll";
import "./Carousel.css";

export interface CarouselProps {
  /** Accessible name of the carousel, e.g. "Pros" or "Related products". */
  label: string;
  /** One child per slide. */
  children: ReactNode;
  /** Duration of programmatic moves (keys, autoplay, settling after a drag), in ms. */
  speed?: number;
  /** Slides shown per page, or "auto" for slides as wide as their content. */
  slidesPerPage?: number | "auto";
  /** Move one page at a time on its own: `true` every 5000 ms, or an interval in ms. */
  autoplay?: boolean | number;
  /** Dragging with a mouse or pen scrolls freely (touch always scrolls natively). */
  freeDrag?: boolean;
  /** Slides snap into place when a scroll or drag ends. */
  snap?: boolean;
  className?: string;
}

/**
 * The options of the carousel for a product's own lists (site-core.md §2): free drag,
 * automatic width, no arrows or pagination, snap, speed 200.
 */
export const PRODUCT_LIST_CAROUSEL = {
  speed: PRODUCT_LIST_CAROUSEL_SPEED_MS,
  slidesPerPage: "auto",
  freeDrag: true,
  snap: true,
} as const satisfies Partial<CarouselProps>;

/** Movement (px) after which a press counts as a drag and not a click. */
const DRAG_THRESHOLD_PX = 5;
/** A released drag glides on for this long at its release speed before settling. */
const GLIDE_MS = 120;
/** The release speed is measured over the pointer's last moves within this window. */
const VELOCITY_WINDOW_MS = 100;

/**
 * A small horizontal carousel (site-core.md §2 and §9): a scrolling row of slides with
 * CSS scroll-snap, pointer drag, arrow keys and an optional autoplay. No arrows, no
 * pagination: the row itself is the control.
 */
export function Carousel({
  label,
  children,
  speed = CAROUSEL_DEFAULT_SPEED_MS,
  slidesPerPage = CAROUSEL_DEFAULT_SLIDES_PER_PAGE,
  autoplay = false,
  freeDrag = true,
  snap = true,
  className,
}: CarouselProps) {
  const slides = Children.toArray(children);
  const rootRef = useRef<HTMLElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const stopMove = useRef<() => void>(() => {});
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);

  const interval =
    autoplay === true ? CAROUSEL_DEFAULT_AUTOPLAY_MS : autoplay === false ? 0 : Math.max(0, autoplay);
  const [paused, setPaused] = useState(() => prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = interval > 0 && !paused && !hovered && !focused;

  // Slide width for a fixed number per page, through a custom property (never a style attribute).
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    if (slidesPerPage === "auto") root.style.removeProperty("--carousel-per-page");
    else root.style.setProperty("--carousel-per-page", String(Math.max(1, Math.floor(slidesPerPage))));
  }, [slidesPerPage]);

  const moveTo = (left: number, duration = speed) => {
    const track = trackRef.current;
    if (!track) return;
    stopMove.current();
    stopMove.current = animateScrollLeft(track, clamp(left, 0, maxScroll(track)), duration);
  };

  const step = (direction: -1 | 1, count = 1) => {
    const track = trackRef.current;
    if (!track) return;
    let target = track.scrollLeft;
    for (let i = 0; i < count; i++) target = neighbour(track, target, direction);
    moveTo(target);
  };

  // Autoplay: one page per interval, back to the start after the end.
  useEffect(() => {
    if (!playing) return;
    const perPage = slidesPerPage === "auto" ? 1 : Math.max(1, Math.floor(slidesPerPage));
    const timer = setInterval(() => {
      const track = trackRef.current;
      if (!track) return;
      if (track.scrollLeft >= maxScroll(track) - 1) moveTo(0);
      else step(1, perPage);
    }, interval);
    return () => clearInterval(timer);
    // moveTo and step read only refs and `speed`.
  }, [playing, interval, slidesPerPage, speed]);

  useEffect(() => () => stopMove.current(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const track = event.currentTarget;
    const keys: Record<string, () => void> = {
      ArrowRight: () => step(1),
      ArrowLeft: () => step(-1),
      Home: () => moveTo(0),
      End: () => moveTo(maxScroll(track)),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Touch keeps the browser's own scrolling; mouse and pen drag here.
    suppressClick.current = false;
    if (!freeDrag || event.pointerType === "touch" || event.button !== 0) return;
    stopMove.current();
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startLeft: event.currentTarget.scrollLeft,
      moved: false,
      samples: [{ x: event.clientX, t: event.timeStamp }],
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const track = event.currentTarget;
    const dx = event.clientX - current.startX;
    if (!current.moved && Math.abs(dx) < DRAG_THRESHOLD_PX) return;
    if (!current.moved) {
      current.moved = true;
      track.classList.add("carousel__track--dragging");
      track.setPointerCapture?.(event.pointerId);
    }
    track.scrollLeft = clamp(current.startLeft - dx, 0, maxScroll(track));
    current.samples = [...current.samples, { x: event.clientX, t: event.timeStamp }].filter(
      (sample) => event.timeStamp - sample.t <= VELOCITY_WINDOW_MS,
    );
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    const track = event.currentTarget;
    if (!current.moved) return;
    track.classList.remove("carousel__track--dragging");
    if (track.hasPointerCapture?.(event.pointerId)) track.releasePointerCapture(event.pointerId);
    suppressClick.current = true;
    setTimeout(() => {
      suppressClick.current = false;
    });

    // Release speed over the last 100 ms of movement; a pointer held still has none.
    const first = current.samples.find((sample) => event.timeStamp - sample.t <= VELOCITY_WINDOW_MS);
    const elapsed = first ? event.timeStamp - first.t : 0;
    const velocity = first && elapsed > 0 ? (event.clientX - first.x) / elapsed : 0; // px per ms
    const glide = clamp(track.scrollLeft - velocity * GLIDE_MS, 0, maxScroll(track));
    moveTo(snap ? nearestSlide(track, glide) : glide);
  };

  const rootClass = [
    "carousel",
    slidesPerPage === "auto" ? "carousel--auto" : "carousel--paged",
    className,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <section ref={rootRef} className={rootClass} aria-roledescription="carousel" aria-label={label}>
      {interval > 0 && (
        <button
          type="button"
          className="carousel__play button button--link"
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? "Start automatic slides" : "Stop automatic slides"}
        </button>
      )}
      <div
        ref={trackRef}
        className={snap ? "carousel__track carousel__track--snap" : "carousel__track"}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
        onClickCapture={(event) => {
          // The click that ends a drag is not a click on the slide under the pointer.
          if (!suppressClick.current) return;
          suppressClick.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
        onDragStart={(event) => event.preventDefault()}
      >
        {slides.map((slide, index) => (
          <div
            key={index}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
          >
            {slide}
          </div>
        ))}
      </div>
    </section>
  );
}

interface Drag {
  pointerId: number;
  startX: number;
  startLeft: number;
  moved: boolean;
  samples: Array<{ x: number; t: number }>;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function maxScroll(track: HTMLElement): number {
  return Math.max(0, track.scrollWidth - track.clientWidth);
}

/** Scroll positions at which each slide starts (the track is the slides' offset parent). */
function slideStarts(track: HTMLElement): number[] {
  const max = maxScroll(track);
  return Array.from(track.children, (child) => Math.min((child as HTMLElement).offsetLeft, max));
}

/** The start of the next (1) or previous (-1) slide from `from`. */
function neighbour(track: HTMLElement, from: number, direction: -1 | 1): number {
  const starts = slideStarts(track);
  if (direction === 1) return starts.find((start) => start > from + 1) ?? from;
  return [...starts].reverse().find((start) => start < from - 1) ?? 0;
}

function nearestSlide(track: HTMLElement, left: number): number {
  let best = left;
  let distance = Infinity;
  for (const start of slideStarts(track)) {
    if (Math.abs(start - left) < distance) {
      best = start;
      distance = Math.abs(start - left);
    }
  }
  return best;
}

/**
 * Moves `track.scrollLeft` to `to` over `duration` ms. Snapping is switched off during
 * the move so the browser does not pull the row back to a snap point midway.
 */
function animateScrollLeft(track: HTMLElement, to: number, duration: number): () => void {
  const from = track.scrollLeft;
  if (duration <= 0 || from === to || prefersReducedMotion()) {
    track.scrollLeft = to;
    return () => {};
  }
  track.classList.add("carousel__track--moving");
  const startedAt = performance.now();
  let frame = requestAnimationFrame(function tick(now) {
    const progress = clamp((now - startedAt) / duration, 0, 1);
    const eased = 1 - (1 - progress) ** 3;
    track.scrollLeft = Math.round(from + (to - from) * eased);
    if (progress < 1) frame = requestAnimationFrame(tick);
    else track.classList.remove("carousel__track--moving");
  });
  return () => {
    cancelAnimationFrame(frame);
    track.classList.remove("carousel__track--moving");
  };
}
