import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, personBody, plusDays, setDay, type TestApp } from './core-helpers';
import { DEMO, MEMBERS } from '../../src/server/seed/index';
import { DRAWING_SUBJECT, publicCaller } from '../../src/server/plugins/ssr-calls';
import { CALLS, type CallDef } from '../../src/contract/calls';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const cardKeys = ['clus_Code', 'clus_Name', 'clus_Note', 'price', 'sex', 'marr_status'];

describe('package lists', () => {
  it('GetClusItemList {clus_type:"4"} → {m, w}, either-sex packages in both, married-only flagged', async () => {
    const r = await t.call('GetClusItemList', { clus_type: '4' });
    expect(r.body.success).toBe(true);
    const { m, w } = r.body.returnData;
    for (const p of [...m, ...w]) for (const k of cardKeys) expect(p).toHaveProperty(k);
    expect(m.every((p: any) => p.sex === '1' || p.sex === '3')).toBe(true);
    expect(w.every((p: any) => p.sex === '2' || p.sex === '3')).toBe(true);
    expect(m.some((p: any) => p.clus_Code === 'P4005') && w.some((p: any) => p.clus_Code === 'P4005')).toBe(true);
    expect(w.find((p: any) => p.clus_Code === 'P4004').marr_status).toBe('2');
    expect(m[0].price).toMatch(/^\d+\.\d{2}$/);
  });
  it('GetStaffClusItem {clus_type:"1"} → {m, w}', async () => {
    const r = await t.call('GetStaffClusItem', { clus_type: '1' });
    expect(r.body.returnData.m.map((p: any) => p.clus_Code)).toEqual(['S1001', 'S1003']);
    expect(r.body.returnData.w.map((p: any) => p.clus_Code)).toEqual(['S1002', 'S1003']);
    expect((await t.call('GetStaffClusItem', { clus_type: '4' })).body.success).toBe(false);
  });
  it('GetVehicleClusItem: 6 driver licence, 5 health certificate, plain lists', async () => {
    const v = await t.call('GetVehicleClusItem', { clus_type: '6', sex: '3' });
    expect(Array.isArray(v.body.returnData)).toBe(true);
    expect(v.body.returnData.map((p: any) => p.clus_Code)).toEqual(['V6001', 'V6002']);
    const h = await t.call('GetVehicleClusItem', { clus_type: '5', sex: '3' });
    expect(h.body.returnData.map((p: any) => p.clus_Code)).toEqual(['H5001', 'H5002']);
  });
  it('GetItemCombList → items with comb_Code/comb_code, comb_Name, comb_Price, note; unknown → 暂无项目数据', async () => {
    const r = await t.call('GetItemCombList', { comb_code: 'P4001' });
    expect(r.body.returnData.length).toBe(12);
    expect(r.body.returnData[0]).toEqual({ comb_Code: expect.any(String), comb_code: expect.any(String), comb_Name: expect.any(String), comb_Price: expect.stringMatching(/^\d+\.\d{2}$/), note: expect.any(String) });
    expect(r.body.returnData.map((i: any) => i.comb_Name)).toContain('血常规（五分类）');
    const none = await t.call('GetItemCombList', { comb_code: 'NOPE' });
    expect(none.body).toEqual({ success: false, returnMsg: '暂无项目数据', returnData: null });
  });
  it('AddClusItem → JSON text of ≥6 categories, ≥100 items, package items excluded', async () => {
    const r = await t.call('AddClusItem', { code: 'P4001' });
    expect(typeof r.body.returnData).toBe('string');
    const tree = JSON.parse(r.body.returnData);
    expect(tree.length).toBeGreaterThanOrEqual(6);
    const kids = tree.flatMap((c: any) => c.children);
    expect(kids.length).toBeGreaterThanOrEqual(80);
    // P4001 is a man's package: no item for women only is offered (妇科检查, 乳腺彩超…), none for men is withheld
    expect(kids.some((k: any) => k.comb_name === '乳腺彩超' || k.comb_name === '白带常规')).toBe(false);
    expect(kids.some((k: any) => k.comb_name === '前列腺彩超')).toBe(true);
    expect(kids[0]).toEqual({ comb_code: expect.any(String), comb_name: expect.any(String), price: expect.any(String), clus_code: 'P4001', id: expect.any(String), text: expect.any(String), note: expect.any(String) });
    expect(kids.some((k: any) => k.comb_name === '血常规（五分类）')).toBe(false);
    const all = JSON.parse((await t.call('AddClusItem', { code: 'V6001' })).body.returnData).flatMap((c: any) => c.children);
    expect(all.length).toBeGreaterThanOrEqual(100);
    expect((await t.call('AddClusItem', { code: 'NOPE' })).body.success).toBe(false);
  });
  it('an extra item of the other sex is refused for a package of one sex', async () => {
    const D = plusDays(t.today, 3);
    const items = JSON.parse((await t.call('AddClusItem', { code: 'V6001' })).body.returnData).flatMap((c: any) => c.children);
    const female = (await t.db.one<{ comb_code: string; price_cents: number }>(`SELECT comb_code, price_cents FROM items WHERE sex = 2 AND onsite_only = 0 LIMIT 1`))!;
    const pkg = (await t.db.one<{ clus_code: string; price_cents: number; sex: number }>(`SELECT clus_code, price_cents, sex FROM packages WHERE clus_code = 'P4001'`))!;
    expect(items.length).toBeGreaterThan(0);
    await setDay(t.db, 'P:person', D, [{ code: '01', total: 5 }]);
    const price = ((Number(pkg.price_cents) + Number(female.price_cents)) / 100).toFixed(2);
    const r = await t.call('PersonOrderAdd', personBody(D, { clus_Code: pkg.clus_code, clus_Name: '', price, choose_comb_code: female.comb_code }));
    expect(r.body.returnMsg).toBe('所选项目与套餐性别不符');
  });

  it('GetAddClusItemList → on-site-only records', async () => {
    const r = await t.call('GetAddClusItemList', {});
    expect(r.body.returnData.length).toBeGreaterThanOrEqual(5);
    expect(r.body.returnData[0]).toEqual({ comb_code: expect.any(String), comb_name: expect.any(String) });
    expect(r.body.returnData.map((i: any) => i.comb_name)).toContain('无痛胃镜');
  });
});

