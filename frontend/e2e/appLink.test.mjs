// The send-app-link-by-text dialog (community §2, §4, §8), opened from the footer, in
// Debian's Chromium against the real server on a fresh database. Texts go to the server's
// outbox, where these journeys read them back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PHONE, DESKTOP } from "./browser.mjs";
import { accessibilityViolations } from "./accessibility.mjs";
import { useSite } from "./suite.mjs";

const site = useSite();
const journey = site.journey;

const SENT = "Awesome! You should be receiving a text with the download link shortly.";
const LOCKED =
  "Apologies, but we could not send you an SMS due to repeated attempts. Please go directly to the App Store or Google Play and search for the app.";
// The store pages the journeys' server is configured with (e2e/server.mjs).
const APP_STORE_URL = "https://apps.example.test/plainrate";
const PLAY_STORE_URL = "https://play.example.test/plainrate";

/** The server allows 5 texts an hour per client address, so each journey texts from its own
 * (the test server trusts this machine as a proxy, as the other journeys use too). */
let nextAddress = 1;
async function fromNewAddress(page) {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `198.18.7.${nextAddress++}` });
}

const animationsDone = (page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));

function appDialog(page) {
  return page.getByRole("dialog", { name: "Get the Plainrate app" });
}

/** Opens the dialog from the footer's app block. */
async function openFromFooter(page) {
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("button", { name: "Text me a download link" }).click();
  const dialog = appDialog(page);
  await dialog.waitFor();
  return dialog;
}

/** Types the ten digits into an empty field and sends them. */
async function sendTo(dialog, digits) {
  const field = dialog.getByRole("textbox", { name: "Mobile number" });
  await field.fill("");
  await field.pressSequentially(digits);
  await dialog.getByRole("button", { name: "Text me the link" }).click();
}

/** The Close button under an outcome (the header's × is named Close too). */
function outcomeClose(dialog) {
  return dialog.locator(".app-link__done").getByRole("button", { name: "Close" });
}

test("text the app link from the footer, then hit the limit and get the store links", () =>
  journey(DESKTOP, async (page) => {
    await fromNewAddress(page);
    await page.goto(`${site.server.base}/`);
    let dialog = await openFromFooter(page);

    // The number is shown as (###) ###-#### while it is typed.
    const field = dialog.getByRole("textbox", { name: "Mobile number" });
    await field.pressSequentially("55501");
    assert.equal(await field.inputValue(), "(555) 01");
    await field.pressSequentially("00001");
    assert.equal(await field.inputValue(), "(555) 010-0001");
    await dialog.getByText("The service is free, standard message rates apply.").waitFor();
    await dialog.getByRole("button", { name: "Text me the link" }).click();
    await dialog.getByText(SENT).waitFor();

    // The text is in the outbox, to +1 and the ten digits, with both store links.
    const outbox = site.server.outbox("+15550100001");
    assert.match(outbox, /sms {2}to \+15550100001/);
    assert.ok(outbox.includes(`Get the Plainrate app. App Store: ${APP_STORE_URL} Google Play: ${PLAY_STORE_URL}`), outbox);

    await outcomeClose(dialog).click();
    await dialog.waitFor({ state: "detached" });

    // Four more numbers fill this address's 5 texts an hour; the sixth is refused.
    for (const n of [2, 3, 4, 5]) {
      dialog = await openFromFooter(page);
      await sendTo(dialog, `555010000${n}`);
      await dialog.getByText(SENT).waitFor();
      await outcomeClose(dialog).click();
      await dialog.waitFor({ state: "detached" });
    }
    dialog = await openFromFooter(page);
    await sendTo(dialog, "5550100006");
    await dialog.getByText(LOCKED).waitFor();
    assert.equal(await dialog.getByRole("link", { name: "App Store" }).getAttribute("href"), APP_STORE_URL);
    assert.equal(await dialog.getByRole("link", { name: "Google Play" }).getAttribute("href"), PLAY_STORE_URL);
    assert.equal(await dialog.getByRole("textbox").count(), 0, "the form is gone");
    assert.match(site.server.outbox("+15550100006"), /The outbox is empty/);
    await outcomeClose(dialog).click();
    await dialog.waitFor({ state: "detached" });
  }));

test("the dialog passes the accessibility rules at 375 px and 1440 px", async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    await journey(viewport, async (page) => {
      await fromNewAddress(page);
      await page.goto(`${site.server.base}/`, { waitUntil: "networkidle" });
      const dialog = await openFromFooter(page);
      // Contrast is judged on the finished dialog, not on a frame of its fade-in.
      await animationsDone(page);
      assert.deepEqual(await accessibilityViolations(page), [], `entry form at ${viewport.width} px`);

      await dialog.getByRole("textbox", { name: "Mobile number" }).pressSequentially("555010");
      await dialog.getByRole("button", { name: "Text me the link" }).click();
      await dialog.getByText("Please enter a valid US number").waitFor();
      assert.deepEqual(await accessibilityViolations(page), [], `field error at ${viewport.width} px`);

      await sendTo(dialog, `55501001${viewport.width === PHONE.width ? "11" : "12"}`);
      await dialog.getByText(SENT).waitFor();
      assert.deepEqual(await accessibilityViolations(page), [], `sent at ${viewport.width} px`);
    });
  }
});

test("open, type and send with the keyboard alone", () =>
  journey(DESKTOP, async (page) => {
    await fromNewAddress(page);
    await page.goto(`${site.server.base}/`, { waitUntil: "networkidle" });
    const opener = page.getByRole("contentinfo").getByRole("button", { name: "Text me a download link" });
    await opener.waitFor();
    // The block is near the end of the page: Shift+Tab from the top wraps to the last items.
    for (let i = 0; !(await opener.evaluate((el) => el === document.activeElement)); i += 1) {
      assert.ok(i < 40, "Shift+Tab reaches the app button");
      await page.keyboard.press("Shift+Tab");
    }
    await page.keyboard.press("Enter");
    const dialog = appDialog(page);
    await dialog.waitFor();
    const field = dialog.getByRole("textbox", { name: "Mobile number" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("type") === "tel");

    await page.keyboard.type("5550100021");
    assert.equal(await field.inputValue(), "(555) 010-0021");
    // Backspace over the number's formatting removes digits, not the formatting.
    await page.keyboard.press("Backspace");
    await page.keyboard.type("2");
    assert.equal(await field.inputValue(), "(555) 010-0022");
    await page.keyboard.press("Enter");
    const status = dialog.getByRole("status");
    await status.getByText(SENT).waitFor();
    // Focus moves in an effect after the outcome is drawn: wait for it (a busy machine
    // draws first and focuses a moment later), then say so if it never came.
    const focused = await status
      .evaluate((el) => new Promise((done) => {
        const until = Date.now() + 5000;
        const look = () => (el === document.activeElement ? done(true) : Date.now() > until ? done(false) : requestAnimationFrame(look));
        look();
      }));
    assert.ok(focused, "the outcome takes focus");
    assert.match(site.server.outbox("+15550100022"), /to \+15550100022/);

    // Tab from the outcome reaches Close; Enter closes and focus goes back to the opener.
    await page.keyboard.press("Tab");
    assert.ok(await outcomeClose(dialog).evaluate((el) => el === document.activeElement), "Tab reaches Close");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    assert.ok(await opener.evaluate((el) => el === document.activeElement), "focus returns to the opener");

    // Escape closes too.
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  }));
