/**
 * Issue 26 items 1–2: /healthz (alive), /readyz (database within its bound, migrations, a served config,
 * not shutting down, not overloaded) — with the database taken away under a running server and given
 * back — and /metrics (Prometheus text, protected) whose counters move with bookings. Both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfigFiles } from '../../src/engine/config/check-files';
import { readConfigFiles } from '../../src/engine/config/read-files';
import { buildServer } from '../../src/server/app';
import { openDb } from '../../src/server/db/index';
import type { Db } from '../../src/server/db/types';
import { beginShutdown } from '../../src/server/plugins/health';
import { loadConfig } from '../../src/server/services/platform/config';
import { monitoringOf, type MonitoringConfig } from '../../src/server/services/platform/monitoring-config';
import { startTcpProxy, type TcpProxy } from '../doubles/tcp-proxy';
import { killServers, startServer } from './process-helpers';
import { TEST_DB, freshStore, makeTestApp, personBody, plusDays, setDay, type TestApp, type TestStore } from './core-helpers';

const flow = loadConfigFiles(readConfigFiles(process.cwd())).config;
const monitoring = (over: Partial<MonitoringConfig>) => ({ monitoring: { ...monitoringOf({}), ...over } });

/** Polls until `ok` holds for an answer (the machine may be busy: no fixed sleeps, a generous ceiling). */
async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, what: string, ceilingMs = 30_000): Promise<T> {
  const end = Date.now() + ceilingMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const readyz = async (app: FastifyInstance) => {
  const r = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: r.statusCode, body: r.json() as { ready: boolean; failing: string[]; checks: Record<string, string> } };
};

/** The value of one series in Prometheus text (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return 0;
}
const scrape = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/metrics' })).body;

describe('/healthz and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({}, { flowConfig: flow });
  });
  afterAll(async () => t?.close());

  it('a ready server: /healthz 200, /readyz 200 with every check ok', async () => {
    const h = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(h.statusCode).toBe(200);
    expect(h.json()).toEqual({ ok: true });
    const r = await readyz(t.app);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.ready).toBe(true);
    expect(r.body.checks).toMatchObject({ database: 'ok', migrations: 'ok', shutdown: 'ok', load: 'ok' });
    expect(r.body.checks.config).toMatch(/^ok \(version /);
  });

  it('a migration not applied: /readyz 503 naming it', async () => {
    await t.db.run(`DELETE FROM schema_migrations WHERE id = '078_sms_gateway'`);
    try {
      const r = await readyz(t.app);
      expect(r.status).toBe(503);
      expect(r.body.failing).toEqual(['migrations']);
      expect(r.body.checks.migrations).toContain('078_sms_gateway');
    } finally {
      await t.db.run(`INSERT INTO schema_migrations (id, applied_at) VALUES ('078_sms_gateway', $1)`, [new Date().toISOString()]);
    }
    expect((await readyz(t.app)).status).toBe(200);
  });

  it('no flow config served: /readyz 503 naming config', async () => {
    const app = await buildServer({ db: t.db, config: t.config, clock: t.clock, sweep: false });
    try {
      const r = await readyz(app);
      expect(r.status).toBe(503);
      expect(r.body.failing).toEqual(['config']);
    } finally {
      await app.close();
    }
  });

  it('shutting down: /readyz 503 at once while requests are still answered', async () => {
    const app = await buildServer({ db: t.db, config: t.config, clock: t.clock, sweep: false, flowConfig: flow });
    try {
      expect((await readyz(app)).status).toBe(200);
      beginShutdown(app);
      const r = await readyz(app);
      expect(r.status).toBe(503);
      expect(r.body.failing).toEqual(['shutdown']);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/config.json' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('overloaded: other requests get 503 + Retry-After early, probes still answer', async () => {
    // A heap threshold of 1 MB is always exceeded: the guard trips at its first sample.
    const config = loadConfig({}, { sweepIntervalMs: 0, ...monitoring({ maxHeapUsedBytes: 1_048_576 }) });
    const app = await buildServer({ db: t.db, config, clock: t.clock, sweep: false, flowConfig: flow });
    try {
      const shed = await until(() => app.inject({ method: 'GET', url: '/config.json' }), (r) => r.statusCode === 503, 'config.json under pressure');
      expect(shed.headers['retry-after']).toBe('10');
      expect(shed.json()).toMatchObject({ success: false });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const r = await readyz(app);
      expect(r.status).toBe(503);
      expect(r.body.failing).toEqual(['load']);
    } finally {
      await app.close();
    }
  });
});

describe(`SIGTERM on the real server (${TEST_DB})`, () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await freshStore();
  });
  afterAll(async () => {
    killServers();
    await store?.cleanup();
  });

  it('/readyz answers 503 during the drain while requests are still served, then the process exits 0', async () => {
    const s = await startServer({ ...store.env, SHUTDOWN_DRAIN_MS: '3000' });
    const get = async (p: string) => (await fetch(`${s.base}${p}`)).status;
    await until(() => get('/readyz'), (st) => st === 200, 'readyz of the started server');
    const exited = new Promise<number | null>((resolve) => s.proc.once('exit', (code) => resolve(code)));
    s.proc.kill('SIGTERM');
    await until(() => get('/readyz'), (st) => st === 503, 'readyz after SIGTERM');
    expect(await get('/config.json')).toBe(200);
    expect(await exited).toBe(0);
  });
});

/** A Db whose inner adapter can be closed and replaced under the running server (the SQLite case). */
function swappableDb(first: Db) {
  let cur = first;
  const db: Db = {
    dialect: first.dialect,
    all: (s, p) => cur.all(s, p),
    one: (s, p) => cur.one(s, p),
    run: (s, p) => cur.run(s, p),
    transaction: (fn) => cur.transaction(fn),
    close: () => cur.close(),
  };
  return { db, get current() { return cur; }, swap: (next: Db) => (cur = next) };
}

