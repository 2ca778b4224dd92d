/**
 * The studio's server-side config check on the event loop (as before) and in
 * its worker thread (services/studio/check-pool.ts), same run, same machine:
 * the server (in this process, a temp SQLite store, the repository's config)
 * answers an examinee's cheap call (GET /config.json) asked every 10 ms by a
 * client in its own thread (so the client is never held up by the server's
 * loop) while this thread checks the whole config ROUNDS times each way.
 * Prints the event-loop delay (perf_hooks.monitorEventLoopDelay) and the
 * client's time to answer per way.   node --import tsx scripts/bench-studio-check.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildServer } from '../src/server/app';
import { checkServerFiles, LiveConfig } from '../src/server/config-live';
import { registriesFor } from '../src/server/config-registries';
import { openDb } from '../src/server/db/index';
import { PACKAGE_ROOT } from '../src/server/paths';
import { loadConfig } from '../src/server/services/platform/config';
import { studioCheckPool } from '../src/server/services/studio/check-pool';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cf-bench-check-'));
const db = await openDb({ dataDir, databaseUrl: '' });
const live = await LiveConfig.start(PACKAGE_ROOT, dataDir, () => undefined);
const files = live.current.files!;
const app = await buildServer({ db, config: loadConfig({}, { sweepIntervalMs: 0 }), logger: false, sweep: false, flowConfig: live });
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/config.json`;

// The client: GET url, wait 10 ms, again; on 'report' answers the times since the last 'report'.
const client = new Worker(
  `const { parentPort, workerData } = require('node:worker_threads');
let times = [];
(async () => { for (;;) { const t = performance.now(); const r = await fetch(workerData.url); await r.arrayBuffer(); times.push(performance.now() - t); await new Promise((r) => setTimeout(r, 10)); } })();
parentPort.on('message', () => { parentPort.postMessage(times); times = []; });`,
  { eval: true, workerData: { url } },
);
const report = () => new Promise<number[]>((resolve) => { client.once('message', resolve); client.postMessage('report'); });

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function measure(label: string, check: () => Promise<unknown> | unknown) {
  await check(); // warm (JIT; for the pool, the worker's start)
  await new Promise((r) => setTimeout(r, 300));
  await report();
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const t = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    await check();
    await new Promise((r) => setTimeout(r, 50)); // the loop turns between checks, as between requests
  }
  const wall = (performance.now() - t) / ROUNDS;
  h.disable();
  const answers = await report();
  return {
    label,
    check: ms(wall - 50),
    loopMax: ms(h.max / 1e6),
    loopP99: ms(h.percentile(99) / 1e6),
    loopMean: ms(h.mean / 1e6),
    answered: answers.length,
    answerP50: ms(pct(answers, 50)),
    answerMax: ms(Math.max(...answers)),
  };
}

const rows = [
  await measure('on the event loop (before)', () => checkServerFiles(files, PACKAGE_ROOT)),
  await measure('in the worker (after)', () => studioCheckPool().check(files, registriesFor(PACKAGE_ROOT))),
];
console.log(`${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, node ${process.version}, ${ROUNDS} checks of the whole config (${(JSON.stringify(files).length / 1024).toFixed(0)} KB) each way\n`);
console.log('| the check runs | one check | loop delay max | p99 | mean | /config.json answered | answer p50 | answer max |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.label} | ${r.check} | ${r.loopMax} | ${r.loopP99} | ${r.loopMean} | ${r.answered} | ${r.answerP50} | ${r.answerMax} |`);

await client.terminate();
await app.close();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });
