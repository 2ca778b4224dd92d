/**
 * Admin accounts managed in the studio (routes/studio/admins.ts), on the store
 * TEST_DB picks: the list (never a hash), adding an admin under the one name and
 * password rule, a taken name, changing your own password (the old one stops,
 * your other sessions end, this one stays; a wrong current password is counted
 * like a failed sign-in), removing another admin (their open session is refused
 * at once), never yourself nor the last admin, and the session + CSRF checks.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioAdminCreateRes, StudioAdminRemoveRes, StudioAdminsRes, StudioPasswordRes } from '../../src/contract/api/studio';
import { STUDIO_PASSWORD_MIN } from '../../src/contract/rules/studio-admin';
import { loadConfig } from '../../src/server/services/platform/config';
import { removeStudioAdmin } from '../../src/server/services/studio/admins';
import type { TestStore } from './core-helpers';
import { login, removeTmpDirs, signIn, startInstance, studioStore, type Admin, type StudioInstance } from './studio-helpers';

/** 配置 + 运营: what every admin held before roles were chosen. */
const CO = ['config', 'ops'];
const ZS = 'zhangsan';
const ZS_PASS = 'zhangsan-pass-2026';
const ZS_NEW = '张三的新密码-长一点-2026';

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

const names = async () => (await store.db.all<{ username: string }>('SELECT username FROM studio_admins ORDER BY username')).map((r) => r.username);
const sessionsOf = async (name: string) => Number((await store.db.one<{ n: number | string }>('SELECT COUNT(*) AS n FROM studio_sessions WHERE username = $1', [name]))!.n);

describe('admins list and add', () => {
  it('lists the admins (name, added, last sign-in) and never a hash', async () => {
    const r = await admin.get('/api/studio/admins');
    expect(r.statusCode).toBe(200);
    const body = r.json() as StudioAdminsRes;
    expect(body.admins).toEqual([{ username: 'admin', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), createdBy: null, lastLoginAt: new Date(s.clock.now()).toISOString(), roles: ['config', 'ops'] }]);
    expect(r.body).not.toMatch(/scrypt|hash/);
  });

  it('adds an admin who can then sign in; the row has a scrypt hash and who added it', async () => {
    const r = await admin.post('/api/studio/admins', { username: ZS, password: ZS_PASS, roles: CO });
    expect(r.statusCode).toBe(201);
    expect((r.json() as StudioAdminCreateRes).admin).toEqual({ username: ZS, createdAt: new Date(s.clock.now()).toISOString(), createdBy: 'admin', lastLoginAt: null, roles: ['config', 'ops'] });
    const row = await store.db.one<{ password_hash: string; created_by: string }>('SELECT password_hash, created_by FROM studio_admins WHERE username = $1', [ZS]);
    expect(row).toEqual({ password_hash: expect.stringMatching(/^scrypt\$16384\$8\$1\$/), created_by: 'admin' });
    expect((await login(s.app, ZS, ZS_PASS)).statusCode).toBe(200);
    // a Chinese name is a name too
    expect((await admin.post('/api/studio/admins', { username: '李四', password: 'li-si-password-1', roles: CO })).statusCode).toBe(201);
    expect(await names()).toEqual(['admin', ZS, '李四'].sort());
    const list = (await admin.get('/api/studio/admins')).json() as StudioAdminsRes;
    expect(list.admins.find((a) => a.username === ZS)!.lastLoginAt).toBe(new Date(s.clock.now()).toISOString());
  });

  it('refuses a taken name (409 用户名已存在), also in another case', async () => {
    for (const username of [ZS, 'ZhangSan', ' zhangsan ']) {
      const r = await admin.post('/api/studio/admins', { username, password: 'another-password-1', roles: CO });
      expect(r.statusCode, username).toBe(409);
      expect(r.json()).toEqual({ error: '用户名已存在' });
    }
    // the first zhangsan's password is untouched
    expect((await login(s.app, ZS, ZS_PASS)).statusCode).toBe(200);
  });

  it('refuses a short password and a bad name with the rule in Chinese, and adds nothing', async () => {
    const before = await names();
    const cases: Array<[unknown, string]> = [
      [{ username: 'wangwu', password: 'x'.repeat(STUDIO_PASSWORD_MIN - 1), roles: CO }, '密码至少 12 个字符'],
      [{ username: 'wangwu', password: '一二三四五六七八九十十', roles: CO }, '密码至少 12 个字符'], // 11 characters, 33 bytes
      [{ username: 'wangwu', password: 'x'.repeat(257), roles: CO }, '密码最多 256 个字符'],
      [{ username: 'w', password: 'long-enough-password', roles: CO }, '用户名为 2–32 个字符'],
      [{ username: 'w'.repeat(33), password: 'long-enough-password', roles: CO }, '用户名为 2–32 个字符'],
      [{ username: 'wang wu', password: 'long-enough-password', roles: CO }, '用户名只能包含字母、数字、汉字和 _ - .'],
      [{ username: 'wang@wu', password: 'long-enough-password', roles: CO }, '用户名只能包含字母、数字、汉字和 _ - .'],
      [{ username: 'wangwu', roles: CO }, '请输入用户名和密码'],
      [{ username: 'wangwu', password: 12345678901234, roles: CO }, '请输入用户名和密码'],
      [{ username: 'wangwu', password: 'long-enough-password' }, '请至少选择一个角色'],
      [{ username: 'wangwu', password: 'long-enough-password', roles: [] }, '请至少选择一个角色'],
    ];
    for (const [body, error] of cases) {
      const r = await admin.post('/api/studio/admins', body);
      expect([r.statusCode, r.json()], JSON.stringify(body)).toEqual([400, { error }]);
    }
    // exactly 12 characters is enough, a dot, dash and underscore are fine
    expect((await admin.post('/api/studio/admins', { username: 'wang_wu-2.x', password: 'x'.repeat(STUDIO_PASSWORD_MIN), roles: CO })).statusCode).toBe(201);
    expect(await names()).toEqual([...before, 'wang_wu-2.x'].sort());
  });

  it('the env password follows the same rule', () => {
    expect(() => loadConfig({ STUDIO_ADMIN_USER: 'chief', STUDIO_ADMIN_PASSWORD: '一二三四五六七八九十十' })).toThrow('STUDIO_ADMIN_PASSWORD must be at least 12 characters');
    expect(loadConfig({ STUDIO_ADMIN_USER: 'chief', STUDIO_ADMIN_PASSWORD: '一二三四五六七八九十十二' }).studio.adminUser).toBe('chief');
  });
});