describe(`the database taken away under a running server (${TEST_DB})`, () => {
  let store: TestStore;
  let app: FastifyInstance;
  let proxy: TcpProxy | undefined;
  let served: ReturnType<typeof swappableDb> | undefined;
  const BOUND_MS = 500;
  beforeAll(async () => {
    store = await freshStore();
    const config = loadConfig({}, { sweepIntervalMs: 0, ...monitoring({ readyDbTimeoutMs: BOUND_MS }) });
    let db: Db;
    if (TEST_DB === 'postgres') {
      const u = new URL(store.env.DATABASE_URL);
      proxy = await startTcpProxy({ host: u.hostname, port: Number(u.port || 5432) });
      u.host = `127.0.0.1:${proxy.port}`;
      db = await openDb({ databaseUrl: u.toString(), migrate: false });
    } else {
      // SQLite "gone": the server's connection closed (what a failed disk or a removed volume leaves).
      served = swappableDb(await openDb({ dataDir: store.env.DATA_DIR, databaseUrl: '', migrate: false }));
      db = served.db;
    }
    app = await buildServer({ db, config, sweep: false, flowConfig: flow });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await app?.deps.db.close().catch(() => undefined);
    await proxy?.close();
    await store?.cleanup();
  });

  it('/readyz goes 503 within its bound and comes back; /healthz stays 200', async () => {
    expect((await readyz(app)).status).toBe(200);
    if (proxy) await proxy.cut();
    else await served!.current.close();
    const down = await until(() => readyz(app), (r) => r.status === 503, 'readyz with the database gone');
    expect(down.body.failing).toContain('database');
    expect(down.body.checks.database).toBe('unreachable');
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    if (proxy) await proxy.restore();
    else served!.swap(await openDb({ dataDir: store.env.DATA_DIR, databaseUrl: '', migrate: false }));
    const up = await until(() => readyz(app), (r) => r.status === 200, 'readyz with the database back');
    expect(up.body.ready).toBe(true);
  });

  it.runIf(TEST_DB === 'postgres')('a database that never answers: 503 after the bound, not a hung probe', async () => {
    proxy!.hang();
    try {
      // The pool's idle connection dies first ('unreachable'); the next connection hangs: the bound answers.
      const timed = async () => {
        const started = Date.now();
        return { ...(await readyz(app)), ms: Date.now() - started };
      };
      const r = await until(timed, (x) => x.body.checks.database !== 'unreachable', 'readyz with a silent database');
      expect(r.status).toBe(503);
      expect(r.body.checks.database).toBe(`no answer within ${BOUND_MS} ms`);
      expect(r.ms).toBeGreaterThanOrEqual(BOUND_MS - 50);
      // Probes do not pile up on the silent database: the next answers within the bound too.
      expect((await timed()).status).toBe(503);
    } finally {
      await proxy!.restore();
    }
    await until(() => readyz(app), (r) => r.status === 200, 'readyz after the database answers again');
  });
});

describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({}, { flowConfig: flow });
  });
  afterAll(async () => t?.close());

  it('counts requests per call name, bookings made and refused by reason, and never an ID', async () => {
    const before = await scrape(t.app);
    const D = plusDays(t.today, 3);
    await setDay(t.db, 'P:person', D, [{ code: '01', total: 5 }, { code: '02', total: 1, surplus: 0 }]);
    const body = personBody(D);
    const ok = await t.call('PersonOrderAdd', body);
    expect(ok.body.success, ok.body.returnMsg).toBe(true);
    const full = await t.call('PersonOrderAdd', personBody(D, { sumtime_Code: '02' }));
    expect(full.body.success).toBe(false);

    const after = await scrape(t.app);
    const diff = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(diff('checkup_http_requests_total', { call: 'PersonOrderAdd', status: '200' })).toBe(2);
    expect(diff('checkup_http_request_duration_seconds_count', { call: 'PersonOrderAdd' })).toBe(2);
    expect(diff('checkup_bookings_total', { call: 'PersonOrderAdd', outcome: 'made' })).toBe(1);
    expect(diff('checkup_bookings_total', { call: 'PersonOrderAdd', outcome: 'refused', reason: 'slotFull' })).toBe(1);
    expect(after).not.toContain(body.idCard);
    expect(after).not.toContain('/api/');
  });

  it('counts a refund by purpose and final state', async () => {
    const D = plusDays(t.today, 5);
    await setDay(t.db, 'P:person', D, [{ code: '01', total: 5 }]);
    const body = personBody(D, { openid: 'metrics-refund-1' });
    const ord = (await t.call('PersonOrderAdd', body)).body.returnData.ord;
    expect((await t.call('PersonOrderPay', ord)).body.success).toBe(true);
    expect((await t.call('SandboxPayResult', { id: ord.id, outcome: 'ok' })).body.returnMsg).toBe('支付成功');
    const before = await scrape(t.app);
    const refund = await t.call('PersonOrderRefund', { id: ord.id, idCard: body.idCard });
    expect(refund.body.success, refund.body.returnMsg).toBe(true);
    const after = await scrape(t.app);
    expect(sample(after, 'checkup_refunds_total', { purpose: 'order', state: 'SUCCESS' }) - sample(before, 'checkup_refunds_total', { purpose: 'order', state: 'SUCCESS' })).toBe(1);
  });

  it('counts payments by outcome and SMS sent', async () => {
    const before = await scrape(t.app);
    const D = plusDays(t.today, 4);
    await setDay(t.db, 'P:person', D, [{ code: '01', total: 5 }]);
    const ord = (await t.call('PersonOrderAdd', personBody(D, { openid: 'metrics-pay-1' }))).body.returnData.ord;
    expect((await t.call('PersonOrderPay', ord)).body.success).toBe(true);
    expect((await t.call('SandboxPayResult', { id: ord.id, outcome: 'ok' })).body.returnMsg).toBe('支付成功');
    const sms = await t.call('SendVerifyCode', { tel: '13900002222' });
    expect(sms.body.success, sms.body.returnMsg).toBe(true);
    const after = await scrape(t.app);
    const diff = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(diff('checkup_payments_total', { outcome: 'paid' })).toBe(1);
    expect(diff('checkup_sms_total', { outcome: 'sent' })).toBe(1);
    expect(after).not.toContain('13900002222');
  });

  it('serves config version, database pool and event-loop lag', async () => {
    const text = await scrape(t.app);
    expect(sample(text, 'checkup_config_info', { source: 'files' })).toBe(1);
    expect(text).toMatch(/^checkup_config_reloads_total 0$/m);
    if (TEST_DB === 'postgres') expect(text).toMatch(/^checkup_db_pool_total \d+$/m);
    else expect(sample(text, 'checkup_db_pool_absent')).toBe(1);
    expect(text).toMatch(/^checkup_nodejs_eventloop_lag_seconds /m);
  });

  it('two servers in one process keep their own registries', async () => {
    const other = await buildServer({ db: t.db, config: t.config, clock: t.clock, sweep: false, flowConfig: flow });
    try {
      const text = await scrape(other);
      expect(sample(text, 'checkup_bookings_total', { call: 'PersonOrderAdd', outcome: 'made' })).toBe(0);
      expect(sample(await scrape(t.app), 'checkup_bookings_total', { call: 'PersonOrderAdd', outcome: 'made' })).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it('without METRICS_TOKEN: loopback only, and not through a proxy', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
  });

  it('with METRICS_TOKEN: the bearer is required, from anywhere', async () => {
    const config = loadConfig({ METRICS_TOKEN: 'scrape-secret-1' }, { sweepIntervalMs: 0 });
    const app = await buildServer({ db: t.db, config, clock: t.clock, sweep: false, flowConfig: flow });
    try {
      const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers });
      expect((await get()).statusCode).toBe(401);
      expect((await get({ authorization: 'Bearer wrong' })).statusCode).toBe(401);
      const r = await get({ authorization: 'Bearer scrape-secret-1' });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('text/plain');
      expect(r.body).toContain('checkup_http_requests_total');
    } finally {
      await app.close();
    }
  });
});
