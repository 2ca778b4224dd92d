/**
 * Lighthouse (mobile preset: Moto G Power emulation, simulated slow 4G, 4× CPU)
 * on every route a person lands on, each against its own goal (GOALS, issue 27):
 * the built app served by the real server, fully offline, in Debian's Chromium;
 * each route `--runs` times (default 3), the median run (by LCP) reported. Exits
 * 1 when a route misses its goal, after the table and the JSON are written.
 *
 *   node --import tsx scripts/bench-lighthouse.ts [--routes /,/#/Index,/#/PersonBookSum] [--runs 3]
 *
 * What each route shows: `/` the branch chooser (cards of the demo's three
 * branches), `/#/Index` the home menu (banners, the chosen branch, tiles), the
 * rest a shared link or refresh mid-journey (package list, company and report
 * login forms, booking calendar, occupational questionnaire). Before a route's
 * runs a Playwright page opens it and checks it shows that (`shows`), not a
 * redirect or an alert; a route that does not misses its goal.
 *
 * Signed in: a person landing on `/` or `/#/Index` is a returning one, signed in
 * with a branch chosen, and the booking routes are behind the sandbox OAuth
 * round trip. Chromium runs as a Playwright persistent context (a temp profile)
 * with a DevTools port; a first Playwright visit of `/` signs in, chooses the
 * 总院 branch and walks a person to the order form (scripts/bench-journey.ts).
 * Its local storage and cookies (the server may render the first screen into
 * the HTML from cookies the app writes, so the warm-up must use this profile)
 * are saved and put back before every load, so no route sees what another left
 * (/TeamLogin makes the session a group one, which breaks /PersonBookSum).
 * Lighthouse (Node API) attaches on that port with `disableStorageReset` (else
 * it would wipe the session); the HTTP cache is cleared over CDP instead, so
 * every run is a cold load. Chromium flags: CHROMIUM_ARGS.
 *
 * Prints a markdown table; writes .tmp/bench-lighthouse.json (goals, met flags,
 * every run) and the full reports as .tmp/lighthouse-<route>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { ensureBuilt, freePort, REPO, startApp } from '../tests/browser/helpers/app';
import { CHROMIUM_ARGS, hashPath } from '../tests/browser/helpers/phone';
import { signIn, warmUpPerson } from './bench-journey';

interface Goal {
  /** LCP at most this, ms. */
  lcpMs: number;
  /** Performance score at least this (fails the run). */
  score?: number;
  /** Score below this is only noted. */
  softScore?: number;
  /** Text the route's first screen shows (checked before its runs). */
  shows: string;
}

/** Issue 27: every route a person lands on, as the URL they open, with its goal. */
const GOALS: Record<string, Goal> = {
  '/': { lcpMs: 1200, score: 98, shows: '（滨江院区）' },
  '/#/Index': { lcpMs: 1200, score: 98, shows: '个人体检' },
  '/#/PersonIndex': { lcpMs: 1500, softScore: 90, shows: '入门通用体检套餐' },
  '/#/TeamLogin': { lcpMs: 1500, softScore: 90, shows: '单位名称' },
  '/#/ReportLogin': { lcpMs: 1500, softScore: 90, shows: '获取验证码' },
  '/#/PersonBookSum': { lcpMs: 1500, softScore: 90, shows: '选择体检日期' },
  '/#/OccupationalDiseasesQs': { lcpMs: 1500, softScore: 90, shows: '一、职业史' },
};

