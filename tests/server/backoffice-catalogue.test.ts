/**
 * The back office's catalogue (routes/studio/backoffice/catalogue.ts) on the
 * store TEST_DB picks, over the seeded demo catalogue: branches, packages and
 * items — every change under the rules of contract/rules/package-rules.ts,
 * refusals with their counts, a stale edit 409, sanitised intro HTML, an audit
 * entry per change, 只读 refused with nothing written — and the examinee's calls
 * (/api/UserInfoApi/…) showing each change at once; the 套餐与项目 import sheet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, type CallName } from '../../src/contract/calls';
import { centreDay } from '../../src/contract/rules/centre-day';
import { CATALOGUE_STALE, type PackageDraft, type PackageRow } from '../../src/contract/api/backoffice/catalogue';
import { createStudioAdmin } from '../../src/server/services/studio/admins';
import { seedAll } from '../../src/server/seed/index';
import { packagesSheet } from '../../src/server/services/backoffice/imports/packages-sheet';
import { sanitizeHtml } from '../../src/contract/rules/safe-html';
import { freshStore, oauthCookie, plusDays, setDay, testClock, uniqueId, type TestStore } from './core-helpers';
import { removeTmpDirs, signIn, startInstance, type Admin, type StudioInstance } from './studio-helpers';

let store: TestStore;
let s: StudioInstance;
let admin: Admin;
let viewer: Admin;
let serviceToken = '';
let today = '';

beforeAll(async () => {
  store = await freshStore();
  const clock = testClock();
  today = centreDay(clock.now());
  await seedAll(store.db, { today, nowMs: clock.now(), records: false });
  await createStudioAdmin(store.db, 'viewer', 'viewer-pass-2026', clock.now());
  await store.db.run(`UPDATE studio_admins SET roles = 'readonly' WHERE username = 'viewer'`);
  s = await startInstance(store.db, { clock });
  admin = await signIn(s.app);
  viewer = await signIn(s.app, 'viewer', 'viewer-pass-2026');
  const c = s.app.deps.config.tokenClient;
  serviceToken = (await call('GetToken', { grant_type: 'password', client_id: c.client_id, client_secret: c.client_secret, name: c.name, password: c.password, scope: 'api1' }, null)).returnData.access_token;
});
afterAll(async () => {
  await s?.close();
  await store?.cleanup();
  removeTmpDirs();
});

/** An examinee call as the phone makes it (a user token for a call owned by an openid). */
async function call(name: CallName, body: Record<string, unknown>, token: string | null = serviceToken): Promise<any> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const r = await s.app.inject({ method: 'POST', url: `/api/${CALLS[name].path}`, payload: body, headers });
  return r.json();
}
async function userToken(openid: string): Promise<string> {
  const r = await s.app.inject({ method: 'POST', url: `/api/${CALLS.GetToken.path}`, payload: { openid }, headers: { cookie: await oauthCookie(s.app, openid) } });
  return r.json().returnData.access_token;
}

const db = () => store.db;
const count = async (sql: string, p: Array<string | number> = []) => Number((await db().one<{ c: number | string }>(sql, p))!.c);
const audits = (key: string) => db().all<{ actor: string; action: string; entity: string; summary: string; before_json: string | null; after_json: string | null }>(
  'SELECT actor, action, entity, summary, before_json, after_json FROM audit_log WHERE entity_key = $1 ORDER BY at, id', [key]);
const personList = async () => (await call('GetClusItemList', { clus_type: '4' })).returnData as { m: any[]; w: any[] };
const pkgOf = async (code: string) => ((await admin.get('/api/studio/catalogue/packages')).json().packages as PackageRow[]).find((p) => p.code === code)!;

const draft = (over: Partial<PackageDraft> = {}): PackageDraft => ({
  code: 'P9001', name: '测试套餐', clusType: '4', sex: 3, marr: '0', priceCents: 36800, intro: '<p>简介</p>', notice: '<p>须知</p>', note: '测试用',
  sort: 50, items: ['I0101', 'I0102', 'I0201'], ...over,
});

