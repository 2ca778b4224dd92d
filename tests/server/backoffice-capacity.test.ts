/**
 * The back office's capacity (routes/studio/backoffice/capacity.ts) on the store
 * TEST_DB picks, against the seeded demo calendars: the reads; a day's slots
 * saved and seen at once by the examinee's calls; a change below what is booked
 * refused with the count (nothing written); a lowering edit racing bookings (no
 * negative surplus, never more bookings than places); bulk rules (preview,
 * every offending slot listed, apply); closed days (unbookable, bookings kept
 * after a confirm); the import sheet; the audit entries; 只读 refused.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityDayRes, CapacityMonthRes, CapacityProblem, CapacityRule, CapacityRulePreviewRes, CapacityScopesRes } from '../../src/contract/api/backoffice/capacity';
import { weekdayOf } from '../../src/contract/rules/capacity-rules';
import { loadConfig as loadFlowConfig } from '../../src/engine/config/load';
import { capacitySheet } from '../../src/server/services/backoffice/imports/capacity-sheet';
import { runImport } from '../../src/server/services/backoffice/imports/run';
import type { SheetSpec } from '../../src/server/services/backoffice/imports/types';
import { createStudioAdmin } from '../../src/server/services/studio/admins';
import { makeTestApp, personBody, plusDays, setDay, uniqueId, type TestApp } from './core-helpers';
import { signIn, type Admin } from './studio-helpers';

const REPO = path.resolve(import.meta.dirname, '../..');
const API = '/api/studio/capacity';
let t: TestApp;
let admin: Admin;
let viewer: Admin;

beforeAll(async () => {
  t = await makeTestApp({}, { flowConfig: loadFlowConfig(REPO).config });
  await createStudioAdmin(t.db, 'viewer', 'viewer-password-2026', t.clock.now());
  await t.db.run(`UPDATE studio_admins SET roles = 'readonly' WHERE username = 'viewer'`);
  admin = await signIn(t.app);
  viewer = await signIn(t.app, 'viewer', 'viewer-password-2026');
}, 60_000);
afterAll(async () => t?.close());

const num = async (sql: string, params: Array<string | number> = []) => Number((await t.db.one<{ n: number | string }>(sql, params))!.n);
const slotRow = (scope: string, day: string, code: string) =>
  t.db.one<{ total: number; surplus: number; name: string }>('SELECT total, surplus, name FROM calendar_slots WHERE scope = $1 AND day = $2 AND code = $3', [scope, day, code]);
const snapshot = async (scope: string) =>
  JSON.stringify([
    await t.db.all('SELECT day, code, name, total, surplus FROM calendar_slots WHERE scope = $1 ORDER BY day, code', [scope]),
    await t.db.all('SELECT day, flag FROM calendar_days WHERE scope = $1 ORDER BY day', [scope]),
  ]);
const audits = () => t.db.all<{ action: string; actor: string; entity_key: string; summary: string; before_json: string; after_json: string }>(`SELECT * FROM audit_log WHERE entity = 'capacity' ORDER BY at, id`);

/** A personal booking on `day` in slot `code`, with the booker's own token. */
async function book(day: string, code: string, name: string, i: number) {
  const body = personBody(day, { idCard: uniqueId(i % 2 ? 1 : 2), openid: `cap-${day}-${i}`, sumtime_Code: code, sumtime_Name: name });
  return t.call('PersonOrderAdd', body, { token: await t.userToken(body.openid) });
}
const personDays = async (start: string, end: string) =>
  (await t.call('GetPersonSumList', { type: 'person', start, end, hospCode: '01' })).body.returnData as Array<{ person_Date: string; person_Flag: string; person_Sum: number; person_Surplus: number }>;

