// The visitor journeys of the site, in Debian's Chromium against the real server on a
// fresh database. Every journey also checks that the page logged no console errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PHONE, DESKTOP, openPage } from "./browser.mjs";
import { accessibilityViolations } from "./accessibility.mjs";
import { voteAsNewMember } from "./voters.mjs";
import { useSite } from "./suite.mjs";

const site = useSite();
const journey = site.journey;

/** Reloads until `locator` shows: cached reads take in new votes within a few seconds. */
async function reloadUntil(page, locator, attempts = 10) {
  for (let i = 1; ; i += 1) {
    await page.reload();
    try {
      await locator.waitFor({ timeout: 1000 });
      return;
    } catch (err) {
      if (i >= attempts) throw err;
    }
  }
}

/** Joins a new member in this page's browser context, from an address of its own (the
 * sign-up limit counts per address, and several journeys join). */
let nextAddress = 1;
async function joinAsNewMember(page, email) {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `198.18.0.${nextAddress++}` });
  await page.goto(`${site.server.base}/join`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Password/).fill("correct horse battery");
  await page.getByRole("button", { name: "Join for free" }).click();
  await page.waitForURL(`${site.server.base}/`);
}

function cards(page) {
  return page.locator("article.card");
}

test("browse a category from the home page", () =>
  journey(DESKTOP, async (page) => {
    await page.goto(`${site.server.base}/`);
    await page.getByRole("link", { name: "Rewards credit cards", exact: true }).first().click();
    await page.waitForURL(`${site.server.base}/credit-cards/rewards`);
    await assert.doesNotReject(page.getByRole("heading", { level: 1, name: "Rewards credit cards" }).waitFor());
    await cards(page).first().waitFor();
    assert.ok((await cards(page).count()) > 1, "the category lists several cards");
  }));

test("a kind the data names no products of says so and shows the FDIC's national figures, on a phone too", () =>
  journey(PHONE, async (page) => {
    await page.goto(`${site.server.base}/checking-accounts`);
    await page.getByRole("heading", { level: 2, name: "No checking accounts are listed yet" }).waitFor();
    const row = page.getByRole("row", { name: /Interest checking/ });
    await row.waitFor();
    assert.match(await row.innerText(), /%[\s\S]*%[\s\S]*2023/);
    assert.equal(await cards(page).count(), 0, "no product is made up to fill the page");
    await page.goto(`${site.server.base}/best-personal-loans`);
    await page.getByRole("heading", { level: 2, name: "No personal loans are listed yet" }).waitFor();
    await page.getByText(/18% APR/).waitFor();
  }));

test("CDs sorted by APY are in APY order, and a minimum deposit is a condition, not a 0% tier", () =>
  journey(DESKTOP, async (page) => {
    await page.goto(`${site.server.base}/cd-rates?sort=apy`);
    await cards(page).first().waitFor();
    const outputs = page.locator("article.card .balance-apy output");
    await outputs.first().waitFor();
    const texts = await outputs.allInnerTexts();
    const apys = texts.map((t) => /earns ([0-9.]+)% APY/.exec(t)).filter(Boolean).map((m) => Number(m[1]));
    assert.ok(apys.length > 3, texts.join(" | "));
    for (let i = 1; i < apys.length; i++) assert.ok(apys[i - 1] >= apys[i], `${apys[i - 1]} before ${apys[i]}`);
    // Every shown figure says what the balance earns in dollars, at the APY shown.
    let checked = 0;
    for (const text of texts) {
      const m = /earns ([0-9.]+)% APY: \$([0-9,]+\.[0-9]{2}) earns \$([0-9,]+\.[0-9]{2}) a year/.exec(text);
      if (!m) continue;
      const [apy, balance, dollars] = [m[1], m[2], m[3]].map((v) => Number(v.replaceAll(",", "")));
      assert.ok(Math.abs(dollars - (balance * apy) / 100) < 0.01, text);
      checked += 1;
    }
    assert.ok(checked > 3, texts.join(" | "));
  }));

test("the header's menus reach every listing page, on a phone too", () =>
  journey(PHONE, async (page) => {
    await page.goto(`${site.server.base}/answers/`);
    const banking = page.locator("header").getByRole("button", { name: /^Banking/ });
    await banking.click();
    assert.equal(await banking.getAttribute("aria-expanded"), "true");
    const menu = page.getByRole("region", { name: "Banking pages" });
    await menu.getByRole("link", { name: "CD rates" }).click();
    await page.waitForURL(/\/cd-rates$/);
    await page.getByRole("heading", { level: 1, name: "CD rates" }).waitFor();
    assert.equal(await page.getByRole("region", { name: "Banking pages" }).count(), 0, "the menu closes on arrival");
    // Every route of the table is in one of the three menus.
    const routes = (await (await fetch(`${site.server.base}/api/routes`)).json()).routes;
    let listed = 0;
    for (const label of ["Credit cards", "Banking", "Loans"]) {
      await page.locator("header").getByRole("button", { name: new RegExp(`^${label}`) }).click();
      const region = page.getByRole("region", { name: `${label} pages` });
      await region.getByRole("link").first().waitFor();
      listed += await region.locator(`a:not([href="/saved"])`).count();
      await page.keyboard.press("Escape");
      await region.waitFor({ state: "detached" });
    }
    assert.equal(listed, routes.length);
  }));

test("a savings account with three balance tiers shows each tier's rate and APY, and blends them for a balance", () =>
  journey(PHONE, async (page) => {
    // Test data: no public source gives a tiered account, so the shipped catalogue has none.
    await page.goto(`${site.server.base}/d/test-tiered-savings`);
    await page.getByRole("heading", { level: 1, name: "Test Tiered Savings (test data)" }).waitFor();
    const table = page.getByRole("table", { name: "Rates by balance" });
    await table.waitFor();
    const rows = await table.locator("tbody tr").allTextContents();
    assert.equal(rows.length, 3, rows.join(" | "));
    assert.match(rows[0], /0\.50%.*0\.50%/);
    assert.match(rows[1], /2\.96%.*3\.00%/);
    assert.match(rows[2], /3\.92%.*4\.00%/);
    // $60,000: $10,000 at 0.50%, $40,000 at 3.00%, $10,000 at 4.00% = $1,650, 2.75%.
    const balance = page.getByLabel("Your balance");
    await balance.fill("60000");
    await page.getByRole("status").filter({ hasText: "earns 2.75% APY: $60,000.00 earns $1,650.00 a year" }).waitFor();
    await page.screenshot({ path: new URL("./screenshots/test-data-tiered-savings-phone.png", import.meta.url).pathname, fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: new URL("./screenshots/test-data-tiered-savings-desktop.png", import.meta.url).pathname, fullPage: true });
  }));

test("filter a listing by need", () =>
  journey(DESKTOP, async (page) => {
    await page.goto(`${site.server.base}/best-credit-cards`);
    await cards(page).first().waitFor();
    const before = await cards(page).first().getAttribute("data-offer-id");
    await page.getByLabel("Your need").selectOption("rebuild");
    await page.waitForURL(/need=rebuild/);
    await page.getByText(/ranked by our rating for Rebuild Damaged Credit/).waitFor();
    const after = await cards(page).first().getAttribute("data-offer-id");
    assert.ok(before && after, "cards carry their ids");
  }));

test("on a 375 × 667 phone a listing's first product shows without scrolling, under a compact header and compare bar, and an APR explanation stays on the screen", () =>
  journey({ width: 375, height: 667 }, async (page) => {
    await page.goto(`${site.server.base}/credit-cards/rewards`, { waitUntil: "networkidle" });
    const first = cards(page).first();
    const title = await first.locator(".card__title").boundingBox();
    assert.ok(title && title.y + title.height <= 667, `the first product's name ends at ${title && title.y + title.height} px`);
    const header = await page.locator("header.site-header").boundingBox();
    assert.ok(header && header.height <= 110, `the header is ${header?.height} px high`);
    // The APR explanations, opened, keep the page at the screen's width.
    const abouts = page.getByRole("button", { name: "About regular apr" });
    for (let i = 0; i < Math.min(await abouts.count(), 3); i += 1) {
      await abouts.nth(i).click();
      const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      assert.ok(scroll <= client, `the page is ${scroll} px wide with explanation ${i} open`);
      await page.keyboard.press("Escape");
    }
    await first.getByLabel("Compare").check();
    const bar = await page.getByRole("complementary", { name: "Compare products" }).boundingBox();
    assert.ok(bar && bar.height <= 64, `the compare bar is ${bar?.height} px high`);
  }));

