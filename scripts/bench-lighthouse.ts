/**
 * Lighthouse (mobile preset: Moto G Power emulation, simulated slow 4G, 4× CPU)
 * on the home route and the booking summary, against the built app served by
 * the real server, fully offline, in Debian's Chromium.
 *
 *   node --import tsx scripts/bench-lighthouse.ts [--routes /Index,/PersonBookSum]
 *
 * Login: /PersonBookSum is behind the sandbox OAuth round trip. Chromium runs
 * as a Playwright persistent context (its default browser context, a temp
 * profile) with a DevTools port; a first Playwright visit of `/` does the
 * round trip, so the session sits in that profile's localStorage. Lighthouse
 * (Node API, no puppeteer of ours) then attaches to the same browser on that
 * port with `disableStorageReset` (else it would wipe the session); the HTTP
 * cache is cleared over CDP before each run instead, so every run is a cold
 * load. Chromium flags: CHROMIUM_ARGS (headless, no sandbox, no GPU, no
 * background networking, component update, sync or first-run UI).
 *
 * Prints a markdown table; writes .tmp/bench-lighthouse.json and the full
 * reports as .tmp/lighthouse-<route>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ensureBuilt, freePort, REPO, startApp } from '../tests/browser/helpers/app';
import { CHROMIUM_ARGS, waitText } from '../tests/browser/helpers/phone';

const routesArg = process.argv.indexOf('--routes');
const ROUTES = routesArg > 0 ? process.argv[routesArg + 1].split(',') : ['/Index', '/PersonBookSum'];
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Row {
  route: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  jsFiles: number;
  finalUrl: string;
}

ensureBuilt();
const app = await startApp();
const port = await freePort();
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'checkup-lh-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROME,
  headless: true,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  baseURL: app.baseUrl,
  locale: 'zh-CN',
});
const outDir = path.join(REPO, '.tmp');
fs.mkdirSync(outDir, { recursive: true });
try {
  // Log in once: the sandbox OAuth round trip from the start step.
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await waitText(page, '选择院区', 30_000);
  const cdp = await context.newCDPSession(page);

  const rows: Row[] = [];
  for (const route of ROUTES) {
    await cdp.send('Network.clearBrowserCache');
    const url = `${app.baseUrl}/#${route}`;
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    if (!result) throw new Error(`lighthouse gave no result for ${route}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    fs.writeFileSync(path.join(outDir, `lighthouse-${route.replace(/\W+/g, '') || 'root'}.json`), JSON.stringify(lhr));
    const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
    const requests = ((lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> })?.items ?? []).filter(
      (r) => r.resourceType === 'Script',
    );
    rows.push({
      route,
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcpMs: Math.round(num('first-contentful-paint')),
      lcpMs: Math.round(num('largest-contentful-paint')),
      tbtMs: Math.round(num('total-blocking-time')),
      cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
      jsKb: Math.round((requests.reduce((a, r) => a + (r.transferSize ?? 0), 0) / 1024) * 10) / 10,
      jsFiles: requests.length,
      finalUrl: lhr.finalDisplayedUrl,
    });
  }
  console.log(`\nLighthouse ${'12'} mobile preset (simulated throttling), Chromium ${context.browser()?.version() ?? ''}\n`);
  console.log('| route | performance | FCP | LCP | TBT | CLS | JS (transfer) |\n|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| \`${r.route}\` | ${r.score} | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${r.jsKb} kB (${r.jsFiles} files) |`);
  }
  for (const r of rows) if (!r.finalUrl.includes(r.route.split('?')[0])) console.log(`note: ${r.route} ended at ${r.finalUrl}`);
  fs.writeFileSync(path.join(outDir, 'bench-lighthouse.json'), JSON.stringify({ rows }, null, 2));
} finally {
  await context.close();
  await app.stop();
  fs.rmSync(profile, { recursive: true, force: true });
}
