/**
 * GET /metrics (Prometheus text format) and the per-request series. Protection: with METRICS_TOKEN set,
 * `Authorization: Bearer <METRICS_TOKEN>`; without it, only a scrape from this machine's loopback that
 * did not come through a reverse proxy (no X-Forwarded-For / Forwarded header), so a proxy on the same
 * host cannot expose it by accident. Requests are labelled by contract call name (src/contract/calls.ts)
 * or by the registered route pattern — never by the raw URL, so the number of series stays bounded.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CALLS, type CallName } from '../../contract/calls';
import { MSG } from '../services/orders/model';
import { ServerMetrics, attachMetrics } from '../services/platform/metrics';
import { monitoringOf } from '../services/platform/monitoring-config';

const CALL_BY_URL = new Map<string, CallName>(Object.entries(CALLS).map(([name, def]) => [`/api/${def.path}`, name as CallName]));
const BOOKING_CALLS = new Set<string>(['PersonOrderAdd', 'TeamOrderAdd']);

/** The bounded label of a request: its call name, its route pattern, or not_found. */
function callLabel(req: FastifyRequest): string {
  const url = req.routeOptions?.url;
  if (!url) return 'not_found';
  return CALL_BY_URL.get(url) ?? url;
}

/** A refused booking's reason: the key of its message in services/orders/model.ts (texts may be reconfigured), else other. */
function refusalReason(msg: string): string {
  for (const key of Object.keys(MSG) as Array<keyof typeof MSG>) if (MSG[key] === msg) return key;
  return 'other';
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function mayScrape(req: FastifyRequest, token: string): boolean {
  if (token) {
    const given = Buffer.from(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');
    const want = Buffer.from(token);
    return given.length === want.length && timingSafeEqual(given, want);
  }
  return LOOPBACK.test(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'] && !req.headers.forwarded;
}

export function metricsPlugin(app: FastifyInstance): ServerMetrics {
  const deps = app.deps;
  const mon = deps.config.monitoring ?? monitoringOf({});
  const m = new ServerMetrics();
  attachMetrics(m, deps, deps.db);
  m.watchDb(deps.db);
  const live = deps.live;
  if (live) {
    m.setConfig(live.current.version, live.current.source);
    live.onSwap((s) => {
      m.setConfig(s.version, s.source);
      m.configReloads.inc();
    });
  }

  // Bookings: what the envelope says (errors too: the error handler's reply goes through here).
  app.addHook('preSerialization', async (req, reply, payload) => {
    const call = callLabel(req);
    if (!BOOKING_CALLS.has(call) || reply.statusCode !== 200) return payload;
    const env = payload as { success?: boolean; returnMsg?: string } | null;
    if (env && typeof env.success === 'boolean')
      m.bookings.inc(env.success ? { call, outcome: 'made', reason: '' } : { call, outcome: 'refused', reason: refusalReason(String(env.returnMsg ?? '')) });
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const call = callLabel(req);
    m.requests.inc({ call, status: String(reply.statusCode) });
    // Fastify times every request from its start already (ms): no hook of our own on the way in.
    m.latency.observe({ call }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!mayScrape(req, mon.metricsToken)) {
      reply.code(mon.metricsToken ? 401 : 403);
      return { error: mon.metricsToken ? 'bearer METRICS_TOKEN required' : 'METRICS_TOKEN not set: /metrics answers loopback only' };
    }
    reply.type(m.registry.contentType);
    return m.registry.metrics();
  });
  return m;
}
