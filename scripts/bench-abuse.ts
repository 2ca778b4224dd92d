/**
 * npm run bench, hardening part: what a hostile request costs the server.
 *  - a 1 MB garbage encryStr: refused by the call's body limit (413, through Fastify's
 *    inject, no parse), and decrypted with the native one-block probe vs crypto-js
 *    (the contract's decryptBody, what the server used before) on a body that fits;
 *  - SMS sends: 30 phones from one client address → how many were refused.
 * Side by side in one run; figures go to docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { decryptBody } from '../src/contract/rules/encry';
import { decryptBodyNative } from '../src/server/plugins/crypto';
import { buildServer } from '../src/server/app';
import { openDb } from '../src/server/db/index';
import { loadConfig } from '../src/server/services/platform/config';
import { seedAll } from '../src/server/seed/index';
import fs from 'node:fs';
import path from 'node:path';

const key = { keySeed: 'bench-seed', substitution: '' };
const now = Date.now();
const garbage = randomBytes(768 * 1024).toString('base64'); // 1 MB of Base64
const time = (n: number, fn: () => void) => {
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return { p50: t[Math.floor(n / 2)], max: t[n - 1] };
};
const native = time(50, () => decryptBodyNative(garbage, key, now));
const cryptoJs = time(5, () => decryptBody(garbage, key, now));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cf-bench-abuse-'));
const db = await openDb({ dataDir: dir, databaseUrl: '' });
await seedAll(db, { records: false });
const app = await buildServer({ db, config: loadConfig({}, { crypto: { enabled: true, ...key }, sweepIntervalMs: 0 }), logger: false, sweep: false });
await app.ready();
const c = app.deps.config.tokenClient;
const tok = (await app.inject({ method: 'POST', url: '/api/TokenApi/GetToken', payload: { grant_type: 'password', ...c, scope: 'api1' } })).json().returnData.access_token;
const t413: number[] = [];
for (let i = 0; i < 20; i++) {
  const s = performance.now();
  const r = await app.inject({ method: 'POST', url: '/api/ReportApi/GetReportList', payload: { encryStr: garbage }, headers: { authorization: `Bearer ${tok}` } });
  t413.push(performance.now() - s);
  if (r.statusCode !== 413) throw new Error(`expected 413, got ${r.statusCode}`);
}
t413.sort((a, b) => a - b);
let sent = 0;
let limited = 0;
for (let i = 0; i < 30; i++) {
  const r = await app.inject({ method: 'POST', url: '/api/ReportApi/SendVerifyCode', payload: { tel: `1380013${String(1000 + i)}` }, headers: { authorization: `Bearer ${tok}`, 'x-forwarded-for': `203.0.113.${i}` } });
  if (r.json().success) sent++;
  else limited++;
}
await app.close();
await db.close();
fs.rmSync(dir, { recursive: true, force: true });

console.log(`\nHostile requests — node ${process.version}, ${os.cpus().length} CPU\n`);
console.log('| case | p50 ms | max ms |');
console.log('|---|---:|---:|');
console.log(`| 1 MB garbage encryStr, native one-block probe (now) | ${native.p50.toFixed(3)} | ${native.max.toFixed(3)} |`);
console.log(`| 1 MB garbage encryStr, crypto-js full decrypt ×3 windows (before) | ${cryptoJs.p50.toFixed(1)} | ${cryptoJs.max.toFixed(1)} |`);
console.log(`| 1 MB encryStr to GetReportList → 413 (inject, whole request) | ${t413[10].toFixed(1)} | ${t413[19].toFixed(1)} |`);
console.log(`\nSendVerifyCode, 30 phones from one client (forged X-Forwarded-For each time): ${sent} sent, ${limited} refused`);
