/**
 * Entry: PORT (8080), HOST (127.0.0.1), DATA_DIR (./data) or DATABASE_URL.
 * Refuses to start on a bad flow/schema config (src/engine/config/check.ts when
 * present) and on demo secrets in production (unless ALLOW_DEMO=1). Seeds an empty
 * database. Graceful shutdown on SIGTERM/SIGINT: close the server, then the db.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from './app';
import { openDb } from './db/index';
import { loadConfig, productionProblems } from './services/config';
import { seedIfEmpty } from './seed/index';

const config = loadConfig();
const log = (msg: string) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg })}\n`);
const fail = (msg: string) => {
  process.stderr.write(`${msg}\n`);
  process.exit(1);
};

const problems = productionProblems(config);
if (problems.length) fail(`refusing to start in production:\n - ${problems.join('\n - ')}\n(set ALLOW_DEMO=1 to run the demo anyway)`);

const checkFile = path.resolve('src/engine/config/check.ts');
if (process.env.SKIP_CONFIG_CHECK === '1') {
  log('SKIP_CONFIG_CHECK=1: flow/schema configuration check skipped');
} else if (fs.existsSync(checkFile)) {
  const mod = (await import(pathToFileURL(checkFile).href)) as {
    checkConfig?: (root: string) => Promise<{ errors: Array<{ file: string; line: number; column: number; message: string }> }>;
  };
  if (typeof mod.checkConfig === 'function') {
    const { errors } = await mod.checkConfig(process.cwd());
    if (errors.length) fail(`flow/schema configuration errors:\n${errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.message}`).join('\n')}`);
    log('flow/schema configuration ok');
  } else log('src/engine/config/check.ts has no checkConfig(): config check skipped');
} else log('src/engine/config/check.ts not present: config check skipped');

const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (config.seedOnStart && (await seedIfEmpty(db))) log('empty database: demo data seeded');
const app = await buildServer({ db, config, logger: true });
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
