import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { JumpBar, sectionIdOf, sectionOffset, type JumpLink } from "./JumpBar";

const LINKS: JumpLink[] = [
  { LINK_NAME: "Overview", LINK_URL: "#overview" },
  { LINK_NAME: "Expert opinions", LINK_URL: "#expert-opinions" },
  { LINK_NAME: "Rates", LINK_URL: "#rates" },
  { LINK_NAME: "Questions", LINK_URL: "#qna" },
  { LINK_NAME: "Disclosure", LINK_URL: "#cards-disclosure" },
];

// Page layout: section tops in document coordinates; the bar is 50 px tall.
const BAR_HEIGHT = 50;
const TOPS: Record<string, number> = {
  overview: 500,
  "expert-opinions": 1000,
  rates: 1500,
  qna: 2000,
  "cards-disclosure": 3000,
};
// The scroll position at which each section becomes active:
// top - bar height + offset (qna 0, expert-opinions 30, cards-disclosure 30, others -10).
const STARTS = {
  "expert-opinions": 1000 - 50 + 30,
  rates: 1500 - 50 - 10,
  qna: 2000 - 50 + 0,
  "cards-disclosure": 3000 - 50 + 30,
};

const PAGE = "/best-credit-cards?ref=x";
let scrollY = 0;
let scrollHeight = 0;

function rect(top: number, height: number, left = 0, width = 0): DOMRect {
  return {
    top,
    bottom: top + height,
    height,
    left,
    right: left + width,
    width,
    x: left,
    y: top,
    toJSON: () => ({}),
  } as DOMRect;
}

function scrollWindowTo(y: number) {
  act(() => {
    scrollY = y;
    window.dispatchEvent(new Event("scroll"));
  });
}

function link(name: string) {
  return screen.getByRole("link", { name });
}

function activeName(): string | null {
  const current = screen
    .getAllByRole("link")
    .filter((a) => a.hasAttribute("aria-current"));
  expect(current.length).toBeLessThanOrEqual(1);
  return current[0]?.textContent ?? null;
}

function renderBar(links = LINKS) {
  return render(
    <MemoryRouter initialEntries={[PAGE]}>
      <JumpBar links={links} />
      {Object.keys(TOPS).map((id) => (
        <section key={id} id={id}>
          <h2>{id}</h2>
        </section>
      ))}
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  scrollY = 0;
  scrollHeight = 0;
  window.history.replaceState(null, "", PAGE);
  Object.defineProperty(window, "scrollY", { configurable: true, get: () => scrollY });
  vi.spyOn(document.documentElement, "scrollHeight", "get").mockImplementation(() => scrollHeight);
  vi.spyOn(window, "scrollTo").mockImplementation(((x: number | ScrollToOptions, y?: number) => {
    scrollY = typeof x === "number" ? (y ?? 0) : (x.top ?? scrollY);
    window.dispatchEvent(new Event("scroll"));
  }) as typeof window.scrollTo);
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    if (this.classList.contains("jump-bar")) return rect(0, BAR_HEIGHT);
    const top = TOPS[this.id];
    return top === undefined ? rect(0, 0) : rect(top - scrollY, 400);
  });
});

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, "", "/");
});

describe("jump link helpers", () => {
  it("reads the section id after the #", () => {
    expect(sectionIdOf("#qna")).toBe("qna");
    expect(sectionIdOf("/best-credit-cards#expert-opinions")).toBe("expert-opinions");
    expect(sectionIdOf("#caf%C3%A9")).toBe("café");
  });

  it("uses the specification's offsets", () => {
    expect(sectionOffset("qna")).toBe(0);
    expect(sectionOffset("expert-opinions")).toBe(30);
    expect(sectionOffset("cards-disclosure")).toBe(30);
    expect(sectionOffset("rates")).toBe(-10);
    expect(sectionOffset("anything-else")).toBe(-10);
  });
});

