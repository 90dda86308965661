// Starts the real site server on a fresh SQLite database in a temporary folder, serving
// the production build of the frontend, and stops it again.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createServer } from "node:net";
import { startSmtpSink } from "./smtp.mjs";

const repo = resolve(import.meta.dirname, "../..");

/** The fixtures the journeys' server reads: the shipped ones with the journeys' own test
 * data laid over them (`test-fixtures/`: products and profiles under names no one can
 * take for real ones, for the features no shipped product exercises). */
function journeyFixtures(dir) {
  const fixtures = join(dir, "fixtures");
  cpSync(join(repo, "fixtures"), fixtures, { recursive: true });
  cpSync(join(repo, "test-fixtures"), fixtures, { recursive: true });
  return fixtures;
}

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

async function waitUntilUp(base, child, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`site server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("site server did not start in time");
}

/** Starts the server; `testData: false` serves the shipped fixtures alone (the screenshots
 * show the site as a visitor finds it), else with the journeys' test data laid over them. */
export async function startServer({ testData = true } = {}) {
  const binary = process.env.PLAINRATE_BIN ?? join(repo, "target/debug/plainrate");
  if (!existsSync(binary)) throw new Error(`no server binary at ${binary}: build it first (just server-build)`);
  const dist = join(repo, "frontend/dist");
  if (!existsSync(join(dist, "index.html"))) throw new Error("no frontend build: run npm run build first");
  const dir = mkdtempSync(join(tmpdir(), "plainrate-e2e-"));
  const fixtures = testData ? journeyFixtures(dir) : join(repo, "fixtures");
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const logs = [];
  // E-mail goes over SMTP to a real server, where the journeys read it.
  const smtp = await startSmtpSink();
  const child = spawn(binary, ["serve"], {
    cwd: repo,
    env: {
      ...process.env,
      BIND_ADDR: `127.0.0.1:${port}`,
      DATABASE_URL: `sqlite://${join(dir, "site.sqlite")}?mode=rwc`,
      PUBLIC_BASE_URL: base,
      SECURE_COOKIES: "false",
      ASSETS_DIR: dist,
      FIXTURES_DIR: fixtures,
      LOG_FORMAT: "text",
      // The journeys send some members' votes over HTTP as if through a proxy, each with
      // its own forwarded address, so per-address sign-up limits apply per member.
      TRUSTED_PROXIES: "127.0.0.1",
      RUST_LOG: "warn",
      EMAIL_TRANSPORT: "smtp",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      SMTP_SECURITY: "plain",
      MAIL_FROM: "no-reply@example.test",
      EMAIL_POLL_SECS: "1",
      // The journeys' site has an app to offer; the shipped site has none until an
      // operator names its store pages, so the screenshots show no "Get the app" block.
      ...(testData ? { APP_STORE_URL: "https://apps.example.test/plainrate", PLAY_STORE_URL: "https://play.example.test/plainrate" } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => logs.push(String(d)));
  child.stderr.on("data", (d) => logs.push(String(d)));
  try {
    await waitUntilUp(base, child, 60_000);
  } catch (e) {
    child.kill("SIGKILL");
    smtp.stop();
    throw new Error(`${e.message}\n${logs.join("")}`);
  }
  const env = { ...process.env, DATABASE_URL: `sqlite://${join(dir, "site.sqlite")}?mode=rwc`, PUBLIC_BASE_URL: base, FIXTURES_DIR: fixtures, LOG_FORMAT: "text", RUST_LOG: "warn" };
  return {
    base,
    /** The fixtures folder the server was started with. */
    fixtures,
    logs,
    /** Runs an operators' command (`member role …`) on the server's database. */
    operator(...args) {
      return execFileSync(binary, args, { cwd: repo, env, encoding: "utf8" });
    },
    /** The e-mails the SMTP server received for `to`, newest first, each whole and
     * decoded; waits for at least `count`. */
    mail(to, count = 1) {
      return smtp.mailTo(to, count);
    },
    /** The newest messages of the outbox to `to`, as the operators' command prints them. */
    outbox(to) {
      return execFileSync(binary, ["outbox", "--to", to, "--limit", "5"], { cwd: repo, env, encoding: "utf8" });
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
      smtp.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
