// The JavaScript budget (issue 13: at most 100 KB gzip on the first load of any route),
// checked on the production build. For each page chunk it adds up the entry, the page's own
// chunk and every chunk they import statically, gzip-compressed, and fails over budget.
// `--markdown` prints the table for docs/BENCHMARKS.md.
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join, resolve } from "node:path";

const BUDGET_BYTES = 100 * 1024;
const dist = resolve(import.meta.dirname, "../dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));

const gz = new Map();
function gzipSize(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
}

/** Every JS file loaded with `key` before it runs: itself and its static imports. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error("no entry in the build manifest");
// The entry starts the app (src/main.tsx) right after the first paint: both are part of
// every first load.
const appKey = "src/main.tsx";
if (!manifest[appKey]) throw new Error(`no ${appKey} chunk in the build manifest`);
const entry = closure(appKey, closure(entryKey));

// Every page module on disk must be measured: a page whose chunk is shared with others
// appears in the manifest under its chunk name instead of its source path.
const pageNames = readdirSync(resolve(import.meta.dirname, "../src/pages"))
  .filter((f) => /^[A-Za-z]+Page\.tsx$/.test(f))
  .map((f) => f.replace(/\.tsx$/, ""));
const keyOf = (name) =>
  Object.keys(manifest).find((k) => k === `src/pages/${name}.tsx`) ??
  Object.keys(manifest).find((k) => k.endsWith(".js") && manifest[k].name === name);
const missing = pageNames.filter((name) => !keyOf(name));
if (missing.length > 0) {
  console.error(`no chunk found for ${missing.join(", ")}`);
  process.exit(1);
}
const pages = pageNames.map(keyOf);
const rows = [];
for (const page of pages.sort()) {
  const files = new Set([...entry].map((k) => manifest[k].file));
  for (const k of closure(page)) files.add(manifest[k].file);
  // Pages reached through the path page (listings, content, 404) also load it.
  const bytes = [...files].filter((f) => f.endsWith(".js")).reduce((n, f) => n + gzipSize(f), 0);
  rows.push({ page: manifest[page].name ?? page, bytes });
}
rows.sort((a, b) => a.page.localeCompare(b.page));
const entryBytes = [...entry].map((k) => manifest[k].file).filter((f) => f.endsWith(".js")).reduce((n, f) => n + gzipSize(f), 0);

const kb = (n) => (n / 1024).toFixed(1);
if (process.argv.includes("--markdown")) {
  console.log("| Route's page | First-load JS, gzip (KB) | Of which shared entry (KB) |");
  console.log("|---|---:|---:|");
  for (const r of rows) console.log(`| ${r.page} | ${kb(r.bytes)} | ${kb(entryBytes)} |`);
} else {
  for (const r of rows) console.log(`${r.page.padEnd(22)} ${kb(r.bytes).padStart(7)} KB gzip`);
}
const over = rows.filter((r) => r.bytes > BUDGET_BYTES);
if (rows.length === 0) {
  console.error("no page chunks found: are pages still loaded on demand?");
  process.exit(1);
}
if (over.length > 0) {
  console.error(`over the ${kb(BUDGET_BYTES)} KB budget: ${over.map((r) => r.page).join(", ")}`);
  process.exit(1);
}
console.log(`every route within ${kb(BUDGET_BYTES)} KB gzip (entry ${kb(entryBytes)} KB)`);