describe('reads', () => {
  it('lists branches, packages (by type, with order counts) and items with categories, to every admin', async () => {
    const b = (await viewer.get('/api/studio/catalogue/branches')).json();
    expect(b.branches.map((x: any) => x.hospCode)).toEqual(['01', '02', '03']);
    expect(b.branches[0]).toMatchObject({ hospName: expect.stringContaining('总院'), rev: 0, orders: 9 });
    const p = (await viewer.get('/api/studio/catalogue/packages?type=4')).json().packages as PackageRow[];
    expect(p.map((x) => x.code)).toEqual(['P4001', 'P4002', 'P4008', 'P4003', 'P4007', 'P4004', 'P4005', 'P4006', 'P4009']);
    expect(p.find((x) => x.code === 'P4005')).toMatchObject({ priceCents: 19900, sex: 3, marr: '0', active: true, orders: 2, items: expect.arrayContaining(['I0101']) });
    expect(p.find((x) => x.code === 'P4004')!.marr).toBe('2');
    const t = (await viewer.get('/api/studio/catalogue/packages?type=T')).json().packages as PackageRow[];
    expect(t.find((x) => x.code === 'T0001')!.members).toBeGreaterThan(0);
    const i = (await viewer.get('/api/studio/catalogue/items')).json();
    expect(i.categories).toHaveLength(8);
    expect(i.items.find((x: any) => x.code === 'I0801')).toMatchObject({ name: '无痛胃镜', onsiteOnly: true, sex: 3 });
    expect(i.items.find((x: any) => x.code === 'I0303')).toMatchObject({ name: 'CA125', sex: 2 });
  });
});

describe('只读 changes nothing', () => {
  it('every change call answers 403 and writes nothing', async () => {
    const before = await count('SELECT COUNT(*) AS c FROM audit_log');
    const calls: Array<[string, unknown]> = [
      ['/api/studio/catalogue/packages', { package: draft({ code: 'RO1' }) }],
      ['/api/studio/catalogue/packages/P4005', { package: draft({ code: 'P4005' }), rev: 0 }],
      ['/api/studio/catalogue/packages/P4005/withdraw', { rev: 0 }],
      ['/api/studio/catalogue/packages/P4005/publish', {}],
      ['/api/studio/catalogue/packages/P4005/delete', {}],
      ['/api/studio/catalogue/items', { item: { code: 'RO1', name: 'x', priceCents: 1 } }],
      ['/api/studio/catalogue/items/I0101', { item: { code: 'I0101', name: 'x', priceCents: 1 }, rev: 0 }],
      ['/api/studio/catalogue/items/I0101/delete', {}],
      ['/api/studio/catalogue/branches', { branch: { hospCode: '09', hospName: 'x', hospTel: '1234', hospAddr: 'y' } }],
      ['/api/studio/catalogue/branches/01', { branch: { hospCode: '01', hospName: 'x', hospTel: '1234', hospAddr: 'y' }, rev: 0 }],
      ['/api/studio/catalogue/branches/03/delete', {}],
    ];
    for (const [url, body] of calls) {
      const r = await viewer.post(url, body);
      expect([url, r.statusCode, r.json().error]).toEqual([url, 403, '没有权限：需要「运营」角色']);
    }
    expect(await count('SELECT COUNT(*) AS c FROM audit_log')).toBe(before);
    expect(await count(`SELECT COUNT(*) AS c FROM packages WHERE clus_code = 'RO1' OR active = 0`)).toBe(0);
    expect(await count('SELECT COUNT(*) AS c FROM branches')).toBe(3);
  });
});

