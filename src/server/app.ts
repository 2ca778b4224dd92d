/**
 * buildServer(): a Fastify instance with the envelope, auth, static/config plugins
 * and every route area. Dependencies are injected (db, config, providers, clock)
 * and reachable from handlers as `req.server.deps` / `app.deps`.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Db } from './db/types';
import { loadConfig, type ServerConfig } from './services/platform/config';
import { makeProviders } from './providers/wechat/index';
import type { Providers } from './providers/wechat/types';
import type { Clock, ServerDeps } from './plugins/call';
import { envelopePlugin } from './plugins/envelope';
import { authPlugin } from './plugins/auth';
import { staticPlugin } from './plugins/static';
import { healthPlugin } from './plugins/health';
import { metricsPlugin } from './plugins/metrics';
import { headersPlugin } from './plugins/headers';
import { appConfigPlugin } from './plugins/app-config';
import { studioPagePlugin } from './plugins/studio-page';
import { studioRoutes } from './routes/studio/index';
import { StudioLive } from './services/studio/live-sync';
import type { LoadedConfig } from '../engine/config/assemble';
import { LiveConfig } from './config-live';
import { setServerMessages } from './messages';
import { routeAreas } from './routes/index';
import { startSweeper } from './services/orders';
import { startReconciler } from './services/orders/reconcile';
import { processSessionSecret } from './services/platform/oauth-session';
import { setCentreZone } from '../contract/rules/centre-day';

export { defineCall, ApiError } from './plugins/call';
export type { ServerDeps, Clock } from './plugins/call';

export interface BuildOptions {
  db: Db;
  config?: ServerConfig;
  providers?: Providers;
  clock?: Clock;
  /** false = silent; true/object = pino options (redaction is always added). */
  logger?: boolean | Record<string, unknown>;
  /** Run the periodic hold-expiry sweep (default true unless config.sweepIntervalMs <= 0). */
  sweep?: boolean;
  /** Run the WeChat Pay reconciler (default true when PAY_PROVIDER=wechat and PAY_RECONCILE_MS > 0). */
  reconcile?: boolean;
  /** The checked flow config to serve at /app-config.json and /schemas/…: live (main.ts: follows the files) or fixed. */
  flowConfig?: LoadedConfig | LiveConfig;
}

/** Never log ID numbers, phones, names or passwords in clear. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-report-token"]',
  'req.headers["x-approver-token"]',
  'body.idCard', 'body.idcard', 'body.tel', 'body.name', 'body.pwd', 'body.password', 'body.client_secret', 'body.pat_name',
  '*.idCard', '*.idcard', '*.id_card', '*.tel', '*.name', '*.pwd', '*.password', '*.pat_name',
];

const ID_RE = /\b(\d{6})\d{8}(\d{3}[\dXx])\b/g;
const PHONE_RE = /\b(1[3-9]\d)\d{4}(\d{4})\b/g;
/** Masks ID numbers and mobile numbers inside free text (error messages, SQL error details). */
export function maskText(s: string): string {
  return String(s).replace(ID_RE, '$1********$2').replace(PHONE_RE, '$1****$2');
}

const errSerializer = (e: Error & { code?: string; detail?: string; statusCode?: number }): Record<string, unknown> => ({
  type: e?.name,
  message: maskText(e?.message ?? ''),
  code: e?.code,
  statusCode: e?.statusCode,
  detail: e?.detail ? maskText(e.detail) : undefined,
  stack: e?.stack ? maskText(e.stack) : undefined,
});

export async function buildServer(opts: BuildOptions): Promise<FastifyInstance> {
  const loaded = opts.config ?? loadConfig();
  // No configured key (tests, tools): a per-process random one (main.ts sets a real one).
  const config = loaded.sessionSecret ? loaded : { ...loaded, sessionSecret: processSessionSecret };
  const clock = opts.clock ?? { now: () => Date.now() };
  // One clock for the centre's day, process-wide (every date rule reads it).
  setCentreZone(config.centreTz);
  const loggerOpt: FastifyServerOptions['logger'] =
    opts.logger === false || opts.logger === undefined
      ? false
      : {
          level: config.logLevel,
          ...(typeof opts.logger === 'object' ? opts.logger : {}),
          redact: { paths: REDACT_PATHS, censor: '[masked]' },
          serializers: { err: errSerializer as (e: Error) => Record<string, unknown> },
        } as unknown as FastifyServerOptions['logger'];
  const app = Fastify({
    logger: loggerOpt,
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { coerceTypes: false } },
  });
  const deps: ServerDeps = {
    db: opts.db,
    config,
    providers: opts.providers ?? makeProviders(config, clock.now, (msg, extra) => app.log.warn(extra ?? {}, msg)),
    clock,
  };
  const live = opts.flowConfig instanceof LiveConfig ? opts.flowConfig : opts.flowConfig ? LiveConfig.fixed(opts.flowConfig) : null;
  if (live) {
    // The order form's rules and the questionnaires' schemas follow the served config version.
    deps.formSchemas = live.current.config.schemas;
    setServerMessages(live.current.config.serverMessages);
    live.onSwap((s) => {
      deps.formSchemas = s.config.schemas;
      setServerMessages(s.config.serverMessages);
    });
    deps.live = live;
  }
  app.decorate('deps', deps);

  // First: their hooks (overload guard, request series) must see every route.
  metricsPlugin(app);
  await healthPlugin(app);
  await headersPlugin(app);
  envelopePlugin(app);
  authPlugin(app);
  await staticPlugin(app);
  if (live) appConfigPlugin(app, live);
  for (const area of routeAreas) await area(app);
  if (live) {
    // The admin studio: a version live in the database is served from the start, and followed (STUDIO_POLL_MS).
    const studio = new StudioLive(opts.db, live, { now: () => clock.now(), log: (level, msg) => (live.log ? live.log(level, msg) : app.log[level](msg)) });
    await studio.start(config.studio.pollMs);
    app.addHook('onClose', async () => studio.stop());
    await studioRoutes(app, studio);
  }
  await studioPagePlugin(app);

  if (opts.sweep !== false && config.sweepIntervalMs > 0) {
    const stop = startSweeper(app);
    app.addHook('onClose', async () => stop());
  }
  if (opts.reconcile !== false && deps.providers.pay.name === 'wechat' && config.wechatPay.reconcileIntervalMs > 0) {
    const stop = startReconciler(app);
    app.addHook('onClose', async () => stop());
  }
  return app;
}
