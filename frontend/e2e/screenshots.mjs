// Screenshots of every page type at a 375 px phone and a 1440 px desktop, for review.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { startServer } from "./server.mjs";
import { launch, openPage, PHONE, DESKTOP } from "./browser.mjs";

const out = join(import.meta.dirname, "screenshots");
mkdirSync(out, { recursive: true });

const server = await startServer({ testData: false });
const browser = await launch();
try {
  const offers = await (await fetch(`${server.base}/api/listings?route=/credit-cards/secured`)).json();
  const card = offers.items[0].offer.detailsPath;
  const banks = await (await fetch(`${server.base}/api/listings?route=/banks`)).json();
  const bank = banks.items[0]?.offer.id;
  const savings = await (await fetch(`${server.base}/api/listings?route=/savings-accounts`)).json();
  const saving = savings.items[0]?.offer.detailsPath;
  const cds = await (await fetch(`${server.base}/api/listings?route=/cd-rates`)).json();
  const rewards = await (await fetch(`${server.base}/api/listings?route=/credit-cards/rewards`)).json();
  const pages = {
    home: "/",
    listing: "/credit-cards/rewards",
    "best-cards": "/best-credit-cards",
    "excellent-credit": "/credit-cards/excellent-credit",
    "listing-banking": "/savings-accounts",
    details: card,
    "details-savings": saving,
    "details-rewards": rewards.items[0]?.offer.detailsPath,
    "listing-cd": "/cd-rates",
    "listing-cd-apy": "/cd-rates?sort=apy",
    "listing-checking": "/checking-accounts",
    "listing-personal-loans": "/best-personal-loans",
    "listing-prepaid": "/prepaid-debit-cards",
    experts: "/experts/",
    "details-cd": cds.items[0]?.offer.detailsPath,
    institution: bank ? `/institutions/${encodeURIComponent(bank)}` : "/banks",
    compare: `/compare?ids=${offers.items[0].offer.id},${offers.items[1].offer.id}`,
    join: "/join",
    "light-join": `/join/light?ref=${encodeURIComponent(card)}`,
    "sign-in": "/sign-in",
    "private-info": "/home/settings/private-info",
    "forgot-password": "/sign-in/forgot",
    "reset-password": `/sign-in/reset?token=${"0".repeat(64)}`,
    "confirm-email": `/join/confirm?token=${"0".repeat(64)}`,
    unsubscribe: "/unsubscribe?token=answers.YQ.AAAA",
    account: "/home/settings/account",
    content: "/credit-score-range",
    "not-found": "/no-such-page",
    answers: "/answers/",
    "answers-search": "/answers/?q=credit%20card&sort=mv",
    search: "/search?q=capital%20one",
    "card-value": "/card-value?groceries=600&balance=2000",
    question: (await (await fetch(`${server.base}/ajax.php?action=Qna.List&category=1`)).json()).questions[0]?.ques_href,
  };
  const only = process.argv.slice(2);
  for (const [name, path] of Object.entries(pages)) {
    if (only.length > 0 && !only.includes(name)) continue;
    if (!path) continue;
    for (const [label, viewport] of [["phone", PHONE], ["desktop", DESKTOP]]) {
      const { context, page, errors } = await openPage(browser, server.base, viewport);
      await page.goto(`${server.base}${path}`, { waitUntil: "networkidle" });
      await page.screenshot({ path: join(out, `${name}-${label}.png`), fullPage: true });
      // The first screen on its own, as a visitor sees it on arrival.
      await page.screenshot({ path: join(out, `${name}-${label}-top.png`) });
      if (errors.length) console.log(`${name} ${label}: ${errors.join("; ")}`);
      await context.close();
    }
    console.log(`${name}: ${path}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
