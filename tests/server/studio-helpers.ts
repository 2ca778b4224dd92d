/**
 * The admin studio's server tests: an app instance as main.ts builds it (a
 * LiveConfig on a copy of the repository's config, the studio on top), signed
 * in through the real sign-in, with the cookie and CSRF header a browser sends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { buildServer } from '../../src/server/app';
import { LiveConfig } from '../../src/server/config-live';
import { openDb } from '../../src/server/db/index';
import type { Db } from '../../src/server/db/types';
import { loadConfig, type ServerConfig } from '../../src/server/services/platform/config';
import { createStudioAdmin, DEMO_STUDIO_ADMIN, DEMO_STUDIO_PASSWORD } from '../../src/server/services/studio/admins';
import { STUDIO_CSRF_HEADER, STUDIO_SESSION_COOKIE } from '../../src/contract/api/studio';
import { freshStore, testClock, type TestStore } from './core-helpers';

export const REPO = path.resolve(import.meta.dirname, '../..');
export { DEMO_STUDIO_ADMIN, DEMO_STUDIO_PASSWORD };

const dirs: string[] = [];
export function tmpDir(prefix: string): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
}
export function removeTmpDirs(): void {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

/** A copy of the repository's flows/ and schemas/ (meta and api included: export must leave them alone). */
export function copyConfig(): string {
  const dir = tmpDir('cf-studio-config-');
  fs.cpSync(path.join(REPO, 'flows'), path.join(dir, 'flows'), { recursive: true });
  fs.cpSync(path.join(REPO, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  return dir;
}

export interface StudioInstance {
  app: FastifyInstance;
  live: LiveConfig;
  db: Db;
  configDir: string;
  clock: ReturnType<typeof testClock>;
  /** Everything the LiveConfig and the studio logged. */
  logs: string[];
  close(): Promise<void>;
}

/** Another handle on a store's database (a second instance on the same store). */
export async function openSameStore(store: TestStore): Promise<Db> {
  return store.env.DATABASE_URL ? openDb({ databaseUrl: store.env.DATABASE_URL }) : openDb({ dataDir: store.env.DATA_DIR, databaseUrl: '' });
}

export async function startInstance(db: Db, opts: { configDir?: string; pollMs?: number; config?: Partial<ServerConfig>; clock?: ReturnType<typeof testClock>; logger?: Record<string, unknown> } = {}): Promise<StudioInstance> {
  const configDir = opts.configDir ?? copyConfig();
  const logs: string[] = [];
  const live = await LiveConfig.start(configDir, tmpDir('cf-studio-data-'), (level, msg) => logs.push(`${level}: ${msg}`));
  const clock = opts.clock ?? testClock();
  const base = loadConfig({}, { sweepIntervalMs: 0, ...opts.config });
  const config = { ...base, studio: { ...base.studio, pollMs: opts.pollMs ?? 0 } };
  const app = await buildServer({ db, config, clock, logger: opts.logger ?? false, sweep: false, flowConfig: live });
  await app.ready();
  return { app, live, db, configDir, clock, logs, close: () => app.close() };
}

/** A fresh store with the demo admin. */
export async function studioStore(): Promise<TestStore> {
  const store = await freshStore();
  await createStudioAdmin(store.db, DEMO_STUDIO_ADMIN, DEMO_STUDIO_PASSWORD, Date.now());
  return store;
}

export interface Admin {
  cookie: string;
  csrf: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

export async function login(app: FastifyInstance, username = DEMO_STUDIO_ADMIN, password = DEMO_STUDIO_PASSWORD, remoteAddress = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/studio/login', payload: { username, password }, remoteAddress });
}

/** Signs in (the demo admin unless told) and gives calls that carry the session cookie and the CSRF header. */
export async function signIn(app: FastifyInstance, username = DEMO_STUDIO_ADMIN, password = DEMO_STUDIO_PASSWORD): Promise<Admin> {
  const r = await login(app, username, password);
  if (r.statusCode !== 200) throw new Error(`sign-in failed: ${r.statusCode} ${r.body}`);
  const set = ([] as string[]).concat(r.headers['set-cookie'] ?? []);
  const cookie = set.map((c) => c.split(';')[0]).find((c) => c.startsWith(`${STUDIO_SESSION_COOKIE}=`))!;
  const csrf = (r.json() as { csrf: string }).csrf;
  return {
    cookie,
    csrf,
    get: (url) => app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url, body = {}) => app.inject({ method: 'POST', url, payload: body as object, headers: { cookie, [STUDIO_CSRF_HEADER]: csrf } }),
  };
}

/** What the phone reads: /app-config.json's messages and the version header. */
export async function served(app: FastifyInstance): Promise<{ version: string; messages: Record<string, string> }> {
  const r = await app.inject({ method: 'GET', url: '/app-config.json' });
  return { version: String(r.headers['x-config-version']), messages: (r.json() as { messages: Record<string, string> }).messages };
}

export async function until<T>(f: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