describe('reads', () => {
  it('lists the calendars with their Chinese names (own-calendar companies included)', async () => {
    const r = await viewer.get(`${API}/scopes`);
    expect(r.statusCode).toBe(200);
    const body = r.json() as CapacityScopesRes;
    expect(body.scopes).toEqual([
      { scope: 'P:person', label: '个人体检' },
      { scope: 'P:staff', label: '入职体检' },
      { scope: 'P:vehicle', label: '驾驶证体检' },
      { scope: 'P:healthCertificate', label: '健康证体检' },
      { scope: 'T:total', label: '团体（共用）' },
      { scope: 'T:L0001', label: '团体：杭州明远科技有限公司' },
    ]);
    expect(body.today).toBe(t.today);
  });

  it('a month: every day with its flag, places, booked (total − surplus) and slots, as stored', async () => {
    const month = t.today.slice(0, 7);
    const r = await viewer.get(`${API}/month?scope=P:person&month=${month}`);
    expect(r.statusCode).toBe(200);
    const body = r.json() as CapacityMonthRes;
    expect(body).toMatchObject({ scope: 'P:person', label: '个人体检', month, today: t.today });
    const rows = await t.db.all<{ day: string; total: number; surplus: number }>(
      `SELECT day, SUM(total) AS total, SUM(surplus) AS surplus FROM calendar_slots WHERE scope = 'P:person' AND day LIKE $1 GROUP BY day ORDER BY day`,
      [`${month}-%`],
    );
    for (const row of rows) {
      const d = body.days.find((x) => x.day === row.day)!;
      expect(d.places).toBe(Number(row.total));
      expect(d.booked).toBe(Number(row.total) - Number(row.surplus));
      expect(d.slots.reduce((n, s) => n + s.booked, 0)).toBe(d.booked);
    }
    expect(body.days.some((d) => d.flag === 'T')).toBe(true); // the seed's Sundays
    expect((await viewer.get(`${API}/month?scope=P:person&month=2026-13`)).statusCode).toBe(400);
    expect((await viewer.get(`${API}/month?scope=T:L0002&month=${month}`)).json()).toEqual({ error: '没有这个日历' });
  });
});