test("open a card's details page and its reviews section", () =>
  journey(PHONE, async (page) => {
    await page.goto(`${site.server.base}/credit-cards/secured`);
    const first = cards(page).first();
    const name = await first.locator(".card__title").innerText();
    await first.locator(".card__title a").click();
    await page.waitForURL(/\/d\//);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    assert.equal(await page.locator("#reviews").count(), 1);
  }));

test("a visitor enters a credit score and sees approval odds on every card, after a reload too, until forgotten", () =>
  journey(PHONE, async (page) => {
    await page.goto(`${site.server.base}/credit-cards/bad-credit`);
    await cards(page).first().waitFor();
    assert.equal(await page.locator(".approval-odds").count(), 0);
    // On a phone the score form opens from a button.
    await page.getByRole("button", { name: "Check your approval odds" }).click();
    await page.getByLabel(/Your credit score/).fill("900");
    await page.getByRole("button", { name: "Show my odds" }).click();
    await page.getByRole("alert").filter({ hasText: "from 300 to 850" }).waitFor();
    await page.getByLabel(/Your credit score/).fill("700");
    await page.getByRole("button", { name: "Show my odds" }).click();
    await page.getByText("Approval odds for a credit score of 700.").waitFor();
    // The odds load after the page; then every card that states the credit it needs
    // shows them, styled by class.
    await page.locator("article.card .approval-odds").first().waitFor();
    const withMinimum = await cards(page).filter({ has: page.locator(".min-credit") }).count();
    assert.ok(withMinimum > 0);
    assert.equal(await page.locator("article.card .approval-odds").count(), withMinimum);
    const first = (await cards(page).first().locator(".approval-odds strong").innerText()).trim();
    assert.ok(["Excellent", "Very Good", "Good", "Fair", "Limited"].includes(first), first);
    await page.reload();
    await page.getByText("Approval odds for a credit score of 700.").waitFor();
    await cards(page).first().locator(".approval-odds").waitFor();
    await page.getByRole("button", { name: "Forget my score" }).click();
    await page.getByRole("button", { name: "Check your approval odds" }).waitFor();
    assert.equal(await page.locator(".approval-odds").count(), 0);
  }));

test("affiliate offers show by sign-in state: scope O to signed-out visitors, scope I and the members-only setting to members", () =>
  journey(DESKTOP, async (page) => {
    // No shipped card has an affiliate link: the journeys' test cards carry one setting
    // each (test-fixtures/catalogue/journey-test-cards.json).
    const cards = [
      "test-affiliate-everyone", // affiliate for everyone
      "test-affiliate-signed-out", // scope O
      "test-affiliate-signed-in", // scope I
      "test-affiliate-members-only", // members-only critical setting
      "test-affiliate-none", // no affiliate link
    ];
    const seen = async () => {
      const out = [];
      for (const id of cards) {
        await page.goto(`${site.server.base}/d/${id}`);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page.locator("#eligibility").waitFor();
        out.push((await page.getByText(/^Affiliate offer/).count()) === 1);
      }
      return out;
    };
    assert.deepEqual(await seen(), [true, true, false, false, false]);
    await joinAsNewMember(page, `affiliate-${Date.now()}@example.com`);
    assert.deepEqual(await seen(), [true, false, true, true, false]);
  }));

test("a member rates a card and changes the rating", () =>
  journey(DESKTOP, async (page) => {
    await page.goto(`${site.server.base}/join`);
    await page.getByLabel("E-mail").fill(`member-${Date.now()}@example.com`);
    await page.getByLabel(/^Password/).fill("correct horse battery");
    await page.getByRole("button", { name: "Join for free" }).click();
    await page.waitForURL(`${site.server.base}/`);
    await page.getByRole("button", { name: "Sign out" }).waitFor();

    await page.goto(`${site.server.base}/credit-cards/secured`);
    await cards(page).first().locator(".card__title a").click();
    await page.waitForURL(/\/d\//);
    const reviews = page.locator("#reviews");
    await reviews.getByRole("button", { name: /^4 stars/ }).click();
    await page.getByText("Thanks for your rating!").waitFor();
    await reviews.getByRole("button", { name: /^2 stars/ }).click();
    await page.getByText("Change my rating to:").waitFor();
    await page.getByRole("button", { name: /Change my rating to 2 stars/ }).click();
    // The first vote's thank-you may still be open, so wait for the answer itself: the
    // widget names the new rating once the server has counted it.
    await reviews.getByText("Your rating: 2 stars").waitFor();
    await page.getByText("Thanks for your rating!").waitFor();
    await page.reload();
    await reviews.getByText("Your rating: 2 stars").waitFor();
  }));

test("member votes show after a reload: the count, then the member score", () =>
  journey(DESKTOP, async (page) => {
    await page.goto(`${site.server.base}/credit-cards/secured`);
    // Not the first card: another journey rates that one.
    const card = cards(page).nth(1);
    const id = await card.getAttribute("data-offer-id");
    await card.locator(".card__title a").click();
    await page.waitForURL(/\/d\//);
    const reviews = page.locator("#reviews");
    await reviews.getByText("No member ratings yet").waitFor();

    // Nine other members vote 3 stars.
    for (let n = 1; n <= 9; n += 1) await voteAsNewMember(site.server.base, `10.9.0.${n}`, id, 3);
    await reloadUntil(page, reviews.getByText("9 so far; the score shows from 10"));

    // The tenth vote, from the page: the member score appears after a reload.
    await page.goto(`${site.server.base}/join`);
    await page.getByLabel("E-mail").fill(`tenth-${Date.now()}@example.com`);
    await page.getByLabel(/^Password/).fill("correct horse battery");
    await page.getByRole("button", { name: "Join for free" }).click();
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    await page.goBack();
    await page.goBack();
    await page.waitForURL(/\/d\//);
    await reviews.getByRole("button", { name: /^5 stars/ }).click();
    await page.getByText("Thanks for your rating!").waitFor();
    // (9 × 3 + 5) / 10 = 3.2
    await reloadUntil(page, reviews.getByRole("img", { name: "Member rating: 3.2 out of 5" }));
  }));

test("a guest who rates lands on light sign-up with the page as ref", () =>
  journey(PHONE, async (page) => {
    await page.goto(`${site.server.base}/credit-cards/secured`);
    await cards(page).first().locator(".card__title a").click();
    await page.waitForURL(/\/d\//);
    const detailsPath = new URL(page.url()).pathname;
    await page.locator("#reviews").getByRole("button", { name: /^5 stars/ }).click();
    await page.waitForURL(/\/join\/light\?ref=/);
    const ref = new URL(page.url()).searchParams.get("ref");
    assert.ok(ref?.startsWith(detailsPath), `ref ${ref} names ${detailsPath}`);
    await page.getByRole("heading", { level: 1, name: "Rate with your e-mail" }).waitFor();
  }));

test("a guest rates, signs up through the e-mailed link and finds the rating counted", () =>
  journey(PHONE, async (page) => {
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `198.18.1.${nextAddress++}` });
    const email = `guest-rater-${Date.now()}@example.com`;
    await page.goto(`${site.server.base}/credit-cards/balance-transfer`);
    const offerId = await cards(page).first().getAttribute("data-offer-id");
    await cards(page).first().locator(".card__title a").click();
    await page.waitForURL(/\/d\//);
    const detailsPath = new URL(page.url()).pathname;
    const votesOf = async () => (await (await fetch(`${site.server.base}/api/offers/${encodeURIComponent(offerId)}`)).json()).reviews;
    const before = await votesOf();
    await page.locator("#reviews").getByRole("button", { name: /^3 stars/ }).click();
    await page.waitForURL(/\/join\/light\?ref=/);
    const vote = new URL(page.url()).searchParams.get("vote");
    assert.match(vote ?? "", /^product:.+:3$/);
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await page.getByText("The link works once, within 10 minutes.").waitFor();
    const [mail] = await site.server.mail(email);
    assert.ok(mail, "the sign-in link arrived by e-mail");
    assert.match(mail, /counts the rating you chose: 3 stars/);
    const link = /https?:\/\/\S+\/join\/light\/confirm\?code=[0-9a-f]{64}/.exec(mail)?.[0];
    assert.ok(link, mail);
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === detailsPath);
    // The rating is counted: one vote more than before, once the cached read takes it in.
    let after = before;
    for (let i = 0; i < 50 && after === before; i += 1) {
      await page.waitForTimeout(200);
      after = await votesOf();
    }
    assert.equal(after, before + 1);
  }));

test("a guest votes on an answer, signs up through the e-mailed link and finds the vote counted", () =>
  journey(PHONE, async (page) => {
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `198.18.2.${nextAddress++}` });
    const email = `guest-voter-${Date.now()}@example.com`;
    await page.goto(`${site.server.base}/answers/`);
    const first = page.locator("article.qna-question").first().getByRole("heading", { level: 2 }).getByRole("link");
    await first.click();
    await page.waitForURL(/\/answers\/[a-z0-9-]+-\d+$/);
    const questionPath = new URL(page.url()).pathname;
    const answer = page.locator("article.qna-answer").first();
    const votes = answer.getByRole("group", { name: /^Votes on / });
    const upsOf = async () => Number((await votes.getByRole("button", { name: /Vote up/ }).textContent())?.replace(/\D/g, "") || "0");
    const before = await upsOf();
    await votes.getByRole("button", { name: /Vote up/ }).click();
    await page.waitForURL(/\/join\/light\?ref=/);
    assert.match(new URL(page.url()).searchParams.get("vote") ?? "", /^answer:\d+:up$/);
    await page.getByRole("heading", { level: 1, name: "Vote with your e-mail" }).waitFor();
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await page.getByText("The link works once, within 10 minutes.").waitFor();
    const [mail] = await site.server.mail(email);
    assert.ok(mail, "the sign-in link arrived by e-mail");
    assert.match(mail, /counts the up vote you chose on the answer/);
    const link = /https?:\/\/\S+\/join\/light\/confirm\?code=[0-9a-f]{64}/.exec(mail)?.[0];
    assert.ok(link, mail);
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === questionPath);
    // Counted, and shown as the member's own vote.
    await page.locator("article.qna-answer").first().getByRole("button", { name: /Vote up/, pressed: true }).waitFor();
    assert.equal(await upsOf(), before + 1);
  }));

