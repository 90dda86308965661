// Debian's Chromium, headless, driven through playwright-core (no browser download).
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1440, height: 900 };

/**
 * A fresh browser context and page that records console errors and uncaught page errors,
 * and answers any request that leaves the site with a small page (nothing outside the
 * machine is reachable; apply links lead to issuers' sites).
 */
export async function openPage(browser, base, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => errors.push(`page error: ${err.message}`));
  await context.route(
    (url) => !url.href.startsWith(base),
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Issuer site</title><h1>Issuer site</h1>" }),
  );
  return { context, page, errors };
}
