/**
 * Server bench: spawns the real server (node --import tsx src/server/main.ts) on a
 * temp sqlite DATA_DIR (or BENCH_DATABASE_URL for PostgreSQL) and drives it with
 * autocannon on 127.0.0.1, ~5 s per case (BENCH_SECONDS):
 *   - GET /healthz (ceiling of the stack),
 *   - GetPersonSumList for a calendar month,
 *   - PersonOrderAdd, every request a distinct valid ID on a slot with ample places,
 *     booked by BOOKERS users in turn, each with its own openid-bound token (sandbox
 *     OAuth redirect → OAuth cookie → GetToken {openid}), as the server demands.
 * Prints a markdown table.   npm run bench:server
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import dayjs from 'dayjs';
import { openDb } from '../src/server/db/index';
import { makeIdCard } from '../src/contract/rules/idcard';
import { DEMO_TOKEN_CLIENT } from '../src/server/services/platform/config';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const pgUrl = process.env.BENCH_DATABASE_URL || '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address() as net.AddressInfo;
      s.close(() => resolve(a.port));
    });
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cf-bench-'));
const storeEnv: Record<string, string> = pgUrl ? { DATABASE_URL: pgUrl } : { DATA_DIR: dataDir };
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  // SESSION_SECRET: a throw-away key (no session.key written for a PostgreSQL run)
  env: { ...process.env, ...storeEnv, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SKIP_CONFIG_CHECK: '1', SESSION_SECRET: randomBytes(32).toString('hex') },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  if (proc.exitCode === null) proc.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 200) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

const tokRes = (await (await fetch(`${base}/api/TokenApi/GetToken`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ grant_type: 'password', ...DEMO_TOKEN_CLIENT, scope: 'api1' }),
})).json()) as { returnData: { access_token: string } };
const auth = `Bearer ${tokRes.returnData.access_token}`;

/** Per-user calls need a token bound to the openid (the client token above is for public calls only). */
async function userAuth(openid: string): Promise<string> {
  const o = await fetch(`${base}/api/OAuthApi/toWeChatOauth?${new URLSearchParams({ targetUrl: '/#/oauth', openid })}`, { redirect: 'manual' });
  const cookie = (o.headers.get('set-cookie') ?? '').split(';')[0];
  const r = (await (await fetch(`${base}/api/TokenApi/GetToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ openid }),
  })).json()) as { returnData: { access_token?: string } | null };
  if (!r.returnData?.access_token) throw new Error(`no token for ${openid}`);
  return `Bearer ${r.returnData.access_token}`;
}
/** Bookers in turn (many, so that concurrent bookings rarely share a users row). */
const BOOKERS = 200;
const bookerAuth: string[] = [];
for (let i = 0; i < BOOKERS; i++) bookerAuth.push(await userAuth(`bench-${i}`));

// A bench day with ample places on the personal calendar.
const day = dayjs().add(3, 'day').format('YYYY-MM-DD');
{
  const db = await openDb(pgUrl ? { databaseUrl: pgUrl, migrate: false } : { dataDir, databaseUrl: '', migrate: false });
  await db.run('DELETE FROM calendar_slots WHERE scope = $1 AND day = $2', ['P:person', day]);
  await db.run('DELETE FROM calendar_days WHERE scope = $1 AND day = $2', ['P:person', day]);
  await db.run(`INSERT INTO calendar_days (scope, day, flag) VALUES ('P:person', $1, 'F')`, [day]);
  await db.run(`INSERT INTO calendar_slots (scope, day, code, name, total, surplus, sort) VALUES ('P:person', $1, '01', '07:30-08:30', 10000000, 10000000, 0)`, [day]);
  await db.close();
}

let seq = 0;
function nextRequest(): { body: string; authorization: string } {
  seq++;
  const region = `11${String(Math.floor(seq / 1000) % 10000).padStart(4, '0')}`;
  const id = makeIdCard(region, '19900101', String(seq % 1000).padStart(3, '0'));
  const booker = seq % BOOKERS;
  const body = JSON.stringify({
    openid: `bench-${booker}`, name: '压测', idCard: id, tel: '13900003333', clus_Name: '入门通用体检套餐', clus_Code: 'P4005', begin_Time: day, type: 'person',
    sumtime_Code: '01', sumtime_Name: '07:30-08:30', price: '199.00', choose_comb_code: '', hospCode: '01', marr_status: '1', questionZC: '',
  });
  return { body, authorization: bookerAuth[booker] };
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  ok?: number;
}

async function run(name: string, opts: autocannon.Options): Promise<Row> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, non2xx: r.non2xx, errors: r.errors };
}

const month = dayjs().startOf('month');
const rows: Row[] = [];
rows.push(await run('GET /healthz (ceiling)', { url: `${base}/healthz` }));
rows.push(
  await run('GetPersonSumList (one month)', {
    url: `${base}/api/PersonSumApi/GetPersonSumList`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: auth },
    body: JSON.stringify({ type: 'person', start: month.format('YYYY-MM-DD'), end: month.endOf('month').format('YYYY-MM-DD'), hospCode: '01' }),
  }),
);
rows.push(
  await run('PersonOrderAdd (distinct IDs)', {
    url: `${base}/api/OrderListApi/PersonOrderAdd`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req: any) => {
          const n = nextRequest();
          return { ...req, headers: { ...req.headers, authorization: n.authorization }, body: n.body };
        },
      },
    ],
  }),
);

// Orders actually created during the booking run (success answers), checked in the store.
// autocannon stops at its duration with requests still in flight, which the server goes on
// committing: wait until the count stops moving, then read orders and places in ONE statement
// (one snapshot on PostgreSQL), so "places taken != orders stored" means a real discrepancy.
{
  const db = await openDb(pgUrl ? { databaseUrl: pgUrl, migrate: false } : { dataDir, databaseUrl: '', migrate: false });
  const snapshot = () =>
    db.one<{ bench: number; active: number; taken: number }>(
      `SELECT (SELECT COUNT(*) FROM orders WHERE openid LIKE 'bench-%') AS bench,
              (SELECT COUNT(*) FROM orders WHERE scope = 'P:person' AND begin_time = $1 AND sumtime_code = '01' AND state <> 'C' AND state <> 'Refund') AS active,
              (SELECT total - surplus FROM calendar_slots WHERE scope = 'P:person' AND day = $1 AND code = '01') AS taken`,
      [day],
    );
  let last = await snapshot();
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const next = await snapshot();
    const still = Number(next!.bench) === Number(last!.bench);
    last = next;
    if (still) break;
  }
  rows[2].ok = Number(last!.bench);
  await db.close();
  if (Number(last!.taken) !== Number(last!.active)) console.error(`WARNING: places taken (${last!.taken}) != active orders stored (${last!.active})`);
}

console.log(`\nServer bench — ${pgUrl ? 'PostgreSQL' : `SQLite (WAL, synchronous=${process.env.SQLITE_SYNCHRONOUS === 'NORMAL' ? 'NORMAL' : 'FULL'})`}, ${CONNECTIONS} connections, ${SECONDS}s each, node ${process.version}, ${os.cpus().length} CPU\n`);
console.log('| case | req/s (avg) | p50 ms | p99 ms | requests | non-2xx | errors | orders created |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.total} | ${r.non2xx} | ${r.errors} | ${r.ok ?? ''} |`);
stop();
process.exit(0);