describe('a day edited', () => {
  const day = () => plusDays(t.today, 30);

  it('saves slots; the examinee calls show them at once; audited with before and after', async () => {
    await setDay(t.db, 'P:person', day(), []);
    const r = await admin.post(`${API}/day`, { scope: 'P:person', day: day(), slots: [{ name: '09:30-11:30', places: 30 }, { name: '7:30–9:30', places: 40 }] });
    expect(r.statusCode).toBe(200);
    expect((r.json() as CapacityDayRes).day).toMatchObject({
      flag: 'F',
      places: 70,
      booked: 0,
      slots: [
        { code: '0730', name: '07:30-09:30', places: 40, booked: 0 },
        { code: '0930', name: '09:30-11:30', places: 30, booked: 0 },
      ],
    });
    expect((await personDays(day(), day()))[0]).toMatchObject({ person_Flag: 'F', person_Sum: 70, person_Surplus: 70 });
    const slots = (await t.call('GetSumTimeList', { type: 'person', date_Time: day() })).body.returnData;
    expect(slots).toEqual([
      { sumtime_Name: '07:30-09:30', sumtime_Code: '0730', person_Surplus: 40 },
      { sumtime_Name: '09:30-11:30', sumtime_Code: '0930', person_Surplus: 30 },
    ]);
    const a = (await audits()).at(-1)!;
    expect(a).toMatchObject({ action: 'update', actor: 'admin', entity_key: `P:person ${day()}` });
    expect(a.summary).toContain('修改号源 个人体检');
    expect(JSON.parse(a.after_json).places).toBe(70);
  });

  it('refuses places below what is booked, and removing a booked slot, with the count; nothing written', async () => {
    for (let i = 0; i < 3; i++) expect((await book(day(), '0730', '07:30-09:30', i)).body.success).toBe(true);
    const before = await snapshot('P:person');
    const n = (await audits()).length;
    const low = await admin.post(`${API}/day`, { scope: 'P:person', day: day(), slots: [{ code: '0730', name: '07:30-09:30', places: 2 }, { code: '0930', name: '09:30-11:30', places: 10 }] });
    expect(low.statusCode).toBe(409);
    expect(low.json().error).toContain('07:30-09:30：该时段已预约 3 人，名额不能少于 3');
    expect(low.json().problems).toEqual([{ scope: 'P:person', day: day(), code: '0730', name: '07:30-09:30', booked: 3, places: 2, reason: '该时段已预约 3 人，名额不能少于 3' }]);
    const gone = await admin.post(`${API}/day`, { scope: 'P:person', day: day(), slots: [{ code: '0930', name: '09:30-11:30', places: 30 }] });
    expect(gone.statusCode).toBe(409);
    expect((gone.json().problems as CapacityProblem[]).map((p) => p.reason)).toEqual(['该时段已预约 3 人，不能删除']);
    const moved = await admin.post(`${API}/day`, { scope: 'P:person', day: day(), slots: [{ code: '0730', name: '08:00-09:30', places: 40 }] });
    expect(moved.statusCode).toBe(409);
    expect(await snapshot('P:person')).toBe(before);
    expect((await audits()).length).toBe(n);
    // exactly what is booked is fine: the slot is then full
    const exact = await admin.post(`${API}/day`, { scope: 'P:person', day: day(), slots: [{ code: '0730', name: '07:30-09:30', places: 3 }] });
    expect(exact.statusCode).toBe(200);
    expect(await slotRow('P:person', day(), '0730')).toMatchObject({ total: 3, surplus: 0 });
    expect((await book(day(), '0730', '07:30-09:30', 9)).body.returnMsg).toBe('该时段已无号源！请选择其他时段');
  });

  it('refuses malformed slots, past days and unknown calendars in Chinese', async () => {
    const post = (b: object) => admin.post(`${API}/day`, { scope: 'P:person', day: day(), ...b });
    expect((await post({ slots: [{ name: '9:30-7:30', places: 1 }] })).json()).toEqual({ error: '第 1 个时段：时间须写成 07:30-09:30，开始早于结束' });
    expect((await post({ slots: [{ name: '07:30-09:30', places: -1 }] })).json().error).toBe('第 1 个时段：名额须为 0–9999 的整数');
    expect((await post({ slots: [{ name: '07:30-09:30', places: 1 }, { name: '08:30-10:30', places: 1 }] })).json().error).toBe('时段 07:30-09:30 与 08:30-10:30 重叠');
    expect((await post({ day: plusDays(t.today, -1), slots: [] })).json().error).toBe('不能修改今天以前的日期');
    expect((await post({ scope: 'P:nope', slots: [] })).statusCode).toBe(404);
  });
});