describe('packages', () => {
  it('creates a package: stored, audited, sanitised, and on the phone’s next list at once', async () => {
    const intro = '<p onclick="steal()">简介<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">链接</a></p>';
    const r = await admin.post('/api/studio/catalogue/packages', { package: draft({ intro, items: ['I0101', 'I0102', 'I0201', 'I0801'] }) });
    expect(r.statusCode).toBe(201);
    const pkg = r.json().package as PackageRow;
    expect(pkg).toMatchObject({ code: 'P9001', priceCents: 36800, active: true, rev: 1, orders: 0, items: ['I0101', 'I0102', 'I0201', 'I0801'] });
    expect(pkg.intro).toBe('<p>简介<img src="x"><a>链接</a></p>');
    const stored = (await db().one<{ intro: string }>(`SELECT intro FROM packages WHERE clus_code = 'P9001'`))!.intro;
    expect(stored).toBe(pkg.intro);
    const { m, w } = await personList();
    for (const list of [m, w]) {
      const card = list.find((p: any) => p.clus_Code === 'P9001');
      expect(card).toMatchObject({ clus_Name: '测试套餐', price: '368.00', sex: '3', intro: pkg.intro });
      expect(card.intro).not.toMatch(/script|onerror|onclick|javascript/);
    }
    const items = (await call('GetItemCombList', { comb_code: 'P9001' })).returnData;
    expect(items.map((i: any) => i.comb_Code)).toEqual(['I0101', 'I0102', 'I0201', 'I0801']); // an on-site-only item may be in a package
    const [a] = await audits('P9001');
    expect(a).toMatchObject({ actor: 'admin', action: 'create', entity: 'package', summary: '新增套餐 测试套餐（P9001，个人体检，¥368.00）', before_json: null });
    expect(JSON.parse(a.after_json!)).toMatchObject({ code: 'P9001', priceCents: 36800 });
    expect((await admin.post('/api/studio/catalogue/packages', { package: draft() })).json()).toEqual({ error: '套餐编码已存在' });
  });

  it('refuses a bad price, type, sex, marital rule, unknown items and an item of the other sex', async () => {
    const bad: Array<[Partial<PackageDraft> | Record<string, unknown>, string]> = [
      [{ priceCents: -1 }, '价格必须是不超过两位小数的金额'],
      [{ priceCents: 12.5 }, '价格必须是不超过两位小数的金额'],
      [{ priceCents: '100' }, '价格必须是不超过两位小数的金额'],
      [{ priceCents: 10_000_001 }, '价格不能超过 ¥100000.00'],
      [{ clusType: '9' }, '类型只能是 个人体检/健康证/驾驶证/入职/团体'],
      [{ sex: 4 }, '适用性别只能是 男/女/不限'],
      [{ marr: '1' }, '婚否只能是 不限/仅限已婚'],
      [{ code: 'a b' }, '套餐编码只能包含字母、数字、_ 和 -'],
      [{ name: ' ' }, '请填写套餐名称'],
      [{ items: [] }, '套餐至少包含一个项目'],
      [{ items: ['I0101', 'NOPE'] }, '项目编码不存在：NOPE'],
      [{ sex: 1, items: ['I0101', 'I0303'] }, 'CA125（I0303）仅限女，不能放入男性套餐'],
    ];
    for (const [over, error] of bad) {
      const r = await admin.post('/api/studio/catalogue/packages', { package: { ...draft({ code: 'P9002' }), ...over } });
      expect([over, r.statusCode, r.json().error]).toEqual([over, 422, error]);
    }
    expect(await count(`SELECT COUNT(*) AS c FROM packages WHERE clus_code = 'P9002'`)).toBe(0);
  });

  it('edits with the shown version; the phone sees the new price at once; a stale edit is 409 and changes nothing', async () => {
    const p = await pkgOf('P4005');
    const body = { ...p, priceCents: 21850 } as Record<string, unknown>;
    const r = await admin.post('/api/studio/catalogue/packages/P4005', { package: body, rev: p.rev });
    expect(r.statusCode).toBe(200);
    expect(r.json().package).toMatchObject({ priceCents: 21850, rev: p.rev + 1 });
    const { m } = await personList();
    expect(m.find((x: any) => x.clus_Code === 'P4005').price).toBe('218.50');
    const stale = await admin.post('/api/studio/catalogue/packages/P4005', { package: { ...body, priceCents: 100 }, rev: p.rev });
    expect([stale.statusCode, stale.json().error]).toEqual([409, CATALOGUE_STALE]);
    expect(Number((await db().one<{ price_cents: number }>(`SELECT price_cents FROM packages WHERE clus_code = 'P4005'`))!.price_cents)).toBe(21850);
    expect((await admin.post('/api/studio/catalogue/packages/P4005', { package: { ...body, code: 'P4005X' }, rev: p.rev + 1 })).json().error).toBe('套餐编码不能修改');
    // a sex change must still fit its items: P4003 (女) holds 乳腺彩超
    const f = await pkgOf('P4003');
    const clash = await admin.post('/api/studio/catalogue/packages/P4003', { package: { ...f, sex: 1 }, rev: f.rev });
    expect([clash.statusCode, clash.json().error]).toEqual([422, '乳腺彩超（I0504）仅限女，不能放入男性套餐']);
    const log = await audits('P4005');
    expect(log).toHaveLength(1);
    expect(log[0].summary).toBe('修改套餐 入门通用体检套餐（P4005）：价格 ¥199.00→¥218.50');
    expect([JSON.parse(log[0].before_json!).priceCents, JSON.parse(log[0].after_json!).priceCents]).toEqual([19900, 21850]);
  });

  it('withdraws a booked package: never deleted (the count said), gone from the list, not bookable, its order kept; then published again', async () => {
    const D = plusDays(today, 3);
    await setDay(db(), 'P:person', D, [{ code: '01', total: 5 }]);
    const openid = 'cat-openid-0001';
    const tok = await userToken(openid);
    const order = (id: string) => ({ openid, name: '测试人', idCard: id, tel: '13900001111', clus_Name: '测试套餐', clus_Code: 'P9001', begin_Time: D, type: 'person', sumtime_Code: '01', sumtime_Name: '', price: '368.00', choose_comb_code: '', hflag: '', job: '', hospCode: '01', marr_status: '1', questionZC: '' });
    const booked = await call('PersonOrderAdd', order(uniqueId(1)), tok);
    expect(booked.success).toBe(true);
    let p = await pkgOf('P9001');
    expect(p.orders).toBe(1);
    const del = await admin.post('/api/studio/catalogue/packages/P9001/delete', { rev: p.rev });
    expect([del.statusCode, del.json().error]).toEqual([409, '已有 1 个预约使用此套餐，只能下架']);
    const w = await admin.post('/api/studio/catalogue/packages/P9001/withdraw', { rev: p.rev });
    expect(w.json().package).toMatchObject({ active: false, rev: p.rev + 1 });
    const { m, w: women } = await personList();
    expect([...m, ...women].some((x: any) => x.clus_Code === 'P9001')).toBe(false);
    const again = await call('PersonOrderAdd', order(uniqueId(2)), tok);
    expect([again.success, again.returnMsg]).toEqual([false, '套餐不存在']);
    const mine = await call('FindByOrderList', { openid }, tok);
    expect(JSON.stringify(mine.returnData)).toContain(booked.returnData.ord.id);
    expect((await call('GetItemCombList', { comb_code: 'P9001' })).success).toBe(true); // the order's detail still lists its items
    p = await pkgOf('P9001');
    expect((await admin.post('/api/studio/catalogue/packages/P9001/publish', { rev: p.rev - 1 })).statusCode).toBe(409);
    expect((await admin.post('/api/studio/catalogue/packages/P9001/publish', { rev: p.rev })).json().package.active).toBe(true);
    expect((await personList()).m.some((x: any) => x.clus_Code === 'P9001')).toBe(true);
    expect((await audits('P9001')).map((a) => a.action)).toEqual(['create', 'withdraw', 'publish']);
  });

  it('deletes a package no order or member ever used; refuses one a group member holds', async () => {
    expect((await admin.post('/api/studio/catalogue/packages', { package: draft({ code: 'P9003', clusType: '6' }) })).statusCode).toBe(201);
    expect((await call('GetVehicleClusItem', { clus_type: '6', sex: '3' })).returnData.map((p: any) => p.clus_Code)).toContain('P9003');
    const r = await admin.post('/api/studio/catalogue/packages/P9003/delete', {});
    expect(r.json()).toEqual({ deleted: 'P9003' });
    expect(await count(`SELECT COUNT(*) AS c FROM package_items WHERE clus_code = 'P9003'`)).toBe(0);
    expect((await call('GetVehicleClusItem', { clus_type: '6', sex: '3' })).returnData.map((p: any) => p.clus_Code)).not.toContain('P9003');
    expect((await audits('P9003')).map((a) => a.action)).toEqual(['create', 'delete']);
    const members = await count(`SELECT COUNT(*) AS c FROM team_members WHERE clus_code = 'T0004'`);
    expect((await admin.post('/api/studio/catalogue/packages/T0004/delete', {})).json().error).toBe(`已有 ${members} 名团检人员使用此套餐，只能下架`);
    expect((await admin.post('/api/studio/catalogue/packages/NOPE/delete', {})).statusCode).toBe(404);
  });
});

