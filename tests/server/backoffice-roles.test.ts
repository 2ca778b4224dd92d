/**
 * Studio roles (issue 23), on the store TEST_DB picks: every change route the
 * studio registers (the route record of routes/studio/index.ts, so a route added
 * later is walked too) refuses an admin without the role it declares — 只读 on
 * every one, 运营 on those that need 配置 — with the Chinese refusal and nothing
 * written anywhere; and the roles themselves: set by a 配置 admin, never leaving
 * the studio without a 配置 admin (also when two take it from each other at once),
 * your own too, unknown or mixed sets refused, a role taken away applying at the
 * next call of an open session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_LAST_CONFIG, type StudioAdminRolesRes, type StudioAdminsRes, type StudioLoginRes } from '../../src/contract/api/studio';
import { studioRoleRefusal, type StudioRole } from '../../src/contract/rules/studio-roles';
import type { Db } from '../../src/server/db/types';
import type { StudioRouteRecord } from '../../src/server/routes/studio/index';
import { seedAll } from '../../src/server/seed/index';
import { removeStudioAdmin } from '../../src/server/services/studio/admins';
import { centreDay } from '../../src/contract/rules/centre-day';
import type { TestStore } from './core-helpers';
import { removeTmpDirs, signIn, startInstance, studioStore, type Admin, type StudioInstance } from './studio-helpers';

const PASS = 'role-test-password-2026';
/** Calls every admin makes for themself, whatever their roles (they declare studioRole 'readonly'). */
const OWN = new Set(['/api/studio/login', '/api/studio/logout', '/api/studio/password']);

let store: TestStore;
let s: StudioInstance;
let boss: Admin;
let reader: Admin;
let ops: Admin;

async function addAdmin(name: string, roles: StudioRole[]): Promise<Admin> {
  const r = await boss.post('/api/studio/admins', { username: name, password: PASS, roles });
  expect(r.statusCode, r.body).toBe(201);
  return signIn(s.app, name, PASS);
}

beforeAll(async () => {
  store = await studioStore();
  const now = Date.now();
  await seedAll(store.db, { today: centreDay(now), nowMs: now, records: false });
  s = await startInstance(store.db);
  boss = await signIn(s.app);
  reader = await addAdmin('duzhe', ['readonly']);
  ops = await addAdmin('yunying', ['ops']);
});
afterAll(async () => {
  await s?.close();
  await store?.cleanup();
  removeTmpDirs();
});

