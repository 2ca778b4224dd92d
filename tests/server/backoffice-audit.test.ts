/**
 * The audit log (issue 23), on the store TEST_DB picks: each change the studio
 * had before the back office (admin added / roles changed / removed / own password
 * changed; config published / restored / written to the server) writes one entry
 * with who, what, before and after — never a password, never whole file texts —
 * and a refused change writes none; the list (newest first, filters, 100 a page
 * with a cursor, the centre's days at their boundary), read by every role; the
 * Excel export opens with exceljs and holds the headers and the rows.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EXPORT_HEADERS, type AuditEntryInfo, type AuditFacetsRes, type AuditListRes } from '../../src/contract/api/backoffice/audit';
import type { StudioConfigRes, StudioPublishRes } from '../../src/contract/api/studio';
import { centreDateTime } from '../../src/contract/rules/centre-day';
import { auditWorkbookStream } from '../../src/server/services/backoffice/audit/export-xlsx';
import { recordAudit } from '../../src/server/services/studio/audit';
import type { TestStore } from './core-helpers';
import { removeTmpDirs, signIn, startInstance, studioStore, type Admin, type StudioInstance } from './studio-helpers';

const PASS = 'audit-test-password-1';
const NEW_PASS = 'audit-test-password-2';

let store: TestStore;
let s: StudioInstance;
let boss: Admin;

beforeAll(async () => {
  store = await studioStore();
  s = await startInstance(store.db);
  boss = await signIn(s.app);
});
afterAll(async () => {
  await s?.close();
  await store?.cleanup();
  removeTmpDirs();
});

const list = async (who: Admin, query = '') => {
  const r = await who.get(`/api/studio/audit${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as AuditListRes;
};
const rowCount = async () => Number((await store.db.one<{ n: number | string }>(`SELECT COUNT(*) AS n FROM audit_log`))!.n);
/** The newest entry (after one change: that change's). */
const newest = async () => (await list(boss)).entries[0];

