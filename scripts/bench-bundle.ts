/**
 * First-load JS per route, as a phone loads it: the built app served by the
 * real server, EVERY route of flows/ (and alias) opened in a fresh page of a
 * logged-in Chromium context (the session is in localStorage, as after the
 * OAuth round trip), and every JS response counted at the bytes the server
 * actually sent (the build's precompressed .br, Chromium asks for br) and at its
 * gzip size (level 9), until the network is idle. Lazy chunks a route pulls in
 * (forms, calendar, item tree, question flow) count for that route.
 *
 *   node --import tsx scripts/bench-bundle.ts [--budget 100] [--routes /Index,/PersonOrders]
 *
 * Prints a markdown table, writes .tmp/bench-bundle.json (with each route's
 * files) and exits 1 when a route's brotli bytes are over the budget (kB).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { configJson, ensureBuilt, DIST, REPO, startApp } from '../tests/browser/helpers/app';
import type { BrowserContext } from 'playwright-core';
import { openPhone } from '../tests/browser/helpers/phone';
import { signIn, warmUpPerson, warmUpTeam } from './bench-journey';

const budgetArg = process.argv.indexOf('--budget');
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 100;
const routesArg = process.argv.indexOf('--routes');
/** Query a route needs to show its real screen (not an error) when opened cold. */
const QUERY: Record<string, string> = {
  '/HealthQuestionnaire': '?page=person',
  '/Questionnaire': '?page=person',
  // The bill a scan-code QR names (the demo's unpaid one, src/server/seed/demo-people.ts).
  '/SweepCodePay': '?regno=P000201',
};
const cfg = (await configJson(REPO)) as { steps: Record<string, { route?: string; aliases?: string[] }> };
const ROUTES =
  routesArg > 0
    ? process.argv[routesArg + 1].split(',')
    : Object.values(cfg.steps)
        .flatMap((s) => (s.route ? [s.route, ...(s.aliases ?? [])] : []))
        .map((r) => r + (QUERY[r] ?? ''));

const gz = new Map<string, number>();
function gzipOf(url: string): number {
  const file = path.join(DIST, new URL(url).pathname.replace(/^\//, ''));
  if (!fs.existsSync(file)) return 0; // served validators and the like
  let n = gz.get(file);
  if (n === undefined) gz.set(file, (n = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length));
  return n;
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

/** Opens `url` in a fresh page of `context` with the HTTP cache off; every JS file until network idle. */
async function firstLoad(context: BrowserContext, url: string) {
  const page = await context.newPage();
  // Hashed assets are cached for a year: without this every route after the first would load from cache.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = new Set<string>();
  const sent: Array<Promise<{ file: string; sent: number }>> = [];
  page.on('response', (r) => {
    if (!r.url().endsWith('.js') || !r.url().startsWith(app.baseUrl) || seen.has(r.url())) return;
    seen.add(r.url());
    sent.push(r.finished().then(() => r.request().sizes().then((z) => ({ file: new URL(r.url()).pathname, sent: z.responseBodySize }))));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const detail = (await Promise.all(sent)).sort((a, b) => b.sent - a.sent);
  const sentKb = kb(detail.reduce((a, d) => a + d.sent, 0));
  return { page, files: seen.size, kb: kb([...seen].reduce((a, u) => a + gzipOf(u), 0)), sentKb, detail };
}

ensureBuilt();
const app = await startApp();
const phone = await openPhone(app.baseUrl);
const member = await openPhone(app.baseUrl);
try {
  await signIn(phone.page);
  await warmUpPerson(phone.page);
  await signIn(member.page);
  await warmUpTeam(member.page);
  const rows: Array<{ route: string; files: number; kb: number; sentKb: number; landed: string; detail: Array<{ file: string; sent: number }> }> = [];
  for (const route of ROUTES) {
    const context = /^\/team/i.test(route) ? member.context : phone.context;
    const { page, files, kb: gzKb, sentKb, detail } = await firstLoad(context, `/#${route}`);
    const landed = new URL(page.url()).hash.replace(/^#/, '');
    // What the route said on opening, when it opened with a dialog (its chunks count).
    for (const [what, sel] of [['dialog', '.adm-dialog-content'], ['toast', '.adm-toast-main']]) {
      const text = await page.locator(sel).first().innerText({ timeout: 200 }).catch(() => '');
      if (text) console.log(`${route}: opened with the ${what} "${text.trim()}"`);
    }
    rows.push({ route, files, kb: gzKb, sentKb, landed, detail });
    await page.close();
  }
  console.log(`\n| route | JS files | first-load JS, gzip kB | sent by the server (br), kB |\n|---|---:|---:|---:|`);
  for (const r of rows) console.log(`| \`${r.route}\`${r.landed.split('?')[0] === r.route.split('?')[0] ? '' : ` (→ \`${r.landed.split('?')[0]}\`)`} | ${r.files} | ${r.kb} | ${r.sentKb} |`);
  const over = rows.filter((r) => r.sentKb > budgetKb);
  const max = rows.reduce((a, r) => (r.sentKb > a.sentKb ? r : a), rows[0]);
  console.log(`\nbudget ${budgetKb} kB (br) per route: heaviest ${max.route} ${max.sentKb} kB; ${over.length ? `OVER on ${over.map((r) => `${r.route} (${r.sentKb})`).join(', ')}` : 'every route within'}`);
  if (over.length) process.exitCode = 1;

  // The admin studio's sign-in page (its own build; no budget, recorded).
  const studio = await firstLoad(phone.context, '/studio/');
  await studio.page.close();
  console.log(`\n/studio/ (sign-in page): ${studio.files} JS files, ${studio.kb} kB gzip, ${studio.sentKb} kB sent (br)`);
  fs.mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  fs.writeFileSync(path.join(REPO, '.tmp/bench-bundle.json'), JSON.stringify({ budgetKb, rows, studio: { files: studio.files, kb: studio.kb, sentKb: studio.sentKb } }, null, 2));
} finally {
  await member.close();
  await phone.close();
  await app.stop();
}
