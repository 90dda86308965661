// The catalogue refreshed beside the live site: an operator imports a folder in a second
// process while the site serves, on a site of its own (the other journeys keep the full
// catalogue).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PHONE, openPage } from "./browser.mjs";
import { headerOf } from "./smtp.mjs";
import { useSite } from "./suite.mjs";

const site = useSite();
const GONE = "cd-abound-credit-union-12m";

/** A copy of the site's catalogue without the product `id`. */
function catalogueWithout(id) {
  const from = join(site.server.fixtures, "catalogue");
  const to = mkdtempSync(join(tmpdir(), "catalogue-"));
  for (const file of readdirSync(from).filter((f) => f.endsWith(".json"))) {
    const offers = JSON.parse(readFileSync(join(from, file), "utf8")).filter((o) => o.ID !== id);
    writeFileSync(join(to, file), JSON.stringify(offers));
  }
  return to;
}

/** A copy of the site's catalogue with `edit` applied to the offer `id`. */
function catalogueEditing(id, edit) {
  const from = join(site.server.fixtures, "catalogue");
  const to = mkdtempSync(join(tmpdir(), "catalogue-"));
  for (const file of readdirSync(from).filter((f) => f.endsWith(".json"))) {
    const offers = JSON.parse(readFileSync(join(from, file), "utf8")).map((o) => (o.ID === id ? edit({ ...o }) : o));
    writeFileSync(join(to, file), JSON.stringify(offers));
  }
  return to;
}

/** Opens `path` until `text` shows: the site rebuilds its view within a poll of the import. */
async function openUntil(page, path, text) {
  const until = Date.now() + 15_000;
  for (;;) {
    await page.goto(`${site.server.base}${path}`);
    if ((await page.getByText(text, { exact: false }).count()) > 0) return;
    assert.ok(Date.now() < until, `${path} never showed ${text}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test("an import beside the live site retires a product, which says so, and restores it", async () => {
  const { context, page, errors } = await openPage(site.browser, site.server.base, PHONE);
  const folder = catalogueWithout(GONE);
  try {
    {
      const dry = site.server.operator("import", "--dry-run", folder);
      assert.match(dry, /^dry run, nothing written: 0 added, 1 retired, 0 restored, 0 changed/);
      assert.match(dry, new RegExp(`retired ${GONE}`));
      await page.goto(`${site.server.base}/d/${GONE}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      assert.equal(await page.getByText("No longer offered.").count(), 0, "the dry run changed nothing");

      assert.match(site.server.operator("import", folder), /^imported \d+ offers \(catalogue version \d+\): 0 added, 1 retired/);
      await openUntil(page, `/d/${GONE}`, "No longer offered.");
      await page.getByText("these are its last known figures", { exact: false }).waitFor();
      await page.getByText("Apply directly with Abound Credit Union.").waitFor();
      const answer = await fetch(`${site.server.base}/api/offers/${GONE}`);
      assert.equal(answer.status, 410);

      // Back in the data: offered again.
      assert.match(site.server.operator("import", join(site.server.fixtures, "catalogue")), /1 restored/);
      await openUntil(page, `/d/${GONE}`, "Abound Credit Union");
      for (const until = Date.now() + 15_000; (await page.getByText("No longer offered.").count()) > 0; ) {
        assert.ok(Date.now() < until, "the product was restored");
        await new Promise((r) => setTimeout(r, 500));
        await page.reload();
      }
    }
    // The retired page's own 410 is the one message Chromium logs (every other request of
    // the page succeeds); any other console error fails the journey.
    assert.deepEqual(errors.filter((e) => !e.endsWith("status of 410 (Gone)")), [], "the page logged errors");
  } finally {
    await context.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

test("a member follows a savings account, an import lowers its APY, the e-mail arrives and the page shows the change", async () => {
  const SAVINGS = "hysa-ally-online-savings-account";
  const email = `follower-${Date.now()}@example.com`;
  const { context, page, errors } = await openPage(site.browser, site.server.base, PHONE);
  const folder = catalogueEditing(SAVINGS, (o) => ({ ...o, APY: "2.75%" }));
  try {
    // Join, and confirm the address with the e-mailed link (alerts go only to a confirmed one).
    await page.goto(`${site.server.base}/join`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel(/^Password/).fill("correct horse battery");
    await page.getByRole("button", { name: "Join for free" }).click();
    await page.waitForURL(`${site.server.base}/`);
    const [welcome] = await site.server.mail(email);
    const confirm = /https?:\/\/\S+\/join\/confirm\?token=[^\s"<]+/.exec(welcome)?.[0];
    assert.ok(confirm, welcome);
    await page.goto(confirm);
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("confirmed", { exact: false }).first().waitFor();

    // Follow the account from its page.
    await page.goto(`${site.server.base}/d/${SAVINGS}`);
    await page.getByRole("button", { name: /^Alert me when this changes/ }).click();
    await page.getByText("You get an e-mail when it changes.").waitFor();

    // The import lowers its APY; the command queues the alert, the site sends it.
    const imported = site.server.operator("import", folder);
    assert.match(imported, /1 changed/);
    // The command queues it, or a server's watch did just before it (either way, once).
    assert.match(imported, /alert e-mails queued: [01]/);
    const alert = (await site.server.mail(email, 2)).find((m) => m.includes("Subject: Rate alert: 1 product changed"));
    assert.ok(alert, "the alert e-mail arrived");
    assert.match(alert, /Ally Online Savings Account \(Ally Bank\)/);
    assert.match(alert, /APY: 3\.00% → 2\.75%/);
    assert.match(alert, new RegExp(`${site.server.base}/d/${SAVINGS}`));
    assert.equal(headerOf(alert, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
    assert.match(headerOf(alert, "List-Unsubscribe") ?? "", /^<https?:\/\/\S+\/unsubscribe\?token=rate-alerts\./);
    // The same import again sends nothing more.
    assert.match(site.server.operator("import", folder), /alert e-mails queued: 0/);

    // The product page shows the change, with its rate chart; the alerts page the e-mail.
    await openUntil(page, `/d/${SAVINGS}`, "2.75%");
    const changed = page.locator(".what-changed");
    await changed.getByText("APY 3.00% → 2.75%", { exact: false }).waitFor();
    await page.locator(".rate-chart").first().waitFor();
    await page.goto(`${site.server.base}/home/settings/alerts`);
    await page.getByRole("heading", { level: 1, name: "Rate alerts" }).waitFor();
    const item = page.locator(".alerts__item", { hasText: "Ally Online Savings Account" });
    await item.getByText("last e-mail", { exact: false }).waitFor();
    // A listing alert, and the cadence.
    await page.getByLabel("Kind of account").selectOption("cd");
    await page.getByLabel("APY at least (%)").fill("4.5");
    await page.getByLabel("Term in months (optional)").fill("12");
    await page.getByRole("button", { name: "Follow", exact: true }).click();
    await page.getByText("a 12-month CD at 4.50% APY or more", { exact: false }).first().waitFor();
    // The choice is the server's answer: checked once it is saved.
    const weekly = page.getByLabel("At most one e-mail a week", { exact: false });
    await weekly.click();
    await page.getByText("Saved: at most one e-mail a week", { exact: false }).waitFor();
    assert.ok(await weekly.isChecked());
    assert.deepEqual(errors, [], "the pages logged errors");
  } finally {
    await context.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