describe("JumpBar links", () => {
  it("points every link at the page address plus #id, inside a named nav", () => {
    renderBar();
    const nav = screen.getByRole("navigation", { name: "On this page" });
    expect(nav).toHaveClass("jump-bar");
    expect(
      screen.getAllByRole("link").map((a) => a.getAttribute("href")),
    ).toEqual([
      "/best-credit-cards?ref=x#overview",
      "/best-credit-cards?ref=x#expert-opinions",
      "/best-credit-cards?ref=x#rates",
      "/best-credit-cards?ref=x#qna",
      "/best-credit-cards?ref=x#cards-disclosure",
    ]);
  });

  it("renders nothing without links", () => {
    const { container } = render(
      <MemoryRouter>
        <JumpBar links={[]} />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe("JumpBar scroll tracking", () => {
  it("marks the nearest section at the top of the page", () => {
    renderBar();
    expect(activeName()).toBe("Overview");
    expect(link("Overview")).toHaveAttribute("aria-current", "location");
  });

  it("switches sections exactly at their offsets", () => {
    renderBar();
    const cases: Array<[number, string]> = [
      [STARTS["expert-opinions"] - 1, "Overview"],
      [STARTS["expert-opinions"], "Expert opinions"],
      [STARTS.rates - 1, "Expert opinions"],
      [STARTS.rates, "Rates"],
      [STARTS.qna - 1, "Rates"],
      [STARTS.qna, "Questions"],
      [STARTS["cards-disclosure"] - 1, "Questions"],
      [STARTS["cards-disclosure"], "Disclosure"],
      [0, "Overview"],
    ];
    for (const [y, expected] of cases) {
      scrollWindowTo(y);
      expect(activeName(), `at ${y}`).toBe(expected);
      act(() => vi.advanceTimersByTime(50));
    }
  });

  it("reads the scroll position at most once per 50 ms, keeping the last one", () => {
    renderBar();
    scrollWindowTo(STARTS["expert-opinions"]);
    expect(activeName()).toBe("Expert opinions");

    act(() => vi.advanceTimersByTime(10));
    scrollWindowTo(STARTS.rates);
    expect(activeName()).toBe("Expert opinions");
    act(() => vi.advanceTimersByTime(39));
    expect(activeName()).toBe("Expert opinions");
    act(() => vi.advanceTimersByTime(1));
    expect(activeName()).toBe("Rates");

    // After a quiet period the next scroll is read at once.
    act(() => vi.advanceTimersByTime(100));
    scrollWindowTo(STARTS.qna);
    expect(activeName()).toBe("Questions");
  });

  it("marks the last section at the bottom of the page even if it never reaches the bar", () => {
    scrollHeight = 3300;
    renderBar();
    const bottom = scrollHeight - window.innerHeight;
    expect(bottom).toBeLessThan(STARTS["cards-disclosure"]);
    scrollWindowTo(bottom - 10);
    expect(activeName()).toBe("Questions");
    act(() => vi.advanceTimersByTime(50));
    scrollWindowTo(bottom);
    expect(activeName()).toBe("Disclosure");
  });
});

describe("JumpBar clicks", () => {
  it("scrolls smoothly to the section, marks it, and ignores scrolling until the scroll ends", () => {
    renderBar();
    const positions: number[] = [];
    const onScroll = () => positions.push(scrollY);
    window.addEventListener("scroll", onScroll);

    const notPrevented = fireEvent.click(link("Questions"));
    expect(notPrevented).toBe(false);
    expect(activeName()).toBe("Questions");
    expect(window.location.hash).toBe("#qna");
    expect(document.activeElement).toBe(document.getElementById("qna"));

    // The animation passes over earlier sections without moving the mark.
    act(() => vi.advanceTimersByTime(500));
    expect(scrollY).toBeGreaterThan(0);
    expect(scrollY).toBeLessThan(STARTS.qna);
    expect(activeName()).toBe("Questions");

    // It ends on the section's start within 999 ms.
    act(() => vi.advanceTimersByTime(520));
    expect(scrollY).toBe(STARTS.qna);
    expect(positions.length).toBeGreaterThan(10);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    // Scrolling less than 500 ms after the last scroll event is still ignored...
    act(() => vi.advanceTimersByTime(450));
    scrollWindowTo(STARTS["expert-opinions"]);
    expect(activeName()).toBe("Questions");
    // ...and it restarts the wait.
    act(() => vi.advanceTimersByTime(499));
    scrollWindowTo(STARTS["expert-opinions"]);
    expect(activeName()).toBe("Questions");

    // 500 ms of quiet end the scroll; tracking resumes.
    act(() => vi.advanceTimersByTime(500));
    scrollWindowTo(STARTS["expert-opinions"]);
    expect(activeName()).toBe("Expert opinions");
    window.removeEventListener("scroll", onScroll);
  });

  it("uses the section's offset for the landing position", () => {
    renderBar();
    fireEvent.click(link("Expert opinions"));
    act(() => vi.advanceTimersByTime(1100));
    expect(scrollY).toBe(STARTS["expert-opinions"]);
    fireEvent.click(link("Rates"));
    act(() => vi.advanceTimersByTime(1100));
    expect(scrollY).toBe(STARTS.rates);
  });

  it("leaves modified clicks (new tab) to the browser", () => {
    renderBar();
    const notPrevented = fireEvent.click(link("Questions"), { ctrlKey: true });
    expect(notPrevented).toBe(true);
    expect(window.scrollTo).not.toHaveBeenCalled();
    expect(activeName()).toBe("Overview");
  });
});

describe("JumpBar horizontal scrolling", () => {
  function sizeList(scrollWidth: number, clientWidth: number) {
    vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains("jump-bar__list") ? scrollWidth : 0;
    });
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains("jump-bar__list") ? clientWidth : 0;
    });
  }

  function stubScrollLeft(element: HTMLElement) {
    let value = 0;
    Object.defineProperty(element, "scrollLeft", {
      configurable: true,
      get: () => value,
      set: (next: number) => {
        value = Math.max(0, next);
      },
    });
  }

  const left = () => screen.queryByRole("button", { name: "Scroll links left" });
  const right = () => screen.queryByRole("button", { name: "Scroll links right" });

  it("shows the right arrow at the start, both in the middle, the left one at the end", () => {
    sizeList(1000, 300);
    renderBar();
    const list = screen.getByRole("list");
    stubScrollLeft(list);
    fireEvent.scroll(list);
    expect(left()).toBeNull();
    expect(right()).toBeInTheDocument();

    fireEvent.click(right()!);
    expect(list.scrollLeft).toBe(225);
    expect(left()).toBeInTheDocument();
    expect(right()).toBeInTheDocument();

    list.scrollLeft = 700;
    fireEvent.scroll(list);
    expect(left()).toBeInTheDocument();
    expect(right()).toBeNull();

    fireEvent.click(left()!);
    expect(list.scrollLeft).toBe(475);
    expect(right()).toBeInTheDocument();
  });

  it("shows no arrows when every link fits", () => {
    sizeList(600, 600);
    renderBar();
    expect(left()).toBeNull();
    expect(right()).toBeNull();
  });

  it("scrolls the bar to keep the active link visible", () => {
    sizeList(1000, 300);
    renderBar();
    const list = screen.getByRole("list");
    stubScrollLeft(list);
    const original = Element.prototype.getBoundingClientRect;
    vi.mocked(original).mockImplementation(function (this: Element) {
      if (this.classList.contains("jump-bar")) return rect(0, BAR_HEIGHT);
      if (this.classList.contains("jump-bar__list")) return rect(0, BAR_HEIGHT, 0, 300);
      if (this.textContent === "Questions" && this.tagName === "A") return rect(0, 44, 500, 100);
      const top = TOPS[this.id];
      return top === undefined ? rect(0, 0) : rect(top - scrollY, 400);
    });
    scrollWindowTo(STARTS.qna);
    expect(activeName()).toBe("Questions");
    expect(list.scrollLeft).toBe(300);
  });
});