describe('calendars', () => {
  it('GetPersonSumList: days with holiday, not-open, full, tight and plentiful', async () => {
    const r = await t.call('GetPersonSumList', { type: 'person', start: t.today, end: plusDays(t.today, 59), hospCode: '01' });
    expect(r.body.success).toBe(true);
    const days = r.body.returnData as any[];
    expect(days.length).toBe(60);
    expect(Object.keys(days[0]).sort()).toEqual(['person_Date', 'person_Flag', 'person_Sum', 'person_Surplus']);
    expect(days.some((d) => d.person_Flag === 'T')).toBe(true);
    expect(days.some((d) => d.person_Flag === 'F' && d.person_Sum === 0)).toBe(true);
    expect(days.some((d) => d.person_Flag === 'F' && d.person_Sum > 0 && d.person_Surplus === 0)).toBe(true);
    expect(days.some((d) => d.person_Surplus >= 1 && d.person_Surplus <= 10)).toBe(true);
    expect(days.some((d) => d.person_Surplus > 10)).toBe(true);
    expect(days.every((d) => d.person_Surplus >= 0 && d.person_Surplus <= d.person_Sum)).toBe(true);
    // clus_type code accepted as type too
    const byCode = await t.call('GetPersonSumList', { type: '6', start: t.today, end: plusDays(t.today, 6), hospCode: '01' });
    expect(byCode.body.returnData.length).toBe(7);
    expect((await t.call('GetPersonSumList', { type: 'x', start: t.today, end: t.today })).body.returnMsg).toBe('体检类型错误');
    expect((await t.call('GetPersonSumList', { type: 'person', start: t.today, end: plusDays(t.today, -1) })).body.success).toBe(false);
  });
  it('GetSumTimeList: 2–4 slots, sum of slots = day', async () => {
    const days = (await t.call('GetPersonSumList', { type: 'person', start: t.today, end: plusDays(t.today, 30) })).body.returnData as any[];
    const open = days.find((d) => d.person_Surplus > 10)!;
    const r = await t.call('GetSumTimeList', { date_Time: open.person_Date, type: 'person' });
    const slots = r.body.returnData as any[];
    expect(slots.length).toBeGreaterThanOrEqual(2);
    expect(slots.length).toBeLessThanOrEqual(4);
    expect(Object.keys(slots[0]).sort()).toEqual(['person_Surplus', 'sumtime_Code', 'sumtime_Name']);
    expect(slots[0].sumtime_Name).toMatch(/^\d{2}:\d{2}-\d{2}:\d{2}$/);
    expect(slots.reduce((a, s) => a + s.person_Surplus, 0)).toBe(open.person_Surplus);
  });
  it('GetTeamSumList / GetTeamSumTimeList: own calendar vs shared total pool', async () => {
    const own = await t.call('GetTeamSumList', { lnccode: 'L0001', start: t.today, end: plusDays(t.today, 13), hospCode: '01' });
    const d = own.body.returnData[0];
    expect(Object.keys(d).sort()).toEqual(['spType', 'team_Date', 'team_Flag', 'team_Sum', 'team_Surplus', 'week']);
    expect(d.spType).toBe('L0001');
    expect(d.week).toMatch(/^星期[一二三四五六日]$/);
    const shared = await t.call('GetTeamSumList', { lnccode: 'L0002', start: t.today, end: plusDays(t.today, 13) });
    expect(shared.body.returnData[0].spType).toBe('total');
    const open = (own.body.returnData as any[]).find((x) => x.team_Surplus > 0)!;
    const slots = await t.call('GetTeamSumTimeList', { date_Time: open.team_Date, lnccode: 'L0001' });
    expect(Object.keys(slots.body.returnData[0]).sort()).toEqual(['sumtime_Code', 'sumtime_Name', 'team_Surplus']);
    const total = await t.call('GetTeamSumTimeList', { date_Time: open.team_Date, lnccode: 'total' });
    expect(total.body.returnData.length).toBeGreaterThan(0);
  });
});

