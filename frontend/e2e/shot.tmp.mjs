import { startServer } from "/work/main/frontend/e2e/server.mjs";
import { launch, openPage, PHONE, DESKTOP } from "/work/main/frontend/e2e/browser.mjs";
const [path, selector, out, width] = process.argv.slice(2);
const server = await startServer({ testData: false });
const browser = await launch();
try {
  const { context, page } = await openPage(browser, server.base, width === "phone" ? PHONE : DESKTOP);
  await page.goto(`${server.base}${path}`, { waitUntil: "networkidle" });
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  await el.screenshot({ path: out });
  await context.close();
} finally { await browser.close(); await server.stop?.(); }
process.exit(0);
