/**
 * The studio's server-side config check runs in a worker thread
 * (src/server/services/studio/check-pool.ts): while a check of a big draft runs,
 * an examinee's call on the same instance is answered; the answer is the one
 * the main thread's check gives (errors, and the checked config that publish
 * serves); a worker that dies mid-check gives a clear error, not a hang, and the
 * next check works; a check that runs too long is stopped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioConfigRes } from '../../src/contract/api/studio';
import { checkServerFiles, configVersion } from '../../src/server/config-live';
import { registriesFor } from '../../src/server/config-registries';
import { CheckPool, CheckWorkerFailure, checkWorkerFile, studioCheckPool } from '../../src/server/services/studio/check-pool';
import { MSG_CHECK_CRASHED } from '../../src/server/services/studio/live-sync';
import { freshStore, type TestStore } from './core-helpers';
import { killServers, startServer } from './process-helpers';
import { copyConfig, removeTmpDirs, signIn, startInstance, studioStore, tmpDir, type Admin, type StudioInstance } from './studio-helpers';

let store: TestStore;
let s: StudioInstance;
let admin: Admin;
let live: Record<string, string>;

beforeAll(async () => {
  store = await studioStore();
  s = await startInstance(store.db);
  admin = await signIn(s.app);
  live = ((await admin.get('/api/studio/config')).json() as StudioConfigRes).files;
  // the first check starts the worker (and, from the sources, tsx in it): not what the tests below measure
  expect((await admin.post('/api/studio/check', { files: live })).json()).toEqual({ errors: [] });
});
afterAll(async () => {
  killServers();
  await s?.close();
  await store?.cleanup();
  removeTmpDirs();
});

/** The config and three more copies of every form and questionnaire schema: about three times the work of a check. */
function bigDraft(): Record<string, string> {
  const files = { ...live };
  for (const [p, text] of Object.entries(live)) {
    if (!/^schemas\/(forms|questionnaires)\//.test(p)) continue;
    for (const n of [1, 2, 3]) files[p.replace(/\.json$/, `-copy${n}.json`)] = text;
  }
  return files;
}

/** A draft with errors in a flow (an unknown screen kind, function and step) and in a form schema (an unknown keyword). */
function brokenDraft(): Record<string, string> {
  return {
    ...live,
    'flows/home.yaml': live['flows/home.yaml']
      .replace('screen: cardList', 'screen: noSuchScreen')
      .replace('invoke: restoreRedirect', 'invoke: noSuchFunction')
      .replace('- go: Index', '- go: NoSuchStep'),
    'schemas/forms/report-login.json': live['schemas/forms/report-login.json'].replace('"type"', '"typo"'),
  };
}

/** The main thread's check, as the server did it before the worker. */
const inline = (files: Record<string, string>) => checkServerFiles(files, s.configDir);

describe('the check runs off the event loop', () => {
  it('while a check of a big draft runs, an examinee call on the same instance is answered before it ends', async () => {
    const pool = studioCheckPool();
    let checkAnswered = false;
    const check = admin.post('/api/studio/check', { files: bigDraft() }).then((r) => {
      checkAnswered = true;
      return r;
    });
    // until the worker has the check (the body read and checked, the files sent)
    while (!pool.busy && !checkAnswered) await new Promise((r) => setTimeout(r, 2));
    expect(checkAnswered).toBe(false);
    const answers: number[] = [];
    // several calls one after another, each answered while the check still runs
    for (let i = 0; i < 5; i++) {
      const r = await s.app.inject({ method: 'GET', url: '/config.json' });
      expect(r.statusCode).toBe(200);
      answers.push(Number(checkAnswered));
    }
    expect(answers).toEqual([0, 0, 0, 0, 0]);
    expect(pool.busy).toBe(true);
    const r = await check;
    expect(r.statusCode, r.body).toBe(200);
    expect(checkAnswered).toBe(true);
  });
});

describe('the same answer as the main thread', () => {
  it('a clean draft: no errors, and the checked config equals the main thread\'s (the served version hash too)', async () => {
    expect((await admin.post('/api/studio/check', { files: live })).json()).toEqual({ errors: [] });
    const here = inline(live);
    const there = await studioCheckPool().check(live, registriesFor(s.configDir));
    expect(there.errors).toEqual(here.errors);
    const { sources: hereSources, ...hereRest } = here.config;
    const { sources: thereSources, ...thereRest } = there.config;
    expect(isDeepStrictEqual(thereRest, hereRest)).toBe(true);
    expect(configVersion(there.config)).toBe(configVersion(here.config));
    // sources (position finders: functions, not sent) are back on the main thread, parsed from the same texts
    expect(Object.keys(thereSources)).toEqual(Object.keys(hereSources));
    const file = 'flows/messages.yaml';
    expect(thereSources[file].value).toEqual(hereSources[file].value);
    expect(thereSources[file].locate(['messages', 'paySuccess'])).toEqual(hereSources[file].locate(['messages', 'paySuccess']));
  });

  it('a broken draft: the same errors, in the same order, as the main thread\'s check', async () => {
    const files = brokenDraft();
    const expected = inline(files).errors;
    // the schema's "typo" is an unknown keyword (without "type", its "properties" still make it an object)
    expect(expected.map((e) => e.file)).toEqual(['flows/home.yaml', 'flows/home.yaml', 'flows/home.yaml', 'schemas/forms/report-login.json']);
    const r = await admin.post('/api/studio/check', { files });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ errors: expected });
    // publish refuses it with them
    const p = await admin.post('/api/studio/publish', { files, note: 'broken', baseVersion: 1 });
    expect(p.statusCode).toBe(422);
    expect((p.json() as { errors: unknown }).errors).toEqual(expected);
  });
});

