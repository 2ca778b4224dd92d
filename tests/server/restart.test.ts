/**
 * Durability: spawn the real server process, stream bookings, SIGKILL it mid-stream,
 * restart on the same store, and check every booking that was answered with success
 * is there — and that places taken equal orders stored (no half-committed booking).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freshStore, uniqueId, TEST_DB, type TestStore } from './core-helpers';
import { randomBytes } from 'node:crypto';
import { DEMO_TOKEN_CLIENT } from '../../src/server/services/config';

const procs: ChildProcess[] = [];
let store: TestStore | undefined;
afterAll(async () => {
  for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
  await store?.cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

async function start(env: Record<string, string>): Promise<{ proc: ChildProcess; base: string }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SKIP_CONFIG_CHECK: '1', NODE_ENV: 'test', SESSION_SECRET },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (c) => (err += String(c)));
  procs.push(proc);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${err}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { proc, base };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${err}`);
}

async function api(base: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${base}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return (await res.json()) as { success: boolean; returnMsg: string; returnData: any };
}

async function token(base: string) {
  const r = await api(base, '', 'TokenApi/GetToken', { grant_type: 'password', ...DEMO_TOKEN_CLIENT, scope: 'api1' });
  return r.returnData.access_token as string;
}

/** The same key for both runs (and no session.key file written for a PostgreSQL run). */
const SESSION_SECRET = randomBytes(32).toString('hex');

/** An openid-bound token, as a browser gets one: sandbox OAuth redirect (cookie), then GetToken {openid}. */
async function userToken(base: string, openid: string) {
  const r = await fetch(`${base}/api/OAuthApi/toWeChatOauth?${new URLSearchParams({ targetUrl: '/#/oauth', openid })}`, { redirect: 'manual' });
  const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0];
  const res = await fetch(`${base}/api/TokenApi/GetToken`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ openid }) });
  const t = ((await res.json()) as { returnData: { access_token: string } }).returnData.access_token;
  if (!t) throw new Error(`no token for ${openid}`);
  return t;
}

describe(`restart after SIGKILL (${TEST_DB})`, () => {
  it('every booking answered with success survives', async () => {
    store = await freshStore();
    await store.db.close();
    const first = await start(store.env);
    const tok = await token(first.base);
    // bookable slots with places, across the next days
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const fmt = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    const days = (await api(first.base, tok, 'PersonSumApi/GetPersonSumList', { type: 'person', start: fmt(new Date(today.getTime() + 86_400_000)), end: fmt(new Date(today.getTime() + 40 * 86_400_000)) })).returnData as any[];
    const targets: Array<{ day: string; code: string; surplus: number }> = [];
    for (const d of days.filter((x) => x.person_Flag !== 'T' && x.person_Surplus > 10)) {
      const slots = (await api(first.base, tok, 'PersonSumApi/GetSumTimeList', { date_Time: d.person_Date, type: 'person' })).returnData as any[];
      for (const s of slots) if (s.person_Surplus > 0) targets.push({ day: d.person_Date, code: s.sumtime_Code, surplus: s.person_Surplus });
    }
    const capacity = targets.reduce((a, x) => a + x.surplus, 0);
    expect(capacity).toBeGreaterThan(300);

    // one booker (openid) per worker, each with its own openid-bound token (tokens are rows: they outlive the kill)
    const userTokens = new Map<string, string>();
    for (let w = 0; w < 6; w++) userTokens.set(`restart-${w}`, await userToken(first.base, `restart-${w}`));
    const succeeded: Array<{ id: string; idCard: string; openid: string }> = [];
    let stop = false;
    let ti = 0;
    let left = targets[0].surplus;
    const next = () => {
      if (left <= 0) {
        ti++;
        left = targets[ti].surplus;
      }
      left--;
      return targets[ti];
    };
    const worker = async (w: number) => {
      while (!stop) {
        const slot = next();
        const body = {
          openid: `restart-${w}`, name: '重启测试', idCard: uniqueId(1), tel: '13900002222', clus_Name: '入门通用体检套餐', clus_Code: 'P4005',
          begin_Time: slot.day, type: 'person', sumtime_Code: slot.code, sumtime_Name: '', price: '199.00', choose_comb_code: '', hospCode: '01', marr_status: '1',
        };
        try {
          const r = await api(first.base, userTokens.get(body.openid)!, 'OrderListApi/PersonOrderAdd', body);
          if (r.success) succeeded.push({ id: r.returnData.ord.id, idCard: body.idCard, openid: body.openid });
        } catch {
          return; // connection reset by the kill
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, w) => worker(w));
    while (succeeded.length < 60) await new Promise((r) => setTimeout(r, 20));
    first.proc.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    if (first.proc.exitCode === null && first.proc.signalCode === null) await new Promise((r) => first.proc.once('exit', r));
    expect(succeeded.length).toBeGreaterThanOrEqual(60);

    const second = await start(store.env);
    const tok2 = await token(second.base);
    let missing = 0;
    for (const o of succeeded) {
      const r = await api(second.base, userTokens.get(o.openid)!, 'OrderListApi/SyncOrderById', { id: o.id, idCard: o.idCard });
      if (!r.success || r.returnData.state !== 'S') missing++;
    }
    expect(missing).toBe(0);
    // places taken == orders stored, per slot
    for (const tgt of targets.slice(0, ti + 1)) {
      const slots = (await api(second.base, tok2, 'PersonSumApi/GetSumTimeList', { date_Time: tgt.day, type: 'person' })).returnData as any[];
      const now = slots.find((s) => s.sumtime_Code === tgt.code)!.person_Surplus;
      const stored = await storedCount(tgt);
      expect(tgt.surplus - now).toBe(stored);
    }
    second.proc.kill('SIGTERM');
    await new Promise((r) => second.proc.once('exit', r));
    expect(second.proc.exitCode === 0 || second.proc.signalCode === 'SIGTERM').toBe(true);
  });
});

/** Orders of the restart test stored for a slot, counted through the store directly. */
async function storedCount(tgt: { day: string; code: string }): Promise<number> {
  const { openDb } = await import('../../src/server/db/index');
  const db = await openDb({ ...(store!.env.DATABASE_URL ? { databaseUrl: store!.env.DATABASE_URL } : { dataDir: store!.env.DATA_DIR, databaseUrl: '' }), migrate: false });
  try {
    const r = await db.one<{ n: number }>(`SELECT COUNT(*) AS n FROM orders WHERE openid LIKE 'restart-%' AND begin_time = $1 AND sumtime_code = $2 AND scope = 'P:person'`, [tgt.day, tgt.code]);
    return Number(r!.n);
  } finally {
    await db.close();
  }
}
