/**
 * The real server as a process (`node --import tsx src/server/main.ts`) on a test
 * store: for what only a process shows — kill -9, start-up races between
 * instances, the start log, signals. Every process started here is killed by
 * killServers() (call it in afterAll).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { DEMO_TOKEN_CLIENT } from '../../src/server/services/platform/config';

const procs: ChildProcess[] = [];

export function killServers(): void {
  for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** One key for every process of a test run (and no session.key file written for a PostgreSQL run). */
export const SESSION_SECRET = randomBytes(32).toString('hex');

export interface ServerProcess {
  proc: ChildProcess;
  base: string;
  /** What it printed so far (stdout + stderr). */
  output(): string;
}

export interface StartProcessOptions {
  /** Keep stdout as a pipe the caller reads (default: collected into output()). */
  rawStdout?: boolean;
  timeoutMs?: number;
  /** Working directory of the process (default: the repository). */
  cwd?: string;
}

/** Starts a server on `env` (DATA_DIR or DATABASE_URL, plus overrides) and waits for /healthz. */
export async function startServer(env: Record<string, string>, opts: StartProcessOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  // tsx by absolute path: resolved from the repository whatever the process's working directory.
  const tsx = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
  const proc = spawn(process.execPath, ['--import', tsx, path.resolve('src/server/main.ts')], {
    cwd: opts.cwd ?? process.cwd(),
    env: { ...process.env, LOG_LEVEL: 'warn', SKIP_CONFIG_CHECK: '1', NODE_ENV: 'test', SESSION_SECRET, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  if (!opts.rawStdout) proc.stdout!.on('data', (c) => (out += String(c)));
  proc.stderr!.on('data', (c) => (out += String(c)));
  procs.push(proc);
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + (opts.timeoutMs ?? 60_000);
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}): ${out}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { proc, base, output: () => out };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${out}`);
}

export async function api(base: string, token: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; returnMsg: string; returnData: any };
}

/** A client-credentials token (the app's password grant). */
export async function clientToken(base: string): Promise<string> {
  const r = await api(base, '', 'TokenApi/GetToken', { grant_type: 'password', ...DEMO_TOKEN_CLIENT, scope: 'api1' });
  return r.returnData.access_token as string;
}

/** An openid-bound token, as a browser gets one: sandbox OAuth redirect (cookie), then GetToken {openid}. */
export async function userToken(base: string, openid: string): Promise<string> {
  const r = await fetch(`${base}/api/OAuthApi/toWeChatOauth?${new URLSearchParams({ targetUrl: '/#/oauth', openid })}`, { redirect: 'manual' });
  const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0];
  const res = await fetch(`${base}/api/TokenApi/GetToken`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ openid }) });
  const t = ((await res.json()) as { returnData: { access_token: string } }).returnData.access_token;
  if (!t) throw new Error(`no token for ${openid}`);
  return t;
}

/** Resolves with the exit code/signal, or null when the process is still running after `ms`. */
export function exitWithin(proc: ChildProcess, ms: number): Promise<{ code: number | null; signal: string | null } | null> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve({ code: proc.exitCode, signal: proc.signalCode });
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(null), ms);
    proc.once('exit', (code, signal) => {
      clearTimeout(t);
      resolve({ code, signal });
    });
  });
}