describe('companies and team login', () => {
  it('GetTjLncListByName and GetTjLncList', async () => {
    const r = await t.call('GetTjLncListByName', { lnc_Name: '明远' });
    expect(r.body.returnData).toEqual([{ lnc_Code: 'L0001', lnc_Name: '杭州明远科技有限公司' }]);
    const all = await t.call('GetTjLncList', { kw: '' });
    expect(all.body.returnData.length).toBe(3);
    const byCode = await t.call('GetTjLncList', { kw: 'L0002' });
    expect(byCode.body.returnData[0].lnc_Code).toBe('L0002');
  });
  it('TeamLogin: member records, or the err form', async () => {
    const m = MEMBERS.find((x) => x.flag === '粉尘作业')!;
    const r = await t.call('TeamLogin', { lnc_Code: m.lnc, idCard: m.id, tel: m.tel });
    expect(r.body.success).toBe(true);
    expect(r.body.returnData[0]).toEqual({
      pat_name: m.name, idcard: m.id, tel: m.tel, clus_code: m.clus, clus_name: expect.any(String), lnc_code: m.lnc, lnc_name: expect.any(String), reg_no: expect.any(String), flag: '粉尘作业',
      clus_note: expect.any(String), clus_price: expect.stringMatching(/^\d+\.\d{2}$/), order: null,
    });
    const bad = await t.call('TeamLogin', { lnc_Code: 'L0001', idCard: DEMO.femaleIdCard, tel: '13900000000' });
    expect(typeof bad.body.returnData).toBe('string');
    expect(bad.body.returnData).toContain('err');
    expect(JSON.parse(bad.body.returnData)[0].err).toBeTruthy();
  });
});

