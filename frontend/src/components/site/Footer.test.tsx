import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Footer, JOIN_BENEFITS, type FooterProps } from "./Footer";
import { useSession } from "../../stores/session";
import { sendAppLink } from "../../api/client";
import { addStorePages, removeStorePages, TEST_APP_STORE_URL, TEST_PLAY_STORE_URL } from "../../test/storePages";

// The app block's dialog sends through this; nothing else in the footer calls the server.
vi.mock("../../api/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../api/client")>()),
  sendAppLink: vi.fn(),
}));

// community.md §2, "Footer", copied from the specification (grouped by section), less the
// links to pages that only say Plainrate does not offer what they name (NOT_OFFERED).
const EXPECTED: Record<string, string[]> = {
  Loans: [
    "/best-personal-loans",
    "/best-banks-for-personal-loans",
    "/personal-loans/short-term-loans",
    "/personal-loans/debt-consolidation-loans-for-bad-credit",
  ],
  "Tools and guides": ["/answers/", "/calculators", "/credit-score-range"],
  Banking: [
    "/cd-rates",
    "/checking-accounts",
    "/savings-accounts",
    "/money-market-accounts",
    "/prepaid-debit-cards",
    "/banks",
    "/credit-unions",
  ],
  Directories: ["/product-directory/", "/search-directory/"],
  "Credit cards": [
    "/credit-cards/0-apr",
    "/credit-cards/balance-transfer",
    "/credit-cards/gas",
    "/credit-cards/rewards",
    "/credit-cards/excellent-credit",
    "/credit-cards/good-credit",
    "/credit-cards/fair-credit",
    "/credit-cards/bad-credit",
    "/credit-cards/no-credit",
    "/credit-cards/store",
    "/credit-cards/charge-cards",
    "/credit-cards/no-foreign-transaction-fee",
    "/credit-cards/secured",
    "/credit-cards/unsecured",
    "/credit-cards/starter",
  ],
  "Best of": [
    "/best-credit-cards",
    "/best-business-credit-cards",
    "/best-credit-card-deals",
    "/best-credit-cards-for-students",
    "/best-credit-cards-no-annual-fee",
    "/best-low-interest-credit-cards",
    "/best-credit-card-rates",
    "/best-cash-back-credit-card",
    "/best-airline-credit-card",
    "/best-hotel-credit-card",
    "/credit-card-reviews",
  ],
  Company: [
    "/about",
    "/contact/",
    "/answers/#sp=597&srt=mv",
    "/feedback/?ref={current path}",
    "/accessibility",
    "/rating-methodologies",
    "/terms",
    "/terms/privacy",
    "/pi-request?dontsell=1",
    "/terms/privacy/ccpa",
    "/terms/privacy/consumer-health",
    "/terms/cookie-policy",
    "/community/guidelines/",
    "/join",
  ],
};

/**
 * The specification's footer paths whose content pages only say Plainrate does not offer
 * what the link names. The pages stay (old addresses answer) but nothing links to them.
 */
const NOT_OFFERED: Record<string, string> = {
  "/premium": "no paid plan",
  "/upgrade": "nothing to upgrade to",
  "/premium/dark-web": "no dark-web or identity monitoring",
  "/car-insurance-near-me": "no car insurance comparison",
  "/cheap-car-insurance": "no car insurance quotes",
  "/auto-insurance-score": "no insurance scores",
  "/wallet-literacy-score/": "no literacy quiz or score",
  "/wallet-score": "no score of your finances",
  "/free-credit-score": "no credit scores",
  "/free-credit-report": "no credit reports (a guide to the official service)",
  "/free-credit-monitoring": "no credit monitoring",
  "/credit-score-simulator": "no credit score simulator",
  "/real-estate-agents": "no directory of real estate agents",
  "/insurance-agents": "no directory of insurance agents",
  "/mortgage-brokers": "no directory of mortgage brokers, no mortgages",
  "/local-financial-products/": "no search by location",
  "/media/": "no press office or media kit",
  "/jobs/": "no job openings",
  "/add-listing/": "no listings to add",
  "/awards/": "no awards",
};

/** How a page says the site lacks something. */
const SAYS_NOT_OFFERED = /\b(Plainrate (does not|has no|gives no)|There (is|are) no(thing)?)\b/;

/** Legal notices that say what the site never does with your data; they are not features. */
const LEGAL_NOTICES = new Set(["/pi-request", "/terms/privacy/consumer-health"]);

interface ContentFilePage {
  path: string;
  description: string;
  sections: { heading?: string; paragraphs: string[] }[];
  links: { label: string; href: string }[];
}

