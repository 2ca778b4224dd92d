/**
 * Keystroke benchmark of the schema form: the engine's renderer vs plain rjsf
 * on a 130-field form, and the engine on the real occupational questionnaire
 * (64 symptom rows, work-experience list, signature), in Chromium, phone
 * viewport 375×667.
 *
 *   node --import tsx scripts/bench-form.ts [--keys 50] [--rounds 3] [--rate 4] [--gap 120]
 *                                           [--impls engine,rjsf,occupational]
 *
 * Builds bench/form with Vite's JS API into .tmp/bench-form (production React),
 * serves it on 127.0.0.1 and, per round and implementation, types KEYS
 * characters into its measured field (the 130-field form's LAST field; the
 * occupational form's first work-experience 有害因素) twice:
 *  - throttled pass: CDP Emulation.setCPUThrottlingRate {rate: 4}; in-page
 *    timers (bench/form/harness.ts) give keydown → after next paint ("paint")
 *    and keydown → React commit done ("work"), wall clock;
 *  - CPU pass: no throttling; the renderer main thread's CPU time per key
 *    (CDP Performance ThreadTime, keydown to after the next paint). CPU time
 *    does not count time the thread waited for other processes, so it is the
 *    figure the rest of the machine's load cannot distort.
 * A calibration page (130 bare <input>s, no React work per key) runs alongside;
 * "net" = an implementation's CPU percentile minus the calibration's, × rate:
 * what the renderer itself adds per keystroke on a phone `rate` times slower.
 * `--impls` picks a subset (the calibration always runs). Prints a markdown
 * table, writes .tmp/bench-form.json. Exit code 1 when the net p95 of the
 * engine or of the occupational form is over 16 ms.
 */
import { writeFile, mkdir } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { PROJECT_ROOT, buildBenchPage, launchChromium, serveDir } from '../bench/form/page-server';

const ROOT = PROJECT_ROOT;
const OUT = join(ROOT, '.tmp/bench-form');
const BUDGET_MS = 16;

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}
const KEYS = arg('keys', 50);
const ROUNDS = arg('rounds', 3);
const RATE = arg('rate', 4);
/** Pause between keys (a quick typist, ~8 keys/s); each key is also awaited until painted. */
const GAP_MS = arg('gap', 120);

/** `budget`: the run fails when this implementation's net p95 is over BUDGET_MS. */
const ALL_IMPLS = [
  { name: 'engine', label: 'engine: SchemaForm (react-hook-form + antd-mobile)', selector: '#cf-f130', budget: true },
  { name: 'rjsf', label: 'rjsf 6 default theme (validator-ajv8)', selector: '#root_f130', budget: false },
  {
    name: 'occupational',
    label: 'engine: occupational questionnaire (work experience 有害因素)',
    selector: '#f-OccupationalDiseasesQs-workHistory-experiences-0-hazardFactors',
    budget: true,
  },
  { name: 'plain', label: 'calibration: 130 bare `<input>`s', selector: '#plain-f130', budget: false },
] as const;
type Impl = (typeof ALL_IMPLS)[number];
const only = process.argv.includes('--impls') ? process.argv[process.argv.indexOf('--impls') + 1].split(',') : undefined;
const IMPLS = ALL_IMPLS.filter((i) => !only || only.includes(i.name) || i.name === 'plain');

const TEXT = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMN'.repeat(2);

/**
 * The team's tests and builds share this machine's CPUs; raising the priority
 * of our own Chromium processes (descendants of this process only) keeps their
 * load out of the wall-clock figures as far as the OS allows. Best effort.
 */
function boostOwnBrowser(): void {
  const parentOf = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parentOf.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* exited */
    }
  }
  for (const pid of parentOf.keys()) {
    let p = parentOf.get(pid);
    while (p && p !== process.pid) p = parentOf.get(p);
    if (p !== process.pid) continue;
    try {
      setPriority(pid, -10);
    } catch {
      /* not permitted: measure at normal priority */
    }
  }
}