/** Every row of every table, as text: "nothing written" means this is equal before and after. */
async function everything(db: Db): Promise<Record<string, string[]>> {
  const tables =
    db.dialect === 'postgres'
      ? (await db.all<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`)).map((t) => t.name)
      : (await db.all<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)).map((t) => t.name);
  const out: Record<string, string[]> = {};
  for (const t of tables.sort()) out[t] = (await db.all(`SELECT * FROM ${t}`)).map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).sort();
  return out;
}

const changeRoutes = (): StudioRouteRecord[] => s.app.studioRouteList!.filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && !OWN.has(r.url));
/** What a route needs: its declaration, else (a change) 配置 — the guard's own default. */
const need = (r: StudioRouteRecord): StudioRole => r.studioRole ?? 'config';
/** A concrete URL for a route's pattern (a parameter or wildcard filled with a harmless value). */
const urlOf = (r: StudioRouteRecord) => r.url.replace(/:[^/]+/g, 'x1').replace(/\*$/, 'x1');

async function attempt(who: Admin, r: StudioRouteRecord) {
  return s.app.inject({ method: r.method as 'POST', url: urlOf(r), payload: {}, headers: { cookie: who.cookie, 'x-studio-csrf': who.csrf } });
}

describe('every change route checks the role it declares', () => {
  it('the route record lists the studio routes with their declared roles', () => {
    const list = s.app.studioRouteList!;
    const has = (method: string, url: string) => list.find((r) => r.method === method && r.url === url);
    for (const url of ['/api/studio/admins', '/api/studio/admins/:name/roles', '/api/studio/admins/:name/remove', '/api/studio/publish', '/api/studio/versions/:id/restore', '/api/studio/export', '/api/studio/check'])
      expect(has('POST', url), url).toMatchObject({ studioRole: undefined });
    expect(has('POST', '/api/studio/password')?.studioRole).toBe('readonly');
    expect(has('GET', '/api/studio/audit')).toBeTruthy();
    expect(changeRoutes().length).toBeGreaterThanOrEqual(7);
  });

  it('只读: every change route answers 403 with the refusal of the role it needs; 运营: every route that needs 配置 does; nothing is written', async () => {
    const before = await everything(store.db);
    const walked: string[] = [];
    for (const r of changeRoutes()) {
      const role = need(r);
      if (role === 'readonly') continue; // declared open to every admin: nothing to refuse
      const res = await attempt(reader, r);
      expect([res.statusCode, res.json()], `只读 ${r.method} ${r.url}`).toEqual([403, { error: studioRoleRefusal(role) }]);
      walked.push(`${r.method} ${r.url}`);
      if (role === 'config') {
        const o = await attempt(ops, r);
        expect([o.statusCode, o.json()], `运营 ${r.method} ${r.url}`).toEqual([403, { error: '没有权限：需要「配置」角色' }]);
      }
    }
    expect(walked).toContain('POST /api/studio/publish');
    expect(walked).toContain('POST /api/studio/admins/:name/roles');
    expect(await everything(store.db)).toEqual(before);
  });

  it('the refusal is the role, not the CSRF or the session: without CSRF a 只读 change is still 403 页面已过期, without a session 401', async () => {
    const csrfLess = await s.app.inject({ method: 'POST', url: '/api/studio/admins', payload: {}, headers: { cookie: reader.cookie } });
    expect([csrfLess.statusCode, csrfLess.json()]).toEqual([403, { error: '页面已过期，请刷新后重试' }]);
    const none = await s.app.inject({ method: 'POST', url: '/api/studio/publish', payload: {} });
    expect(none.statusCode).toBe(401);
  });

  it('every admin reads: 只读 and 运营 GET the config, versions, admins and the audit log', async () => {
    for (const who of [reader, ops]) for (const url of ['/api/studio/config', '/api/studio/versions', '/api/studio/admins', '/api/studio/audit', '/api/studio/me']) expect((await who.get(url)).statusCode, url).toBe(200);
    expect(((await reader.get('/api/studio/me')).json() as StudioLoginRes).roles).toEqual(['readonly']);
  });
});

describe('setting roles', () => {
  const rolesOf = async (name: string) => ((await boss.get('/api/studio/admins')).json() as StudioAdminsRes).admins.find((a) => a.username === name)?.roles;

  it('a 配置 admin sets another admin’s roles; the list and the row show them', async () => {
    const r = await boss.post('/api/studio/admins/yunying/roles', { roles: ['ops', 'config'] });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as StudioAdminRolesRes).admin).toMatchObject({ username: 'yunying', roles: ['config', 'ops'] });
    expect(await rolesOf('yunying')).toEqual(['config', 'ops']);
    expect((await store.db.one<{ roles: string }>(`SELECT roles FROM studio_admins WHERE username = 'yunying'`))!.roles).toBe('config,ops');
    const back = await boss.post('/api/studio/admins/yunying/roles', { roles: ['ops'] });
    expect((back.json() as StudioAdminRolesRes).admin.roles).toEqual(['ops']);
  });

  it('refuses an empty, unknown or mixed set (400, the rule’s words) and an unknown admin (404); nothing changes', async () => {
    const cases: Array<[unknown, string]> = [
      [{ roles: [] }, '请至少选择一个角色'],
      [{}, '请至少选择一个角色'],
      [{ roles: 'config' }, '请至少选择一个角色'],
      [{ roles: ['boss'] }, '未知的角色'],
      [{ roles: ['readonly', 'ops'] }, '「只读」不能与其他角色同时选择'],
    ];
    for (const [body, error] of cases) {
      const r = await boss.post('/api/studio/admins/duzhe/roles', body);
      expect([r.statusCode, r.json()], JSON.stringify(body)).toEqual([400, { error }]);
    }
    const nobody = await boss.post('/api/studio/admins/nobody/roles', { roles: ['ops'] });
    expect([nobody.statusCode, nobody.json()]).toEqual([404, { error: '没有这个管理员' }]);
    expect(await rolesOf('duzhe')).toEqual(['readonly']);
    // adding an admin takes the same rule
    const add = await boss.post('/api/studio/admins', { username: 'hunhe', password: PASS, roles: ['readonly', 'config'] });
    expect([add.statusCode, add.json()]).toEqual([400, { error: '「只读」不能与其他角色同时选择' }]);
    const none = await boss.post('/api/studio/admins', { username: 'hunhe', password: PASS, roles: [] });
    expect([none.statusCode, none.json()]).toEqual([400, { error: '请至少选择一个角色' }]);
    expect(await rolesOf('hunhe')).toBeUndefined();
  });

  it('the last 配置 admin keeps 配置: not taken away by themself, not removed (409); your own other roles may change', async () => {
    const last = await boss.post('/api/studio/admins/admin/roles', { roles: ['ops'] });
    expect([last.statusCode, last.json()]).toEqual([409, { error: STUDIO_LAST_CONFIG }]);
    const ro = await boss.post('/api/studio/admins/admin/roles', { roles: ['readonly'] });
    expect([ro.statusCode, ro.json()]).toEqual([409, { error: STUDIO_LAST_CONFIG }]);
    expect(await rolesOf('admin')).toEqual(['config', 'ops']);
    // your own roles: dropping 运营 is fine, and back
    expect(((await boss.post('/api/studio/admins/admin/roles', { roles: ['config'] })).json() as StudioAdminRolesRes).admin.roles).toEqual(['config']);
    expect(((await boss.get('/api/studio/me')).json() as StudioLoginRes).roles).toEqual(['config']);
    expect((await boss.post('/api/studio/admins/admin/roles', { roles: ['config', 'ops'] })).statusCode).toBe(200);
    // removing the last 配置 admin: only reachable when the remover has lost 配置 meanwhile; the service refuses it under its lock
    expect(await removeStudioAdmin(store.db, 'admin', 'yunying')).toBe('last-config');
    expect(await rolesOf('admin')).toEqual(['config', 'ops']);
  });

  it('with a second 配置 admin, either may give 配置 up; two taking it from each other at once leave one', async () => {
    const peizhi = await addAdmin('peizhi', ['config']);
    const [a, b] = await Promise.all([boss.post('/api/studio/admins/peizhi/roles', { roles: ['ops'] }), peizhi.post('/api/studio/admins/admin/roles', { roles: ['ops'] })]);
    expect([a.statusCode, b.statusCode].filter((c) => c === 200)).toHaveLength(1);
    expect([a.statusCode, b.statusCode].find((c) => c !== 200)).toBeOneOf([403, 409]);
    const holders = (((await peizhi.get('/api/studio/admins')).json() as StudioAdminsRes).admins).filter((x) => x.roles.includes('config')).map((x) => x.username);
    expect(holders).toHaveLength(1);
    const keeper = holders[0] === 'admin' ? boss : peizhi;
    // give 配置 back, so the tests below start where they did
    expect((await keeper.post(`/api/studio/admins/${holders[0] === 'admin' ? 'peizhi' : 'admin'}/roles`, { roles: holders[0] === 'admin' ? ['config'] : ['config', 'ops'] })).statusCode).toBe(200);
    // now one may remove the other (not the last 配置 admin any more)
    expect((await boss.post('/api/studio/admins/peizhi/remove')).statusCode).toBe(200);
  });

  it('a role taken away applies at the next call of an open session', async () => {
    const yy = ops;
    expect((await boss.post('/api/studio/admins/yunying/roles', { roles: ['config', 'ops'] })).statusCode).toBe(200);
    // yunying's session was open all along: it may now add an admin…
    const added = await yy.post('/api/studio/admins', { username: 'linshi', password: PASS, roles: ['readonly'] });
    expect(added.statusCode, added.body).toBe(201);
    expect(((await yy.get('/api/studio/me')).json() as StudioLoginRes).roles).toEqual(['config', 'ops']);
    // …and once 配置 is taken away, its very next change is refused, the same session
    expect((await boss.post('/api/studio/admins/yunying/roles', { roles: ['ops'] })).statusCode).toBe(200);
    const refused = await yy.post('/api/studio/admins/linshi/remove');
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: studioRoleRefusal('config') }]);
    expect(((await yy.get('/api/studio/me')).json() as StudioLoginRes).roles).toEqual(['ops']);
    expect(await rolesOf('linshi')).toEqual(['readonly']);
    // 只读 and 运营 cannot set roles, not even their own
    for (const who of [reader, yy]) {
      const r = await who.post('/api/studio/admins/duzhe/roles', { roles: ['config'] });
      expect([r.statusCode, r.json()]).toEqual([403, { error: studioRoleRefusal('config') }]);
    }
    expect(await rolesOf('duzhe')).toEqual(['readonly']);
  });
});