describe('bookings racing a lowering edit', () => {
  it('never a negative surplus, never more bookings than places, whoever wins', async () => {
    // [round, bookings made before, where the edit starts among the 10 − before that race it]
    const rounds = [[0, 0, 0], [1, 3, 2], [2, 0, 10]] as const;
    const outcomes: number[] = [];
    for (const [round, pre, editAt] of rounds) {
      const day = plusDays(t.today, 31 + round);
      await setDay(t.db, 'P:person', day, [{ code: '01', total: 10 }]);
      const bodies = Array.from({ length: 10 }, (_, i) => personBody(day, { idCard: uniqueId(i % 2 ? 1 : 2), openid: `race-${round}-${i}` }));
      const tokens = await Promise.all(bodies.map((b) => t.userToken(b.openid)));
      const bookOne = (i: number) => t.call('PersonOrderAdd', bodies[i], { token: tokens[i] });
      for (let i = 0; i < pre; i++) expect((await bookOne(i)).body.success).toBe(true);
      // Started in this order, then all running at once: the edit before, among or after the bookings.
      const starts: Array<() => Promise<unknown>> = bodies.slice(pre).map((_, i) => () => bookOne(pre + i));
      let edit: Promise<Awaited<ReturnType<Admin['post']>>> | undefined;
      starts.splice(editAt, 0, () => (edit = admin.post(`${API}/day`, { scope: 'P:person', day, slots: [{ code: '01', name: '07:30-08:30', places: 5 }] })));
      await Promise.all(starts.map((f) => f()));
      const r = await edit!;
      outcomes.push(r.statusCode);
      const slot = (await slotRow('P:person', day, '01'))!;
      const orders = await num(`SELECT COUNT(*) AS n FROM orders WHERE begin_time = $1 AND scope = 'P:person' AND sumtime_code = '01' AND state <> 'C' AND state <> 'Refund'`, [day]);
      // 10 people tried: the slot ends full at whatever size it ended, every place one order.
      expect([Number(slot.surplus), orders]).toEqual([0, Number(slot.total)]);
      if (r.statusCode === 200) expect(Number(slot.total)).toBe(5);
      else {
        expect(r.statusCode).toBe(409);
        expect(Number(slot.total)).toBe(10);
        expect(r.json().problems[0].booked).toBeGreaterThan(5);
      }
    }
    expect(outcomes.every((c) => c === 200 || c === 409)).toBe(true);
  });

  it('lowered after 3 bookings, 7 more racing for the 2 places left: exactly 2 get one', async () => {
    const day = plusDays(t.today, 34);
    await setDay(t.db, 'P:person', day, [{ code: '01', total: 10 }]);
    for (let i = 0; i < 3; i++) expect((await book(day, '01', '07:30-08:30', i)).body.success).toBe(true);
    expect((await admin.post(`${API}/day`, { scope: 'P:person', day, slots: [{ code: '01', name: '07:30-08:30', places: 5 }] })).statusCode).toBe(200);
    expect(await slotRow('P:person', day, '01')).toMatchObject({ total: 5, surplus: 2 });
    const res = await Promise.all(Array.from({ length: 7 }, (_, i) => book(day, '01', '07:30-08:30', 10 + i)));
    expect(res.filter((r) => r.body.success).length).toBe(2);
    expect(await slotRow('P:person', day, '01')).toMatchObject({ total: 5, surplus: 0 });
  });
});

describe('closed days', () => {
  const day = () => plusDays(t.today, 35);

  it('a closed day is 休假 to the examinee and PersonOrderAdd refuses it; opened again it books', async () => {
    await setDay(t.db, 'P:person', day(), [{ code: '01', total: 10 }]);
    const r = await admin.post(`${API}/close`, { scopes: ['P:person'], from: day(), to: day(), note: '设备检修' });
    expect(r.json()).toEqual({ days: 1, kept: 0 });
    expect((await personDays(day(), day()))[0].person_Flag).toBe('T');
    expect((await book(day(), '01', '07:30-08:30', 1)).body.returnMsg).toBe('该日为休假日，不可预约');
    const month = (await viewer.get(`${API}/month?scope=P:person&month=${day().slice(0, 7)}`)).json() as CapacityMonthRes;
    expect(month.days.find((d) => d.day === day())).toMatchObject({ flag: 'T', note: '设备检修' });
    expect((await admin.post(`${API}/open`, { scopes: ['P:person'], from: day(), to: day() })).json()).toEqual({ days: 1 });
    expect((await book(day(), '01', '07:30-08:30', 2)).body.success).toBe(true);
    expect((await audits()).slice(-2).map((a) => a.action)).toEqual(['close', 'open']);
  });

  it('closing a day with bookings asks first (the count), then closes for new bookings only', async () => {
    await setDay(t.db, 'P:person', plusDays(day(), 1), [{ code: '01', total: 5 }]);
    for (const d of [day(), plusDays(day(), 1)]) await setDay(t.db, 'P:staff', d, [{ code: '01', total: 5 }]);
    const n = (await audits()).length;
    const ask = await admin.post(`${API}/close`, { scopes: ['P:person', 'P:staff'], from: day(), to: plusDays(day(), 1), note: '国庆节' });
    expect(ask.statusCode).toBe(409);
    expect(ask.json()).toMatchObject({ needsConfirm: true, booked: [{ scope: 'P:person', day: day(), booked: 1 }] });
    expect(ask.json().error).toContain('共 1 人');
    expect((await personDays(day(), day()))[0].person_Flag).toBe('F');
    expect((await audits()).length).toBe(n);
    const ok = await admin.post(`${API}/close`, { scopes: ['P:person', 'P:staff'], from: day(), to: plusDays(day(), 1), note: '国庆节', keepBookings: true });
    expect(ok.json()).toEqual({ days: 4, kept: 1 });
    expect(await num(`SELECT COUNT(*) AS n FROM calendar_days WHERE day IN ($1, $2) AND scope IN ('P:person', 'P:staff') AND flag = 'T'`, [day(), plusDays(day(), 1)])).toBe(4);
    expect(await num(`SELECT COUNT(*) AS n FROM orders WHERE begin_time = $1 AND state <> 'C'`, [day()])).toBe(1);
    expect((await audits()).at(-1)!.summary).toBe(`关闭 个人体检、入职体检 ${day()} 至 ${plusDays(day(), 1)}（国庆节）：2 天，保留已有预约 1 人`);
  });
});

