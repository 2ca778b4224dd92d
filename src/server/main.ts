/**
 * Entry: PORT (8080), HOST (127.0.0.1), DATA_DIR (./data) or DATABASE_URL.
 * Refuses to start on a bad flow/schema config (CONFIG_DIR, default the working
 * directory: every problem printed as file:line:column) and on demo secrets in production (unless ALLOW_DEMO=1). Seeds an empty
 * database. Graceful shutdown on SIGTERM/SIGINT: close the server, then the db.
 */
import path from 'node:path';
import { checkConfig, formatErrors } from '../engine/config/check';
import { loadConfig as loadFlowConfig } from '../engine/config/load';
import { buildServer } from './app';
import { openDb } from './db/index';
import { loadConfig, productionProblems } from './services/config';
import { devSessionSecret } from './services/oauth-session';
import { seedIfEmpty } from './seed/index';

const config = loadConfig();
const log = (msg: string) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg })}\n`);
const fail = (msg: string) => {
  process.stderr.write(`${msg}\n`);
  process.exit(1);
};

const problems = productionProblems(config);
if (problems.length) fail(`refusing to start in production:\n - ${problems.join('\n - ')}\n(set ALLOW_DEMO=1 to run the demo anyway)`);
// The OAuth cookie's HMAC key: SESSION_SECRET (required in production, see productionProblems);
// for dev/demo/test a random key kept in DATA_DIR/session.key, never a key from the repository.
if (!config.sessionSecret) {
  const dev = devSessionSecret(config.dataDir);
  config.sessionSecret = dev.key;
  log(`SESSION_SECRET not set: OAuth cookies signed with a random key (${dev.source})`);
}

// The centre's flows/ and schemas/: checked before anything starts, then served.
const configDir = path.resolve(process.env.CONFIG_DIR ?? process.cwd());
let flowConfig;
if (process.env.SKIP_CONFIG_CHECK === '1') {
  log('SKIP_CONFIG_CHECK=1: flow/schema configuration check skipped');
  flowConfig = loadFlowConfig(configDir).config;
} else {
  const { config: checked, errors } = await checkConfig(configDir);
  if (errors.length) fail(`flow/schema configuration errors (${errors.length}) in ${configDir}:\n${formatErrors(errors)}`);
  log(`flow/schema configuration ok: ${configDir}`);
  flowConfig = checked;
}

const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (config.seedOnStart && (await seedIfEmpty(db))) log('empty database: demo data seeded');
const app = await buildServer({ db, config, logger: true, flowConfig });
await app.listen({ port: config.port, host: config.host });

let closing = false;
const shutdown = async (sig: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ sig }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
  } finally {
    await db.close();
  }
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