describe('changing your own password', () => {
  it('the old password stops working, the other session ends, this one stays', async () => {
    const here = await signIn(s.app, ZS, ZS_PASS);
    const elsewhere = await signIn(s.app, ZS, ZS_PASS);
    const adminsOwn = await sessionsOf('admin');
    const r = await here.post('/api/studio/password', { current: ZS_PASS, next: ZS_NEW });
    expect(r.statusCode).toBe(200);
    expect((r.json() as StudioPasswordRes).endedSessions).toBeGreaterThanOrEqual(1);
    expect(await sessionsOf(ZS)).toBe(1);
    expect(await sessionsOf('admin')).toBe(adminsOwn); // nobody else's
    expect((await here.get('/api/studio/me')).statusCode).toBe(200);
    const gone = await elsewhere.get('/api/studio/me');
    expect([gone.statusCode, gone.json()]).toEqual([401, { error: '请先登录' }]);
    expect((await login(s.app, ZS, ZS_PASS)).json()).toEqual({ error: '用户名或密码错误' });
    expect((await login(s.app, ZS, ZS_NEW)).statusCode).toBe(200);
  });

  it('a wrong current password: 401 当前密码错误, counted like a failed sign-in, nothing changed', async () => {
    const me = await signIn(s.app, ZS, ZS_NEW);
    const r = await me.post('/api/studio/password', { current: ZS_PASS, next: 'yet-another-password' });
    expect([r.statusCode, r.json()]).toEqual([401, { error: '当前密码错误' }]);
    const counted = await store.db.one<{ failures: number | string }>(`SELECT failures FROM approver_login_limits WHERE limit_key = $1`, [`studio:${ZS}`]);
    expect(Number(counted!.failures)).toBe(1);
    // still signed in (a wrong current password is not a lost session), the password unchanged
    expect((await me.get('/api/studio/me')).statusCode).toBe(200);
    expect((await login(s.app, ZS, ZS_NEW)).statusCode).toBe(200); // and a success clears the count
    expect(await store.db.one(`SELECT failures FROM approver_login_limits WHERE limit_key = $1`, [`studio:${ZS}`])).toBeUndefined();
  });

  it('a short new password, or the same one, is refused before the current one is even tried', async () => {
    const me = await signIn(s.app, ZS, ZS_NEW);
    const short = await me.post('/api/studio/password', { current: 'whatever', next: 'short' });
    expect([short.statusCode, short.json()]).toEqual([400, { error: '密码至少 12 个字符' }]);
    expect(await store.db.one(`SELECT failures FROM approver_login_limits WHERE limit_key = $1`, [`studio:${ZS}`])).toBeUndefined();
    const same = await me.post('/api/studio/password', { current: ZS_NEW, next: ZS_NEW });
    expect([same.statusCode, same.json()]).toEqual([400, { error: '新密码不能与当前密码相同' }]);
    const missing = await me.post('/api/studio/password', { current: ZS_NEW });
    expect([missing.statusCode, missing.json()]).toEqual([400, { error: '请输入当前密码和新密码' }]);
  });
});

