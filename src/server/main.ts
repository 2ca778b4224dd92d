/**
 * Entry: PORT (8080), HOST (127.0.0.1), DATA_DIR (./data) or DATABASE_URL.
 * Refuses to start on a bad flow/schema config (CONFIG_DIR, default the working
 * directory: every problem printed as file:line:column) unless DATA_DIR holds a last
 * good one, which it then serves; follows edits of the config without a restart. Refuses a production start on any missing, demo or malformed
 * setting (doctor/, the same check as `npm run doctor`) unless ALLOW_DEMO=1. Seeds an empty
 * database outside production (SEED_ON_START); creates the studio's first admin from
 * STUDIO_ADMIN_USER/STUDIO_ADMIN_PASSWORD (services/studio/admins.ts). Graceful shutdown on SIGTERM/SIGINT: close the
 * server, then the db, within a 10 s grace whatever happens to the log output.
 */
import path from 'node:path';
import pino from 'pino';
import { LiveConfig } from './config-live';
import { loadConfigFiles } from '../engine/config/check-files';
import { readConfigFiles } from '../engine/config/read-files';
import { buildServer } from './app';
import { beginShutdown } from './plugins/health';
import { openDb } from './db/index';
import { loadConfig } from './services/platform/config';
import { formatRefusal, preflight, preflightApplies, refusals } from './doctor/index';
import { devSessionSecret } from './services/platform/oauth-session';
import { seedIfEmpty } from './seed/index';
import { ensureStudioAdmins } from './services/studio/admins';

// A log reader that went away (closed pipe) or stopped reading (full pipe) must neither crash
// the server nor keep it alive: writes to a closed pipe are dropped (EPIPE); the request log is
// written asynchronously and at most 8 MB wait for a reader (more is dropped); once stopping,
// a full pipe is given up instead of retried, so the exit's final flush cannot spin forever.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
let stopping = false;
const logStream = pino.destination({ dest: 1, sync: false, maxLength: 8 * 1024 * 1024, retryEAGAIN: () => !stopping });
logStream.on('error', () => undefined);
const log = (msg: string) => {
  try {
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg })}\n`);
  } catch {
    /* log sink gone */
  }
};
const fail = (msg: string): never => {
  try {
    process.stderr.write(`${msg}\n`);
  } finally {
    process.exit(1);
  }
};
// The production preflight (doctor/, also `npm run doctor`): every missing, demo, malformed or mismatched
// setting named with where to find it, before anything else can fail on one of them.
if (preflightApplies(process.env)) {
  const findings = preflight(process.env);
  if (refusals(findings).length) fail(formatRefusal(findings));
}
const config = (() => {
  try {
    return loadConfig();
  } catch (e) {
    return fail(`refusing to start: ${(e as Error).message}`);
  }
})();

// The OAuth cookie's HMAC key: SESSION_SECRET (required in production, see doctor/core.ts);
// for dev/demo/test a random key kept in DATA_DIR/session.key, never a key from the repository.
if (!config.sessionSecret) {
  const dev = devSessionSecret(config.dataDir);
  config.sessionSecret = dev.key;
  log(`SESSION_SECRET not set: OAuth cookies signed with a random key (${dev.source})`);
}

// The centre's flows/ and schemas/: checked before anything starts, then served and followed
// (an edit goes live once it checks clean; a broken edit leaves the last good config served).
const configDir = path.resolve(process.env.CONFIG_DIR ?? process.cwd());
let flowConfig: LiveConfig;
if (process.env.SKIP_CONFIG_CHECK === '1') {
  log('SKIP_CONFIG_CHECK=1: flow/schema configuration check skipped (and not followed)');
  const files = readConfigFiles(configDir);
  flowConfig = LiveConfig.fixed(loadConfigFiles(files).config, files);
} else {
  flowConfig = await LiveConfig.start(configDir, config.dataDir, (level, msg) => (level === 'info' ? log(msg) : process.stderr.write(`${msg}\n`))).catch(
    (e: Error) => fail(e.message),
  );
  log(`flow/schema configuration ${flowConfig.current.source === 'files' ? 'ok' : 'BROKEN, serving the last good snapshot'}: ${configDir} (version ${flowConfig.current.version}, followed for edits)`);
  flowConfig.watch();
}

const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const production = config.nodeEnv === 'production';
if (config.seedOnStart) {
  const seeded = await seedIfEmpty(db);
  log(`mode ${config.nodeEnv}: ${seeded ? 'empty database, demo data seeded' : 'demo data not needed (database has data)'}`);
} else {
  log(`mode ${config.nodeEnv}: nothing seeded${production ? ' (production; `npm run seed` loads the demo data on purpose)' : ' (SEED_ON_START=0)'}`);
}
// The admin studio's first admin: from STUDIO_ADMIN_USER/STUDIO_ADMIN_PASSWORD (production has no default).
await ensureStudioAdmins(db, config, Date.now(), log);
log(`client address: ${config.trustProxy === false ? 'the connection (TRUST_PROXY not set: X-Forwarded-For ignored)' : `X-Forwarded-For through trusted proxies ${JSON.stringify(config.trustProxy)}`}`);
const app = await buildServer({ db, config, logger: { stream: logStream }, flowConfig });
await app.listen({ port: config.port, host: config.host });

let closing = false;
const shutdown = async (sig: string) => {
  if (closing) return;
  closing = true;
  stopping = true;
  // The deadline first: nothing below (a log write, a hung connection) may keep the process past its grace.
  setTimeout(() => process.exit(1), 10_000).unref();
  try {
    app.log.info({ sig }, 'shutting down');
  } catch {
    /* log sink gone */
  }
  // Not ready first (a load balancer stops sending), still serving for SHUTDOWN_DRAIN_MS; close() then lets in-flight requests finish.
  beginShutdown(app);
  await new Promise((r) => setTimeout(r, config.monitoring?.shutdownDrainMs ?? 0));
  try {
    await app.close();
  } catch {
    /* closing anyway */
  }
  flowConfig.close();
  await db.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
