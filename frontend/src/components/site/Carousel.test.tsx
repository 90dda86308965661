import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Carousel, PRODUCT_LIST_CAROUSEL, type CarouselProps } from "./Carousel";

// Layout: five 180 px slides every 200 px in a 300 px wide row; the row scrolls to 700.
const SLIDE_STEP = 200;
const TRACK_WIDTH = 300;
const CONTENT_WIDTH = 1000;
const MAX = CONTENT_WIDTH - TRACK_WIDTH;

const ITEMS = ["No annual fee", "Cash back", "Intro APR", "No foreign fees", "Free score"];

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLElement.prototype, "offsetLeft", "get").mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains("carousel__slide") || !this.parentElement) return 0;
    return Array.from(this.parentElement.children).indexOf(this) * SLIDE_STEP;
  });
  vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockImplementation(function (this: HTMLElement) {
    return this.classList.contains("carousel__track") ? CONTENT_WIDTH : 0;
  });
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockImplementation(function (this: HTMLElement) {
    return this.classList.contains("carousel__track") ? TRACK_WIDTH : 0;
  });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window, "matchMedia");
});

function renderCarousel(props: Partial<CarouselProps> = {}, onPick = vi.fn()) {
  render(
    <Carousel label="Pros" {...props}>
      {ITEMS.map((item) => (
        <button key={item} type="button" onClick={() => onPick(item)}>
          {item}
        </button>
      ))}
    </Carousel>,
  );
  const track = document.querySelector<HTMLElement>(".carousel__track");
  if (!track) throw new Error("no track");
  let left = 0;
  Object.defineProperty(track, "scrollLeft", {
    configurable: true,
    get: () => left,
    set: (value: number) => {
      left = Math.min(MAX, Math.max(0, value));
    },
  });
  return { track, onPick };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("Carousel structure", () => {
  it("is a named region described as a carousel, with one labelled group per slide", () => {
    renderCarousel();
    const region = screen.getByRole("region", { name: "Pros" });
    expect(region).toHaveAttribute("aria-roledescription", "carousel");
    const slides = within(region).getAllByRole("group");
    expect(slides).toHaveLength(5);
    expect(slides[0]).toHaveAttribute("aria-roledescription", "slide");
    expect(slides[0]).toHaveAccessibleName("1 of 5");
    expect(slides[4]).toHaveAccessibleName("5 of 5");
  });

  it("has no arrows and no pagination, only the slides' own content", () => {
    renderCarousel(PRODUCT_LIST_CAROUSEL);
    const region = screen.getByRole("region", { name: "Pros" });
    expect(within(region).getAllByRole("button").map((b) => b.textContent)).toEqual(ITEMS);
    expect(within(region).queryByRole("tablist")).toBeNull();
  });

  it("snaps with CSS scroll-snap unless told not to", () => {
    const { track } = renderCarousel();
    expect(track).toHaveClass("carousel__track--snap");
  });

  it("can turn snapping off", () => {
    const { track } = renderCarousel({ snap: false });
    expect(track).not.toHaveClass("carousel__track--snap");
  });

  it("sizes slides automatically for product lists and per page otherwise", () => {
    renderCarousel(PRODUCT_LIST_CAROUSEL);
    const auto = screen.getByRole("region");
    expect(auto).toHaveClass("carousel--auto");
    expect(auto.style.getPropertyValue("--carousel-per-page")).toBe("");
  });

  it("shows one slide per page by default, or as many as asked", () => {
    const { unmount } = render(<Carousel label="A">{ITEMS}</Carousel>);
    expect(screen.getByRole("region")).toHaveClass("carousel--paged");
    expect(screen.getByRole("region").style.getPropertyValue("--carousel-per-page")).toBe("1");
    unmount();
    render(
      <Carousel label="B" slidesPerPage={3}>
        {ITEMS}
      </Carousel>,
    );
    expect(screen.getByRole("region").style.getPropertyValue("--carousel-per-page")).toBe("3");
  });

  it("writes no style attribute into its markup", () => {
    const html = renderToStaticMarkup(
      <Carousel label="Pros" slidesPerPage={2} autoplay>
        {ITEMS}
      </Carousel>,
    );
    expect(html).not.toContain("style=");
  });
});

describe("Carousel keyboard", () => {
  it("is focusable and moves one slide per arrow key at the default speed of 400 ms", () => {
    const { track } = renderCarousel();
    expect(track).toHaveAttribute("tabindex", "0");
    track.focus();
    fireEvent.keyDown(track, { key: "ArrowRight" });
    advance(200);
    expect(track.scrollLeft).toBeGreaterThan(0);
    expect(track.scrollLeft).toBeLessThan(SLIDE_STEP);
    expect(track).toHaveClass("carousel__track--moving");
    advance(190);
    expect(track).toHaveClass("carousel__track--moving");
    advance(30);
    expect(track.scrollLeft).toBe(SLIDE_STEP);
    expect(track).not.toHaveClass("carousel__track--moving");

    fireEvent.keyDown(track, { key: "ArrowRight" });
    advance(420);
    expect(track.scrollLeft).toBe(2 * SLIDE_STEP);
    fireEvent.keyDown(track, { key: "ArrowLeft" });
    advance(420);
    expect(track.scrollLeft).toBe(SLIDE_STEP);
  });

  it("moves in 200 ms with the product-list options", () => {
    const { track } = renderCarousel(PRODUCT_LIST_CAROUSEL);
    fireEvent.keyDown(track, { key: "ArrowRight" });
    advance(100);
    expect(track.scrollLeft).toBeLessThan(SLIDE_STEP);
    advance(120);
    expect(track.scrollLeft).toBe(SLIDE_STEP);
  });

  it("goes to the ends with Home and End and stops there", () => {
    const { track } = renderCarousel({ speed: 0 });
    fireEvent.keyDown(track, { key: "End" });
    expect(track.scrollLeft).toBe(MAX);
    fireEvent.keyDown(track, { key: "ArrowRight" });
    expect(track.scrollLeft).toBe(MAX);
    fireEvent.keyDown(track, { key: "ArrowLeft" });
    expect(track.scrollLeft).toBe(3 * SLIDE_STEP);
    fireEvent.keyDown(track, { key: "Home" });
    expect(track.scrollLeft).toBe(0);
    fireEvent.keyDown(track, { key: "ArrowLeft" });
    expect(track.scrollLeft).toBe(0);
  });

  it("leaves other keys and keys on the slides' own controls alone", () => {
    const { track } = renderCarousel({ speed: 0 });
    expect(fireEvent.keyDown(track, { key: "a" })).toBe(true);
    fireEvent.keyDown(screen.getByRole("button", { name: "Cash back" }), { key: "ArrowRight" });
    expect(track.scrollLeft).toBe(0);
  });
});

describe("Carousel drag", () => {
  function dragBy(track: HTMLElement, dx: number, pointerType = "mouse") {
    fireEvent.pointerDown(track, { pointerId: 1, pointerType, button: 0, clientX: 500 });
    fireEvent.pointerMove(track, { pointerId: 1, pointerType, clientX: 500 + dx / 2 });
    fireEvent.pointerMove(track, { pointerId: 1, pointerType, clientX: 500 + dx });
  }

  it("scrolls with the pointer, then settles on the nearest slide", () => {
    const { track } = renderCarousel(PRODUCT_LIST_CAROUSEL);
    dragBy(track, -260);
    expect(track.scrollLeft).toBe(260);
    expect(track).toHaveClass("carousel__track--dragging");

    // Released slowly: no glide, the nearest slide start is 200.
    advance(500);
    fireEvent.pointerUp(track, { pointerId: 1, pointerType: "mouse", clientX: 240 });
    expect(track).not.toHaveClass("carousel__track--dragging");
    advance(250);
    expect(track.scrollLeft).toBe(SLIDE_STEP);
  });

  it("glides on after a quick flick before settling", () => {
    const { track } = renderCarousel(PRODUCT_LIST_CAROUSEL);
    fireEvent.pointerDown(track, { pointerId: 1, pointerType: "mouse", button: 0, clientX: 500 });
    advance(20);
    fireEvent.pointerMove(track, { pointerId: 1, pointerType: "mouse", clientX: 435 });
    advance(20);
    fireEvent.pointerMove(track, { pointerId: 1, pointerType: "mouse", clientX: 370 });
    expect(track.scrollLeft).toBe(130);
    advance(10);
    fireEvent.pointerUp(track, { pointerId: 1, pointerType: "mouse", clientX: 360 });
    advance(250);
    // Without the glide the nearest slide would be 200.
    expect(track.scrollLeft).toBe(2 * SLIDE_STEP);
  });

  it("stops where it was let go when snapping is off", () => {
    const { track } = renderCarousel({ ...PRODUCT_LIST_CAROUSEL, snap: false });
    dragBy(track, -260);
    advance(500);
    fireEvent.pointerUp(track, { pointerId: 1, pointerType: "mouse", clientX: 240 });
    advance(250);
    expect(track.scrollLeft).toBe(260);
  });

  it("does not treat the end of a drag as a click, but lets real clicks through", () => {
    const { track, onPick } = renderCarousel(PRODUCT_LIST_CAROUSEL);
    const slide = screen.getByRole("button", { name: "Cash back" });
    dragBy(track, -100);
    fireEvent.pointerUp(track, { pointerId: 1, pointerType: "mouse", clientX: 400 });
    fireEvent.click(slide);
    expect(onPick).not.toHaveBeenCalled();

    advance(300);
    fireEvent.pointerDown(slide, { pointerId: 2, pointerType: "mouse", button: 0, clientX: 10 });
    fireEvent.pointerUp(slide, { pointerId: 2, pointerType: "mouse", clientX: 11 });
    fireEvent.click(slide);
    expect(onPick).toHaveBeenCalledWith("Cash back");
  });

  it("leaves touch to the browser's own scrolling", () => {
    const { track } = renderCarousel(PRODUCT_LIST_CAROUSEL);
    dragBy(track, -260, "touch");
    expect(track.scrollLeft).toBe(0);
    expect(track).not.toHaveClass("carousel__track--dragging");
  });

  it("does not drag when free drag is off", () => {
    const { track } = renderCarousel({ freeDrag: false });
    dragBy(track, -260);
    expect(track.scrollLeft).toBe(0);
  });
});

describe("Carousel autoplay", () => {
  it("is off unless asked for", () => {
    const { track } = renderCarousel();
    advance(20_000);
    expect(track.scrollLeft).toBe(0);
    expect(screen.queryByRole("button", { name: /automatic slides/ })).toBeNull();
  });

  it("moves one page every 5000 ms and starts over after the end", () => {
    const { track } = renderCarousel({ autoplay: true, speed: 0 });
    advance(4999);
    expect(track.scrollLeft).toBe(0);
    advance(1);
    expect(track.scrollLeft).toBe(SLIDE_STEP);
    advance(5000 * 3);
    expect(track.scrollLeft).toBe(MAX);
    advance(5000);
    expect(track.scrollLeft).toBe(0);
  });

  it("moves a whole page when several slides share it, at the interval asked", () => {
    const { track } = renderCarousel({ autoplay: 3000, slidesPerPage: 2, speed: 0 });
    advance(3000);
    expect(track.scrollLeft).toBe(2 * SLIDE_STEP);
  });

  it("can be stopped and started, and pauses under the pointer", () => {
    const { track } = renderCarousel({ autoplay: true, speed: 0 });
    const stop = screen.getByRole("button", { name: "Stop automatic slides" });
    fireEvent.click(stop);
    advance(10_000);
    expect(track.scrollLeft).toBe(0);

    fireEvent.click(screen.getByRole("button", { name: "Start automatic slides" }));
    fireEvent.pointerEnter(track);
    advance(10_000);
    expect(track.scrollLeft).toBe(0);
    fireEvent.pointerLeave(track);
    advance(5000);
    expect(track.scrollLeft).toBe(SLIDE_STEP);
  });

  it("starts stopped for visitors who prefer reduced motion", () => {
    Object.defineProperty(window, "matchMedia", {
      configurable: true,
      value: (query: string) => ({
        matches: query === "(prefers-reduced-motion: reduce)",
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }),
    });
    const { track } = renderCarousel({ autoplay: true });
    advance(10_000);
    expect(track.scrollLeft).toBe(0);
    expect(screen.getByRole("button", { name: "Start automatic slides" })).toBeInTheDocument();
  });
});
