// The accessibility features the site provides itself (community.md §2 "Dialogs", §4, §9),
// in Debian's Chromium against the real server: the footer button and the dialog with the
// keyboard alone, the features kept across a reload, `a=0`, and the axe rules with them on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PHONE, DESKTOP } from "./browser.mjs";
import { accessibilityViolations } from "./accessibility.mjs";
import { useSite } from "./suite.mjs";

const site = useSite();
const journey = site.journey;

/** Presses `key` until `locator` has the focus, as a keyboard user would. */
async function pressUntilFocused(page, key, locator, limit = 80) {
  await locator.waitFor();
  for (let i = 0; i < limit; i += 1) {
    if (await locator.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  assert.fail(`${key} did not reach ${locator}`);
}

function settled(page) {
  return page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

/** What the features change: the root font size and the logo link's underline. */
function looks(page) {
  return page.evaluate(() => ({
    classes: [...document.documentElement.classList].filter((c) => c.startsWith("a11y-")).sort(),
    rootFontSize: getComputedStyle(document.documentElement).fontSize,
    logoDecoration: getComputedStyle(document.querySelector(".site-header__logo")).textDecorationLine,
  }));
}

const PLAIN = { classes: [], rootFontSize: "16px", logoDecoration: "none" };
const CHOSEN = { classes: ["a11y-larger-text", "a11y-underlined-links"], rootFontSize: "20px", logoDecoration: "underline" };

test("turn on larger text and underlined links with the keyboard; they stay after a reload, not with a=0", () =>
  journey(PHONE, async (page) => {
    await page.goto(`${site.server.base}/`, { waitUntil: "networkidle" });
    assert.deepEqual(await looks(page), PLAIN);

    // Backwards from the start of the page is the short way to the footer's last row.
    const footerButton = page.getByRole("button", { name: "Enable accessibility features" });
    await pressUntilFocused(page, "Shift+Tab", footerButton);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Accessibility features" });
    await dialog.waitFor();

    await pressUntilFocused(page, "Tab", dialog.getByRole("checkbox", { name: "Larger text" }));
    await page.keyboard.press("Space");
    await pressUntilFocused(page, "Tab", dialog.getByRole("checkbox", { name: "Underlined links" }));
    await page.keyboard.press("Space");
    assert.equal(await dialog.getByRole("checkbox", { name: "Larger text" }).isChecked(), true);
    assert.equal(await dialog.getByRole("checkbox", { name: "High contrast" }).isChecked(), false);
    await pressUntilFocused(page, "Tab", dialog.getByRole("button", { name: "Turn on" }));
    await page.keyboard.press("Enter");

    // Loaded: the dialog closes, focus is back on the footer button, which says "on".
    await dialog.waitFor({ state: "detached" });
    const onButton = page.getByRole("button", { name: "Accessibility features on" });
    await onButton.waitFor();
    assert.equal(await onButton.evaluate((el) => el === document.activeElement), true);
    await page.getByRole("status").filter({ hasText: "Accessibility features are on." }).waitFor({ state: "attached" });
    assert.deepEqual(await looks(page), CHOSEN);

    await page.reload({ waitUntil: "networkidle" });
    assert.deepEqual(await looks(page), CHOSEN);
    await onButton.waitFor();

    // a=0 shows the plain site for that page view; the choice is kept for the next one.
    await page.goto(`${site.server.base}/?a=0`, { waitUntil: "networkidle" });
    assert.deepEqual(await looks(page), PLAIN);
    await page.getByRole("button", { name: "Enable accessibility features" }).waitFor();
    assert.equal(await page.getByRole("dialog").count(), 0);
    await page.goto(`${site.server.base}/`, { waitUntil: "networkidle" });
    assert.deepEqual(await looks(page), CHOSEN);
  }));

test("the dialog, and pages with all four features on, pass the axe rules at 375 and 1440 px", async () => {
  const secured = await (await fetch(`${site.server.base}/api/listings?route=/credit-cards/secured`)).json();
  const paths = ["/", "/credit-cards/rewards", secured.items[0].offer.detailsPath, "/answers/"];
  for (const viewport of [PHONE, DESKTOP]) {
    await journey(viewport, async (page) => {
      await page.goto(`${site.server.base}/`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Enable accessibility features" }).click();
      const dialog = page.getByRole("dialog", { name: "Accessibility features" });
      await dialog.waitFor();
      await settled(page);
      assert.deepEqual(await accessibilityViolations(page), [], `dialog at ${viewport.width} px`);

      for (const name of ["Larger text", "High contrast", "Reduced motion", "Underlined links"]) {
        await dialog.getByRole("checkbox", { name }).check();
      }
      await dialog.getByRole("button", { name: "Turn on" }).click();
      await dialog.waitFor({ state: "detached" });

      for (const path of paths) {
        await page.goto(`${site.server.base}${path}`, { waitUntil: "networkidle" });
        const classes = await page.evaluate(() => document.documentElement.className);
        assert.match(classes, /a11y-larger-text.*a11y-high-contrast.*a11y-reduced-motion.*a11y-underlined-links/);
        await settled(page);
        assert.deepEqual(await accessibilityViolations(page), [], `${path} with every feature at ${viewport.width} px`);
        // Larger text must not push the page wider than the screen.
        const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        assert.ok(widths[0] <= widths[1], `${path} is ${widths[0]} px wide at ${viewport.width} px`);
      }

      // The dialog itself with the features on (high contrast especially).
      await page.getByRole("button", { name: "Accessibility features on" }).click();
      await dialog.waitFor();
      await settled(page);
      assert.deepEqual(await accessibilityViolations(page), [], `dialog with every feature at ${viewport.width} px`);
    });
  }
});
