import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "./server.mjs";
import { launch, openPage, PHONE, DESKTOP } from "./browser.mjs";
const out = "/tmp/shots";
const server = await startServer({ testData: false });
const browser = await launch();
const SAVINGS = "hysa-ally-online-savings-account";
try {
  const email = `shots-${Date.now()}@example.com`;
  const { page } = await openPage(browser, server.base, DESKTOP);
  await page.goto(`${server.base}/join`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Password/).fill("correct horse battery");
  await page.getByRole("button", { name: "Join for free" }).click();
  await page.waitForURL(`${server.base}/`);
  const [welcome] = await server.mail(email);
  const confirm = /https?:\/\/\S+\/join\/confirm\?token=[^\s"<]+/.exec(welcome)?.[0];
  await page.goto(confirm);
  await page.getByRole("button", { name: "Confirm" }).click();
  await page.getByText("confirmed", { exact: false }).first().waitFor();
  await page.goto(`${server.base}/d/${SAVINGS}`);
  await page.getByRole("button", { name: /^Alert me when this changes/ }).click();
  await page.getByText("You get an e-mail when it changes.").waitFor();
  await page.goto(`${server.base}/d/hysa-marcus-by-goldman-sachs-high-yield-online-savings`);
  await page.getByRole("button", { name: /^Alert me when this changes/ }).click();
  await page.getByText("You get an e-mail when it changes.").waitFor();
  await page.goto(`${server.base}/home/settings/alerts`);
  await page.getByLabel("Kind of account").selectOption("cd");
  await page.getByLabel("APY at least (%)").fill("4.5");
  await page.getByLabel("Term in months (optional)").fill("12");
  await page.getByRole("button", { name: "Follow", exact: true }).click();
  await page.getByText("a 12-month CD at 4.50% APY or more", { exact: false }).first().waitFor();
  const from = join(server.fixtures, "catalogue");
  const to = mkdtempSync(join(tmpdir(), "catalogue-"));
  let cdDone = false;
  for (const file of readdirSync(from).filter((f) => f.endsWith(".json"))) {
    const offers = JSON.parse(readFileSync(join(from, file), "utf8")).map((o) => {
      if (o.ID === SAVINGS) return { ...o, APY: "2.75%" };
      if (o.ID === "hysa-marcus-by-goldman-sachs-high-yield-online-savings") return { ...o, APY: "3.65%" };
      if (!cdDone && o.PDT_TYPE === "CD" && String(o.TERM) === "12" && parseFloat(o.APY) < 4.5) { cdDone = true; console.log("cd raised", o.ID, o.APY); return { ...o, APY: "4.60%" }; }
      return o;
    });
    writeFileSync(join(to, file), JSON.stringify(offers));
  }
  console.log(server.operator("import", to).split("\n").slice(-2).join("\n"));
  const alert = (await server.mail(email, 2)).find((m) => m.includes("Subject: Rate alert"));
  writeFileSync(join(out, "email.eml"), alert);
  for (const [name, vp] of [["375", PHONE], ["1440", DESKTOP]]) {
    const { page: p, context } = await openPage(browser, server.base, vp);
    await p.goto(`${server.base}/sign-in`);
    await p.getByLabel("E-mail").fill(email);
    await p.getByLabel(/^Password/).fill("correct horse battery");
    await p.getByRole("button", { name: "Sign in" }).click();
    await p.waitForTimeout(1500);
    await p.goto(`${server.base}/home/settings/alerts`);
    await p.getByText("last e-mail", { exact: false }).first().waitFor();
    await p.screenshot({ path: join(out, `alerts-${name}.png`), fullPage: true });
    await p.goto(`${server.base}/d/${SAVINGS}`);
    await p.locator(".what-changed").waitFor();
    await p.waitForTimeout(1000);
    await p.screenshot({ path: join(out, `details-${name}.png`), fullPage: true });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