/** The content pages the server serves (`fixtures/content/pages.json`). */
const CONTENT: ContentFilePage[] = (
  JSON.parse(readFileSync(resolve(__dirname, "../../../../fixtures/content/pages.json"), "utf8")) as { pages: ContentFilePage[] }
).pages;

/** The path of an href, without its query and fragment. */
const pathOf = (href: string) => href.split(/[?#]/)[0] ?? href;

const realInnerWidth = window.innerWidth;

function setWidth(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event("resize"));
}

function renderFooter(props: FooterProps = {}, path = "/best-credit-cards") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Footer iframe={false} {...props} />
    </MemoryRouter>,
  );
}

function hrefs(container: HTMLElement): string[] {
  return within(container)
    .getAllByRole("link", { hidden: true })
    .map((a) => a.getAttribute("href") ?? "");
}

afterEach(() => {
  setWidth(realInnerWidth);
  vi.useRealTimers();
  Reflect.deleteProperty(window, "matchMedia");
});

describe("Footer links", () => {
  it("puts every path of the specification in its section, exactly", () => {
    setWidth(1440);
    renderFooter({}, "/best-credit-cards");
    const footer = screen.getByRole("contentinfo");
    const navs = within(footer).getAllByRole("navigation");
    expect(navs.map((n) => n.getAttribute("aria-label"))).toEqual(Object.keys(EXPECTED));

    for (const [title, paths] of Object.entries(EXPECTED)) {
      const nav = within(footer).getByRole("navigation", { name: title });
      const expected = paths.map((p) => p.replace("{current path}", "/best-credit-cards"));
      expect(hrefs(nav)).toEqual(expected);
    }
  });

  it("links to no page that says Plainrate does not offer what it names", () => {
    setWidth(1440);
    renderFooter();
    const linked = hrefs(screen.getByRole("contentinfo")).map(pathOf);
    for (const path of Object.keys(NOT_OFFERED)) expect(linked, path).not.toContain(path);
  });

  it("links to no content page whose description says the site lacks it", () => {
    setWidth(1440);
    renderFooter();
    const byPath = new Map(CONTENT.map((page) => [page.path, page]));
    const linked = hrefs(screen.getByRole("contentinfo")).map(pathOf);
    const contentLinks = linked.filter((path) => byPath.has(path));
    // Most footer paths are content pages: the check is not vacuous.
    expect(contentLinks.length).toBeGreaterThan(10);
    for (const path of contentLinks) {
      if (LEGAL_NOTICES.has(path)) continue;
      expect(byPath.get(path)?.description, path).not.toMatch(SAYS_NOT_OFFERED);
    }
  });

  it("keeps the unlinked pages, each saying the site lacks it, and no content page links to one", () => {
    const byPath = new Map(CONTENT.map((page) => [page.path, page]));
    for (const [path, why] of Object.entries(NOT_OFFERED)) {
      const page = byPath.get(path);
      expect(page, `${path} still answers`).toBeDefined();
      const text = [page?.description ?? "", ...(page?.sections.flatMap((s) => s.paragraphs) ?? [])].join(" ");
      expect(text, `${path}: ${why}`).toMatch(SAYS_NOT_OFFERED);
    }
    for (const page of CONTENT) {
      for (const link of page.links) expect(Object.keys(NOT_OFFERED), `${page.path} links ${link.href}`).not.toContain(pathOf(link.href));
    }
  });

  it("gives every link a readable label, not its path", () => {
    setWidth(1440);
    renderFooter();
    const nav = screen.getByRole("navigation", { name: "Credit cards" });
    for (const link of within(nav).getAllByRole("link")) {
      expect(link.textContent).toMatch(/^[A-Z0-9][\w %-]+$/);
      expect(link.textContent).not.toContain("/");
    }
    expect(screen.getByRole("link", { name: "0% APR credit cards" })).toHaveAttribute(
      "href",
      "/credit-cards/0-apr",
    );
  });

  it("builds the feedback link from the current path", () => {
    setWidth(1440);
    renderFooter({}, "/credit-cards/secured?page=2#top");
    expect(screen.getByRole("link", { name: "Send feedback" })).toHaveAttribute(
      "href",
      "/feedback/?ref=/credit-cards/secured",
    );
  });

  it("encodes characters of the current path that would break the query", () => {
    setWidth(1440);
    renderFooter({}, "/answers/a&b c");
    expect(screen.getByRole("link", { name: "Send feedback" })).toHaveAttribute(
      "href",
      "/feedback/?ref=/answers/a%26b%20c",
    );
  });

  it("keeps the answers link with its fragment as written", () => {
    setWidth(1440);
    renderFooter();
    expect(screen.getByRole("link", { name: "Community questions and answers" })).toHaveAttribute(
      "href",
      "/answers/#sp=597&srt=mv",
    );
  });
});

