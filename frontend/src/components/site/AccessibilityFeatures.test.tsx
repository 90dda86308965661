import { render, screen, waitFor, waitForElementToBeRemoved, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Layout } from "../../app/Layout";
import { restoreSavedFeatures, STORAGE_KEY } from "./a11yFeatures";
import * as features from "./a11yFeaturesOn";
import { useAccessibilityFeatures } from "./AccessibilityFeatures";
import { Footer } from "./Footer";

const root = document.documentElement;

beforeEach(() => {
  // Layout scrolls to the top on each page; jsdom has no scrolling.
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});

afterEach(() => {
  root.className = "";
  window.history.replaceState(null, "", "/");
});

/** The page shell as the site has it: the footer button and the dialog. */
function renderLayout() {
  return render(
    <MemoryRouter>
      <Layout>
        <h1>Page</h1>
      </Layout>
    </MemoryRouter>,
  );
}

/** The same with a features loader the test releases by hand, to see "loading". */
function renderWithLoader(load: Parameters<typeof useAccessibilityFeatures>[0]) {
  function Shell() {
    const a11y = useAccessibilityFeatures(load);
    return (
      <>
        <Footer iframe={false} accessibility={a11y.button} />
        {a11y.dialog}
      </>
    );
  }
  return render(
    <MemoryRouter>
      <Shell />
    </MemoryRouter>,
  );
}

function deferredLoader() {
  let release: () => void = () => {};
  let fail: () => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<typeof features>((resolve, reject) => {
        release = () => resolve(features);
        fail = () => reject(new Error("chunk failed"));
      }),
  );
  return { load, release: () => release(), fail: () => fail() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, name: string | RegExp) {
  await user.click(await screen.findByRole("button", { name }));
  return screen.findByRole("dialog", { name: "Accessibility features" });
}

function status() {
  return screen.getAllByRole("status").find((el) => el.classList.contains("visually-hidden"));
}