describe('each change writes one entry', () => {
  it('admin added: actor, the name and roles after, nothing before; the password nowhere', async () => {
    const n = await rowCount();
    expect((await boss.post('/api/studio/admins', { username: 'zhangsan', password: PASS, roles: ['ops'] })).statusCode).toBe(201);
    expect(await rowCount()).toBe(n + 1);
    expect(await newest()).toMatchObject({
      at: new Date(s.clock.now()).toISOString(),
      actor: 'admin',
      action: 'create',
      entity: 'admin',
      key: 'zhangsan',
      summary: '新增管理员 zhangsan（运营）',
      before: null,
      after: { username: 'zhangsan', roles: ['ops'] },
    });
    // refused: a taken name writes nothing
    expect((await boss.post('/api/studio/admins', { username: 'ZhangSan', password: PASS, roles: ['ops'] })).statusCode).toBe(409);
    expect(await rowCount()).toBe(n + 1);
  });

  it('roles changed: before and after; unchanged roles and a refusal write nothing', async () => {
    s.clock.advance(1000);
    const n = await rowCount();
    expect((await boss.post('/api/studio/admins/zhangsan/roles', { roles: ['config', 'ops'] })).statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      actor: 'admin',
      action: 'roles',
      entity: 'admin',
      key: 'zhangsan',
      summary: '修改管理员 zhangsan 的角色：运营 → 配置、运营',
      before: { username: 'zhangsan', roles: ['ops'] },
      after: { username: 'zhangsan', roles: ['config', 'ops'] },
    });
    expect((await boss.post('/api/studio/admins/zhangsan/roles', { roles: ['ops', 'config'] })).statusCode).toBe(200);
    expect((await boss.post('/api/studio/admins/zhangsan/roles', { roles: [] })).statusCode).toBe(400);
    expect(await rowCount()).toBe(n + 1);
  });

  it('own password changed: who, and that it changed — never the password or its hash', async () => {
    s.clock.advance(1000);
    const zs = await signIn(s.app, 'zhangsan', PASS);
    expect((await zs.post('/api/studio/password', { current: PASS, next: NEW_PASS })).statusCode).toBe(200);
    expect(await newest()).toMatchObject({ actor: 'zhangsan', action: 'password', entity: 'admin', key: 'zhangsan', summary: '管理员 zhangsan 修改了自己的密码', before: null, after: null });
    const raw = JSON.stringify(await store.db.all(`SELECT * FROM audit_log`));
    expect(raw).not.toContain(PASS);
    expect(raw).not.toContain(NEW_PASS);
    expect(raw).not.toMatch(/scrypt/);
  });

  it('admin removed: the admin as it was before, nothing after', async () => {
    s.clock.advance(1000);
    expect((await boss.post('/api/studio/admins/zhangsan/remove')).statusCode).toBe(200);
    expect(await newest()).toMatchObject({ actor: 'admin', action: 'delete', entity: 'admin', key: 'zhangsan', summary: '删除管理员 zhangsan（配置、运营）', before: { username: 'zhangsan', roles: ['config', 'ops'] }, after: null });
  });

  it('config published: version ids and hashes before and after and the files changed, not their texts; a refused publish writes nothing', async () => {
    s.clock.advance(1000);
    const live = (await boss.get('/api/studio/config')).json() as StudioConfigRes;
    const n = await rowCount();
    const broken = { ...live.files, 'flows/home.yaml': 'steps: [' };
    expect((await boss.post('/api/studio/publish', { files: broken, note: 'x', baseVersion: live.live.id })).statusCode).toBe(422);
    expect(await rowCount()).toBe(n);

    const files = { ...live.files, 'flows/messages.yaml': live.files['flows/messages.yaml'].replace('paySuccess: 支付成功', 'paySuccess: 审计测试文字') };
    const r = await boss.post('/api/studio/publish', { files, note: '改提示', baseVersion: live.live.id });
    expect(r.statusCode, r.body).toBe(200);
    const { version } = r.json() as StudioPublishRes;
    const e = await newest();
    expect(e).toMatchObject({
      actor: 'admin',
      action: 'publish',
      entity: 'config',
      key: String(version.id),
      summary: `发布配置版本 #${version.id}（改动 1 个文件）：改提示`,
      before: { version: live.live.id, hash: live.live.hash },
      after: { version: version.id, hash: version.hash, note: '改提示', added: [], changed: ['flows/messages.yaml'], removed: [] },
    });
    expect(JSON.stringify(e)).not.toContain('审计测试文字');
    expect(await rowCount()).toBe(n + 1);
  });

  it('config restored: what was live before, the new version and the one it brings back', async () => {
    s.clock.advance(1000);
    const live = (await boss.get('/api/studio/config')).json() as StudioConfigRes;
    const r = await boss.post('/api/studio/versions/1/restore', { note: '撤销' });
    expect(r.statusCode, r.body).toBe(200);
    const { version } = r.json() as StudioPublishRes;
    expect(await newest()).toMatchObject({
      actor: 'admin',
      action: 'restore',
      entity: 'config',
      key: String(version.id),
      summary: `恢复配置版本 #1 为新版本 #${version.id}（改动 1 个文件）`,
      before: { version: live.live.id, hash: live.live.hash },
      after: { version: version.id, hash: version.hash, restoredFrom: 1, changed: ['flows/messages.yaml'] },
    });
  });

  it('config written to the server: the version and the files written and removed', async () => {
    s.clock.advance(1000);
    const live = (await boss.get('/api/studio/config')).json() as StudioConfigRes;
    const r = await boss.post('/api/studio/export', {});
    expect(r.statusCode, r.body).toBe(200);
    const out = r.json() as { written: string[]; removed: string[] };
    expect(await newest()).toMatchObject({
      actor: 'admin',
      action: 'export',
      entity: 'config',
      key: String(live.live.id),
      after: { version: live.live.id, hash: live.live.hash, written: out.written, removed: out.removed },
      before: null,
    });
    expect((await newest()).summary).toMatch(new RegExp(`^把线上版本 #${live.live.id} 写入服务器的配置目录`));
  });
});

