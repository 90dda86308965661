import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { smoothScrollTo, smoothScrollToElement } from "./smoothScroll";

let scrollY = 0;
const positions: number[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  scrollY = 0;
  positions.length = 0;
  Object.defineProperty(window, "scrollY", { configurable: true, get: () => scrollY });
  vi.spyOn(window, "scrollTo").mockImplementation(((_x: number, y: number) => {
    scrollY = y;
    positions.push(y);
  }) as typeof window.scrollTo);
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window, "matchMedia");
});

describe("smoothScrollTo", () => {
  it("never takes longer than 999 ms, however far it goes", () => {
    smoothScrollTo(50_000);
    vi.advanceTimersByTime(990);
    expect(scrollY).toBeLessThan(50_000);
    vi.advanceTimersByTime(20);
    expect(scrollY).toBe(50_000);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("takes less time for a short distance", () => {
    smoothScrollTo(300);
    vi.advanceTimersByTime(320);
    expect(scrollY).toBe(300);
  });

  it("goes back up as well as down, and not above the page", () => {
    scrollY = 800;
    smoothScrollTo(-40);
    vi.advanceTimersByTime(1000);
    expect(scrollY).toBe(0);
  });

  it("jumps at once for visitors who prefer reduced motion", () => {
    Object.defineProperty(window, "matchMedia", {
      configurable: true,
      value: (query: string) => ({ matches: query.includes("reduce") }),
    });
    smoothScrollTo(1200);
    expect(positions).toEqual([1200]);
  });

  it("jumps at once when the site's own reduced-motion feature is on", () => {
    document.documentElement.classList.add("a11y-reduced-motion");
    try {
      smoothScrollTo(900);
      expect(positions).toEqual([900]);
    } finally {
      document.documentElement.classList.remove("a11y-reduced-motion");
    }
  });

  it("stops when the visitor turns the wheel", () => {
    smoothScrollTo(5000);
    vi.advanceTimersByTime(200);
    window.dispatchEvent(new Event("wheel"));
    const stoppedAt = scrollY;
    vi.advanceTimersByTime(1000);
    expect(scrollY).toBe(stoppedAt);
    expect(stoppedAt).toBeLessThan(5000);
  });

  it("replaces a scroll already under way", () => {
    smoothScrollTo(5000);
    vi.advanceTimersByTime(100);
    smoothScrollTo(0);
    vi.advanceTimersByTime(1000);
    expect(scrollY).toBe(0);
  });
});

describe("smoothScrollToElement", () => {
  it("leaves 9 px between the viewport's top and the element", () => {
    scrollY = 100;
    const element = document.createElement("div");
    vi.spyOn(element, "getBoundingClientRect").mockReturnValue({ top: 400 } as DOMRect);
    smoothScrollToElement(element);
    vi.advanceTimersByTime(1000);
    expect(scrollY).toBe(100 + 400 - 9);
  });
});
