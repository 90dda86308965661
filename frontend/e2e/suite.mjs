// One suite's site: the real server on a fresh database and Debian's Chromium, started
// before the file's tests and stopped after them, and `journey`, which runs a test's steps
// in a fresh browser context and fails on any console error.
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { startServer } from "./server.mjs";
import { launch, openPage, DESKTOP } from "./browser.mjs";

export function useSite() {
  const site = { server: undefined, browser: undefined };
  before(async () => {
    site.server = await startServer();
    site.browser = await launch();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  /** Runs `body(page, context)` in a fresh context and fails on any console error. */
  site.journey = async (viewport, body) => {
    const { context, page, errors } = await openPage(site.browser, site.server.base, viewport ?? DESKTOP);
    try {
      await body(page, context);
      assert.deepEqual(errors, [], "the page logged errors");
    } finally {
      await context.close();
    }
  };
  return site;
}
