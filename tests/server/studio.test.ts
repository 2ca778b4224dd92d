/**
 * The admin studio's API (src/contract/api/studio.ts) on one instance: sign-in
 * and its lock-out, the session cookie and CSRF, the server's check, publish
 * (refused with errors, refused on a stale base, else live at once for the
 * phones), versions and restore, and export (a .tar.gz download, and written
 * into CONFIG_DIR without touching schemas/meta or schemas/api).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioConfigRes, StudioPublishRes, StudioVersionRes, StudioVersionsRes } from '../../src/contract/api/studio';
import { setStudioCookie } from '../../src/server/services/studio/sessions';
import type { TestStore } from './core-helpers';
import { login, removeTmpDirs, served, signIn, startInstance, studioStore, tmpDir, type Admin, type StudioInstance } from './studio-helpers';

let store: TestStore;
let s: StudioInstance;
let admin: Admin;

beforeAll(async () => {
  store = await studioStore();
  s = await startInstance(store.db);
  admin = await signIn(s.app);
});
afterAll(async () => {
  await s?.close();
  await store?.cleanup();
  removeTmpDirs();
});

const ORIGINAL = 'paySuccess: 支付成功';

describe('sign-in', () => {
  it('a wrong password and an unknown name get the same 401; a right one a session cookie (HttpOnly, SameSite=Strict, Path=/api/studio) and a csrf', async () => {
    const wrong = await login(s.app, 'admin', 'nope-nope-nope', '10.0.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: '用户名或密码错误' });
    const nobody = await login(s.app, 'nobody', 'nope-nope-nope', '10.0.0.1');
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toEqual(wrong.json());

    const ok = await login(s.app, 'admin', 'studio-demo-2026', '10.0.0.1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ username: 'admin', csrf: expect.stringMatching(/^[\w-]{20,}$/) });
    const cookie = String(ok.headers['set-cookie']);
    expect(cookie).toMatch(/^studio_session=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/studio');
    expect(cookie).toContain('Max-Age=43200');
    expect(cookie).not.toContain('Secure'); // not production
    // the database keeps only a hash of the token
    const token = cookie.split(';')[0].split('=')[1];
    const rows = await store.db.all<{ token_hash: string }>('SELECT token_hash FROM studio_sessions');
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('the cookie is Secure in production', () => {
    const headers: Record<string, string> = {};
    setStudioCookie({ header: (k: string, v: string) => (headers[k] = v) } as never, 'tok', true);
    expect(headers['set-cookie']).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('5 failures in 15 minutes lock the name for 15 minutes: 429 with retryAfterSec and a Chinese message, even for the right password', async () => {
    const ip = '10.0.0.2';
    for (let i = 0; i < 4; i++) expect((await login(s.app, 'admin', `wrong-${i}`, ip)).statusCode).toBe(401);
    const fifth = await login(s.app, 'admin', 'wrong-5', ip);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ error: '登录失败次数过多，请15分钟后再试', retryAfterSec: 900 });
    expect(fifth.headers['retry-after']).toBe('900');
    // the name is locked from any address, the right password included
    const right = await login(s.app, 'admin', 'studio-demo-2026', '10.0.0.3');
    expect(right.statusCode).toBe(429);
    s.clock.advance(10 * 60_000);
    expect((await login(s.app, 'admin', 'studio-demo-2026', '10.0.0.3')).json()).toMatchObject({ retryAfterSec: 300, error: '登录失败次数过多，请5分钟后再试' });
    s.clock.advance(5 * 60_000 + 1000);
    expect((await login(s.app, 'admin', 'studio-demo-2026', '10.0.0.3')).statusCode).toBe(200);
  });

  it('a typo-prone colleague locks only their own name: the other admins at that address still sign in; the address has its own, higher limit', async () => {
    const ip = '10.0.0.9';
    // Five wrong passwords on a name that does not even exist…
    for (let i = 0; i < 5; i++) await login(s.app, 'no-such-admin', `wrong-${i}`, ip);
    expect((await login(s.app, 'no-such-admin', 'wrong-6', ip)).statusCode).toBe(429);
    // …do not lock the real admin at the same address.
    expect((await login(s.app, 'admin', 'studio-demo-2026', ip)).statusCode).toBe(200);
    // The address's own limit (25 wrong on any names in 15 minutes): then wrong passwords are answered 429…
    for (let i = 0; i < 25; i++) await login(s.app, `guess-${i % 5}-${Math.floor(i / 5)}`, 'wrong', ip);
    const wrong = await login(s.app, 'admin', 'not-it', ip);
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json()).toMatchObject({ error: expect.stringMatching(/^登录失败次数过多，请\d+分钟后再试$/) });
    // …while a right password of an account that is not locked still gets in (the wrong one above counted against it).
    expect((await login(s.app, 'admin', 'studio-demo-2026', ip)).statusCode).toBe(200);
    // A name's five failures lock it from there too, the address lock buying no extra tries.
    for (let i = 0; i < 5; i++) await login(s.app, 'admin', `again-${i}`, ip);
    expect((await login(s.app, 'admin', 'studio-demo-2026', '10.0.0.10')).statusCode).toBe(429);
    s.clock.advance(15 * 60_000 + 1000);
  });

  it('every call but sign-in needs the session (401); every change the CSRF header too (403); logout ends the session', async () => {
    for (const url of ['/api/studio/me', '/api/studio/config', '/api/studio/versions', '/api/studio/check-context', '/api/studio/export']) {
      const r = await s.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(401);
      expect(r.json()).toEqual({ error: '请先登录' });
    }
    expect((await s.app.inject({ method: 'POST', url: '/api/studio/check', payload: { files: {} } })).statusCode).toBe(401);
    const forged = await s.app.inject({ method: 'GET', url: '/api/studio/me', headers: { cookie: 'studio_session=forged' } });
    expect(forged.statusCode).toBe(401);

    const me = await admin.get('/api/studio/me');
    expect(me.json()).toEqual({ username: 'admin', csrf: admin.csrf, roles: ['config', 'ops'] });
    const noCsrf = await s.app.inject({ method: 'POST', url: '/api/studio/check', payload: { files: {} }, headers: { cookie: admin.cookie } });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toEqual({ error: '页面已过期，请刷新后重试' });
    const badCsrf = await s.app.inject({ method: 'POST', url: '/api/studio/publish', payload: {}, headers: { cookie: admin.cookie, 'x-studio-csrf': 'x' } });
    expect(badCsrf.statusCode).toBe(403);

    const other = await signIn(s.app);
    expect((await other.post('/api/studio/logout')).statusCode).toBe(204);
    expect((await other.get('/api/studio/me')).statusCode).toBe(401);
    expect((await admin.get('/api/studio/me')).statusCode).toBe(200);
  });

  it('a session ends 12 hours after sign-in', async () => {
    const a = await signIn(s.app);
    s.clock.advance(12 * 3600_000 + 1);
    expect((await a.get('/api/studio/me')).statusCode).toBe(401);
    admin = await signIn(s.app);
  });
});

describe('config, check, publish, versions, restore, export', () => {
  let v1: StudioConfigRes;

  it('the first use records the served files as version 1 (source files, author files)', async () => {
    const r = await admin.get('/api/studio/config');
    expect(r.statusCode).toBe(200);
    v1 = r.json() as StudioConfigRes;
    expect(v1.live).toMatchObject({ id: 1, source: 'files', author: 'files', hash: s.live.current.version });
    expect(v1.files['flows/messages.yaml']).toContain(ORIGINAL);
    expect(Object.keys(v1.files).some((p) => p.startsWith('schemas/meta/') || p.startsWith('schemas/api/'))).toBe(false);
    // asked again: the same version, nothing recorded twice
    expect((await admin.get('/api/studio/config')).json()).toMatchObject({ live: { id: 1 } });
    const ctx = (await admin.get('/api/studio/check-context')).json() as { registries: { calls: string[]; screens: object }; meta: object; editor: Record<string, object> };
    expect(ctx.registries.calls).toContain('GetClusItemList');
    expect(Object.keys(ctx.editor).sort()).toEqual(['flow', 'form', 'question-bank']);
    expect(ctx.meta).toHaveProperty('definitions');
  });

  it('check: a planted mistake comes back with its file, line and column', async () => {
    const files = { ...v1.files, 'flows/messages.yaml': v1.files['flows/messages.yaml'].replace(ORIGINAL, 'paySuccess: [支付成功') };
    const r = await admin.post('/api/studio/check', { files });
    expect(r.statusCode).toBe(200);
    const { errors } = r.json() as { errors: Array<{ file: string; line: number; column: number; message: string }> };
    const line = v1.files['flows/messages.yaml'].split('\n').findIndex((l) => l.includes(ORIGINAL)) + 1;
    expect(errors[0]).toMatchObject({ file: 'flows/messages.yaml', message: expect.stringContaining('YAML 格式错误') });
    expect(errors[0].line).toBeGreaterThanOrEqual(line);
    expect((await admin.post('/api/studio/check', { files: v1.files })).json()).toEqual({ errors: [] });
    expect((await admin.post('/api/studio/check', { files: 'nope' })).statusCode).toBe(400);
  });

  it('publish with errors: 422 with the errors, nothing stored, nothing served differently', async () => {
    const before = await served(s.app);
    const files = { ...v1.files, 'flows/home.yaml': `${v1.files['flows/home.yaml']}\nnotAKey: 1\n` };
    const r = await admin.post('/api/studio/publish', { files, note: 'broken', baseVersion: 1 });
    expect(r.statusCode).toBe(422);
    const body = r.json() as { error: string; errors: Array<{ file: string; line: number }> };
    expect(body.error).toMatch(/配置有错误/);
    expect(body.errors[0]).toMatchObject({ file: 'flows/home.yaml' });
    expect((await admin.get('/api/studio/versions')).json()).toMatchObject({ live: 1, versions: [{ id: 1 }] });
    expect(await served(s.app)).toEqual(before);
  });

  it('publish a message edit: the phones get the new text and a new x-config-version at once; a stale base is 409', async () => {
    const before = await served(s.app);
    const files = { ...v1.files, 'flows/messages.yaml': v1.files['flows/messages.yaml'].replace(ORIGINAL, 'paySuccess: 支付成功，请按时到检') };
    const r = await admin.post('/api/studio/publish', { files, note: '改支付成功提示', baseVersion: 1 });
    expect(r.statusCode, r.body).toBe(200);
    const { version } = r.json() as StudioPublishRes;
    expect(version).toMatchObject({ id: 2, source: 'publish', author: 'admin', note: '改支付成功提示', restoredFrom: null });
    const after = await served(s.app);
    expect(after.messages.paySuccess).toBe('支付成功，请按时到检');
    expect(after.version).not.toBe(before.version);
    expect(after.version).toBe(version.hash);
    // every answer says so (the phone compares it on its next step)
    expect((await s.app.inject({ method: 'GET', url: '/config.json' })).headers['x-config-version']).toBe(version.hash);

    const stale = await admin.post('/api/studio/publish', { files, note: 'from an old draft', baseVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: expect.stringMatching(/已被他人更新/) });
  });

  it('versions: newest first, the live one named; one version with its files', async () => {
    const list = (await admin.get('/api/studio/versions')).json() as StudioVersionsRes;
    expect(list.live).toBe(2);
    expect(list.versions.map((v) => [v.id, v.source])).toEqual([[2, 'publish'], [1, 'files']]);
    expect(list.versions[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const one = (await admin.get('/api/studio/versions/1')).json() as StudioVersionRes;
    expect(one.version.id).toBe(1);
    expect(one.files['flows/messages.yaml']).toContain(ORIGINAL);
    expect((await admin.get('/api/studio/versions/99')).statusCode).toBe(404);
    expect((await admin.get('/api/studio/versions/abc')).statusCode).toBe(404);
  });

  it('a change of the files on disk while a studio version is live is logged as not served', async () => {
    const r = await s.live.reload('watch');
    expect(r).toMatchObject({ ok: true, changed: false });
    expect(s.logs.join('\n')).toMatch(/config files changed in .* but are NOT served: studio version 2/);
    expect((await served(s.app)).messages.paySuccess).toBe('支付成功，请按时到检');
  });

  it('restore brings the old text back as a new version (source restore)', async () => {
    const r = await admin.post('/api/studio/versions/1/restore', { note: '撤销' });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as StudioPublishRes).version).toMatchObject({ id: 3, source: 'restore', restoredFrom: 1, note: '撤销', hash: v1.live.hash });
    expect((await served(s.app)).messages.paySuccess).toBe('支付成功');
    expect((await served(s.app)).version).toBe(v1.live.hash);
    expect((await admin.get('/api/studio/config')).json()).toMatchObject({ live: { id: 3 } });
  });

  it('GET export: a gzip tar of the live version holding flows/messages.yaml', async () => {
    const files = { ...v1.files, 'flows/messages.yaml': v1.files['flows/messages.yaml'].replace(ORIGINAL, 'paySuccess: 导出测试') };
    expect((await admin.post('/api/studio/publish', { files, note: '', baseVersion: 3 })).statusCode).toBe(200);
    const r = await admin.get('/api/studio/export');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/gzip');
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="checkup-config-v4-[0-9a-f]{12}\.tar\.gz"/);
    const tar = zlib.gunzipSync(r.rawPayload);
    expect(tar.length % 512).toBe(0);
    const out = tmpDir('cf-studio-tar-');
    fs.writeFileSync(path.join(out, 'x.tar.gz'), r.rawPayload);
    execFileSync('tar', ['-xzf', 'x.tar.gz'], { cwd: out });
    expect(fs.readFileSync(path.join(out, 'flows/messages.yaml'), 'utf8')).toBe(files['flows/messages.yaml']);
    for (const [p, text] of Object.entries(files)) expect(fs.readFileSync(path.join(out, p), 'utf8'), p).toBe(text);
  });

  it('POST export writes the live files into CONFIG_DIR and removes config files it does not have; schemas/meta and schemas/api untouched', async () => {
    const list = (dir: string) => fs.readdirSync(path.join(s.configDir, dir), { recursive: true }).map(String).sort();
    const meta = list('schemas/meta');
    const api = list('schemas/api');
    fs.writeFileSync(path.join(s.configDir, 'schemas/forms/stray.json'), '{}');
    const r = await admin.post('/api/studio/export', {});
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ written: ['flows/messages.yaml'], removed: ['schemas/forms/stray.json'] });
    expect(fs.readFileSync(path.join(s.configDir, 'flows/messages.yaml'), 'utf8')).toContain('paySuccess: 导出测试');
    expect(fs.existsSync(path.join(s.configDir, 'schemas/forms/stray.json'))).toBe(false);
    expect(list('schemas/meta')).toEqual(meta);
    expect(list('schemas/api')).toEqual(api);
    // written again: nothing to do
    expect((await admin.post('/api/studio/export', {})).json()).toEqual({ written: [], removed: [] });
  });

  it('the reload call on the server makes the files live again (files mode), recorded as a files version', async () => {
    fs.writeFileSync(path.join(s.configDir, 'flows/messages.yaml'), fs.readFileSync(path.join(s.configDir, 'flows/messages.yaml'), 'utf8').replace('paySuccess: 导出测试', 'paySuccess: 文件改的'));
    const r = await s.app.inject({ method: 'POST', url: '/api/admin/reload-config', remoteAddress: '127.0.0.1' });
    expect(r.json()).toMatchObject({ success: true });
    expect((await served(s.app)).messages.paySuccess).toBe('文件改的');
    const cfg = (await admin.get('/api/studio/config')).json() as StudioConfigRes;
    expect(cfg.live).toMatchObject({ id: 5, source: 'files', author: 'files' });
    expect(cfg.files['flows/messages.yaml']).toContain('paySuccess: 文件改的');
    // and the files are followed again
    fs.writeFileSync(path.join(s.configDir, 'flows/messages.yaml'), cfg.files['flows/messages.yaml'].replace('paySuccess: 文件改的', 'paySuccess: 又改了'));
    await s.live.reload('watch');
    expect((await served(s.app)).messages.paySuccess).toBe('又改了');
    // the studio records the edited files when it meets them (publish from the old files version is stale)
    const stale = await admin.post('/api/studio/publish', { files: cfg.files, note: '', baseVersion: 5 });
    expect(stale.statusCode).toBe(409);
    expect((await admin.get('/api/studio/config')).json()).toMatchObject({ live: { id: 6, source: 'files' } });
  });
});