describe('a worker that dies or hangs', () => {
  it('a worker ended mid-check: 503 with a clear message, logged; the next check gets a new worker and works', async () => {
    const pool = studioCheckPool();
    const check = admin.post('/api/studio/check', { files: bigDraft() });
    while (!pool.busy) await new Promise((r) => setTimeout(r, 2));
    await pool.stopWorker();
    const r = await check;
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ error: MSG_CHECK_CRASHED });
    expect(s.logs.some((l) => /^error: studio: the config check worker exited/.test(l))).toBe(true);

    const files = brokenDraft();
    const again = await admin.post('/api/studio/check', { files });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ errors: inline(files).errors });
  });

  it('an exception that kills the worker fails that check (never a hang); the checks waiting run on a new worker', async () => {
    const dir = tmpDir('cf-check-worker-');
    const file = path.join(dir, 'crash-once.mjs');
    const marker = path.join(dir, 'crashed');
    // the first worker throws outside any handler on its first message; the next one answers
    fs.writeFileSync(
      file,
      `import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
parentPort.on('message', (req) => {
  if (!fs.existsSync(${JSON.stringify(marker)})) { fs.writeFileSync(${JSON.stringify(marker)}, ''); setTimeout(() => { throw new Error('boom in the worker'); }); return; }
  parentPort.postMessage({ id: req.id, config: { app: {}, messages: {}, serverMessages: {}, flows: {}, steps: {}, schemas: {} }, errors: [] });
});
`,
    );
    const pool = new CheckPool({ file: () => new URL(`file://${file}`), meta: () => ({}) });
    try {
      const first = pool.check({}, registriesFor(s.configDir));
      const second = pool.check({}, registriesFor(s.configDir));
      const e = await first.then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(CheckWorkerFailure);
      expect(e).toMatchObject({ reason: 'crashed', message: expect.stringContaining('boom in the worker') });
      expect((await second).errors).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it('a check running longer than the timeout is stopped with a timeout failure', async () => {
    const pool = new CheckPool({ timeoutMs: 50 });
    try {
      const e = await pool.check(bigDraft(), registriesFor(s.configDir)).then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(CheckWorkerFailure);
      expect(e).toMatchObject({ reason: 'timeout' });
    } finally {
      await pool.close();
    }
  });

  it('the worker file: beside this module from the sources; beside main.js (or its chunks/) when compiled', () => {
    expect(checkWorkerFile().pathname).toMatch(/src\/server\/services\/studio\/check-worker-dev\.mjs$/);
    expect(fs.existsSync(checkWorkerFile())).toBe(true);
    const built = tmpDir('cf-built-');
    fs.mkdirSync(path.join(built, 'chunks'));
    fs.writeFileSync(path.join(built, 'check-worker.js'), '');
    expect(checkWorkerFile(`file://${built}/main.js`).pathname).toBe(`${built}/check-worker.js`);
    expect(checkWorkerFile(`file://${built}/chunks/chunk-X.js`).pathname).toBe(`${built}/check-worker.js`);
    fs.rmSync(path.join(built, 'check-worker.js'));
    expect(() => checkWorkerFile(`file://${built}/main.js`)).toThrow(/npm run build/);
  });
});

describe('the server run from its sources (npm run dev:server)', () => {
  it('node --import tsx src/server/main.ts, from another working directory: the worker loads check-worker.ts and answers as the main thread', async () => {
    const other = await freshStore();
    try {
      const password = 'dev-studio-pass-2026';
      const configDir = copyConfig();
      const server = await startServer({ ...other.env, CONFIG_DIR: configDir, STUDIO_ADMIN_USER: 'dev-admin', STUDIO_ADMIN_PASSWORD: password }, { cwd: tmpDir('cf-dev-cwd-') });
      const login = await fetch(`${server.base}/api/studio/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'dev-admin', password }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('studio_session='))!;
      const { csrf } = (await login.json()) as { csrf: string };
      const check = async (files: Record<string, string>) => {
        const r = await fetch(`${server.base}/api/studio/check`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'x-studio-csrf': csrf },
          body: JSON.stringify({ files }),
        });
        expect(r.status, server.output()).toBe(200);
        return r.json();
      };
      expect(await check(live)).toEqual({ errors: [] });
      const files = brokenDraft();
      expect(await check(files)).toEqual({ errors: inline(files).errors });
      expect(server.output()).not.toMatch(/check worker/);
    } finally {
      killServers();
      await other.cleanup();
    }
  });
});