describe('items', () => {
  it('creates, edits (the package’s item list shows it at once) and deletes only an unused item', async () => {
    const item = { code: 'I9901', name: '测试项目', priceCents: 5000, note: '说明', categoryId: 'C02', addable: true, onsiteOnly: false, sex: 3, sort: 9999 };
    const r = await admin.post('/api/studio/catalogue/items', { item });
    expect([r.statusCode, r.json().item]).toEqual([201, expect.objectContaining({ code: 'I9901', rev: 1, packages: 0 })]);
    const tree = JSON.parse((await call('AddClusItem', { code: 'P4005' })).returnData).flatMap((c: any) => c.children);
    expect(tree.find((k: any) => k.comb_code === 'I9901')).toMatchObject({ comb_name: '测试项目', price: '50.00' });
    expect((await admin.post('/api/studio/catalogue/items', { item })).json().error).toBe('项目编码已存在');
    expect((await admin.post('/api/studio/catalogue/items', { item: { ...item, code: 'I9902', categoryId: 'C99' } })).json().error).toBe('分类不存在');
    expect((await admin.post('/api/studio/catalogue/items', { item: { ...item, code: 'I9902', priceCents: 1.234 } })).json().error).toBe('价格必须是不超过两位小数的金额');

    const list = (await admin.get('/api/studio/catalogue/items')).json().items;
    const blood = list.find((x: any) => x.code === 'I0201');
    const e = await admin.post('/api/studio/catalogue/items/I0201', { item: { ...blood, priceCents: 2800 }, rev: blood.rev });
    expect(e.json().item).toMatchObject({ priceCents: 2800, rev: blood.rev + 1 });
    expect((await call('GetItemCombList', { comb_code: 'P4005' })).returnData.find((i: any) => i.comb_Code === 'I0201').comb_Price).toBe('28.00');
    expect((await admin.post('/api/studio/catalogue/items/I0201', { item: { ...blood, priceCents: 1 }, rev: blood.rev })).json().error).toBe(CATALOGUE_STALE);

    // 乳腺彩超 sits in women's packages: it cannot become a men's item
    const breast = list.find((x: any) => x.code === 'I0504');
    const sex = await admin.post('/api/studio/catalogue/items/I0504', { item: { ...breast, sex: 1 }, rev: breast.rev });
    expect(sex.json().error).toMatch(/^该项目在 \d+ 个女性套餐中（.*女士基础体检套餐.*），不能改为仅限男$/);

    const held = await admin.post('/api/studio/catalogue/items/I0201/delete', {});
    expect(held.json().error).toBe(`已有 ${await count(`SELECT COUNT(*) AS c FROM package_items WHERE comb_code = 'I0201'`)} 个套餐包含此项目，不能删除`);
    // 甲状腺功能五项 is in no package, but a demo order chose it as an extra
    expect((await admin.post('/api/studio/catalogue/items/I0210/delete', {})).json().error).toBe('已有 1 个预约加选了此项目，不能删除');
    expect((await admin.post('/api/studio/catalogue/items/I9901/delete', {})).json()).toEqual({ deleted: 'I9901' });
    expect((await audits('I9901')).map((a) => a.action)).toEqual(['create', 'delete']);
    expect((await audits('I0201'))[0].summary).toBe('修改项目 血常规（五分类）（I0201）：价格 ¥25.00→¥28.00');
  });
});