describe('bulk rules', () => {
  // Next week, Monday to Sunday, on the seeded calendar (whatever today is).
  const monday = () => plusDays(t.today, ((8 - weekdayOf(t.today)) % 7) || 7);
  const rule = (): CapacityRule => ({
    scope: 'P:person',
    from: monday(),
    to: plusDays(monday(), 6),
    groups: [
      { weekdays: [1, 2, 3, 4, 5], slots: [{ name: '07:30-09:30', places: 40 }, { name: '09:30-11:30', places: 30 }] },
      { weekdays: [6], slots: [{ name: '07:30-09:30', places: 20 }] },
    ],
  });

  it('preview lists every booked slot the rule would drop; apply refuses them all and changes nothing', async () => {
    const before = await snapshot('P:person');
    const p = (await admin.post(`${API}/rule/preview`, { rule: rule() })).json() as CapacityRulePreviewRes;
    expect(p.affected).toBe(6);
    expect(p.days.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5].map((i) => plusDays(monday(), i)));
    expect(p.summary).toContain('周一至周五 07:30-09:30 40、09:30-11:30 30；周六 07:30-09:30 20');
    const booked = await t.db.all<{ day: string; code: string; b: number }>(
      `SELECT day, code, total - surplus AS b FROM calendar_slots WHERE scope = 'P:person' AND day >= $1 AND day <= $2 AND total > surplus ORDER BY day, code`,
      [monday(), plusDays(monday(), 5)],
    );
    expect(booked.length).toBeGreaterThan(0);
    expect(p.problems.map((x) => [x.day, x.code, x.booked])).toEqual(booked.map((b) => [b.day, b.code, Number(b.b)]));
    const r = await admin.post(`${API}/rule/apply`, { rule: rule() });
    expect(r.statusCode).toBe(409);
    expect(r.json().problems).toEqual(p.problems);
    expect(r.json().error.split('\n').length).toBe(Math.min(p.problems.length, 30) + 1 + (p.problems.length > 30 ? 1 : 0));
    expect(await snapshot('P:person')).toBe(before);
  });

  it('applies in one go (one audit entry); the examinee sees 70 on weekdays, 20 on Saturday; Sunday untouched', async () => {
    const [from, to] = [monday(), plusDays(monday(), 6)];
    await t.db.run(`UPDATE calendar_slots SET surplus = total WHERE scope = 'P:person' AND day >= $1 AND day <= $2`, [from, to]);
    const sunday = await t.db.all('SELECT * FROM calendar_slots WHERE scope = $1 AND day = $2 ORDER BY code', ['P:person', to]);
    const n = (await audits()).length;
    const r = await admin.post(`${API}/rule/apply`, { rule: rule() });
    expect(r.statusCode).toBe(200);
    expect(r.json().affected).toBe(6);
    const days = await personDays(from, to);
    for (const d of days.slice(0, 5)) expect([d.person_Sum, d.person_Surplus]).toEqual([70, 70]);
    expect([days[5].person_Sum, days[5].person_Surplus]).toEqual([20, 20]);
    expect(await t.db.all('SELECT * FROM calendar_slots WHERE scope = $1 AND day = $2 ORDER BY code', ['P:person', to])).toEqual(sunday);
    const added = await audits();
    expect(added.length).toBe(n + 1);
    expect(added.at(-1)).toMatchObject({ action: 'rule', actor: 'admin', entity_key: `P:person ${from}~${to}` });
    expect(JSON.parse(added.at(-1)!.after_json).days).toHaveLength(6);
  });

  it('refuses a range over 190 days, a past start and a weekday in two groups', async () => {
    const post = (r: Partial<CapacityRule>) => admin.post(`${API}/rule/preview`, { rule: { ...rule(), ...r } });
    expect((await post({ to: plusDays(monday(), 191) })).json().error).toBe('日期范围最多 190 天');
    expect((await post({ from: plusDays(t.today, -1) })).json().error).toBe('不能修改今天以前的日期');
    expect((await post({ groups: [{ weekdays: [1], slots: [] }, { weekdays: [1], slots: [] }] })).json().error).toBe('第 2 组：周一 在多组中重复');
  });
});

