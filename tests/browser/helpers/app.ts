/**
 * Browser-test harness: build the app once (when dist/ is stale), start the
 * repo's real server (`node --import tsx src/server/main.ts`) on a free port with
 * a temp DATA_DIR and a CONFIG_DIR, and open a phone-sized Chromium.
 *
 * Config serving: the server is asked for /app-config.json first. When it does
 * not serve the requested config directory (no endpoint yet, or it ignores
 * CONFIG_DIR), a small in-process front server serves /app-config.json and
 * /schemas/* from `configDir` (loaded + checked by the engine) and proxies
 * everything else to the real server. `startApp().viaProxy` says which.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The build the browser tests serve; BROWSER_DIST puts it elsewhere (several checkouts or workers building at once). */
export const DIST = process.env.BROWSER_DIST ? path.resolve(process.env.BROWSER_DIST) : path.join(REPO, 'dist');
export const FIXTURE_SHELL = path.join(REPO, 'tests/fixtures/app-shell');

// ------------------------------------------------------------------ build

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const f of fs.readdirSync(p)) {
    if (f === 'node_modules' || f.startsWith('.')) continue;
    max = Math.max(max, newestMtime(path.join(p, f)));
  }
  return max;
}

/** Sources the bundle is made of; dist older than any of them is rebuilt. */
// vite.config.ts and the build plugins it imports (scripts/vite-*.ts) shape the bundle too.
const BUNDLE_INPUTS = ['index.html', 'vite.config.ts', 'scripts/engine-floor.js', 'scripts/vite-engine-floor.ts', 'scripts/vite-axios-xhr.ts', 'scripts/vite-chunks.ts', 'scripts/vite-precompress.ts', 'scripts/vite-react-router-prod.ts', 'src/app', 'src/widgets', 'src/engine', 'src/contract', 'package-lock.json'];

export function distIsStale(): boolean {
  const built = fs.existsSync(path.join(DIST, 'index.html')) ? fs.statSync(path.join(DIST, 'index.html')).mtimeMs : 0;
  if (!built) return true;
  return BUNDLE_INPUTS.some((p) => newestMtime(path.join(REPO, p)) > built);
}

/** Builds dist/ with vite when stale (SKIP_BUILD=1 trusts an existing dist/), then the studio (dist/studio/) when it is. */
export function ensureBuilt(): void {
  ensureAppBuilt();
  ensureStudioBuilt();
  ensureSsrBuilt();
}

/** The server render bundle (vite.ssr.config.ts) beside the build the tests serve: <DIST>-ssr/. */
export const SSR_DIR = `${DIST}-ssr`;
const SSR_INPUTS = ['vite.ssr.config.ts', 'scripts/vite-react-router-prod.ts', 'src/app', 'src/widgets', 'src/engine', 'src/contract', 'package-lock.json'];

function ensureSsrBuilt(): void {
  const entry = path.join(SSR_DIR, 'ssr-entry.js');
  const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
  if (built && !SSR_INPUTS.some((p) => newestMtime(path.join(REPO, p)) > built)) return;
  viteBuild(['-c', path.join(REPO, 'vite.ssr.config.ts')], SSR_DIR);
}

/** `vite build` (with `args`) into `outDir`, emptied first. */
function viteBuild(args: string[], outDir: string): void {
  execFileSync(process.execPath, [path.join(REPO, 'node_modules/vite/bin/vite.js'), 'build', ...args, '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    cwd: REPO,
    // vitest runs with NODE_ENV=test, which would make vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 180_000,
  });
}

function ensureAppBuilt(): void {
  if (process.env.SKIP_BUILD === '1' && fs.existsSync(path.join(DIST, 'index.html'))) return;
  if (!distIsStale()) return;
  viteBuild([], DIST);
}

/** Sources the admin studio (its own build, vite.studio.config.ts → dist/studio/) is made of. */
const STUDIO_INPUTS = ['studio', 'vite.studio.config.ts', 'src/studio', 'src/app', 'src/widgets', 'src/engine', 'src/contract', 'package-lock.json'];

export function studioIsStale(): boolean {
  const index = path.join(DIST, 'studio', 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  if (!built) return true;
  return STUDIO_INPUTS.some((p) => newestMtime(path.join(REPO, p)) > built);
}

/**
 * Builds dist/studio/ when missing or stale: after the app's build (which
 * empties dist/), and on its own when only the studio's sources changed. Its
 * own small build (a few seconds), so even SKIP_BUILD=1 rebuilds a stale one.
 */
export function ensureStudioBuilt(): void {
  if (!studioIsStale()) return;
  viteBuild(['-c', path.join(REPO, 'vite.studio.config.ts')], path.join(DIST, 'studio'));
}

// ------------------------------------------------------------------ server

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess, logs: () => string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${logs()}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${logs()}`);
}

/** {app, messages, flows, steps} of a config dir, checked by the engine with the app's registries. */
export async function configJson(configDir: string): Promise<Record<string, unknown>> {
  const { checkConfig } = await import('../../../src/engine/config/check');
  const { registriesFor } = await import('../../../src/server/config-registries.js');
  const r = await checkConfig(configDir, registriesFor(configDir));
  if (r.errors.length) throw new Error(`fixture config errors:\n${r.errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.message}`).join('\n')}`);
  const { app, messages, flows, steps } = r.config;
  return { app, messages, flows, steps };
}