type Sample = { paint: number; work: number };
type BenchGlobals = { __samples: Sample[]; __mountMs?: number; __settledMs?: number; __waitForSamples(n: number): Promise<void> };

/** One page load typing KEYS characters into the implementation's field. `cpu` reads ThreadTime around each key. */
async function typeRound(browser: Browser, url: string, impl: Impl, rate: number, cpu: boolean) {
  const page = await browser.newPage({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    if (cpu) await cdp.send('Performance.enable', { timeDomain: 'threadTicks' } as never);
    const threadMs = async () => 1000 * ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN);
    page.on('pageerror', (e) => console.error(`[${impl.name}] page error:`, e.message));
    await page.goto(`${url}?impl=${impl.name}`);
    await page.waitForFunction(() => (window as unknown as BenchGlobals).__settledMs !== undefined);
    // CPU time of the new page's main thread up to the mount's last change (300 ms of quiet after it add
    // next to nothing): the mount cost machine load cannot inflate.
    const mountCpuMs = cpu ? await threadMs() : NaN;
    boostOwnBrowser();
    const { mountMs, settledMs } = await page.evaluate(() => {
      const w = window as unknown as BenchGlobals;
      return { mountMs: w.__mountMs!, settledMs: w.__settledMs! };
    });
    const field = page.locator(impl.selector);
    await field.scrollIntoViewIfNeeded();
    await field.click();
    await page.waitForTimeout(500);
    const base = await page.evaluate(() => (window as unknown as BenchGlobals).__samples.length);
    const cpuMs: number[] = [];
    for (let i = 0; i < KEYS; i++) {
      const before = cpu ? await threadMs() : 0;
      await page.keyboard.press(TEXT[i]);
      await page.evaluate((n) => (window as unknown as BenchGlobals).__waitForSamples(n), base + i + 1);
      if (cpu) cpuMs.push((await threadMs()) - before);
      await page.waitForTimeout(GAP_MS);
    }
    const samples = await page.evaluate((b) => (window as unknown as BenchGlobals).__samples.slice(b), base);
    const typed = await field.inputValue();
    if (typed !== TEXT.slice(0, KEYS)) throw new Error(`[${impl.name}] typed '${typed}', expected '${TEXT.slice(0, KEYS)}'`);
    return { samples, cpuMs, mountMs, settledMs, mountCpuMs };
  } finally {
    await page.close();
  }
}

const r1 = (n: number) => Math.round(n * 10) / 10;
function pct(values: number[], p: number): number {
  const s = values.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
}
const median = (v: number[]) => pct(v, 50);

interface Collected {
  paint: number[];
  work: number[];
  cpu: number[];
  mountMs: number[];
  settledMs: number[];
  mountCpuMs: number[];
}

