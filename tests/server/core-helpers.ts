/**
 * Shared test helpers for the core/booking server suites. TEST_DB=sqlite (default)
 * or postgres: for postgres a fresh uniquely named database is created on the
 * server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and
 * dropped afterwards.
 */
import type { LoadedConfig } from '../../src/engine/config/assemble';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { openDb } from '../../src/server/db/index';
import type { Db } from '../../src/server/db/types';
import { buildServer } from '../../src/server/app';
import type { Providers } from '../../src/server/providers/wechat/types';
import { loadConfig, type ServerConfig } from '../../src/server/services/platform/config';
import { seedAll } from '../../src/server/seed/index';
import { CALLS, type CallDef, type CallName } from '../../src/contract/calls';
import { OAUTH_COOKIE } from '../../src/server/services/platform/oauth-session';
import { makeIdCard } from '../../src/contract/rules/idcard';
import { centreDay, centreMs } from '../../src/contract/rules/centre-day';

export const TEST_DB = (process.env.TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';
export const PG_ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface TestStore {
  db: Db;
  /** DATA_DIR (sqlite) or DATABASE_URL (postgres) for spawning a real server on the same store. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** A new empty database on the test store; `migrate: false` leaves it without tables (a first start). */
export async function freshStore(opts: { migrate?: boolean } = {}): Promise<TestStore> {
  if (TEST_DB === 'postgres') {
    const name = `cf_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${name}`;
    const db = await openDb({ databaseUrl: u.toString(), migrate: opts.migrate });
    return {
      db,
      env: { DATABASE_URL: u.toString() },
      async cleanup() {
        await db.close().catch(() => undefined);
        const a = new pg.Client({ connectionString: PG_ADMIN_URL });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cf-test-'));
  const db = await openDb({ dataDir: dir, databaseUrl: '', migrate: opts.migrate });
  return {
    db,
    // DATABASE_URL emptied: a spawned server must not pick up a PostgreSQL URL from the caller's environment.
    env: { DATA_DIR: dir, DATABASE_URL: '' },
    async cleanup() {
      await db.close().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A clock tests can move. Starts at 10:00 today on the centre's clock, whatever the host's time zone. */
export function testClock(start = centreMs(`${centreDay(Date.now())} 10:00`)) {
  let t = start;
  return {
    now: () => t,
    set(ms: number) {
      t = ms;
    },
    advance(ms: number) {
      t += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  store: TestStore;
  clock: ReturnType<typeof testClock>;
  config: ServerConfig;
  today: string;
  /** The client-credentials token (password grant): public calls only. */
  token: string;
  /**
   * Posts a contract call. Without `opts.token`, a per-user call (CALLS[name].owner)
   * goes with a token bound to the openid it names (or that owns the order body.id,
   * or that holds a grant for the exam number body.regno),
   * obtained the honest way (userToken); userOpenid gets that openid's OAuth cookie.
   */
  call<T = any>(name: CallName, body?: unknown, opts?: { token?: string | null; headers?: Record<string, string> }): Promise<{ status: number; body: { success: boolean; returnMsg: string; returnData: T } }>;
  /** Issues a fresh service token at the current (test) clock time. */
  renew(): Promise<void>;
  /** `cf_oauth=…` for the openid, from the sandbox OAuth redirect (`?openid=`). */
  oauthCookie(openid: string): Promise<string>;
  /** A token bound to the openid: sandbox OAuth redirect, then GetToken {openid} with its cookie (cached while valid). */
  userToken(openid: string): Promise<string>;
  close(): Promise<void>;
}

export async function makeTestApp(
  overrides: Partial<ServerConfig> = {},
  opts: { seed?: boolean; flowConfig?: LoadedConfig; providers?: (config: ServerConfig, clock: { now(): number }) => Providers } = {},
): Promise<TestApp> {
  const store = await freshStore();
  const clock = testClock();
  const today = centreDay(clock.now());
  if (opts.seed !== false) await seedAll(store.db, { today, nowMs: clock.now(), records: false });
  const config = loadConfig({}, { sweepIntervalMs: 0, ...overrides });
  const app = await buildServer({ db: store.db, config, clock, logger: false, sweep: false, flowConfig: opts.flowConfig, providers: opts.providers?.(config, clock) });
  await app.ready();
  const t: TestApp = {
    app,
    db: store.db,
    store,
    clock,
    config,
    today,
    token: '',
    async call(name, body = {}, o = {}) {
      const def = CALLS[name];
      const tok = o.token === undefined ? await defaultToken(name, body) : o.token;
      const headers: Record<string, string> = { ...(tok ? { authorization: `Bearer ${tok}` } : {}), ...(o.headers ?? {}) };
      const openid = (body as { openid?: unknown } | null)?.openid;
      if (name === 'userOpenid' && typeof openid === 'string' && !Object.keys(headers).some((h) => h.toLowerCase() === 'cookie'))
        headers.cookie = await t.oauthCookie(openid);
      const res =
        def.method === 'GET'
          ? await app.inject({ method: 'GET', url: `/api/${def.path}`, query: body as Record<string, string>, headers })
          : await app.inject({ method: 'POST', url: `/api/${def.path}`, payload: body as object, headers });
      let parsed: any;
      try {
        parsed = res.json();
      } catch {
        parsed = { raw: res.body };
      }
      return { status: res.statusCode, body: parsed };
    },
    async close() {
      await app.close();
      await store.cleanup();
    },
    async renew() {
      const c = config.tokenClient;
      const tk = await t.call('GetToken', { grant_type: 'password', client_id: c.client_id, client_secret: c.client_secret, name: c.name, password: c.password, scope: 'api1' }, { token: null });
      t.token = tk.body.returnData.access_token;
    },
    oauthCookie: (openid) => oauthCookie(app, openid),
    async userToken(openid) {
      const now = clock.now();
      const c = userTokens.get(openid);
      if (c && c.at <= now && now < c.at + (config.tokenTtlSec - 60) * 1000) return c.token;
      const tk = await t.call('GetToken', { openid }, { token: null, headers: { cookie: await t.oauthCookie(openid) } });
      if (!tk.body.success) throw new Error(`userToken(${openid}): ${tk.body.returnMsg}`);
      userTokens.set(openid, { token: tk.body.returnData.access_token, at: now });
      return tk.body.returnData.access_token;
    },
  };
  const userTokens = new Map<string, { token: string; at: number }>();
  /** The token a call goes with by default: the owner's for per-user calls, else the client token. */
  async function defaultToken(name: CallName, body: unknown): Promise<string> {
    const owner = (CALLS[name] as CallDef).owner;
    const b = (body ?? {}) as Record<string, unknown>;
    // a body without a usable openid: sent as some logged-in user (the server then judges the body)
    if (owner === 'openid' || owner === 'openId') return t.userToken(typeof b[owner] === 'string' && b[owner] ? (b[owner] as string) : 'test-openid-0001');
    if (owner === 'order') {
      const o = await store.db.one<{ openid: string }>('SELECT openid FROM orders WHERE id = $1', [String(b.id ?? '')]);
      return t.userToken(o?.openid || 'test-openid-0001');
    }
    if (owner === 'regno') {
      // an openid holding a grant for the exam number (TeamLogin / seed), else one without (→ 403)
      const g = await store.db.one<{ openid: string }>('SELECT openid FROM regno_grants WHERE reg_no = $1 ORDER BY openid', [String(b.regno ?? '')]);
      return t.userToken(g?.openid || 'test-openid-0001');
    }
    return t.token;
  }
  await t.renew();
  return t;
}

/**
 * What a browser holds after the sandbox OAuth round trip for `openid`:
 * `cf_oauth=<value>` from the redirect's Set-Cookie.
 */
export async function oauthCookie(app: FastifyInstance, openid: string): Promise<string> {
  const r = await app.inject({ method: 'GET', url: `/api/${CALLS.toWeChatOauth.path}`, query: { targetUrl: '/#/oauth', openid } });
  const back = new URL(String(r.headers.location ?? ''), 'http://x').hash;
  if (r.statusCode !== 302 || !back.includes(`openid=${encodeURIComponent(openid)}`)) throw new Error(`sandbox OAuth as ${openid} failed (${r.statusCode} ${back})`);
  const set = ([] as string[]).concat(r.headers['set-cookie'] ?? []);
  const c = set.map((x) => x.split(';')[0]).find((x) => x.startsWith(`${OAUTH_COOKIE}=`));
  if (!c) throw new Error('no OAuth cookie');
  return c;
}

let seq = 0;
/** A distinct valid ID number; sex 1 male (odd 17th digit) or 2 female. */
export function uniqueId(sex: 1 | 2 = 1, birth = '19900101'): string {
  seq++;
  const n = (seq * 2 + (sex === 1 ? 1 : 0)) % 1000;
  const region = String(110101 + Math.floor(seq / 500)).padStart(6, '0');
  return makeIdCard(region, birth, String(n).padStart(3, '0'));
}

/** Puts one bookable (flag F) day with the given slots on a scope. */
export async function setDay(db: Db, scope: string, day: string, slots: Array<{ code: string; total: number; surplus?: number }>, flag = 'F'): Promise<void> {
  await db.run('DELETE FROM calendar_slots WHERE scope = $1 AND day = $2', [scope, day]);
  await db.run('DELETE FROM calendar_days WHERE scope = $1 AND day = $2', [scope, day]);
  await db.run('INSERT INTO calendar_days (scope, day, flag) VALUES ($1, $2, $3)', [scope, day, flag]);
  for (const [i, s] of slots.entries())
    await db.run('INSERT INTO calendar_slots (scope, day, code, name, total, surplus, sort) VALUES ($1, $2, $3, $4, $5, $6, $7)', [scope, day, s.code, `0${7 + i}:30-0${8 + i}:30`, s.total, s.surplus ?? s.total, i]);
}

export async function slotSurplus(db: Db, scope: string, day: string, code: string): Promise<number> {
  const r = await db.one<{ surplus: number }>('SELECT surplus FROM calendar_slots WHERE scope = $1 AND day = $2 AND code = $3', [scope, day, code]);
  return Number(r?.surplus);
}

export function plusDays(today: string, n: number): string {
  return dayjs(today).add(n, 'day').format('YYYY-MM-DD');
}

/** A valid PersonOrderAdd body for P4005 (either sex, ¥199) on `day` slot '01'. */
export function personBody(day: string, over: Record<string, unknown> = {}) {
  return {
    openid: 'test-openid-0001',
    name: '测试人',
    idCard: uniqueId(1),
    tel: '13900001111',
    clus_Name: '入门通用体检套餐',
    clus_Code: 'P4005',
    begin_Time: day,
    type: 'person',
    sumtime_Code: '01',
    sumtime_Name: '07:30-08:30',
    price: '199.00',
    choose_comb_code: '',
    hflag: '',
    job: '',
    hospCode: '01',
    marr_status: '1',
    questionZC: '',
    ...over,
  };
}
