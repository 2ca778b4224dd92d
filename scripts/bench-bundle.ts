/**
 * First-load JS per route, as a phone loads it: the built app served by the
 * real server, each route opened in a fresh page of a logged-in Chromium
 * context (the session is in localStorage, as after the OAuth round trip), and
 * every JS response counted at its gzip size (level 9) until the network is
 * idle, and at the bytes the server actually sent (the build's precompressed
 * .br, Chromium asks for br). Lazy chunks a route pulls in (forms, calendar,
 * item tree, question flow) count for that route.
 *
 *   node --import tsx scripts/bench-bundle.ts [--budget 100]
 *
 * Prints a markdown table and writes .tmp/bench-bundle.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensureBuilt, DIST, REPO, startApp } from '../tests/browser/helpers/app';
import { openPhone, waitText } from '../tests/browser/helpers/phone';

const budgetArg = process.argv.indexOf('--budget');
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 100;
const ROUTES = ['/Index', '/PersonIndex', '/PersonDetails', '/addClusItem', '/PersonBookSum', '/PersonOrders', '/HealthQuestionnaire?page=person', '/Questionnaire?page=person', '/MyOrderList', '/ReportLogin', '/OccupationalDiseasesQs'];

const gz = new Map<string, number>();
function gzipOf(url: string): number {
  const file = path.join(DIST, new URL(url).pathname.replace(/^\//, ''));
  if (!fs.existsSync(file)) return 0; // served validators and the like
  let n = gz.get(file);
  if (n === undefined) gz.set(file, (n = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length));
  return n;
}

ensureBuilt();
const app = await startApp();
const phone = await openPhone(app.baseUrl);
try {
  // Log in once (sandbox OAuth) so auth routes render instead of redirecting.
  await phone.page.goto('/');
  await waitText(phone.page, '选择院区', 30_000);
  const rows: Array<{ route: string; files: number; kb: number; sentKb: number }> = [];
  for (const route of ROUTES) {
    const page = await phone.context.newPage();
    // Hashed assets are cached for a year: without this every route after the first would load from cache.
    const cdp = await phone.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const seen = new Set<string>();
    const sent: Array<Promise<number>> = [];
    page.on('response', (r) => {
      if (!r.url().endsWith('.js') || !r.url().startsWith(app.baseUrl) || seen.has(r.url())) return;
      seen.add(r.url());
      sent.push(r.finished().then(() => r.request().sizes().then((z) => z.responseBodySize)));
    });
    await page.goto(`/#${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
    const bytes = [...seen].reduce((a, u) => a + gzipOf(u), 0);
    const sentBytes = (await Promise.all(sent)).reduce((a, n) => a + n, 0);
    rows.push({ route, files: seen.size, kb: kb(bytes), sentKb: kb(sentBytes) });
    await page.close();
  }
  const home = rows[0];
  console.log(`\n| route | JS files | first-load JS, gzip kB | sent by the server (br), kB |\n|---|---:|---:|---:|`);
  for (const r of rows) console.log(`| \`${r.route}\` | ${r.files} | ${r.kb} | ${r.sentKb} |`);
  console.log(`\nhome route: ${home.kb} kB gzip (budget ${budgetKb} kB): ${home.kb <= budgetKb ? 'within' : 'OVER'} budget`);
  fs.mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  fs.writeFileSync(path.join(REPO, '.tmp/bench-bundle.json'), JSON.stringify({ budgetKb, rows }, null, 2));
} finally {
  await phone.close();
  await app.stop();
}