describe('the list', () => {
  it('is newest first, readable by a 只读 admin; facets name the actors and entities', async () => {
    expect((await boss.post('/api/studio/admins', { username: 'duzhe', password: PASS, roles: ['readonly'] })).statusCode).toBe(201);
    const reader = await signIn(s.app, 'duzhe', PASS);
    const all = await list(reader);
    expect(all.next).toBeNull();
    expect(all.entries.map((e) => e.action)).toEqual(['create', 'export', 'restore', 'publish', 'delete', 'password', 'roles', 'create']);
    const ats = all.entries.map((e) => Date.parse(e.at));
    expect([...ats].sort((a, b) => b - a)).toEqual(ats);
    expect((await reader.get('/api/studio/audit/facets')).json()).toEqual({ actors: ['admin', 'duzhe', 'zhangsan'], entities: ['admin', 'config'] } satisfies AuditFacetsRes);
  });

  it('filters by actor, entity and free text (a % or _ taken literally)', async () => {
    expect((await list(boss, '?actor=zhangsan')).entries.map((e) => e.action)).toEqual(['password']);
    expect((await list(boss, '?entity=config')).entries.map((e) => e.action)).toEqual(['export', 'restore', 'publish']);
    expect((await list(boss, '?entity=admin&actor=admin')).entries.map((e) => e.action)).toEqual(['create', 'delete', 'roles', 'create']);
    expect((await list(boss, `?q=${encodeURIComponent('改提示')}`)).entries.map((e) => e.action)).toEqual(['publish']);
    // in the before/after JSON too, any case
    expect((await list(boss, '?q=MESSAGES.YAML')).entries.map((e) => e.action)).toEqual(['restore', 'publish']);
    expect((await list(boss, '?q=%25')).entries).toEqual([]);
    expect((await list(boss, '?q=_')).entries).toEqual([]);
    expect((await list(boss, '?actor=nobody')).entries).toEqual([]);
  });

  it('refuses a malformed filter or cursor with the reason (400)', async () => {
    for (const [q, error] of [
      ['?from=2026-2-1', '日期格式应为 YYYY-MM-DD'],
      ['?to=2026-02-30', '日期格式应为 YYYY-MM-DD'],
      ['?from=2026-03-02&to=2026-03-01', '开始日期不能晚于结束日期'],
      [`?q=${'x'.repeat(101)}`, '搜索内容最多 100 个字'],
      ['?before=nonsense', '翻页位置无效，请重新查询'],
      ['?actor=a&actor=b', '请求格式错误'],
    ]) {
      const r = await boss.get(`/api/studio/audit${q}`);
      expect([r.statusCode, r.json()], q).toEqual([400, { error }]);
    }
  });

  it('pages of 100 with a cursor: every entry once, in order, also among entries of the same millisecond', async () => {
    const at = Date.parse('2025-06-10T02:00:00Z');
    await store.db.transaction(async (tx) => {
      for (let i = 0; i < 230; i++) await recordAudit(tx, { actor: 'pager', action: 'update', entity: 'package', key: `P${String(i).padStart(3, '0')}`, summary: `第 ${i} 条` }, at + Math.floor(i / 3) * 1000);
    });
    const seen: AuditEntryInfo[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page: AuditListRes = await list(boss, `?actor=pager${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      sizes.push(page.entries.length);
      seen.push(...page.entries);
      cursor = page.next;
    } while (cursor);
    expect(sizes).toEqual([100, 100, 30]);
    expect(new Set(seen.map((e) => e.id)).size).toBe(230);
    const keys = seen.map((e) => [Date.parse(e.at), e.id] as const);
    for (let i = 1; i < keys.length; i++) expect(keys[i][0] < keys[i - 1][0] || (keys[i][0] === keys[i - 1][0] && keys[i][1] < keys[i - 1][1])).toBe(true);
    expect(seen[0].key).toMatch(/^P22[7-9]$/);
  });

  it('dates are the centre’s days: 23:30 UTC is the next day in Shanghai; from/to include their whole day', async () => {
    const put = (iso: string, key: string) => recordAudit(store.db, { actor: 'clock', action: 'update', entity: 'capacity', key, summary: key }, Date.parse(iso));
    await put('2026-03-01T15:59:59.999Z', 'last-ms-of-mar-1'); // 23:59:59.999 on 1 March at the centre
    await put('2026-03-01T16:00:00.000Z', 'first-ms-of-mar-2'); // 00:00 on 2 March at the centre
    await put('2026-03-01T23:30:00.000Z', 'utc-evening'); // 07:30 on 2 March at the centre
    await put('2026-03-02T15:59:59.000Z', 'late-mar-2');
    await put('2026-03-02T16:00:00.000Z', 'mar-3');
    const keys = async (q: string) => (await list(boss, `?actor=clock&${q}`)).entries.map((e) => e.key);
    expect(await keys('from=2026-03-01&to=2026-03-01')).toEqual(['last-ms-of-mar-1']);
    expect(await keys('from=2026-03-02&to=2026-03-02')).toEqual(['late-mar-2', 'utc-evening', 'first-ms-of-mar-2']);
    expect(await keys('from=2026-03-03')).toEqual(['mar-3']);
    expect(await keys('to=2026-03-01')).toEqual(['last-ms-of-mar-1']);
    expect(centreDateTime(Date.parse('2026-03-01T23:30:00Z'))).toBe('2026-03-02 07:30:00');
  });
});

describe('the Excel export', () => {
  const load = async (buf: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    return wb;
  };
  const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v)));

  it('opens with exceljs: the header row, then the filtered entries newest first, times on the centre’s clock', async () => {
    const r = await boss.get('/api/studio/audit/export.xlsx?entity=config');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="audit-log.xlsx"; filename\*=UTF-8''/);
    const wb = await load(r.rawPayload);
    const ws = wb.getWorksheet('操作日志')!;
    expect(values(ws.getRow(1))).toEqual([...AUDIT_EXPORT_HEADERS]);
    expect(ws.rowCount).toBe(4);
    const listed = (await list(boss, '?entity=config')).entries;
    for (let i = 0; i < listed.length; i++) {
      const [time, actor, action, entity, key, summary, before, after] = values(ws.getRow(i + 2));
      expect([time, actor, entity, key, summary], String(i)).toEqual([centreDateTime(Date.parse(listed[i].at)), 'admin', '配置', listed[i].key, listed[i].summary]);
      expect(action).toBe({ export: '写出到服务器', restore: '恢复', publish: '发布' }[listed[i].action]);
      expect(before ? JSON.parse(before) : null).toEqual(listed[i].before);
      expect(JSON.parse(after)).toEqual(listed[i].after);
    }
    expect(values(wb.getWorksheet('说明')!.getRow(6))).toEqual(['条数', '3']);
  });

  it('with the dates of the centre and every filter; a 只读 admin may export', async () => {
    const reader = await signIn(s.app, 'duzhe', PASS);
    const r = await reader.get('/api/studio/audit/export.xlsx?actor=clock&from=2026-03-02&to=2026-03-02');
    expect(r.statusCode).toBe(200);
    const ws = (await load(r.rawPayload)).getWorksheet('操作日志')!;
    expect([2, 3, 4].map((i) => values(ws.getRow(i))[4])).toEqual(['late-mar-2', 'utc-evening', 'first-ms-of-mar-2']);
    expect(values(ws.getRow(3))[0]).toBe('2026-03-02 07:30:00');
    expect(ws.rowCount).toBe(4);
    const bad = await reader.get('/api/studio/audit/export.xlsx?from=yesterday');
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: '日期格式应为 YYYY-MM-DD' }]);
  });

  it('stops at its maximum and says so on the 说明 sheet', async () => {
    const chunks: Buffer[] = [];
    for await (const c of auditWorkbookStream(store.db, { actor: 'pager' }, s.clock.now(), 5)) chunks.push(c as Buffer);
    const wb = await load(Buffer.concat(chunks));
    expect(wb.getWorksheet('操作日志')!.rowCount).toBe(6);
    expect(values(wb.getWorksheet('说明')!.getRow(6))[1]).toBe('5（共 230 条，只导出最近的 5 条；请缩小日期范围分次导出）');
  });
});
