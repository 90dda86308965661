// Which element is each page's largest contentful paint, when it is painted, and which
// layout shifts happen, in Debian's Chromium at a phone's width: the tool behind the
// "First load" work in docs/BENCHMARKS.md (Lighthouse gives the figures, this the causes).
// Usage: node e2e/lcp-probe.mjs <base url> <path>...
import { launch } from "./browser.mjs";
const base = process.argv[2];
const paths = process.argv.slice(3);
const browser = await launch();
for (const path of paths) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__lcp = [];
    window.__cls = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) {
        const el = e.element;
        window.__lcp.push({ t: Math.round(e.startTime), size: e.size, el: el ? `${el.tagName}.${el.className}`.slice(0, 60) + " " + (el.textContent || "").slice(0, 50) : String(e.url) });
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__cls.push({ t: Math.round(e.startTime), v: e.value.toFixed(4), src: (e.sources || []).map((s) => s.node ? `${s.node.nodeName}.${s.node.className || ""}`.slice(0, 40) : "?").join(",") });
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(base + path, { waitUntil: "networkidle" });
  await page.waitForTimeout(500);
  console.log(path, JSON.stringify(await page.evaluate(() => ({ lcp: window.__lcp, cls: window.__cls })), null, 0));
  await context.close();
}
await browser.close();