/** Whether the session cookies of `context` are signed in, asked from outside the page (a
 * refused read in the page would log a console error). */
async function sessionAlive(context) {
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const r = await fetch(`${site.server.base}/home/settings/private-info`, { headers: { cookie, accept: "application/json" } });
  return r.status === 200;
}

/** The link to `path` in the newest e-mail to `to` whose subject is `subject`. */
async function mailedLink(to, subject, path) {
  for (let count = 1; count <= 5; count += 1) {
    const mail = (await site.server.mail(to, count)).find((m) => m.includes(`Subject: ${subject}`));
    const link = mail && new RegExp(`https?://\\S+${path}\\?token=[0-9a-f]{64}`).exec(mail)?.[0];
    if (link) return link;
  }
  assert.fail(`no ${subject} e-mail to ${to}`);
}

test("a member resets a forgotten password from the e-mailed link, and the other sessions end", () =>
  journey(PHONE, async (page) => {
    const email = `forgetful-${Date.now()}@example.com`;
    await joinAsNewMember(page, email);
    assert.ok(await sessionAlive(page.context()), "signed in after joining");
    // On another device, the member has forgotten the password.
    const other = await openPage(site.browser, site.server.base, PHONE);
    try {
      await other.context.setExtraHTTPHeaders({ "x-forwarded-for": `198.18.3.${nextAddress++}` });
      await other.page.goto(`${site.server.base}/sign-in`);
      await other.page.getByRole("link", { name: "Forgot your password?" }).click();
      await other.page.getByRole("heading", { level: 1, name: "Forgot your password?" }).waitFor();
      await other.page.getByLabel("E-mail").fill(email);
      await other.page.getByRole("button", { name: "Send me a link" }).click();
      await other.page.getByText("If an account uses this address, we sent it a link to set a new password.").waitFor();
      const link = await mailedLink(email, "Set a new Plainrate password", "/sign-in/reset");
      await other.page.goto(link);
      await other.page.getByLabel("New password").fill("a brand new battery");
      await other.page.getByRole("button", { name: "Set my password" }).click();
      await other.page.waitForURL(/\/home\/settings\/account$/);
      await other.page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
      assert.ok(await sessionAlive(other.context), "the link signed this device in");
      // The same link a second time is refused, and says so.
      await other.page.goto(link);
      await other.page.getByLabel("New password").fill("yet another battery");
      await other.page.getByRole("button", { name: "Set my password" }).click();
      await other.page.getByRole("alert").getByText("This link has expired or was already used.").waitFor();
      assert.deepEqual(other.errors.filter((e) => !e.includes("400")), [], "the other device's page logged errors");
    } finally {
      await other.context.close();
    }
    // The first device's session ended; the new password signs in there.
    assert.equal(await sessionAlive(page.context()), false, "the old session ended");
    await page.goto(`${site.server.base}/sign-in`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel(/^Password/).fill("a brand new battery");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${site.server.base}/`);
    assert.ok(await sessionAlive(page.context()));
  }));

test("a member changes the e-mail address, confirmed from the link sent to the new one", () =>
  journey(DESKTOP, async (page) => {
    const stamp = Date.now();
    const email = `mover-${stamp}@example.com`;
    const moved = `moved-${stamp}@example.com`;
    await joinAsNewMember(page, email);
    await page.getByRole("link", { name: "My account" }).click();
    await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
    await page.getByLabel("New e-mail address").fill(moved);
    await page.locator("#account-email-password").fill("correct horse battery");
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByText("We sent a link to the new address.", { exact: false }).waitFor();
    const link = await mailedLink(moved, "Confirm your new e-mail address", "/home/settings/email/confirm");
    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Confirm your new e-mail address" }).waitFor();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText(`Your account now uses ${moved}.`, { exact: false }).waitFor();
    // Signed out, the new address signs in and the old one no longer does.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.goto(`${site.server.base}/sign-in`);
    await page.getByLabel("E-mail").fill(moved);
    await page.getByLabel(/^Password/).fill("correct horse battery");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${site.server.base}/`);
    assert.ok(await sessionAlive(page.context()));
  }));

test("a visitor searches from the home page, finds cards, banks and questions, and opens a card", () =>
  journey(DESKTOP, async (page) => {
    await page.goto(`${site.server.base}/`);
    const box = page.locator("main").getByRole("search");
    await box.getByRole("searchbox").fill("capital one");
    await box.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/search\?q=capital\+one/);
    await page.getByRole("heading", { level: 1, name: "Search results for “capital one”" }).waitFor();
    const summary = page.getByText(/^Found \d+ products?/);
    await summary.waitFor();
    const products = page.getByRole("region", { name: /^Products/ });
    const first = products.getByRole("link").first();
    const name = await first.textContent();
    // The header's box keeps the query on the results page.
    assert.equal(await page.locator("header").getByRole("searchbox").inputValue(), "capital one");
    await first.click();
    await page.waitForURL(/\/d\//);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    // On a phone, the header's box opens from its button, and searches too.
    await page.setViewportSize(PHONE);
    await page.locator("header").getByRole("button", { name: "Search the site" }).click();
    await page.locator("header").getByRole("searchbox").fill("savings");
    await page.locator("header").getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/\/search\?q=savings/);
    await page.getByRole("region", { name: /^Products/ }).getByRole("link").first().waitFor();
  }));