describe("Footer join block and copyright", () => {
  it("lists what a member can do, and only that, and sends JOIN FOR FREE to /join", () => {
    setWidth(1440);
    renderFooter();
    const join = screen.getByRole("region", { name: "Join Plainrate" });
    for (const text of [...JOIN_BENEFITS, "No credit card needed"]) {
      expect(within(join).getByText(text)).toBeInTheDocument();
    }
    // The site offers no credit scores, monitoring or savings-finding: none is promised.
    expect(join).not.toHaveTextContent(/credit score|monitoring|savings/i);
    expect(within(join).getByRole("link", { name: "JOIN FOR FREE" })).toHaveAttribute("href", "/join");
  });

  it("does not ask a signed-in member to join", () => {
    setWidth(1440);
    useSession.setState({ signedIn: true, fullySignedIn: true, delegated: false, name: "Pat", memberId: "5" });
    renderFooter();
    expect(screen.queryByText("JOIN FOR FREE")).toBeNull();
    // Nor anywhere else in the footer: no link leads a member to the join page.
    expect(screen.queryAllByRole("link").filter((a) => a.getAttribute("href") === "/join")).toEqual([]);
    expect(screen.queryByRole("link", { name: /join/i })).toBeNull();
    expect(screen.getByRole("link", { name: "Community guidelines" })).toBeInTheDocument();
    useSession.setState({ signedIn: false, fullySignedIn: false, delegated: false, name: null, memberId: null });
  });

  it("prints the current year from the clock", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-06-15T12:00:00Z"));
    renderFooter();
    expect(screen.getByText("© 2031 Plainrate")).toBeInTheDocument();
  });
});

describe("Footer on phones", () => {
  it("collapses every section at 375 px and opens one on demand", async () => {
    setWidth(375);
    renderFooter();
    const user = userEvent.setup();

    const toggles = Object.keys(EXPECTED).map((title) => screen.getByRole("button", { name: title }));
    for (const toggle of toggles) {
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      const list = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
      expect(list).not.toBeNull();
      expect(list).not.toBeVisible();
    }
    expect(screen.queryByRole("link", { name: "Banks" })).toBeNull();

    const banking = screen.getByRole("button", { name: "Banking" });
    await user.click(banking);
    expect(banking).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Banks" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Loans" })).toHaveAttribute("aria-expanded", "false");

    await user.click(banking);
    expect(banking).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("link", { name: "Banks" })).toBeNull();
  });

  it("shows every section open, without toggles, at 1440 px", () => {
    setWidth(1440);
    renderFooter();
    expect(screen.queryByRole("button", { name: "Banking" })).toBeNull();
    expect(screen.getByRole("link", { name: "Banks" })).toBeVisible();
    const footer = screen.getByRole("contentinfo");
    const total = Object.values(EXPECTED).reduce((n, paths) => n + paths.length, 0);
    // Every section link plus the join button.
    expect(within(footer).getAllByRole("link")).toHaveLength(total + 1);
  });

  it("follows a resize from desktop to phone", () => {
    setWidth(1440);
    renderFooter();
    expect(screen.getByRole("link", { name: "Banks" })).toBeVisible();
    act(() => setWidth(375));
    expect(screen.getByRole("button", { name: "Banking" })).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("link", { name: "Banks" })).toBeNull();
    act(() => setWidth(1440));
    expect(screen.getByRole("link", { name: "Banks" })).toBeVisible();
  });

  it("prefers matchMedia('(max-width: 767px)') when the browser has it", () => {
    setWidth(1440); // innerWidth says desktop, the media query says phone
    const listeners = new Set<() => void>();
    let matches = true;
    const queries: string[] = [];
    Object.defineProperty(window, "matchMedia", {
      configurable: true,
      value: (query: string) => {
        queries.push(query);
        return {
          get matches() {
            return matches;
          },
          media: query,
          addEventListener: (_: string, fn: () => void) => listeners.add(fn),
          removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
        };
      },
    });
    renderFooter();
    expect(queries).toContain("(max-width: 767px)");
    expect(screen.getByRole("button", { name: "Loans" })).toHaveAttribute("aria-expanded", "false");

    matches = false;
    act(() => listeners.forEach((fn) => fn()));
    expect(screen.queryByRole("button", { name: "Loans" })).toBeNull();
    expect(screen.getByRole("link", { name: "Best personal loans" })).toBeVisible();
  });
});