describe('branches', () => {
  it('adds, edits, keeps a used branch’s code and refuses to delete it; the phone’s config lists the change', async () => {
    const b = { hospCode: '04', hospName: '东区院区', hospTel: '0571-8888 0000', hospAddr: '东区大道1号', sort: 4 };
    expect((await admin.post('/api/studio/catalogue/branches', { branch: b })).statusCode).toBe(201);
    expect((await admin.post('/api/studio/catalogue/branches', { branch: b })).json().error).toBe('院区编码已存在');
    expect((await admin.post('/api/studio/catalogue/branches', { branch: { ...b, hospCode: '05', hospTel: 'abc' } })).statusCode).toBe(422);
    const cfg = (await s.app.inject({ method: 'GET', url: '/config.json' })).json();
    expect(cfg.branches.map((x: any) => x.hospCode)).toContain('04');
    const e = await admin.post('/api/studio/catalogue/branches/04', { branch: { ...b, hospCode: '04A', hospName: '东区院区（新）' }, rev: 1 });
    expect(e.json().branch).toMatchObject({ hospCode: '04A', hospName: '东区院区（新）', rev: 2 });
    const used = (await admin.get('/api/studio/catalogue/branches')).json().branches.find((x: any) => x.hospCode === '01');
    const code = await admin.post('/api/studio/catalogue/branches/01', { branch: { ...used, hospCode: '01X' }, rev: used.rev });
    expect(code.json().error).toBe(`已有 ${used.orders} 个预约使用此院区，编码不能修改`);
    expect((await admin.post('/api/studio/catalogue/branches/01', { branch: { ...used, hospName: '改名' }, rev: used.rev + 5 })).statusCode).toBe(409);
    expect((await admin.post('/api/studio/catalogue/branches/01/delete', {})).json().error).toBe(`已有 ${used.orders} 个预约使用此院区，不能删除`);
    expect((await admin.post('/api/studio/catalogue/branches/04A/delete', { rev: 2 })).json()).toEqual({ deleted: '04A' });
    expect((await audits('04A')).map((a) => a.action)).toEqual(['update', 'delete']);
  });
});