describe('removing an admin', () => {
  it('removes another admin: their open session is refused at once, their rows are gone', async () => {
    const zs = await signIn(s.app, ZS, ZS_NEW);
    expect((await zs.get('/api/studio/admins')).statusCode).toBe(200);
    const r = await admin.post(`/api/studio/admins/${ZS}/remove`);
    expect(r.statusCode).toBe(200);
    expect((r.json() as StudioAdminRemoveRes).removed).toBe(ZS);
    expect((r.json() as StudioAdminRemoveRes).endedSessions).toBeGreaterThanOrEqual(1);
    expect(await names()).not.toContain(ZS);
    expect(await sessionsOf(ZS)).toBe(0);
    const after = await zs.get('/api/studio/config');
    expect([after.statusCode, after.json()]).toEqual([401, { error: '请先登录' }]);
    expect((await login(s.app, ZS, ZS_NEW)).statusCode).toBe(401);
    // a name with Chinese characters goes in the path URL-encoded
    const li = await admin.post(`/api/studio/admins/${encodeURIComponent('李四')}/remove`);
    expect([li.statusCode, (li.json() as StudioAdminRemoveRes).removed]).toEqual([200, '李四']);
  });

  it('never yourself (409), never an unknown name (404), never the last admin (409)', async () => {
    const self = await admin.post('/api/studio/admins/admin/remove');
    expect([self.statusCode, self.json()]).toEqual([409, { error: '不能删除自己的账号' }]);
    const nobody = await admin.post('/api/studio/admins/nobody/remove');
    expect([nobody.statusCode, nobody.json()]).toEqual([404, { error: '没有这个管理员' }]);

    // only admin left: removing itself is refused as the last admin
    expect((await admin.post('/api/studio/admins/wang_wu-2.x/remove')).statusCode).toBe(200);
    expect(await names()).toEqual(['admin']);
    const last = await admin.post('/api/studio/admins/admin/remove');
    expect([last.statusCode, last.json()]).toEqual([409, { error: '至少要保留一个管理员' }]);
    expect(await names()).toEqual(['admin']);
  });

  it('two admins removing each other at the same moment: one of them stays', async () => {
    expect((await admin.post('/api/studio/admins', { username: 'zhaoliu', password: 'zhao-liu-password', roles: CO })).statusCode).toBe(201);
    const zl = await signIn(s.app, 'zhaoliu', 'zhao-liu-password');
    const [a, b] = await Promise.all([admin.post('/api/studio/admins/zhaoliu/remove'), zl.post('/api/studio/admins/admin/remove')]);
    expect([a.statusCode, b.statusCode].filter((c) => c === 200)).toHaveLength(1);
    expect(await names()).toHaveLength(1);
    // the service says why, under its lock
    const [left] = await names();
    expect(await removeStudioAdmin(store.db, left, 'someone-removed')).toBe('gone');
    expect(await removeStudioAdmin(store.db, left, left)).toBe('last');
    if (left !== 'admin') admin = await signIn(s.app, left, 'zhao-liu-password');
  });
});