async function main(): Promise<void> {
  console.log(`building bench/form → ${OUT} …`);
  await buildBenchPage(OUT);
  const { server, url } = await serveDir(OUT);
  const browser = await launchChromium();
  try {
    const data = new Map<Impl, Collected>(IMPLS.map((i) => [i, { paint: [], work: [], cpu: [], mountMs: [], settledMs: [], mountCpuMs: [] }]));
    // Rounds interleave the implementations so background load hits all alike.
    for (let r = 0; r < ROUNDS; r++) {
      for (const impl of IMPLS) {
        console.log(`round ${r + 1}/${ROUNDS}: ${impl.name} (${KEYS} keys throttled ${RATE}×, ${KEYS} keys CPU time)`);
        const d = data.get(impl)!;
        const throttled = await typeRound(browser, url, impl, RATE, false);
        d.paint.push(...throttled.samples.map((s) => s.paint));
        d.work.push(...throttled.samples.map((s) => s.work));
        d.mountMs.push(throttled.mountMs);
        d.settledMs.push(throttled.settledMs);
        const unthrottled = await typeRound(browser, url, impl, 1, true);
        d.cpu.push(...unthrottled.cpuMs);
        d.mountCpuMs.push(unthrottled.mountCpuMs);
      }
    }
    const calib = data.get(IMPLS.find((i) => i.name === 'plain')!)!;
    const results = IMPLS.map((impl) => {
      const d = data.get(impl)!;
      const stat = (v: number[]) => ({ p50: r1(pct(v, 50)), p95: r1(pct(v, 95)), max: r1(pct(v, 100)) });
      return {
        impl: impl.name,
        label: impl.label,
        keys: d.paint.length,
        paint: stat(d.paint),
        work: stat(d.work),
        cpu: stat(d.cpu),
        net: {
          p50: r1(Math.max(0, pct(d.cpu, 50) - pct(calib.cpu, 50)) * RATE),
          p95: r1(Math.max(0, pct(d.cpu, 95) - pct(calib.cpu, 95)) * RATE),
        },
        mountMs: r1(median(d.mountMs)),
        settledMs: r1(median(d.settledMs)),
        mountCpuMs: r1(median(d.mountCpuMs)),
        samples: { paint: d.paint.map(r1), work: d.work.map(r1), cpu: d.cpu.map(r1) },
      };
    });
    const occupational = results.find((r) => r.impl === 'occupational');
    const plainMount = results.find((r) => r.impl === 'plain')!.mountMs;
    const mountRatio = occupational ? Math.round((occupational.mountMs / plainMount) * 100) / 100 : undefined;
    const lines = [
      `${ROUNDS} rounds × ${KEYS} keystrokes into the measured field (130-field form: the last one), Chromium ${browser.version()}, 375×667, gap ${GAP_MS} ms`,
      '',
      `| renderer | keys | paint p50 | paint p95 | work p50 | work p95 | CPU p50 | CPU p95 | net ×${RATE} p50 | net ×${RATE} p95 | mount | settled | mount CPU |`,
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...results.map(
        (r) =>
          `| ${r.label} | ${r.keys} | ${r.paint.p50} | ${r.paint.p95} | ${r.work.p50} | ${r.work.p95} | ${r.cpu.p50} | ${r.cpu.p95} | ${r.net.p50} | ${r.net.p95} | ${r.mountMs} | ${r.settledMs} | ${r.mountCpuMs} |`,
      ),
      '',
      `ms. paint = keydown → after the next paint, work = keydown → React commit done: wall clock, CPU throttled ${RATE}×.`,
      'CPU = renderer main-thread CPU time per key, unthrottled (keydown to after the next paint; includes the CDP probe).',
      `net ×${RATE} = (CPU − calibration CPU) × ${RATE}: the renderer's own cost per key on a ${RATE}× slower phone. mount = navigation start → the frame that first shows the form (its own code chunk loaded), throttled; settled = navigation start → the mount's last DOM change (rows drawn after the first frame), throttled; mount CPU = main-thread CPU time from page creation to settled, unthrottled (medians).`,
      `mount ratio, occupational ÷ calibration (goal ≤ 1.2): ${mountRatio ?? 'n/a'}`,
    ];
    console.log('\n' + lines.join('\n') + '\n');
    await mkdir(join(ROOT, '.tmp'), { recursive: true });
    await writeFile(
      join(ROOT, '.tmp/bench-form.json'),
      JSON.stringify({ date: new Date().toISOString(), chromium: browser.version(), cpuThrottling: RATE, keys: KEYS, rounds: ROUNDS, gapMs: GAP_MS, budgetMs: BUDGET_MS, table: lines, results }, null, 2),
    );
    for (const r of results) {
      if (!IMPLS.find((i) => i.name === r.impl)!.budget || r.net.p95 <= BUDGET_MS) continue;
      console.error(`${r.impl} net p95 ${r.net.p95} ms is over the ${BUDGET_MS} ms budget`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