function startFront(configDir: string, target: string, cfg: Record<string, unknown>): Promise<{ url: string; close(): Promise<void> }> {
  const t = new URL(target);
  const schemasRoot = path.join(configDir, 'schemas');
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === '/app-config.json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(JSON.stringify(cfg));
    }
    if (u.pathname.startsWith('/schemas/')) {
      const rel = decodeURIComponent(u.pathname.slice('/schemas/'.length));
      const file = path.resolve(schemasRoot, rel);
      if (!file.startsWith(schemasRoot + path.sep) || rel.startsWith('meta/') || !file.endsWith('.json') || !fs.existsSync(file)) {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      return res.end(fs.readFileSync(file));
    }
    const up = http.request(
      // Host is kept: the server checks OAuth targetUrl against the request's own host (the front's).
      { host: t.hostname, port: t.port, method: req.method, path: req.url, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

/**
 * A shadow of the repository whose flows/ and schemas/ are the config dir's
 * (schemas/meta and schemas/api stay the repo's: the format and the server's own
 * request schemas). The server runs with this as its working directory, so its
 * start-up config check and everything it reads from `flows/`/`schemas/` see the
 * fixture, whether or not it honours CONFIG_DIR.
 */
export function shadowRepo(configDir: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'checkup-shadow-'));
  for (const e of fs.readdirSync(REPO)) {
    if (['flows', 'schemas', 'data', '.git', 'test-artifacts'].includes(e)) continue;
    fs.symlinkSync(path.join(REPO, e), path.join(root, e));
  }
  fs.symlinkSync(path.join(configDir, 'flows'), path.join(root, 'flows'));
  fs.mkdirSync(path.join(root, 'schemas'));
  const own = fs.existsSync(path.join(configDir, 'schemas')) ? fs.readdirSync(path.join(configDir, 'schemas')) : [];
  for (const e of own) fs.symlinkSync(path.join(configDir, 'schemas', e), path.join(root, 'schemas', e));
  for (const e of ['meta', 'api']) {
    if (!own.includes(e) && fs.existsSync(path.join(REPO, 'schemas', e))) fs.symlinkSync(path.join(REPO, 'schemas', e), path.join(root, 'schemas', e));
  }
  return root;
}

export interface RunningApp {
  /** Where the phone opens the app. */
  baseUrl: string;
  /** The real server. */
  serverUrl: string;
  /** true when /app-config.json and /schemas come from the harness's front server. */
  viaProxy: boolean;
  /** The server's data directory (its SQLite database). */
  dataDir: string;
  /** Rows of a query on the server's database: what a person's taps stored (or a test's setup change). */
  sql<T = Record<string, unknown>>(query: string, ...params: unknown[]): T[];
  logs(): string;
  stop(): Promise<void>;
}

/** A look into a test server's SQLite database (WAL: safe beside the running server). */
export function sqlOn(dataDir: string) {
  return <T = Record<string, unknown>>(query: string, ...params: unknown[]): T[] => {
    const db = new Database(path.join(dataDir, 'checkup.db'), { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    try {
      const st = db.prepare(query);
      return (st.reader ? st.all(...params) : (st.run(...params), [])) as T[];
    } finally {
      db.close();
    }
  };
}

export interface StartOptions {
  /** Directory with flows/ and schemas/ (default: the repo root). */
  configDir?: string;
  /** An existing data directory (the database) to run on, kept on stop: restart on the same data. Default: a fresh temp dir, removed on stop. */
  dataDir?: string;
  env?: Record<string, string>;
}

export async function startApp(opts: StartOptions = {}): Promise<RunningApp> {
  ensureBuilt();
  const configDir = path.resolve(opts.configDir ?? REPO);
  const cwd = configDir === REPO ? REPO : shadowRepo(configDir);
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'checkup-shell-'));
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ALLOW_DEMO: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CONFIG_DIR: cwd,
      DIST_DIR: DIST,
      SSR_DIR,
      LOG_LEVEL: 'warn',
      // the SQLite store under DATA_DIR, whatever the caller's environment says
      DATABASE_URL: '',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const serverUrl = `http://127.0.0.1:${port}`;
  const logs = () => out.slice(-4000);
  const kill = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          r(null);
        }, 5000);
        child.once('exit', () => {
          clearTimeout(t);
          r(null);
        });
      });
    }
    if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (cwd !== REPO) fs.rmSync(cwd, { recursive: true, force: true }); // symlinks only: targets untouched
  };
  try {
    await waitHealthy(serverUrl, child, logs);
  } catch (e) {
    await kill();
    throw e;
  }

  // Does the server serve this config dir itself?
  const wanted = await configJson(configDir);
  let served: Record<string, unknown> | null = null;
  try {
    const r = await fetch(`${serverUrl}/app-config.json`);
    if (r.ok) served = (await r.json()) as Record<string, unknown>;
  } catch {
    /* no endpoint */
  }
  const sameSteps = (a: unknown, b: unknown) =>
    JSON.stringify(Object.keys((a as object) ?? {}).sort()) === JSON.stringify(Object.keys((b as object) ?? {}).sort());
  if (served && sameSteps(served.steps, wanted.steps)) {
    return { baseUrl: serverUrl, serverUrl, viaProxy: false, dataDir, sql: sqlOn(dataDir), logs, stop: kill };
  }
  const front = await startFront(configDir, serverUrl, wanted);
  return {
    baseUrl: front.url,
    serverUrl,
    viaProxy: true,
    dataDir,
    sql: sqlOn(dataDir),
    logs,
    stop: async () => {
      await front.close();
      await kill();
    },
  };
}

// ------------------------------------------------------------------ config copies

/** A temp copy of the repository's flows/ and schemas/, for tests that edit config only. */
export function copyConfig(prefix = 'checkup-config-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(path.join(REPO, 'flows'), path.join(dir, 'flows'), { recursive: true });
  fs.cpSync(path.join(REPO, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  return dir;
}

/** Replaces `from` by `to` in a config file; a `from` the file lacks is an error (the edit must happen). */
export function editConfigFile(file: string, from: string, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} should contain ${from}`);
  fs.writeFileSync(file, text.replace(from, to));
}