describe('group calendars', () => {
  it('a company with its own calendar and the shared pool each follow their own edit', async () => {
    const day = plusDays(t.today, 40);
    for (const [scope, places] of [['T:L0001', 12], ['T:total', 34]] as const) {
      await setDay(t.db, scope, day, []); // the seed's day has (made-up) bookings
      expect((await admin.post(`${API}/day`, { scope, day, slots: [{ name: '08:00-10:00', places }] })).statusCode).toBe(200);
    }
    const team = async (lnccode: string) => (await t.call('GetTeamSumList', { lnccode, start: day, end: day })).body.returnData[0];
    expect(await team('L0001')).toMatchObject({ team_Sum: 12, spType: 'L0001' });
    expect(await team('L0002')).toMatchObject({ team_Sum: 34, spType: 'total' });
  });
});

describe('the 号源容量 import sheet', () => {
  const cells = (o: Partial<Record<string, string>>) => ({ calendar: '个人体检', day: plusDays(t.today, 30), slot: '', code: '', places: '', closed: '', note: '', ...o });
  const parse = (o: Partial<Record<string, string>>, row = 2) => capacitySheet.parseRow(cells(o), row, { today: t.today });

  it('parses a row, with a reason in Chinese per bad cell', () => {
    expect(parse({ slot: '07:30-09:30', places: '40' }).value).toEqual({ calendar: '个人体检', day: plusDays(t.today, 30), slot: { name: '07:30-09:30', places: 40 }, closed: undefined, note: '' });
    expect(parse({ day: '2026/2/30', slot: '9-10', places: 'x', closed: '可能' }).problems).toEqual([
      { row: 2, column: '日期', reason: '日期须写成 YYYY-MM-DD，如 2026-12-01' },
      { row: 2, column: '时段', reason: '时段须写成 07:30-09:30，开始早于结束' },
      { row: 2, column: '名额', reason: '名额须为 0–9999 的整数' },
      { row: 2, column: '休息日', reason: '休息日填 是 或 否（空着为不变）' },
    ]);
  });

  it('checks the rows together: duplicates, unknown calendars, below what is booked (the count)', async () => {
    const rows = [
      { slot: '07:30-09:30', places: '2' },
      { slot: '7:30-9:30', places: '5' },
      { calendar: '团体：不存在的单位', slot: '07:30-09:30', places: '5' },
    ].map((o, i) => ({ row: i + 2, value: parse(o, i + 2).value! }));
    expect(await capacitySheet.checkAll(t.db, rows)).toEqual([
      { row: 4, column: '日历', reason: expect.stringContaining('没有这个日历：团体：不存在的单位') },
      { row: 3, column: '时段', reason: '与第 2 行重复：同一天的时段只能出现一次' },
    ]);
    expect(await capacitySheet.checkAll(t.db, [rows[0]])).toEqual([{ row: 2, column: '名额', reason: '该时段已预约 3 人，名额不能少于 3' }]);
  });

  it('applies in the caller transaction: slots replaced, a day closed with its name, one audit entry', async () => {
    const day = plusDays(t.today, 41);
    for (const d of [day, plusDays(day, 1)]) await setDay(t.db, 'P:person', d, [{ code: '01', total: 8 }]);
    const rows = [
      { day, slot: '08:00-09:00', places: '15' },
      { day, slot: '09:00-10:00', places: '25', code: 'A2' },
      { day: plusDays(day, 1), closed: '是', note: '院庆' },
    ].map((o, i) => ({ row: i + 2, value: parse(o, i + 2).value! }));
    expect(await capacitySheet.checkAll(t.db, rows)).toEqual([]);
    const line = await t.db.transaction((tx) => capacitySheet.apply(tx, rows, { actor: 'admin', now: t.clock.now() }));
    expect(line).toBe('设置 1 天的时段，关闭 1 天');
    expect((await personDays(day, plusDays(day, 1))).map((d) => [d.person_Flag, d.person_Sum])).toEqual([['F', 40], ['T', 8]]);
    expect(await t.db.one('SELECT note FROM calendar_day_notes WHERE scope = $1 AND day = $2', ['P:person', plusDays(day, 1)])).toEqual({ note: '院庆' });
    expect((await audits()).at(-1)).toMatchObject({ action: 'import', summary: '导入号源（个人体检）：设置 1 天的时段，关闭 1 天' });
  });
});