test("a member writes a review from Write full review, sees it listed, and rewrites it", () =>
  journey(DESKTOP, async (page) => {
    await joinAsNewMember(page, `reviewer-${Date.now()}@example.com`);
    await page.goto(`${site.server.base}/credit-cards/secured`);
    await cards(page).first().locator(".card__title a").click();
    await page.waitForURL(/\/d\//);
    const details = page.url().split("#")[0];
    // "Write full review" carries the chosen stars as r.
    await page.goto(`${details}?r=4#reviews`);
    const form = page.getByRole("form", { name: "Write a review" });
    await form.waitFor();
    // The page lands on the section, once the app is on screen.
    await page.waitForFunction(() => {
      const top = document.getElementById("reviews")?.getBoundingClientRect().top;
      return document.querySelector(".app--staging") === null && top !== undefined && top >= -1 && top < window.innerHeight / 2;
    });
    assert.equal(await form.getByRole("radio", { name: /^4 stars/ }).isChecked(), true);
    await form.getByLabel("Your review").fill("Too short.");
    await form.getByRole("button", { name: "Publish my review" }).click();
    await form.getByRole("alert").getByText("A review must have at least 30 characters.").waitFor();
    const text = `Approved with a $300 deposit; the app is plain but works. <b>${Date.now()}</b>`;
    await form.getByLabel("Your review").fill(text);
    await form.getByRole("button", { name: "Publish my review" }).click();
    await page.getByText("Thank you. Your review is published.").waitFor();
    const mine = page.locator("article.review", { hasText: "Your review" });
    // The text shows as written: the markup is text, not bold.
    await mine.getByText(text).waitFor();
    assert.equal(await mine.locator("b").count(), 0);
    await page.goto(`${details}#reviews`);
    await page.locator("article.review", { hasText: "Your review" }).getByText(text).waitFor();
    // Rewriting replaces it, marked edited; most helpful first still lists it.
    await page.getByRole("button", { name: "Rewrite my review" }).click();
    await page.getByRole("form", { name: "Write a review" }).getByRole("radio", { name: /^2 stars/ }).check({ force: true });
    await page.getByLabel("Your review").fill("After a year: fees crept up and support was slow to answer.");
    await page.getByRole("button", { name: "Update my review" }).click();
    await page.getByText("Your review is updated.").waitFor();
    await page.getByRole("button", { name: "Most helpful" }).click();
    const rewritten = page.locator("article.review", { hasText: "Your review" });
    await rewritten.getByText("After a year: fees crept up and support was slow to answer.").waitFor();
    await rewritten.getByText("Edited").waitFor();
    assert.equal(await page.locator("article.review", { hasText: text }).count(), 0);
  }));

test("a visitor ranks the cards by their yearly value for their own spending and balance", () =>
  journey(DESKTOP, async (page) => {
    await page.goto(`${site.server.base}/credit-cards/rewards`);
    await page.getByRole("link", { name: "Sort the cards by their yearly value for your own spending" }).click();
    await page.waitForURL(/\/card-value/);
    const ranking = page.locator("li.value-card");
    await ranking.first().waitFor();
    const values = async () =>
      (await ranking.locator(".value-card__value").allTextContents()).filter((v) => v.includes("in year one")).map((v) => Number(v.replace(/[^0-9.-]/g, "")));
    const before = await values();
    assert.ok(before.length > 5, "cards with an estimate");
    assert.deepEqual([...before].sort((a, b) => b - a), before, "highest value first");
    const form = page.getByRole("form", { name: "Your figures" });
    await form.getByLabel(/Groceries/).fill("1200");
    await form.getByLabel(/Balance you carry/).fill("3000");
    await form.getByLabel("Credit tier").selectOption("great");
    await form.getByRole("button", { name: "Rank the cards" }).click();
    await page.waitForURL(/groceries=1200.*balance=3000.*tier=great/);
    await page.getByText(/a \$3,000 balance, credit 720 or more/).waitFor();
    const after = await values();
    assert.deepEqual([...after].sort((a, b) => b - a), after, "still highest value first");
    // Each card shows its working, the interest at the survey's APR for the tier.
    await ranking.first().getByText(/^Interest: −\$[\d,.]+ \(/).waitFor();
    await page.reload();
    assert.equal(await page.getByRole("form", { name: "Your figures" }).getByLabel(/Groceries/).inputValue(), "1200");
  }));

test("compare two cards", () =>
  journey(DESKTOP, async (page) => {
    await page.goto(`${site.server.base}/best-credit-cards`);
    await cards(page).nth(1).waitFor();
    const a = cards(page).nth(0);
    const b = cards(page).nth(1);
    const names = [await a.locator(".card__title").innerText(), await b.locator(".card__title").innerText()];
    await a.getByLabel("Compare").check();
    await b.getByLabel("Compare").check();
    await page.getByRole("button", { name: "Compare now" }).click();
    await page.waitForURL(/\/compare\?ids=/);
    const headers = page.locator(".compare__table thead th");
    await headers.nth(2).waitFor();
    const text = await page.locator(".compare__table thead").innerText();
    for (const n of names) assert.ok(text.includes(n), `the table shows ${n}`);
    // On a phone both products show side by side, without scrolling.
    await page.setViewportSize(PHONE);
    for (const i of [1, 2]) {
      const box = await headers.nth(i).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `product ${i} is on screen at 375 px`);
    }
  }));

test("saved and skipped products survive a reload, a skip can be undone, and the saved page lists what was saved", () =>
  journey(DESKTOP, async (page) => {
    await page.goto(`${site.server.base}/savings-accounts`);
    await cards(page).nth(1).waitFor();
    const saved = cards(page).nth(0);
    const skipped = cards(page).nth(1);
    const savedId = await saved.getAttribute("data-offer-id");
    const skippedId = await skipped.getAttribute("data-offer-id");
    const savedName = (await saved.locator(".card__title").innerText()).trim();
    await saved.getByRole("button", { name: /^Save/ }).click();
    // A skip takes the product off the list, with an undo.
    await skipped.getByRole("button", { name: /^Skip/ }).click();
    await page.locator(`article[data-offer-id="${skippedId}"]`).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Undo" }).click();
    await page.locator(`article[data-offer-id="${skippedId}"]`).waitFor();
    await page.locator(`article[data-offer-id="${skippedId}"]`).getByRole("button", { name: /^Skip/ }).click();
    await page.reload();
    await page.locator(`article[data-offer-id="${savedId}"]`).getByRole("button", { name: /^Saved/ }).waitFor();
    assert.equal(await page.locator(`article[data-offer-id="${skippedId}"]`).count(), 0);
    await page.getByText("1 skipped product is hidden on this page.").waitFor();
    await page.getByRole("button", { name: "Show skipped" }).click();
    await page.locator(`article[data-offer-id="${skippedId}"]`).getByRole("button", { name: /^Skipped/ }).waitFor();
    // The saved page lists it, from the device's lists.
    await page.getByRole("link", { name: "Your saved products (1)" }).click();
    await page.waitForURL(/\/saved$/);
    await page.getByRole("heading", { level: 1, name: "Saved products" }).waitFor();
    await page.getByText("1 saved product").waitFor();
    await page.locator(`article[data-offer-id="${savedId}"]`).getByRole("heading", { name: savedName }).waitFor();
  }));

test("a product with an id of 70 characters or more is saved and stays skipped after a reload", () =>
  journey(DESKTOP, async (page) => {
    // The first page of a listing that shows two such products (Hilton, Marriott and Delta cards).
    let found = null;
    for (const route of ["/best-hotel-credit-card", "/best-airline-credit-card", "/credit-cards/rewards"]) {
      const listing = await (await fetch(`${site.server.base}/api/listings?route=${route}`)).json();
      const long = listing.items.map((item) => item.offer.id).filter((id) => id.length >= 70);
      if (long.length >= 2) {
        found = { route, long };
        break;
      }
    }
    assert.ok(found, "a listing's first page shows two products with ids of 70 characters or more");
    const [savedId, skippedId] = found.long;
    await page.goto(`${site.server.base}${found.route}`);
    const saved = page.locator(`article[data-offer-id="${savedId}"]`);
    await saved.getByRole("button", { name: /^Save/ }).click();
    await saved.getByRole("button", { name: /^Saved/ }).waitFor();
    await page.locator(`article[data-offer-id="${skippedId}"]`).getByRole("button", { name: /^Skip/ }).click();
    await page.locator(`article[data-offer-id="${skippedId}"]`).waitFor({ state: "detached" });
    await page.reload();
    await page.locator(`article[data-offer-id="${savedId}"]`).getByRole("button", { name: /^Saved/ }).waitFor();
    assert.equal(await page.locator(`article[data-offer-id="${skippedId}"]`).count(), 0, "still skipped after the reload");
  }));

test("\"balance transfer\" finds the balance-transfer cards, and Write full review carries the stars chosen", () =>
  journey(DESKTOP, async (page) => {
    const route = await (await fetch(`${site.server.base}/api/listings?route=/credit-cards/balance-transfer&per_page=1`)).json();
    await page.goto(`${site.server.base}/search?q=balance%20transfer`);
    const summary = page.getByText(/^Found \d+ products?/);
    await summary.waitFor();
    const count = Number(/^Found (\d+)/.exec(await summary.innerText())[1]);
    assert.ok(count >= route.total, `${count} found, ${route.total} balance-transfer cards`);
    // A member chooses 3 stars; "Write full review" opens the form with 3.
    await joinAsNewMember(page, `three-stars-${Date.now()}@example.com`);
    await page.goto(`${site.server.base}/credit-cards/balance-transfer`);
    await cards(page).first().locator(".card__title a").click();
    await page.waitForURL(/\/d\//);
    await page.locator("#reviews").getByRole("button", { name: /^3 stars/ }).click();
    await page.getByText("Your rating: 3 stars").waitFor();
    await page.getByRole("link", { name: "Write full review" }).click();
    const form = page.getByRole("form", { name: "Write a review" });
    await form.waitFor();
    assert.equal(await form.getByRole("radio", { name: /^3 stars/ }).isChecked(), true);
  }));

test("an apply link leads to the issuer through the site's redirect", () =>
  journey(DESKTOP, async (page) => {
    await page.goto(`${site.server.base}/credit-cards/rewards`);
    const link = cards(page).locator("a.apply-button").first();
    const href = await link.getAttribute("href");
    assert.ok(href, "the card has an apply link");
    await link.click();
    await page.waitForURL((url) => !url.href.startsWith(site.server.base));
    await page.getByRole("heading", { name: "Issuer site" }).waitFor();
  }));

test("a mistyped listing address still shows the list, with its defaults and a notice", () =>
  journey(PHONE, async (page) => {
    // Another trailing slash and an order that does not exist.
    await page.goto(`${site.server.base}/credit-cards/rewards/?sort=bogus`);
    await page.waitForURL(`${site.server.base}/credit-cards/rewards?sort=bogus`);
    await page.getByText("This address asked for sort=bogus, which this list cannot show, so that setting is left at its default.").waitFor();
    await cards(page).first().waitFor();
    // On a phone the filters open from a button.
    await page.getByRole("button", { name: "Filter and sort" }).click();
    assert.equal(await page.getByRole("combobox", { name: "Sort by" }).inputValue(), "editorial");
    // Choosing an order leaves the bad one behind.
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("name");
    await page.waitForURL(`${site.server.base}/credit-cards/rewards?sort=name`);
    await page.getByText(/^This address asked for/).waitFor({ state: "detached" });
  }));

test("a card's rates and fees link leads to its own page through the site's redirect, and only where it has one", () =>
  journey(DESKTOP, async (page) => {
    // No shipped card has a rates-and-fees page apart from the one its apply link opens.
    await page.goto(`${site.server.base}/best-credit-cards`);
    await cards(page).first().waitFor();
    assert.equal(await page.getByRole("link", { name: /^Rates and fees/ }).count(), 0);
    // An apply link to the issuer's own page is not marked sponsored.
    const apply = cards(page).locator("a.apply-button").first();
    assert.equal(await apply.getAttribute("rel"), "noopener");
    // The journeys' test card has one (test-fixtures/catalogue/journey-test-cards.json).
    await page.goto(`${site.server.base}/d/test-rates-and-fees`);
    const link = page.getByRole("link", { name: /^Rates and fees/ }).first();
    const href = await link.getAttribute("href");
    assert.match(href ?? "", /^\/r\/\?id=.+c&rf=1$/);
    const hop = await fetch(`${site.server.base}${href}`, { redirect: "manual" });
    assert.equal(hop.status, 302);
    assert.equal(hop.headers.get("location"), "https://issuer.example/rates-and-fees/test-card");
  }));


test("the footer collapses on a phone", () =>
  journey(PHONE, async (page) => {
    await page.goto(`${site.server.base}/`);
    const footer = page.locator("footer").last();
    const first = footer.getByRole("button", { expanded: false }).first();
    await first.waitFor();
    const controls = await first.getAttribute("aria-controls");
    assert.ok(controls, "the section button names its list");
    // Pin the button: a role query would move on to the next collapsed section.
    const toggle = footer.locator(`button[aria-controls="${controls}"]`);
    assert.equal(await page.locator(`[id="${controls}"]`).isVisible(), false);
    await toggle.click();
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    assert.equal(await page.locator(`[id="${controls}"]`).isVisible(), true);
  }));

test("a visitor searches the answers, opens a question and comes back to the list", () =>
  journey(PHONE, async (page) => {
    await page.goto(`${site.server.base}/answers/`);
    await page.getByRole("heading", { level: 1, name: "Questions and answers" }).waitFor();
    // The source's text says where it comes from and its licence, under the list and by
    // each answer, with no invented author or date.
    await page.locator(".qna-attribution").getByText(/CC BY-SA/).waitFor();
    const credit = page.locator("article.qna-answer").first().locator(".qna-source");
    await credit.getByRole("link", { name: "Personal Finance & Money Stack Exchange" }).waitFor();
    assert.equal(await page.locator("article.qna-answer").first().locator("time").count(), 0, "no date the source does not give");
    const box = page.getByRole("searchbox", { name: "Search questions" });
    await box.fill("credit card");
    await page.waitForURL(/[?&]q=credit\+card/);
    await page.getByText(/questions? match(es)? “credit card”/).waitFor();
    const first = page.locator("article.qna-question").first().getByRole("heading", { level: 2 }).getByRole("link");
    const title = await first.textContent();
    assert.match(title ?? "", /credit|card/i, "the first match is about the words searched");
    await first.click();
    await page.waitForURL(/\/answers\/[a-z0-9-]+-\d+$/);
    await page.getByRole("heading", { level: 1, name: title ?? "" }).waitFor();
    await page.getByRole("heading", { level: 2, name: /answers?$/ }).waitFor();
    // Reloading the question gives the server's page with the same content.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: title ?? "" }).waitFor();
    await page.goBack();
    await page.waitForURL(/[?&]q=credit\+card/);
    await page.getByRole("link", { name: title ?? "" }).waitFor();
    // Under 2 characters the list comes back.
    await box.fill("c");
    await page.waitForURL(`${site.server.base}/answers/`);
    await page.getByText(/^\d+ questions\.$/).waitFor();
  }));

test("a member votes on an answer, sees it after a reload, and answers a question", () =>
  journey(PHONE, async (page) => {
    // A guest who votes is sent to light sign-up with the page as ref.
    await page.goto(`${site.server.base}/answers/`);
    const question = page.locator("article.qna-question").first();
    const answerVotes = question.locator("article.qna-answer").first().getByRole("group", { name: /^Votes on (the )?answer/ });
    await answerVotes.getByRole("button", { name: /Vote up/ }).click();
    await page.waitForURL(/\/join\/light\?ref=%2Fanswers%2F/);

    await joinAsNewMember(page, `answerer-${Date.now()}@example.com`);

    await page.goto(`${site.server.base}/answers/`);
    const up = answerVotes.getByRole("button", { name: /Vote up/ });
    const before = Number((await up.textContent()).replace(/\D/g, ""));
    await up.click();
    await page.waitForFunction((el) => el.getAttribute("aria-pressed") === "true", await up.elementHandle());
    assert.equal(Number((await up.textContent()).replace(/\D/g, "")), before + 1);
    // After a reload the server's page and the member's own vote both show it.
    await page.reload();
    await page.waitForFunction((el) => el?.getAttribute("aria-pressed") === "true", await answerVotes.getByRole("button", { name: /Vote up/ }).elementHandle());
    assert.equal(Number((await answerVotes.getByRole("button", { name: /Vote up/ }).textContent()).replace(/\D/g, "")), before + 1);

    // Answering: the 30-character rule, then the answer shows at once and after a reload.
    await question.getByRole("button", { name: "Answer this question" }).click();
    const box = question.getByRole("textbox", { name: "Your answer" });
    await box.fill("Too short.");
    await question.getByRole("button", { name: "Post answer" }).click();
    await question.getByText("Content must have 30 characters.").waitFor();
    const text = "Check the card's penalty APR before you ever pay late, and set up autopay.";
    await box.fill(text);
    await question.getByRole("button", { name: "Post answer" }).click();
    await question.getByText("Your answer is posted.").waitFor();
    await question.getByText(text).waitFor();
    const href = await question.getByRole("heading", { level: 2 }).getByRole("link").getAttribute("href");
    await page.goto(`${site.server.base}${href}`);
    await page.getByText(text).waitFor();
  }));

test("a visitor reports an answer and goes back to the question", () =>
  journey(DESKTOP, async (page) => {
    const list = await (await fetch(`${site.server.base}/ajax.php?action=Qna.List`)).json();
    const href = list.questions[0].ques_href;
    await page.goto(`${site.server.base}${href}`);
    await page.locator("article.qna-answer").first().getByRole("link", { name: "Report abuse" }).click();
    await page.waitForURL(/\/report-abuse\/\?ru=.*&t=a&id=\d+/);
    await page.getByText("You are reporting an answer.", { exact: false }).waitFor();
    await page.getByRole("textbox", { name: "What is wrong with it? (optional)" }).fill("It advertises a payday lender.");
    await page.getByRole("button", { name: "Send report" }).click();
    await page.getByText("Thank you. A moderator will look at it.").waitFor();
    await page.getByRole("link", { name: "Back to the page" }).click();
    await page.waitForURL(`${site.server.base}${href}`);
    // A reported answer stays visible until a moderator acts.
    await page.locator("article.qna-answer").first().waitFor();
    // The report reached the server: a report from a fresh page load is taken too.
    await page.goto(`${site.server.base}/report-abuse/?ru=${encodeURIComponent(href)}&t=q&id=${list.questions[0].id}`);
    await page.getByText("You are reporting a question.", { exact: false }).waitFor();
  }));

test("a guest asks a question through the e-mailed code (a wrong code, a resend), hears of its answer by e-mail and unsubscribes from it", () =>
  journey(PHONE, async (page) => {
    const email = `asker-${Date.now()}@example.com`;
    // Fixed words: the profanity filter reads long digit runs as letters, so no timestamps.
    const title = "Does a card's grace period apply to cash advances too?";
    await page.goto(`${site.server.base}/answers/`);
    await page.getByRole("button", { name: "Ask a question" }).click();
    const dialog = page.getByRole("dialog", { name: "Ask a question" });
    await dialog.getByRole("textbox", { name: "Your question" }).fill(title);
    await dialog.getByRole("combobox", { name: "Category" }).selectOption({ label: "Credit Cards" });
    await dialog.getByRole("textbox", { name: "Your e-mail address" }).fill(email);
    await dialog.getByRole("button", { name: "Submit question" }).click();
    const codeBox = dialog.getByRole("textbox", { name: "6-digit code" });
    await codeBox.waitFor();
    // The code step passes the accessibility rules.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    assert.deepEqual(await accessibilityViolations(page), [], "ask overlay's code step at 375 px");
    // The code as the mail client shows it: in the text part, "Your code is 123456."
    const codeIn = (message) => message?.match(/Your code is (\d{6})\./)?.[1];
    const first = codeIn((await site.server.mail(email))[0]);
    assert.ok(first, "the code arrived by e-mail");
    // A wrong code is told apart, and a new code can be sent.
    await codeBox.fill(first === "000000" ? "111111" : "000000");
    await dialog.getByRole("button", { name: "Publish my question" }).click();
    await dialog.getByRole("alert").waitFor();
    await dialog.getByRole("button", { name: "Send a new code" }).click();
    const second = codeIn((await site.server.mail(email, 2))[0]);
    assert.ok(second && second !== first, "a new code arrived");
    await codeBox.fill(second);
    await dialog.getByRole("button", { name: "Publish my question" }).click();
    await page.getByRole("dialog", { name: "Question submitted" }).waitFor();
    await page.getByRole("link", { name: "See your question" }).click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    const questionPage = page.url();
    // A member answers it on another device.
    const other = await openPage(site.browser, site.server.base, DESKTOP);
    try {
      await joinAsNewMember(other.page, `answerer-${Date.now()}@example.com`);
      await other.page.goto(questionPage);
      await other.page.getByRole("button", { name: "Answer this question" }).click();
      await other.page.getByRole("textbox", { name: "Your answer" }).fill("Yes: interest on a cash advance starts the day you take it.");
      await other.page.getByRole("button", { name: "Post answer" }).click();
      await other.page.getByText("Your answer is posted.").waitFor();
      assert.deepEqual(other.errors, [], "the answerer's page logged errors");
    } finally {
      await other.context.close();
    }
    // The guest's e-mail: the answer's news, with one-click unsubscribe (RFC 8058).
    const news = (await site.server.mail(email, 3)).find((m) => m.includes("Subject: Your question has an answer"));
    assert.ok(news, "the answer's e-mail arrived");
    assert.match(news, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const unsubscribe = /List-Unsubscribe:\s*<([^>]+)>/.exec(news)?.[1];
    assert.ok(unsubscribe?.startsWith(`${site.server.base}/unsubscribe?token=answers.`), unsubscribe);
    await page.goto(unsubscribe);
    await page.getByRole("heading", { level: 1, name: "Unsubscribe" }).waitFor();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    const masked = `${email[0]}•••@example.com`;
    await page.getByText(`Done: ${masked} will get no more e-mails about answers to your questions.`).waitFor();
  }));

test("a member asks a question and finds it on its own page", () =>
  journey(DESKTOP, async (page) => {
    await joinAsNewMember(page, `member-asks-${Date.now()}@example.com`);
    await page.goto(`${site.server.base}/answers/?category=1`);
    await page.getByRole("button", { name: "Ask a question" }).click();
    const dialog = page.getByRole("dialog", { name: "Ask a question" });
    const title = "Should I keep my oldest card open after I upgrade?";
    await dialog.getByRole("textbox", { name: "Your question" }).fill("Two words");
    await dialog.getByRole("button", { name: "Submit question" }).click();
    await dialog.getByText("Question must have at least 3 words.").waitFor();
    await dialog.getByRole("textbox", { name: "Your question" }).fill(title);
    // The list's category is chosen already.
    assert.equal(await dialog.getByRole("combobox", { name: "Category" }).inputValue(), "1");
    await dialog.getByRole("button", { name: "Submit question" }).click();
    await page.getByRole("dialog", { name: "Question submitted" }).getByText("Your question is published.").waitFor();
    await page.getByRole("link", { name: "See your question" }).click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    // The asker answers it and accepts that answer; it stays accepted after a reload.
    await page.getByRole("button", { name: "Answer this question" }).click();
    await page.getByRole("textbox", { name: "Your answer" }).fill("Keep it open: its age and its limit both help your score.");
    await page.getByRole("button", { name: "Post answer" }).click();
    await page.getByText("Your answer is posted.").waitFor();
    await page.getByRole("button", { name: "Accept this answer" }).click();
    await page.locator("article.qna-answer").getByText("Accepted answer").waitFor();
    await page.reload();
    await page.locator("article.qna-answer").getByText("Accepted answer").waitFor();
  }));

test("a card's page says when no one has asked about it, and lists the question a member asks there", () =>
  journey(DESKTOP, async (page) => {
    await joinAsNewMember(page, `card-asker-${Date.now()}@example.com`);
    await page.goto(`${site.server.base}/credit-cards/secured`);
    await cards(page).first().locator(".card__title a").click();
    await page.waitForURL(/\/d\//);
    const box = page.locator("#qna");
    const heading = await box.getByRole("heading", { level: 2, name: /^Questions about / }).textContent();
    const name = (heading ?? "").replace(/^Questions about /, "");
    // The source's questions name no product, so none is shown as being about this card.
    await box.getByText(`No questions about ${name} yet. Be the first to ask.`).waitFor();
    await box.getByRole("button", { name: "Ask a question" }).click();
    const dialog = page.getByRole("dialog", { name: "Ask a question" });
    const title = `Does the ${name} report to all three credit bureaus?`;
    await dialog.getByRole("textbox", { name: "Your question" }).fill(title);
    await dialog.getByRole("combobox", { name: "Category" }).selectOption({ label: "Credit Cards" });
    await dialog.getByRole("button", { name: "Submit question" }).click();
    await page.getByRole("dialog", { name: "Question submitted" }).getByText("Your question is published.").waitFor();
    await page.reload();
    await box.getByRole("link", { name: title }).waitFor();
  }));

test("a moderator hides a reported answer, and it leaves the question", () =>
  journey(DESKTOP, async (page) => {
    const list = await (await fetch(`${site.server.base}/ajax.php?action=Qna.List&sort=mv&qpage=3`)).json();
    const question = list.questions.find((q) => q.total_answers === 1);
    assert.ok(question, "a question with one answer");
    const answer = question.answers[0];
    // A visitor reports the answer.
    await page.goto(`${site.server.base}/report-abuse/?ru=${encodeURIComponent(question.ques_href)}&t=a&id=${answer.id}`);
    await page.getByRole("button", { name: "Send report" }).click();
    await page.getByText("Thank you. A moderator will look at it.").waitFor();
    // A member made moderator by the operators' command opens the queue.
    const email = `moderator-${Date.now()}@example.com`;
    await joinAsNewMember(page, email);
    site.server.operator("member", "role", email, "moderator");
    await page.goto(`${site.server.base}/moderation/`);
    const item = page.getByRole("article", { name: `Reported answer ${answer.id}` });
    await item.waitFor();
    // The queue with its items passes the accessibility rules, at both widths.
    assert.deepEqual(await accessibilityViolations(page), [], "moderation queue at 1440 px");
    await page.setViewportSize(PHONE);
    assert.deepEqual(await accessibilityViolations(page), [], "moderation queue at 375 px");
    await page.setViewportSize(DESKTOP);
    await item.getByRole("textbox", { name: "Reason" }).fill("Advertising");
    await item.getByRole("button", { name: "Hide" }).click();
    await item.getByText("Hidden.").waitFor();
    // The answer is gone from its question's page.
    await page.goto(`${site.server.base}${question.ques_href}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    assert.equal(await page.locator(`#answer-${answer.id}`).count(), 0);
  }));

/** Presses Tab until `locator` has the focus: it is reachable by keyboard alone. */
async function tabTo(page, locator, max = 250) {
  const target = await locator.elementHandle();
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((el) => document.activeElement === el, target)) return;
  }
  throw new Error("Tab never reached the element");
}

test("a visitor sorts the answers by upvotes and pages through them with qpage", () =>
  journey(DESKTOP, async (page) => {
    const api = async (query) => (await (await fetch(`${site.server.base}/ajax.php?action=Qna.List&${query}`)).json()).questions;
    // The page shows these questions, in this order (the address changes before the list
    // does, so wait for the list itself).
    const shows = (hrefs) =>
      page.waitForFunction(
        (expected) => [...document.querySelectorAll("article.qna-question h2 a")].map((a) => a.getAttribute("href")).join("\n") === expected,
        hrefs.join("\n"),
      );
    await page.goto(`${site.server.base}/answers/`);
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("mv");
    await page.waitForURL(/[?&]sort=mv/);
    const first = await api("sort=mv");
    const upvotes = first.map((q) => q.upvote);
    assert.deepEqual(upvotes, [...upvotes].sort((a, b) => b - a), "most upvoted first");
    await shows(first.map((q) => q.ques_href));
    await page.getByRole("link", { name: "Next page" }).click();
    await page.waitForURL(/[?&]qpage=2/);
    assert.match(page.url(), /sort=mv/);
    await page.getByRole("heading", { level: 1, name: /page 2$/ }).waitFor();
    // The page is an address: a reload shows page 2 again, the server's page 2 in that order.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: /page 2$/ }).waitFor();
    await shows((await api("sort=mv&qpage=2")).map((q) => q.ques_href));
  }));

test("a visitor opens an expert from a shared link, goes back to all experts and pages the gallery", () =>
  journey(PHONE, async (page) => {
    // A shared link, in another case than the gallery spells the hashtag.
    await page.goto(`${site.server.base}/experts/#expert=nadiarosenthal`);
    await page.getByRole("heading", { level: 2, name: "Nadia Rosenthal" }).waitFor();
    // The profile's heading takes the focus, once the app is on screen.
    await page.waitForFunction(() => document.activeElement?.tagName === "H2" && document.activeElement.textContent === "Nadia Rosenthal");
    await page.getByRole("button", { name: "Back to All Experts" }).click();
    await page.waitForURL(`${site.server.base}/experts/`);
    // Back shows the grid's page that holds her: the 8th expert is on page 2 of 6 each.
    await page.getByText("Page 2 of 2").waitFor();
    await page.getByRole("link", { name: "Nadia Rosenthal" }).waitFor();
    // Browser history holds the profile.
    await page.goBack();
    await page.waitForURL(/#expert=nadiarosenthal$/);
    await page.getByRole("heading", { level: 2, name: "Nadia Rosenthal" }).waitFor();
    await page.getByRole("button", { name: "Back to All Experts" }).click();
    // More Experts wraps from the last page to the first.
    await page.getByRole("button", { name: "More Experts" }).click();
    await page.getByText("Page 1 of 2").waitFor();
    await page.getByRole("link", { name: "Avery Lindqvist" }).click();
    await page.waitForURL(/#expert=AveryLindqvist$/);
    await page.getByRole("heading", { level: 2, name: "Avery Lindqvist" }).waitFor();
    // Without the app the page still holds every profile under its deep link.
    const html = await (await fetch(`${site.server.base}/experts/`, { headers: { accept: "text/html" } })).text();
    assert.match(html, /<article id="expert=NadiaRosenthal">/);
  }));

test("a reader says a page helped, and another did not with a reason; both are remembered", () =>
  journey(DESKTOP, async (page) => {
    await page.goto(`${site.server.base}/credit-score-range`);
    const widget = page.getByRole("complementary", { name: "Was this page helpful?" });
    await widget.getByRole("button", { name: "Yes" }).click();
    await widget.getByText("Thanks for your feedback.").waitFor();
    await page.reload();
    await widget.getByText("Thanks for your feedback.").waitFor();
    assert.equal(await widget.getByRole("button", { name: "Yes" }).count(), 0);

    await page.goto(`${site.server.base}/about`);
    await widget.getByRole("button", { name: "No" }).click();
    await widget.getByRole("textbox", { name: "What could we do better?" }).fill("Too short");
    await widget.getByRole("button", { name: "Send feedback" }).click();
    await widget.getByText("Content must have at least 10 characters.").waitFor();
    await widget.getByRole("textbox").fill("Say who owns the company and how it is paid.");
    await widget.getByRole("button", { name: "Send feedback" }).click();
    await widget.getByText("Thanks for your feedback.").waitFor();
    await page.reload();
    await widget.getByText("Thanks for your feedback.").waitFor();
  }));

test("a best-of page jumps to its questions, experts and disclosure", () =>
  journey(DESKTOP, async (page) => {
    await page.goto(`${site.server.base}/best-credit-cards`);
    const bar = page.getByRole("navigation", { name: "On this page" });
    await page.locator("#qna article.qna-question").first().waitFor();
    await bar.getByRole("link", { name: "Questions" }).click();
    await page.waitForURL(/#qna$/);
    await page.waitForFunction(() => {
      const top = document.getElementById("qna").getBoundingClientRect().top;
      return top >= 0 && top < 200;
    });
    // The box's questions start collapsed here: a question with answers offers to show them.
    const toggle = page.locator("#qna").getByRole("button", { name: /^Show \d+ answers?$/ }).first();
    await toggle.waitFor();
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    await toggle.click();
    await page.locator("#qna").getByRole("button", { name: "Hide answers" }).first().waitFor();
    // A shared address naming a section lands on it once the sections have loaded.
    await page.goto(`${site.server.base}/best-credit-cards#expert-opinions`);
    await page.locator("#expert-opinions").getByRole("link", { name: "Avery Lindqvist" }).waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById("expert-opinions").getBoundingClientRect().top;
      return top >= 0 && top < 250;
    });
    await bar.getByRole("link", { name: "Expert opinions" }).click();
    await page.waitForURL(/#expert-opinions$/);
    await page.locator("#expert-opinions").getByRole("link", { name: "Avery Lindqvist" }).waitFor();
    await bar.getByRole("link", { name: "Disclosure" }).click();
    await page.waitForURL(/#cards-disclosure$/);
    // The clicked link is the active one.
    await page.waitForFunction(() => document.querySelector("a[aria-current='location']")?.textContent === "Disclosure");
  }));

test("keyboard alone asks, answers and votes", () =>
  journey(DESKTOP, async (page) => {
    await joinAsNewMember(page, `keyboard-${Date.now()}@example.com`);
    await page.goto(`${site.server.base}/answers/?category=1`);
    await page.locator("article.qna-question").first().waitFor();
    await tabTo(page, page.getByRole("button", { name: "Ask a question" }));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Ask a question" });
    await tabTo(page, dialog.getByRole("textbox", { name: "Your question" }), 10);
    const title = "Can a keyboard user close a card without calling?";
    await page.keyboard.type(title);
    await tabTo(page, dialog.getByRole("button", { name: "Submit question" }), 20);
    await page.keyboard.press("Enter");
    const done = page.getByRole("dialog", { name: "Question submitted" });
    await tabTo(page, done.getByRole("link", { name: "See your question" }), 10);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await tabTo(page, page.getByRole("button", { name: "Answer this question" }));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("textbox", { name: "Your answer" }), 10);
    await page.keyboard.type("Most issuers let you close a card from the account settings online.");
    await tabTo(page, page.getByRole("button", { name: "Post answer" }), 10);
    await page.keyboard.press("Enter");
    await page.getByText("Your answer is posted.").waitFor();
    const up = page.getByRole("group", { name: /^Votes on this question/ }).getByRole("button", { name: /Vote up/ });
    await tabTo(page, up);
    await page.keyboard.press("Space");
    await page.waitForFunction((el) => el.getAttribute("aria-pressed") === "true", await up.elementHandle());

    // Escape closes the ask overlay and gives the focus back to its button.
    await page.goto(`${site.server.base}/answers/`);
    const ask = page.getByRole("button", { name: "Ask a question" });
    await tabTo(page, ask);
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Ask a question" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Ask a question" }).waitFor({ state: "detached" });
    assert.equal(await ask.evaluate((el) => el === document.activeElement), true);

    // The helpful widget, keyboard only: No, a reason, Send.
    await page.goto(`${site.server.base}/terms`);
    const widget = page.getByRole("complementary", { name: "Was this page helpful?" });
    await tabTo(page, widget.getByRole("button", { name: "No" }));
    await page.keyboard.press("Enter");
    await page.keyboard.type("Please add a short summary at the top.");
    await tabTo(page, widget.getByRole("button", { name: "Send feedback" }), 5);
    await page.keyboard.press("Enter");
    await widget.getByText("Thanks for your feedback.").waitFor();
  }));

test("every page type passes the accessibility rules and fits the screen on a phone and a desktop", async () => {
  const listing = await (await fetch(`${site.server.base}/api/listings?route=/credit-cards/secured`)).json();
  const [a, b] = listing.items.map((item) => item.offer);
  const banks = await (await fetch(`${site.server.base}/api/listings?route=/banks`)).json();
  const paths = [
    "/",
    "/credit-cards/rewards",
    "/savings-accounts?sponsorship=none",
    a.detailsPath,
    `/institutions/${encodeURIComponent(banks.items[0].offer.id)}`,
    `/compare?ids=${a.id},${b.id}`,
    "/join",
    `/join/light?ref=${encodeURIComponent(a.detailsPath)}`,
    "/sign-in",
    "/home/settings/private-info",
    "/credit-score-range",
    "/answers/",
    "/answers/?q=credit%20card",
    "/report-abuse/?ru=%2Fanswers%2F&t=a&id=1",
    "/moderation/",
    "/experts/",
    "/experts/#expert=GretaNakamura",
    "/best-credit-cards",
    "/saved",
    "/cd-rates",
    "/search?q=capital%20one",
    "/card-value?balance=2000",
    "/d/hysa-capital-one-360-performance-savings",
    (await (await fetch(`${site.server.base}/ajax.php?action=Qna.List`)).json()).questions[0].ques_href,
  ];
  for (const viewport of [PHONE, DESKTOP]) {
    await journey(viewport, async (page) => {
      for (const path of paths) {
        await page.goto(`${site.server.base}${path}`, { waitUntil: "networkidle" });
        assert.deepEqual(await accessibilityViolations(page), [], `${path} at ${viewport.width} px`);
        // Nothing pushes the page wider than the screen (lists that scroll sideways do so inside).
        const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        assert.ok(widths[0] <= widths[1], `${path} is ${widths[0]} px wide at ${viewport.width} px`);
      }
      // A dialog open over a listing.
      await page.goto(`${site.server.base}/credit-cards/rewards`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "What does this mean?" }).first().click();
      await page.getByRole("dialog").waitFor();
      // Contrast is judged on the finished dialog, not on a frame of its fade-in.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      assert.deepEqual(await accessibilityViolations(page), [], `min-credit dialog at ${viewport.width} px`);
      // The ask overlay, showing its rule messages.
      await page.goto(`${site.server.base}/answers/`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Ask a question" }).click();
      await page.getByRole("dialog", { name: "Ask a question" }).getByRole("button", { name: "Submit question" }).click();
      await page.getByText("Question must have at least 3 words.").waitFor();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      assert.deepEqual(await accessibilityViolations(page), [], `ask overlay at ${viewport.width} px`);
      // The helpful widget's reason form with its rule message.
      await page.goto(`${site.server.base}/about`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "No", exact: true }).click();
      await page.getByRole("button", { name: "Send feedback" }).click();
      await page.getByText("Content must have at least 10 characters.").waitFor();
      assert.deepEqual(await accessibilityViolations(page), [], `helpful reason form at ${viewport.width} px`);
    });
  }
});