describe('the 套餐与项目 import sheet', () => {
  const ctx = { today: '2026-01-01' };
  const cells = (over: Record<string, string> = {}) => ({ code: 'P9101', name: '导入套餐', type: '个人体检', sex: '女', marr: '仅限已婚', price: '466.5', items: 'I0101、I0504,I0303', note: '', intro: '<p>x<script>y</script></p>', notice: '', sort: '', ...over });

  it('parses a row with reasons per cell', () => {
    const ok = packagesSheet.parseRow(cells(), 2, ctx);
    expect(ok.problems).toEqual([]);
    expect(ok.value).toMatchObject({ code: 'P9101', clusType: '4', sex: 2, marr: '2', priceCents: 46650, items: ['I0101', 'I0504', 'I0303'], intro: '<p>x</p>', sort: 0 });
    const bad = packagesSheet.parseRow(cells({ price: '12.345', type: '体检', sex: '男女', items: '' }), 3, ctx);
    expect(bad.problems).toEqual([
      { row: 3, column: '类型', reason: '类型只能是 个人体检/健康证/驾驶证/入职/团体' },
      { row: 3, column: '适用性别', reason: '适用性别只能是 男/女/不限' },
      { row: 3, column: '价格(元)', reason: '价格必须是不超过两位小数的金额' },
      { row: 3, column: '项目编码', reason: '套餐至少包含一个项目' },
    ]);
    expect(bad.value?.code).toBe('P9101'); // still checked with the others (duplicates), never applied
    const noCode = packagesSheet.parseRow(cells({ code: '' }), 4, ctx);
    expect([noCode.value, noCode.problems]).toEqual([undefined, [{ row: 4, column: '套餐编码', reason: '请填写套餐编码' }]]);
  });

  it('checks rows together (duplicates, unknown codes, the other sex) and applies them in one transaction with audit entries', async () => {
    const rows = [
      { row: 2, value: packagesSheet.parseRow(cells(), 2, ctx).value! },
      { row: 3, value: packagesSheet.parseRow(cells({ code: 'P9101' }), 3, ctx).value! },
      { row: 4, value: packagesSheet.parseRow(cells({ code: 'P9102', sex: '男', items: 'I0101,I0303,NOPE' }), 4, ctx).value! },
    ];
    expect(await packagesSheet.checkAll(db(), rows)).toEqual([
      { row: 3, column: '套餐编码', reason: '套餐编码与第 2 行重复' },
      { row: 4, column: '项目编码', reason: '项目编码不存在：NOPE' },
      { row: 4, column: '项目编码', reason: 'CA125（I0303）仅限女，不能放入男性套餐' },
    ]);
    const good = [rows[0], { row: 3, value: packagesSheet.parseRow(cells({ code: 'P4005', sex: '不限', marr: '', items: 'I0101,I0102', price: '199' }), 3, ctx).value! }];
    expect(await packagesSheet.checkAll(db(), good)).toEqual([]);
    const line = await db().transaction((tx) => packagesSheet.apply(tx, good, { actor: 'admin', now: s.clock.now() + 1000 }));
    expect(line).toBe('新增 1 个套餐，更新 1 个');
    expect((await personList()).w.find((x: any) => x.clus_Code === 'P9101')).toMatchObject({ price: '466.50', marr_status: '2', intro: '<p>x</p>' });
    expect((await call('GetItemCombList', { comb_code: 'P4005' })).returnData.map((i: any) => i.comb_Code)).toEqual(['I0101', 'I0102']);
    expect((await audits('P9101'))[0].summary).toMatch(/^导入：新增套餐 导入套餐/);
    expect((await audits('P4005')).at(-1)!.summary).toMatch(/^导入：修改套餐/);
  });
});

