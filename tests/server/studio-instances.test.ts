/**
 * Every instance on one database serves the studio's live version: a second
 * instance picks up a publish within seconds (its poll of the live row), a
 * start with a live version in the database serves it, a live version that no
 * longer checks clean on this server is not served (logged loudly), and the
 * reload call's "files again" reaches the other instance too.
 * On SQLite the second instance is a second connection to the same file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioConfigRes, StudioPublishRes } from '../../src/contract/api/studio';
import type { Db } from '../../src/server/db/types';
import type { TestStore } from './core-helpers';
import { openSameStore, removeTmpDirs, served, signIn, startInstance, studioStore, until, type StudioInstance } from './studio-helpers';

let store: TestStore;
let second: Db;
const instances: StudioInstance[] = [];
const start = async (db: Db, opts: Parameters<typeof startInstance>[1] = {}) => {
  const i = await startInstance(db, { pollMs: 200, ...opts });
  instances.push(i);
  return i;
};

beforeAll(async () => {
  store = await studioStore();
  second = await openSameStore(store);
});
afterAll(async () => {
  for (const i of instances) await i.close().catch(() => undefined);
  await second?.close().catch(() => undefined);
  await store?.cleanup();
  removeTmpDirs();
});

describe('one live version for every instance', () => {
  it('a second instance on the same database serves a version published on the first within seconds (the default poll, 2 s)', async () => {
    const a = await start(store.db);
    const b = await start(second, { pollMs: 2000 });
    const admin = await signIn(a.app);
    const cfg = (await admin.get('/api/studio/config')).json() as StudioConfigRes;
    const files = { ...cfg.files, 'flows/messages.yaml': cfg.files['flows/messages.yaml'].replace('paySuccess: 支付成功', 'paySuccess: 两台都要看到') };
    const r = await admin.post('/api/studio/publish', { files, note: '', baseVersion: cfg.live.id });
    expect(r.statusCode, r.body).toBe(200);
    // from the publish's answer (live on A): the publish itself may include the check worker's start
    const t0 = Date.now();
    const { version } = r.json() as StudioPublishRes;
    expect((await served(a.app)).messages.paySuccess).toBe('两台都要看到');
    const onB = await until(() => served(b.app), (v) => v.version === version.hash, 10_000);
    expect(onB.messages.paySuccess).toBe('两台都要看到');
    expect(Date.now() - t0).toBeLessThan(6_000);
    expect(b.live.current).toMatchObject({ source: 'studio', studioVersion: version.id });
    // the studio on B sees the same live version
    const onBStudio = (await (await signIn(b.app)).get('/api/studio/config')).json() as StudioConfigRes;
    expect(onBStudio.live.id).toBe(version.id);
  });

  it('a start with a live version in the database serves it from the first request', async () => {
    const c = await start(second, { pollMs: 0 });
    expect((await served(c.app)).messages.paySuccess).toBe('两台都要看到');
    expect(c.logs.join('\n')).toMatch(/config swapped: version [0-9a-f]{12} \(studio version \d+, at start\)/);
  });

  it("the reload call on one instance makes the files live again: the other goes back to its own files", async () => {
    const [a, b] = instances;
    const r = await a.app.inject({ method: 'POST', url: '/api/admin/reload-config', remoteAddress: '127.0.0.1' });
    expect(r.json()).toMatchObject({ success: true });
    expect((await served(a.app)).messages.paySuccess).toBe('支付成功');
    const onB = await until(() => served(b.app), (v) => v.messages.paySuccess === '支付成功', 10_000);
    expect(onB.messages.paySuccess).toBe('支付成功');
    expect(b.live.current.source).toBe('files');
  });

  it('a live version that does not check clean on this server is not served: the files are, and the log says so loudly', async () => {
    const admin = await signIn(instances[0].app);
    const cfg = (await admin.get('/api/studio/config')).json() as StudioConfigRes;
    // As if published by a server whose registries had a call this one does not know.
    const broken = { ...cfg.files, 'flows/home.yaml': cfg.files['flows/home.yaml'].replace(/\n$/, '') + '\nnotAKey: 1\n' };
    const id = cfg.live.id + 1;
    await store.db.run(`INSERT INTO studio_versions (id, hash, files, author, note, created_at, source) VALUES ($1, 'abcdefabcdef', $2, 'admin', '', $3, 'publish')`, [id, JSON.stringify(broken), Date.now()]);
    await store.db.run(`UPDATE studio_live SET version_id = $1, follows_files = 0`, [id]);
    const d = await start(second, { pollMs: 0 });
    const log = d.logs.join('\n');
    expect(log).toMatch(new RegExp(`STUDIO VERSION ${id} \\(at start\\) DOES NOT CHECK CLEAN against this server`));
    expect(log).toMatch(/flows\/home\.yaml:\d+:\d+ {2}/);
    expect(d.live.current.source).toBe('files');
    expect((await served(d.app)).messages.paySuccess).toBe('支付成功');
    // a running instance polling the row logs it once, and keeps serving
    const a = instances[0];
    await until(async () => a.logs.join('\n'), (l) => l.includes(`STUDIO VERSION ${id}`), 10_000);
    await new Promise((r) => setTimeout(r, 600));
    expect(a.logs.filter((l) => l.includes(`STUDIO VERSION ${id}`))).toHaveLength(1);
    expect((await served(a.app)).messages.paySuccess).toBe('支付成功');
  });
});

describe('the snapshot keeps the texts', () => {
  it('a start on broken files serves the last good config and the studio still has its files', async () => {
    const a = instances[0];
    const dataDir = fs.mkdtempSync(path.join(path.dirname(a.configDir), 'cf-studio-snap-'));
    const { LiveConfig } = await import('../../src/server/config-live');
    const good = await LiveConfig.start(a.configDir, dataDir, () => undefined);
    expect(good.current.files?.['flows/messages.yaml']).toBeTruthy();
    const messages = path.join(a.configDir, 'flows/messages.yaml');
    const text = fs.readFileSync(messages, 'utf8');
    fs.writeFileSync(messages, text.replace('paySuccess: 支付成功', 'paySuccess: [支付成功'));
    const broken = await LiveConfig.start(a.configDir, dataDir, () => undefined);
    expect(broken.current.source).toBe('snapshot');
    expect(broken.current.files?.['flows/messages.yaml']).toBe(text);
    fs.writeFileSync(messages, text);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
