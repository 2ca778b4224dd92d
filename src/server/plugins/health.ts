/**
 * GET /healthz — the process lives: 200 while the event loop turns, nothing else looked at (a
 * liveness probe must not restart a server whose database is down: a restart would not help).
 * GET /readyz — ready for traffic: the database answers within READYZ_DB_TIMEOUT_MS, every listed
 * migration is applied, a flow config is served, the server is not shutting down and not overloaded;
 * else 503 naming what is not. Overload (@fastify/under-pressure): mean event-loop delay or heap used
 * above their thresholds for 3 s in a row → every other request gets 503 + Retry-After at once
 * instead of timing out.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { MIGRATIONS } from '../migrations/index';
import { monitoringOf } from '../services/platform/monitoring-config';
import { MSG_INTERNAL } from './envelope';

const shutting = new WeakSet<FastifyInstance>();

/** From now on /readyz answers 503 (main.ts on SIGTERM, before draining and closing); requests are still served. */
export function beginShutdown(app: FastifyInstance): void {
  shutting.add(app);
}

/** Paths the overload guard lets through: probes and scrapes must see the state, not be refused by it. */
const UNGUARDED = new Set(['/healthz', '/readyz', '/metrics']);
/** Seconds in a row above a threshold before requests are refused. */
const SUSTAINED_SAMPLES = 3;

export async function healthPlugin(app: FastifyInstance): Promise<void> {
  const mon = app.deps.config.monitoring ?? monitoringOf({});
  const expected = MIGRATIONS.map((m) => m.id);

  await app.register(underPressure, {
    maxEventLoopDelay: mon.maxEventLoopDelayMs,
    maxHeapUsedBytes: mon.maxHeapUsedBytes,
    retryAfter: 10,
    // Typed as void, but a returned value is sent as the answer (the plugin's documented behaviour).
    pressureHandler: ((req: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
      if (UNGUARDED.has(req.url.split('?')[0]) || !overloaded()) return undefined; // go on
      req.log.warn({ type, value }, 'overloaded: answering 503');
      reply.code(503).header('retry-after', '10');
      return { success: false, returnMsg: MSG_INTERNAL, returnData: null };
    }) as never,
  });
  // Only sustained pressure sheds load: one long stall (start-up work, a big synchronous seed, a busy CI
  // machine's hiccup) lifts one sample over the threshold and must not refuse the requests that follow it.
  let pressured = 0;
  const watch = setInterval(() => (pressured = app.isUnderPressure() ? pressured + 1 : 0), 1000);
  watch.unref();
  app.addHook('onClose', async () => clearInterval(watch));
  const overloaded = () => pressured >= SUSTAINED_SAMPLES;

  // app.close() from anywhere (tests, a supervisor): not ready from the first moment.
  app.addHook('preClose', async () => beginShutdown(app));

  /** One probe at a time: a hung database must not pile up a query per probe. */
  let probe: Promise<string[]> | null = null;
  const appliedMigrations = () =>
    (probe ??= app.deps.db.all<{ id: string }>('SELECT id FROM schema_migrations').then(
      (rows) => rows.map((r) => r.id),
      (e: Error) => {
        app.log.warn({ err: { message: e.message, code: (e as { code?: string }).code } }, 'readyz: database query failed');
        throw e;
      },
    ).finally(() => {
      probe = null;
    }));

  async function databaseCheck(): Promise<{ database: string; migrations: string }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), mon.readyDbTimeoutMs)));
    try {
      const ids = await Promise.race([appliedMigrations(), timeout]);
      if (ids === 'timeout') return { database: `no answer within ${mon.readyDbTimeoutMs} ms`, migrations: 'unknown' };
      const missing = expected.filter((id) => !ids.includes(id));
      return { database: 'ok', migrations: missing.length ? `missing: ${missing.join(', ')}` : 'ok' };
    } catch {
      return { database: 'unreachable', migrations: 'unknown' };
    } finally {
      clearTimeout(timer);
    }
  }

  app.get('/healthz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });

  app.get('/readyz', async (_req, reply) => {
    const live = app.deps.live;
    const checks: Record<string, string> = {
      ...(await databaseCheck()),
      config: live ? `ok (version ${live.current.version})` : 'no flow config served',
      shutdown: shutting.has(app) ? 'shutting down' : 'ok',
      load: overloaded() ? 'overloaded' : 'ok',
    };
    const failing = Object.keys(checks).filter((k) => !checks[k].startsWith('ok'));
    reply.header('cache-control', 'no-store');
    if (failing.length) reply.code(503);
    return { ready: failing.length === 0, failing, checks };
  });
}