/** `/Index`, `#/Index`, `/#/Index` → `/#/Index`; `/` stays. */
const routeKey = (r: string) => {
  const name = r.trim().replace(/^[/#]+/, '');
  return name ? `/#/${name}` : '/';
};
const routesArg = process.argv.indexOf('--routes');
const ROUTES = routesArg > 0 ? process.argv[routesArg + 1].split(',').map(routeKey) : Object.keys(GOALS);
for (const r of ROUTES) if (!GOALS[r]) throw new Error(`no goal for ${r}; routes: ${Object.keys(GOALS).join(' ')}`);
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
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
  /** The LCP element (Lighthouse's node label). */
  lcpElement: string;
}

/** Why the median run misses the route's goal (empty = met). */
function misses(goal: Goal, r: Row, shows: string | null): string[] {
  const why: string[] = [];
  if (shows) why.push(shows);
  if (r.lcpMs > goal.lcpMs) why.push(`LCP ${r.lcpMs} > ${goal.lcpMs}`);
  if (goal.score !== undefined && r.score < goal.score) why.push(`score ${r.score} < ${goal.score}`);
  return why;
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
const urlOf = (route: string) => `${app.baseUrl}${route}`;
let missed = false;
try {
  // Log in once (the sandbox OAuth round trip), choose the branch, walk a person to the order form.
  const page = context.pages()[0] ?? (await context.newPage());
  await signIn(page);
  await warmUpPerson(page);
  const storage = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  const cookies = await context.cookies();
  await page.goto('about:blank'); // its app would otherwise keep writing the session
  const cdp = await context.newCDPSession(page);

  /** Puts back the warmed-up session (local storage, cookies) on a blank page of the app's origin. */
  const restoreSession = async () => {
    await context.clearCookies();
    await context.addCookies(cookies);
    const p = await context.newPage();
    const blank = `${app.baseUrl}/__bench-restore`;
    await p.route(blank, (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>restore</title>' }));
    await p.goto(blank);
    await p.evaluate((items) => {
      localStorage.clear();
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
    }, storage);
    await p.close();
  };

  /** Null when the route opens on itself and shows its text with no alert; else what it shows instead. */
  const checkShows = async (route: string): Promise<string | null> => {
    await restoreSession();
    const p: Page = await context.newPage();
    try {
      await p.goto(urlOf(route));
      const wanted = route === '/' ? '/' : route.slice(2);
      const shown = await p
        .getByText(GOALS[route].shows)
        .locator('visible=true')
        .first()
        .waitFor({ timeout: 20_000 })
        .then(() => true, () => false);
      // an alert from the route's load comes after its screen, when its calls answer
      await p.waitForLoadState('networkidle').catch(() => {});
      await p.waitForTimeout(300);
      const alert = await p.locator('.adm-dialog-content, .adm-modal-content, .adm-toast-main').locator('visible=true').allInnerTexts();
      const at = hashPath(p) || '/';
      if (at !== wanted) return `ends at ${at}`;
      if (!shown) return `no "${GOALS[route].shows}"`;
      if (alert.length) return `alert "${alert.join(' ').replace(/\s+/g, ' ').trim()}"`;
      return null;
    } finally {
      await p.close();
    }
  };

  const rows: Row[] = [];
  const shows: Record<string, string | null> = {};
  for (const route of ROUTES) {
    shows[route] = await checkShows(route);
    for (let run = 0; run < RUNS; run++) {
      await restoreSession();
      await cdp.send('Network.clearBrowserCache');
      const result = await lighthouse(urlOf(route), {
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
      const lcpTable = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { nodeLabel?: string } }> }> })?.items?.[0];
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
        lcpElement: lcpTable?.items?.[0]?.node?.nodeLabel ?? '',
      });
    }
  }

  console.log(`\nLighthouse 12 mobile preset (simulated throttling), Chromium ${context.browser()?.version() ?? ''}, median of ${RUNS} runs by LCP (range)\n`);
  console.log('| route | performance | FCP | LCP | TBT | CLS | JS (transfer) | goal | met |\n|---|---:|---:|---:|---:|---:|---:|---|---|');
  const range = (v: number[], f: (n: number) => string) => (Math.min(...v) === Math.max(...v) ? '' : ` (${f(Math.min(...v))}–${f(Math.max(...v))})`);
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const results = [];
  const notes: string[] = [];
  for (const route of ROUTES) {
    const goal = GOALS[route];
    const runs = rows.filter((r) => r.route === route);
    // The median run by LCP (then score): one real run, not a mix of figures from several.
    const r = [...runs].sort((a, b) => a.lcpMs - b.lcpMs || b.score - a.score)[Math.floor(runs.length / 2)];
    const why = misses(goal, r, shows[route]);
    if (why.length) missed = true;
    const goalText = `LCP ≤ ${s(goal.lcpMs)} s${goal.score !== undefined ? `, ≥ ${goal.score}` : ''}${goal.softScore !== undefined ? ` (≥ ${goal.softScore} soft)` : ''}`;
    console.log(
      `| \`${route}\` | ${r.score}${range(runs.map((x) => x.score), String)} | ${s(r.fcpMs)} s | ${s(r.lcpMs)} s${range(runs.map((x) => x.lcpMs), s)} | ${r.tbtMs} ms${range(runs.map((x) => x.tbtMs), String)} | ${r.cls} | ${r.jsKb} kB (${r.jsFiles} files) | ${goalText} | ${why.length ? `no: ${why.join(', ')}` : 'yes'} |`,
    );
    if (goal.softScore !== undefined && r.score < goal.softScore) notes.push(`note: ${route} score ${r.score} < ${goal.softScore} (soft goal, not failing)`);
    notes.push(`note: ${route} LCP element: ${r.lcpElement || '?'}`);
    results.push({ route, url: urlOf(route), goal, met: why.length === 0, misses: why, median: r });
  }
  for (const r of rows) {
    const hash = new URL(r.finalUrl).hash;
    if ((hash || '#/') !== (r.route === '/' ? '#/' : r.route.slice(1))) notes.push(`note: ${r.route} ended at ${r.finalUrl}`);
  }
  console.log(`\n${[...new Set(notes)].join('\n')}`);
  fs.writeFileSync(
    path.join(outDir, 'bench-lighthouse.json'),
    JSON.stringify({ chromium: context.browser()?.version() ?? '', runs: RUNS, met: !missed, routes: results, rows }, null, 2),
  );
} finally {
  await context.close();
  await app.stop();
  fs.rmSync(profile, { recursive: true, force: true });
}
if (missed) {
  console.error('bench-lighthouse: a route misses its goal (see "met" above)');
  process.exitCode = 1;
}
