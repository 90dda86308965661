// A real SMTP server for the journeys: scripts/smtp_sink.py (aiosmtpd, installed by
// `just smtp-venv` into target/smtp-venv). The site sends its e-mail there over SMTP, and
// the journeys read each message as a mail client would get it.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const repo = resolve(import.meta.dirname, "../..");

/** Undoes quoted-printable soft line breaks and escapes (long lines are sent so). */
export function decodeQuotedPrintable(text) {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The header `name` of a raw message, unfolded. */
export function headerOf(message, name) {
  const head = message.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** Starts the server on a free port; resolves once it listens. */
export async function startSmtpSink() {
  const python = join(repo, "target/smtp-venv/bin/python");
  if (!existsSync(python)) throw new Error("no SMTP test server: run `just smtp-venv` first");
  const folder = mkdtempSync(join(tmpdir(), "plainrate-mail-"));
  const child = spawn(python, [join(repo, "scripts/smtp_sink.py"), folder], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((ok, fail) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += String(d);
      if (out.includes("\n")) ok(Number(out.trim().split("\n")[0]));
    });
    child.once("exit", (code) => fail(new Error(`the SMTP test server exited with ${code}`)));
  });
  /** Every received message, oldest first. */
  const all = () =>
    readdirSync(folder)
      .filter((f) => f.endsWith(".eml"))
      .sort()
      .map((f) => readFileSync(join(folder, f), "utf8"));
  return {
    port,
    all,
    /** The messages to `to`, newest first, decoded; waits up to 15 s for at least `count`. */
    async mailTo(to, count = 1) {
      const until = Date.now() + 15_000;
      for (;;) {
        const mine = all()
          .filter((m) => headerOf(m, "To")?.includes(to))
          .reverse()
          .map(decodeQuotedPrintable);
        if (mine.length >= count || Date.now() > until) return mine;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop() {
      child.kill("SIGKILL");
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