describe("Accessibility features dialog", () => {
  it("opens from the footer button and offers the four features, none on", async () => {
    const user = userEvent.setup();
    renderLayout();
    const dialog = await openDialog(user, "Enable accessibility features");
    const boxes = within(dialog).getAllByRole("checkbox");
    expect(boxes.map((b) => b.closest("label")?.textContent)).toEqual([
      "Larger text",
      "High contrast",
      "Reduced motion",
      "Underlined links",
    ]);
    for (const box of boxes) expect(box).not.toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "Larger text" })).toHaveAccessibleDescription("All text a quarter larger.");
    expect(within(dialog).getByRole("button", { name: "Turn on" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Not now" })).toBeInTheDocument();
  });

  it("Turn on: loading, then the dialog closes, the features apply, are saved and announced", async () => {
    const user = userEvent.setup();
    const { load, release } = deferredLoader();
    renderWithLoader(load);
    const dialog = await openDialog(user, "Enable accessibility features");
    await user.click(within(dialog).getByRole("checkbox", { name: "Larger text" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Underlined links" }));
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));

    // Loading: the footer button and the dialog both say so; nothing applies yet.
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Loading accessibility features…" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Turning on…" })).toHaveAttribute("aria-disabled", "true");
    expect(root.className).toBe("");

    release();
    await waitForElementToBeRemoved(() => screen.queryByRole("dialog"));
    expect(root).toHaveClass("a11y-larger-text", "a11y-underlined-links");
    expect(root).not.toHaveClass("a11y-high-contrast");
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null")).toEqual({ "larger-text": true, "underlined-links": true });
    const on = screen.getByRole("button", { name: "Accessibility features on" });
    expect(on).toHaveFocus();
    expect(status()).toHaveTextContent("Accessibility features are on.");
    expect(status()).toHaveAttribute("role", "status");
  });

  it("reopens with the features on, changes them, then turns them all off", async () => {
    const user = userEvent.setup();
    renderLayout();
    let dialog = await openDialog(user, "Enable accessibility features");
    await user.click(within(dialog).getByRole("checkbox", { name: "High contrast" }));
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));
    await waitForElementToBeRemoved(() => screen.queryByRole("dialog"));

    dialog = await openDialog(user, "Accessibility features on");
    expect(within(dialog).getByRole("checkbox", { name: "High contrast" })).toBeChecked();
    await user.click(within(dialog).getByRole("checkbox", { name: "Reduced motion" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitForElementToBeRemoved(() => screen.queryByRole("dialog"));
    expect(root).toHaveClass("a11y-high-contrast", "a11y-reduced-motion");
    expect(status()).toHaveTextContent("Accessibility features updated.");

    dialog = await openDialog(user, "Accessibility features on");
    await user.click(within(dialog).getByRole("button", { name: "Turn all off" }));
    await waitForElementToBeRemoved(() => screen.queryByRole("dialog"));
    expect(root.className).toBe("");
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(screen.getByRole("button", { name: "Enable accessibility features" })).toBeInTheDocument();
    expect(status()).toHaveTextContent("Accessibility features are off.");
  });

  it("unchecking every feature and saving also returns to off", async () => {
    localStorage.setItem(STORAGE_KEY, '{"larger-text":true}');
    restoreSavedFeatures();
    const user = userEvent.setup();
    renderLayout();
    const dialog = await openDialog(user, "Accessibility features on");
    await user.click(within(dialog).getByRole("checkbox", { name: "Larger text" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitForElementToBeRemoved(() => screen.queryByRole("dialog"));
    expect(root.className).toBe("");
    expect(screen.getByRole("button", { name: "Enable accessibility features" })).toBeInTheDocument();
  });

  it("Not now closes without changing anything, and the next opening starts afresh", async () => {
    const user = userEvent.setup();
    renderLayout();
    let dialog = await openDialog(user, "Enable accessibility features");
    await user.click(within(dialog).getByRole("checkbox", { name: "Larger text" }));
    await user.click(within(dialog).getByRole("button", { name: "Not now" }));
    await waitForElementToBeRemoved(() => screen.queryByRole("dialog"));
    expect(root.className).toBe("");
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();

    dialog = await openDialog(user, "Enable accessibility features");
    expect(within(dialog).getByRole("checkbox", { name: "Larger text" })).not.toBeChecked();
  });

  it("asks for a feature when Turn on is pressed with none chosen", async () => {
    const user = userEvent.setup();
    const { load } = deferredLoader();
    renderWithLoader(load);
    const dialog = await openDialog(user, "Enable accessibility features");
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Choose at least one feature.");
    expect(load).not.toHaveBeenCalled();
  });

  it("keeps the dialog open with a message when the features fail to load", async () => {
    const user = userEvent.setup();
    const { load, fail } = deferredLoader();
    renderWithLoader(load);
    const dialog = await openDialog(user, "Enable accessibility features");
    await user.click(within(dialog).getByRole("checkbox", { name: "Reduced motion" }));
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));
    fail();
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The features could not be loaded. Please retry.");
    expect(within(dialog).getByRole("button", { name: "Turn on" })).toHaveAttribute("aria-disabled", "false");
    expect(screen.getByRole("button", { name: "Enable accessibility features" })).toBeEnabled();
    expect(root.className).toBe("");
  });
});

describe("Accessibility features at start-up", () => {
  it("shows the button on when start-up restored saved features", async () => {
    localStorage.setItem(STORAGE_KEY, '{"underlined-links":true}');
    restoreSavedFeatures();
    renderLayout();
    expect(root).toHaveClass("a11y-underlined-links");
    expect(screen.getByRole("button", { name: "Accessibility features on" })).toBeInTheDocument();
  });

  it("with a=0, applies nothing, shows no prompt, keeps the button off and the choice saved", () => {
    localStorage.setItem(STORAGE_KEY, '{"underlined-links":true,"larger-text":true}');
    window.history.replaceState(null, "", "/?a=0");
    restoreSavedFeatures();
    renderLayout();
    expect(root.className).toBe("");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Enable accessibility features" })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY)).toBe('{"underlined-links":true,"larger-text":true}');
  });

  it("treats a bad saved value as nothing saved", async () => {
    localStorage.setItem(STORAGE_KEY, "{bad json");
    restoreSavedFeatures();
    renderLayout();
    expect(root.className).toBe("");
    expect(screen.getByRole("button", { name: "Enable accessibility features" })).toBeInTheDocument();
    // Turning features on replaces the bad value.
    const user = userEvent.setup();
    const dialog = await openDialog(user, "Enable accessibility features");
    await user.click(within(dialog).getByRole("checkbox", { name: "Larger text" }));
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toBe('{"larger-text":true}'));
  });
});