describe("Footer in a frame", () => {
  function expectSimpleFooter() {
    const footer = screen.getByRole("contentinfo");
    expect(hrefs(footer)).toEqual(["/terms/privacy", "/terms"]);
    expect(within(footer).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/terms/privacy");
    expect(within(footer).getByRole("link", { name: "Terms" })).toHaveAttribute("href", "/terms");
    expect(screen.queryByText("JOIN FOR FREE")).toBeNull();
  }

  it("shows only Privacy Policy and Terms with the iframe prop", () => {
    renderFooter({ iframe: true });
    expectSimpleFooter();
  });

  it("detects a frame when the prop is omitted", () => {
    vi.spyOn(window, "top", "get").mockReturnValue({} as Window);
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expectSimpleFooter();
  });

  it("shows the full footer at the top level when the prop is omitted", () => {
    setWidth(1440);
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "JOIN FOR FREE" })).toBeInTheDocument();
  });
});

describe("Footer accessibility button", () => {
  function rerenderWith(view: ReturnType<typeof renderFooter>, accessibility: FooterProps["accessibility"]) {
    view.rerender(
      <MemoryRouter initialEntries={["/best-credit-cards"]}>
        <Footer iframe={false} accessibility={accessibility} />
      </MemoryRouter>,
    );
  }

  it("asks to enable, shows loading, then enabled", async () => {
    setWidth(1440);
    const onOpen = vi.fn();
    const user = userEvent.setup();
    const view = renderFooter({ accessibility: { state: "off", onOpen } });

    const button = screen.getByRole("button", { name: "Enable accessibility features" });
    expect(button).toHaveAttribute("aria-haspopup", "dialog");
    expect(button).not.toHaveAttribute("aria-pressed");
    await user.click(button);
    expect(onOpen).toHaveBeenCalledTimes(1);

    rerenderWith(view, { state: "loading", onOpen });
    const loading = screen.getByRole("button", { name: "Loading accessibility features…" });
    expect(loading).toBeDisabled();
    expect(loading).toHaveAttribute("aria-busy", "true");

    rerenderWith(view, { state: "on", onOpen });
    const on = screen.getByRole("button", { name: "Accessibility features on" });
    expect(on).toBeEnabled();
    expect(on).toHaveAttribute("aria-busy", "false");
  });

  it("opens the dialog again when on, to change the features", async () => {
    setWidth(1440);
    const onOpen = vi.fn();
    const user = userEvent.setup();
    renderFooter({ accessibility: { state: "on", onOpen } });
    await user.click(screen.getByRole("button", { name: "Accessibility features on" }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it("is absent unless asked for", () => {
    setWidth(1440);
    renderFooter();
    expect(screen.queryByRole("button", { name: /accessibility/i })).toBeNull();
  });
});

describe("Footer app block", () => {
  // The operator's store pages, as the server names them in the page's meta tags.
  beforeEach(addStorePages);
  afterEach(removeStorePages);

  const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
  const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";

  function renderAs(userAgent?: string) {
    if (userAgent) vi.spyOn(navigator, "userAgent", "get").mockReturnValue(userAgent);
    setWidth(375);
    renderFooter();
    return screen.getByRole("region", { name: "Get the Plainrate app" });
  }

  it("is absent when no store page is configured: there is no app to offer", () => {
    removeStorePages();
    setWidth(375);
    renderFooter();
    expect(screen.queryByRole("region", { name: "Get the Plainrate app" })).toBeNull();
    expect(screen.queryByText(/Plainrate app|download link|App Store|Google Play/)).toBeNull();
  });

  it("sends an iPhone straight to the App Store", async () => {
    const block = renderAs(IPHONE);
    expect(await within(block).findByRole("link", { name: "Download on the App Store" })).toHaveAttribute("href", TEST_APP_STORE_URL);
    expect(within(block).queryByRole("button")).toBeNull();
  });

  it("sends an Android phone straight to Google Play", async () => {
    const block = renderAs(ANDROID);
    expect(await within(block).findByRole("link", { name: "Get it on Google Play" })).toHaveAttribute("href", TEST_PLAY_STORE_URL);
    expect(within(block).queryByRole("button")).toBeNull();
  });

  it("offers other devices the text-message dialog, loaded when asked for, sent as the footer", async () => {
    vi.mocked(sendAppLink).mockResolvedValue({ error: false, messages: [] });
    const block = renderAs();
    const open = await within(block).findByRole("button", { name: "Text me a download link" });
    expect(within(block).queryByRole("link")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
    const user = userEvent.setup();
    await user.click(open);

    const dialog = await screen.findByRole("dialog", { name: "Get the Plainrate app" });
    await user.type(within(dialog).getByRole("textbox", { name: "Mobile number" }), "5550100001{Enter}");
    expect(sendAppLink).toHaveBeenCalledWith({ phoneNumber: "5550100001", type: "", commId: "footer" });
    await within(dialog).findByText("Awesome! You should be receiving a text with the download link shortly.");

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(open).toHaveFocus();
  });
});