describe('session and CSRF', () => {
  it('without a session every admin call is 401; a change without the CSRF header is 403; nothing changes', async () => {
    const before = await names();
    for (const [method, url] of [
      ['GET', '/api/studio/admins'],
      ['POST', '/api/studio/admins'],
      ['POST', '/api/studio/password'],
      ['POST', '/api/studio/admins/admin/remove'],
    ] as const) {
      const r = await s.app.inject({ method, url, payload: method === 'POST' ? { username: 'evil', password: 'evil-password-1', current: 'x', next: 'evil-password-1' } : undefined });
      expect([r.statusCode, r.json()], url).toEqual([401, { error: '请先登录' }]);
      const noCsrf = await s.app.inject({ method, url, headers: { cookie: admin.cookie }, payload: method === 'POST' ? { username: 'evil', password: 'evil-password-1' } : undefined });
      if (method === 'POST') expect([noCsrf.statusCode, noCsrf.json()], url).toEqual([403, { error: '页面已过期，请刷新后重试' }]);
      const badCsrf = await s.app.inject({ method: 'POST', url: '/api/studio/admins', headers: { cookie: admin.cookie, 'x-studio-csrf': 'not-the-token' }, payload: { username: 'evil', password: 'evil-password-1' } });
      expect(badCsrf.statusCode).toBe(403);
    }
    expect(await names()).toEqual(before);
  });
});

describe('lock-out', () => {
  it('five wrong current passwords lock the name like five failed sign-ins (429, then even the right one, and the sign-in too)', async () => {
    const [name] = await names();
    const password = name === 'admin' ? 'studio-demo-2026' : 'zhao-liu-password';
    const me = await signIn(s.app, name, password);
    for (let i = 1; i <= 4; i++) expect((await me.post('/api/studio/password', { current: `wrong-${i}`, next: 'a-new-long-password' })).statusCode).toBe(401);
    const fifth = await me.post('/api/studio/password', { current: 'wrong-5', next: 'a-new-long-password' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ error: '登录失败次数过多，请15分钟后再试', retryAfterSec: 900 });
    expect(fifth.headers['retry-after']).toBe('900');
    expect((await me.post('/api/studio/password', { current: password, next: 'a-new-long-password' })).statusCode).toBe(429);
    expect((await login(s.app, name, password, '10.9.9.9')).statusCode).toBe(429);
    s.clock.advance(15 * 60_000 + 1);
    expect((await login(s.app, name, password, '10.9.9.9')).statusCode).toBe(200);
    expect((await me.get('/api/studio/me')).statusCode).toBe(200);
  });
});

describe('the log', () => {
  it('says who added, changed and removed whom (studioUser), never a password', async () => {
    const st = await studioStore();
    let out = '';
    const stream = new Writable({
      write(c, _e, cb) {
        out += String(c);
        cb();
      },
    });
    const i = await startInstance(st.db, { logger: { stream, level: 'info' } });
    try {
      const boss = await signIn(i.app);
      expect((await boss.post('/api/studio/admins', { username: 'wangwu', password: 'wang-wu-password', roles: CO })).statusCode).toBe(201);
      const ww = await signIn(i.app, 'wangwu', 'wang-wu-password');
      expect((await ww.post('/api/studio/password', { current: 'wang-wu-password', next: 'wang-wu-password-2' })).statusCode).toBe(200);
      expect((await boss.post('/api/studio/admins/wangwu/remove')).statusCode).toBe(200);
      const lines = out.trim().split('\n').map((l) => JSON.parse(l) as { msg: string; studioUser?: string; admin?: string });
      const said = lines.filter((l) => l.msg.startsWith('studio: ')).map((l) => [l.studioUser, l.msg, l.admin]);
      expect(said).toEqual([
        ['admin', 'studio: admin added', 'wangwu'],
        ['wangwu', 'studio: own password changed, other sessions ended', undefined],
        ['admin', 'studio: admin removed, their sessions ended', 'wangwu'],
      ]);
      expect(out).not.toContain('wang-wu-password');
    } finally {
      await i.close();
      await st.cleanup();
    }
  });
});