describe('the sheet through the import runner (CSV)', () => {
  it('a dry run lists the bad cell and applies nothing; the clean file is applied', async () => {
    const day = plusDays(t.today, 43);
    await setDay(t.db, 'P:staff', day, []);
    const csv = (places: string) => Buffer.from(`日历,日期,时段,时段编码,名额,休息日,说明\n入职体检,${day},08:00-10:00,,${places},,\n入职体检,${day},10:00-11:00,,5,否,\n`);
    const run = (content: Buffer, dryRun: boolean) => runImport(t.db, capacitySheet as SheetSpec<unknown>, { fileName: 'c.csv', content, dryRun, actor: 'admin', now: t.clock.now(), today: t.today });
    const bad = await run(csv('十'), false);
    expect(bad).toMatchObject({ ok: false, applied: false, problems: [{ row: 2, column: '名额', reason: '名额须为 0–9999 的整数' }] });
    expect(await num('SELECT COUNT(*) AS n FROM calendar_slots WHERE scope = $1 AND day = $2', ['P:staff', day])).toBe(0);
    expect(await run(csv('12'), false)).toMatchObject({ ok: true, applied: true, summary: '设置 1 天的时段，开放 1 天' });
    expect(await t.db.all('SELECT code, total FROM calendar_slots WHERE scope = $1 AND day = $2 ORDER BY sort', ['P:staff', day])).toEqual([
      { code: '0800', total: 12 },
      { code: '1000', total: 5 },
    ]);
  });
});

describe('只读', () => {
  it('reads, and every change is refused 403 with nothing written', async () => {
    expect((await viewer.get(`${API}/day?scope=P:person&day=${t.today}`)).statusCode).toBe(200);
    const before = await snapshot('P:person');
    const n = (await audits()).length;
    const day = plusDays(t.today, 30);
    const calls: Array<[string, object]> = [
      ['day', { scope: 'P:person', day, slots: [] }],
      ['close', { scopes: ['P:person'], from: day, to: day, note: '', keepBookings: true }],
      ['open', { scopes: ['P:person'], from: day, to: day }],
      ['rule/preview', { rule: { scope: 'P:person', from: day, to: day, groups: [{ weekdays: [0, 1, 2, 3, 4, 5, 6], slots: [] }] } }],
      ['rule/apply', { rule: { scope: 'P:person', from: day, to: day, groups: [{ weekdays: [0, 1, 2, 3, 4, 5, 6], slots: [] }] } }],
    ];
    for (const [url, body] of calls) {
      const r = await viewer.post(`${API}/${url}`, body);
      expect(r.statusCode, url).toBe(403);
      expect(r.json()).toEqual({ error: '没有权限：需要「运营」角色' });
    }
    expect(await snapshot('P:person')).toBe(before);
    expect((await audits()).length).toBe(n);
  });
});
