// The catalogue refreshed beside the live site: an operator imports a folder in a second
// process while the site serves, on a site of its own (the other journeys keep the full
// catalogue).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PHONE, openPage } from "./browser.mjs";
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