describe('the server-side sanitiser of intro and notice', () => {
  it.each([
    ['<p>空腹<b>抽血</b></p><script>alert(1)</script>后', '<p>空腹<b>抽血</b></p>后'],
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<a href="jav&#x09;ascript:alert(1)">a</a><a href=" JaVaScRiPt:1">b</a><a href="&#106;avascript:1">c</a>', '<a>a</a><a>b</a><a>c</a>'],
    ['<a href="https://x.cn/a?b=1&amp;c=2" target="_blank">ok</a>', '<a href="https://x.cn/a?b=1&amp;c=2">ok</a>'],
    ['<svg><script>alert(1)</script></svg><textarea><img src=x onerror=1></textarea>剩下', '剩下'],
    ['<p style="color:red" class="x" title=\'a"b\'>t</p>', '<p class="x" title="a&quot;b">t</p>'],
    ['<!-- c --><!DOCTYPE html><div onclick="x">d</div><iframe src=x></iframe>', '<div>d</div>'],
    ['<img src="data:image/png;base64,AAAA"><img src="data:text/html;base64,AAAA">', '<img src="data:image/png;base64,AAAA"><img>'],
    ['a < b && c > d', 'a &lt; b &amp;&amp; c &gt; d'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<img src=x onerror=alert(1)', ''],
  ])('%s', (input, out) => expect(sanitizeHtml(input)).toBe(out));
});