describe('seed and store', () => {
  it('seeded slots are consistent and migrations are recorded once', async () => {
    const bad = await t.db.one<{ n: number }>('SELECT COUNT(*) AS n FROM calendar_slots WHERE surplus < 0 OR surplus > total');
    expect(Number(bad!.n)).toBe(0);
    const { migrate } = await import('../../src/server/db/migrate');
    expect(await migrate(t.db)).toEqual([]);
    const m = await t.db.all<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(m[0].id).toBe('001_core');
    // CHECK (surplus >= 0) holds even against a direct write
    await expect(t.db.run(`UPDATE calendar_slots SET surplus = -1 WHERE scope = 'P:person'`)).rejects.toThrow();
  });
  it('demo orders cover every state and pay_flag', async () => {
    const r = await t.call('FindByOrderList', { openid: 'demo-openid-0001' });
    const states = new Set(r.body.returnData.map((o: any) => o.state));
    const flags = new Set(r.body.returnData.map((o: any) => o.pay_flag));
    for (const s of ['F', 'S', 'C', 'export', 'E', 'Refund']) expect(states.has(s)).toBe(true);
    for (const f of ['F', 'EING', 'T', 'TJServeERR', 'RefundERR']) expect(flags.has(f)).toBe(true);
  });
  it('production guard: the preflight names each missing or demo setting, unless ALLOW_DEMO=1 (details: tests/unit/server-doctor.test.ts)', async () => {
    const { preflight, preflightApplies, refusals } = await import('../../src/server/doctor/index');
    const named = refusals(preflight({ NODE_ENV: 'production' })).map((f) => `${f.setting}:${f.problem}`);
    expect(named).toEqual(
      expect.arrayContaining(['SESSION_SECRET:missing', 'TOKEN_CLIENT_SECRET:demo', 'PAY_PROVIDER:demo', 'WECHAT_APPID:missing', 'WECHAT_PAY_APIV3_KEY:missing', 'SMS_PROVIDER:missing']),
    );
    expect(preflightApplies({ NODE_ENV: 'production' })).toBe(true);
    expect(preflightApplies({ NODE_ENV: 'production', ALLOW_DEMO: '1' })).toBe(false);
    expect(preflightApplies({})).toBe(false);
    // the API v2 settings of before no longer make a complete configuration: the v3 ones are named
    const v2 = preflight({ NODE_ENV: 'production', PAY_PROVIDER: 'wechat', WECHAT_MCH_ID: '1900000001', WECHAT_API_KEY: 'd', SESSION_SECRET: 'k'.repeat(32) });
    expect(refusals(v2).map((f) => f.setting)).toEqual(expect.arrayContaining(['WECHAT_PAY_APIV3_KEY', 'WECHAT_PAY_PRIVATE_KEY_PATH', 'WECHAT_PAY_MCH_SERIAL']));
    expect(v2.find((f) => f.setting === 'WECHAT_API_KEY')?.problem).toBe('obsolete');
  });
});

describe('the catalogue a drawn first screen carries (plugins/ssr-calls.ts)', () => {
  it('answers a catalogue read as the phone gets it, with a client token of its own; refuses any other call before a request', async () => {
    const call = publicCaller(t.app);
    const mine = await call('GetClusItemList', { clus_type: '4' });
    const phone = await t.call('GetClusItemList', { clus_type: '4' });
    expect(mine).toEqual(phone.body);
    const [row] = await t.db.all<{ subject: string }>('SELECT subject FROM tokens WHERE subject = $1', [DRAWING_SUBJECT]);
    expect(row.subject).toBe(DRAWING_SUBJECT);
    await call('GetNoticeInfo', { titleName: '体检须知' }); // the same token again
    expect(await t.db.all('SELECT token FROM tokens WHERE subject = $1', [DRAWING_SUBJECT])).toHaveLength(1);
    // A refusal (an unknown code, a body the request schema refuses) comes back as the phone gets it.
    expect((await call('GetItemCombList', { comb_code: 'NOPE' })).returnMsg).toBe('暂无项目数据');
    expect(await call('GetClusItemList', { clus_type: 4 })).toEqual((await t.call('GetClusItemList', { clus_type: 4 })).body);
    // SMS, logins, per-user and per-exam-number calls are never made by the server for a drawing.
    for (const n of ['SendVerifyCode', 'TeamLogin', 'FindByOrderList', 'GetInforMation', 'GetToken', 'toWeChatOauth', '__proto__']) {
      await expect(call(n, {})).rejects.toThrow(/not a public catalogue call/);
    }
    expect(CALLS.GetClusItemList.catalogue).toBe(true);
    for (const [n, d] of Object.entries(CALLS) as Array<[string, CallDef]>) if (d.catalogue) expect([n, d.auth, d.owner, d.method]).toEqual([n, 'service', undefined, 'POST']);
  });
});
