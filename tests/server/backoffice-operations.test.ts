/**
 * The operations view's calls (issue 23), on the store TEST_DB picks: the overview's numbers
 * against a known set of bookings and payments (the centre's days, not the host's); names, ID
 * and phone masked for 只读, in full for 运营; the anomaly queue as the payment services leave
 * it (a payment after the examinee cancelled whose refund WeChat refused; a payment after the
 * hold ran out with no place left; a refund refused); 退款 through the provider (the refund row,
 * the provider's call, one refund for two clicks at once, PROCESSING settled by the reconciler);
 * 标记已处理 with its required note; the audit entries; 只读 refused with nothing changed; the
 * search by each key, at most 50, the words never logged.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsAnomaliesRes, OpsAnomaly, OpsOverviewRes, OpsRefundRes, OpsSearchRes } from '../../src/contract/api/backoffice/operations';
import { studioRoleRefusal } from '../../src/contract/rules/studio-roles';
import { addDays, centreMs } from '../../src/contract/rules/centre-day';
import { buildServer } from '../../src/server/app';
import { releaseExpired } from '../../src/server/services/orders/holds';
import { reconcileOnce } from '../../src/server/services/orders/reconcile';
import { reconcileRefunds } from '../../src/server/services/orders/refunds';
import { setDay, uniqueId } from './core-helpers';
import { book, flowConfig, json, moneyRows, payNow, startOps, tradeOf, type OpsEnv } from './backoffice-operations-helpers';
import { signIn } from './studio-helpers';
import { newOrder, openTrade, startV3, until, type V3Env } from './wechatpay-v3-helpers';
import { refundAnomaly } from '../../src/server/services/backoffice/operations/actions';
import { loadAnomaly } from '../../src/server/services/backoffice/operations/anomalies';

let e: OpsEnv;
let today: string;
const P = 'P:person';
const REFUSED = studioRoleRefusal('ops');

beforeAll(async () => {
  e = await startOps();
  today = e.t.today;
});
afterAll(async () => e?.t.close());

const at = (day: string, time: string) => e.t.clock.set(centreMs(`${day} ${time}`));
const overview = async (who = e.ops, q = `from=${today}&weeks=1`) => json<OpsOverviewRes>(await who.get(`/api/studio/operations/overview?${q}`));
const queue = async (state: 'open' | 'resolved', who = e.ops) => json<OpsAnomaliesRes>(await who.get(`/api/studio/operations/anomalies?state=${state}`)).anomalies;
const one = async (id: string, state: 'open' | 'resolved', who = e.ops) => (await queue(state, who)).find((a) => a.id === id);
const refund = (id: string, amountCents: number, who = e.ops) => who.post(`/api/studio/operations/anomalies/${encodeURIComponent(id)}/refund`, { amountCents });
const resolve = (id: string, note: unknown, who = e.ops) => who.post(`/api/studio/operations/anomalies/${encodeURIComponent(id)}/resolve`, { note });
const search = async (q: string, who = e.ops) => who.post('/api/studio/operations/search', { q });
const audits = () => e.t.db.all<{ actor: string; action: string; entity_key: string; summary: string; before_json: string; after_json: string }>(`SELECT * FROM audit_log WHERE entity = 'anomaly' ORDER BY at, id`);

const WANG = { name: '王芳', idCard: uniqueId(2), tel: '13800001111', openid: 'op-wang' };
const LI = { name: '李雷', idCard: uniqueId(1), tel: '13800002222', openid: 'op-li', sumtime_Code: '02', sumtime_Name: '08:30-09:30' };
const ZHANG = { name: '张伟', idCard: uniqueId(1), tel: '13800003333', openid: 'op-zhang', type: 'staff', clus_Code: 'S1003', clus_Name: '入职体检加强套餐', price: '260.00' };
const ZHAO = { name: '赵敏', idCard: uniqueId(2), tel: '13800004444', openid: 'op-zhao' };
const ids: Record<string, string> = {};

describe('overview: bookings against places, tomorrow’s arrivals, money per day', () => {
  beforeAll(async () => {
    at(today, '10:00');
    const [d1, hol, d2] = [addDays(today, 1), addDays(today, 2), addDays(today, 3)];
    await setDay(e.t.db, P, d1, [{ code: '01', total: 10 }, { code: '02', total: 5 }]);
    await setDay(e.t.db, 'P:staff', d1, [{ code: '01', total: 4 }]);
    await setDay(e.t.db, P, hol, [], 'T');
    await setDay(e.t.db, P, d2, [{ code: '01', total: 20 }]);
    ids.wang = (await book(e.t, d1, WANG)).id; // unpaid: holds its place
    const li = await book(e.t, d1, LI);
    const zhang = await book(e.t, d1, ZHANG);
    const zhao = await book(e.t, d2, ZHAO);
    Object.assign(ids, { li: li.id, zhang: zhang.id, zhao: zhao.id });
    // paid at 12:00 yesterday, at 00:30 today (16:30 UTC yesterday: the centre's day counts), at 10:00 today
    at(addDays(today, -1), '12:00');
    await payNow(e.t, li);
    at(today, '00:30');
    await payNow(e.t, zhang);
    at(today, '10:00');
    await payNow(e.t, zhao);
    expect((await e.t.call('PersonOrderRefund', { id: zhao.id, idCard: zhao.idCard, type: 'person' })).body.success).toBe(true);
  });

  it('per day and per calendar: places, booked (total − surplus), active bookings and the unpaid ones; holidays; the sum first', async () => {
    const o = await overview();
    expect(o).toMatchObject({ today, from: today, weeks: 1, masked: false });
    expect(o.scopes.map((s) => [s.scope, s.label])).toEqual([['all', '全部'], [P, '健康体检'], ['P:staff', '入职体检']]);
    const day = (scope: string, d: number) => o.scopes.find((s) => s.scope === scope)!.days[d];
    expect(o.scopes.every((s) => s.days.length === 7)).toBe(true);
    expect(day('all', 1)).toEqual({ day: addDays(today, 1), places: 19, booked: 3, orders: 3, unpaid: 1, holiday: false });
    expect(day(P, 1)).toMatchObject({ places: 15, booked: 2, orders: 2, unpaid: 1 });
    expect(day('P:staff', 1)).toMatchObject({ places: 4, booked: 1, orders: 1, unpaid: 0 });
    expect(day('all', 2)).toMatchObject({ places: 0, booked: 0, holiday: true });
    // the refunded booking gave its place back
    expect(day(P, 3)).toMatchObject({ places: 20, booked: 0, orders: 0 });
    expect(day('all', 0)).toMatchObject({ places: 0, booked: 0, orders: 0 });
    // the next 4 weeks by default
    expect((await overview(e.ops, '')).scopes[0].days).toHaveLength(28);
  });

  it('tomorrow’s arrivals by slot, in full for 运营 and masked for 只读', async () => {
    const full = (await overview()).tomorrow;
    expect(full.day).toBe(addDays(today, 1));
    expect(full.count).toBe(3);
    expect(full.slots.map((s) => [s.slot, s.count, s.people.map((p) => p.name)])).toEqual([
      ['07:30-08:30', 2, ['王芳', '张伟']],
      ['08:30-09:30', 1, ['李雷']],
    ]);
    expect(full.slots[0].people[0]).toMatchObject({ orderId: ids.wang, idCard: WANG.idCard, tel: WANG.tel, kind: '健康体检', stateLabel: '已预约（待支付）', paid: false });
    expect(full.slots[0].people[1]).toMatchObject({ kind: '入职体检', packageName: '入职体检加强套餐', stateLabel: '预约成功', paid: true });
    const ro = await overview(e.reader);
    expect(ro.masked).toBe(true);
    expect(ro.tomorrow.slots[0].people[0]).toMatchObject({ name: '王*', idCard: `${WANG.idCard.slice(0, 6)}********${WANG.idCard.slice(-4)}`, tel: '138****1111' });
    expect(JSON.stringify(ro)).not.toContain(WANG.idCard);
    expect(JSON.stringify(ro)).not.toContain('王芳');
  });

  it('payments and refunds per centre day, 14 days, today last', async () => {
    const m = (await overview()).money;
    expect(m).toHaveLength(14);
    expect(m[13]).toEqual({ day: today, payments: 2, paymentCents: 26000 + 19900, refunds: 1, refundCents: 19900 });
    expect(m[12]).toEqual({ day: addDays(today, -1), payments: 1, paymentCents: 19900, refunds: 0, refundCents: 0 });
    expect(m.slice(0, 12).every((d) => d.payments === 0 && d.refunds === 0)).toBe(true);
  });

  it('refuses a bad range (400, in Chinese)', async () => {
    for (const q of ['weeks=0', 'weeks=13', 'weeks=x', 'from=2026-02-31', 'from=tomorrow']) {
      const r = await e.ops.get(`/api/studio/operations/overview?${q}`);
      expect(r.statusCode, q).toBe(400);
      expect(json<{ error: string }>(r).error).toMatch(/周数|日期/);
    }
  });
});

describe('the anomaly queue and its actions', () => {
  const D = () => addDays(today, 4);
  let cancelled: { id: string; trade: string };

  /** Books, opens the payment, cancels, then the payment arrives (the sandbox sheet's 确认支付): money for a cancelled order. */
  async function paidAfterCancel(who: Record<string, string>) {
    const ord = await book(e.t, D(), who);
    expect((await e.t.call('PersonOrderPay', ord)).body.success).toBe(true);
    expect((await e.t.call('PersonOrderCancel', { id: ord.id, idCard: ord.idCard })).body.returnMsg).toBe('撤销成功');
    e.pay.next.push({ code: 'NOT_ENOUGH', message: '基本账户余额不足' }); // the refund on arrival is refused
    expect((await e.t.call('SandboxPayResult', { id: ord.id, outcome: 'ok' })).body.returnMsg).toBe('支付成功');
    return { id: ord.id, trade: await tradeOf(e.t, ord.id) };
  }

  beforeAll(async () => {
    at(today, '10:00');
    await setDay(e.t.db, P, D(), [{ code: '01', total: 30 }]);
    cancelled = await paidAfterCancel({ name: '孙丽', idCard: uniqueId(2), tel: '13900005555', openid: 'op-sun' });
  });

  it('a payment after the examinee cancelled, its refund refused: open, 撤销后付款, what WeChat said, masked for 只读', async () => {
    const a = (await one(`pay:${cancelled.trade}`, 'open'))!;
    expect(a).toMatchObject({
      kind: 'order_cancelled', kindLabel: '撤销后付款', orderId: cancelled.id, outTradeNo: cancelled.trade, amountCents: 19900,
      refund: 'refund_failed', refundLabel: '退款失败', provider: 'NOT_ENOUGH 基本账户余额不足', refundable: true, resolved: null, refundBy: null,
      person: { name: '孙丽', tel: '13900005555' }, examDay: D(), packageName: '入门通用体检套餐',
    });
    const ro = (await one(`pay:${cancelled.trade}`, 'open', e.reader))!;
    expect(ro.person).toMatchObject({ name: '孙*', tel: '139****5555' });
    expect(ro.person!.idCard).toMatch(/^\d{6}\*{8}\d{3}[\dX]$/);
  });

  it('只读 may not refund or resolve: 403 and nothing changed; a wrong amount or an unknown anomaly is refused', async () => {
    const before = await moneyRows(e.t);
    const asked = e.pay.asked.length;
    for (const r of [await refund(`pay:${cancelled.trade}`, 19900, e.reader), await resolve(`pay:${cancelled.trade}`, '已处理', e.reader)])
      expect([r.statusCode, r.json()]).toEqual([403, { error: REFUSED }]);
    const wrong = await refund(`pay:${cancelled.trade}`, 100);
    expect([wrong.statusCode, wrong.json()]).toEqual([409, { error: '金额与页面显示的不一致，请刷新后再确认' }]);
    expect((await refund('pay:NO-SUCH-TRADE', 100)).statusCode).toBe(404);
    expect((await refund(`order:${ids.li}`, 19900)).statusCode).toBe(404); // a paid booking is no anomaly
    expect(await moneyRows(e.t)).toBe(before);
    expect(e.pay.asked.length).toBe(asked);
  });

  it('退款 through the provider: two clicks at once make one refund; the anomaly is refunded and resolved; audited', async () => {
    const id = `pay:${cancelled.trade}`;
    const asked = e.pay.asked.length;
    let release!: () => void;
    e.pay.gate = new Promise<void>((r) => (release = r));
    const both = [refund(id, 19900), refund(id, 19900)];
    try {
      const told = await Promise.race(both); // one is told at once, the other waits on the provider
      expect([told.statusCode, told.json()]).toEqual([409, { error: '退款处理中，请等待微信支付的结果' }]);
      await expect.poll(() => e.pay.asked.length).toBe(asked + 1);
    } finally {
      release();
      e.pay.gate = null;
    }
    const answers = await Promise.all(both);
    const ok = answers.find((r) => r.statusCode === 200)!;
    expect(json<OpsRefundRes>(ok)).toMatchObject({ outcome: 'SUCCESS', message: '已退款 ¥199.00，款项原路退回', anomaly: { refund: 'refunded', refundBy: { by: 'yunying' } } });
    expect(e.pay.asked.slice(asked)).toEqual([{ outTradeNo: cancelled.trade, outRefundNo: `R${cancelled.trade}`.slice(0, 32), refund: 19900 }]);
    expect(await e.t.db.all('SELECT purpose, ref, amount_cents, state FROM pay_refunds WHERE out_trade_no = $1', [cancelled.trade])).toEqual([
      { purpose: 'anomaly', ref: cancelled.trade, amount_cents: 19900, state: 'SUCCESS' },
    ]);
    expect(await e.t.db.one('SELECT refund_state FROM payment_anomalies WHERE out_trade_no = $1', [cancelled.trade])).toEqual({ refund_state: 'refunded' });
    expect(await one(id, 'open')).toBeUndefined();
    expect(await one(id, 'resolved')).toMatchObject({ refund: 'refunded', refundable: false });
    // the booking stays cancelled: the money was never its payment
    expect(await e.t.db.one('SELECT state FROM orders WHERE id = $1', [cancelled.id])).toEqual({ state: 'C' });
    const log = await audits();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor: 'yunying', action: 'refund', entity_key: id, summary: `异常订单退款 ¥199.00（撤销后付款，订单 ${cancelled.id}）` });
    expect(JSON.parse(log[0].after_json)).toMatchObject({ refund: 'refunding', amountCents: 19900 });
    expect(log[0].before_json + log[0].after_json).not.toMatch(/孙丽|13900005555/);
    // a third click: already refunded
    expect((await refund(id, 19900)).json()).toEqual({ error: '该笔款项已退款' });
  });

  it('a PROCESSING answer stays 退款中 (no second refund, no 已处理) until the reconciler settles it', async () => {
    const p = await paidAfterCancel({ name: '周杰', idCard: uniqueId(1), tel: '13900006666', openid: 'op-zhou' });
    const id = `pay:${p.trade}`;
    e.pay.next.push('PROCESSING');
    const r = json<OpsRefundRes>(await refund(id, 19900));
    expect(r).toMatchObject({ outcome: 'PROCESSING', anomaly: { refund: 'refunding', refundLabel: '退款中', refundable: false } });
    expect(r.message).toContain('正在处理');
    expect(await one(id, 'open')).toMatchObject({ refund: 'refunding' });
    const asked = e.pay.asked.length;
    expect((await refund(id, 19900)).json()).toEqual({ error: '退款处理中，请等待微信支付的结果' });
    expect((await resolve(id, '已处理')).statusCode).toBe(409);
    expect(e.pay.asked.length).toBe(asked);
    e.pay.refundStatus.set(`R${p.trade}`.slice(0, 32), 'SUCCESS');
    expect(await reconcileRefunds(e.t.app.deps)).toBe(1);
    expect(await one(id, 'resolved')).toMatchObject({ refund: 'refunded' });
  });

  it('a late payment (the hold ran out, the place went to someone else): 超时后付款; 退款 refunds the order (E → 已退费)', async () => {
    const day = addDays(today, 5);
    await setDay(e.t.db, P, day, [{ code: '01', total: 1 }]);
    const late = await book(e.t, day, { name: '吴刚', idCard: uniqueId(1), tel: '13900007777', openid: 'op-wu' });
    expect((await e.t.call('PersonOrderPay', late)).body.success).toBe(true);
    const trade = await tradeOf(e.t, late.id);
    e.pay.paid.set(trade, 19900); // paid at WeChat; the notify is lost
    e.pay.closeFails = true; // and closing the trade fails when the hold runs out
    e.t.clock.advance(e.t.config.holdMs + 1000);
    expect(await releaseExpired(e.t.app.deps)).toBeGreaterThanOrEqual(1);
    e.pay.closeFails = false;
    await book(e.t, day, { name: '郑爽', idCard: uniqueId(2), tel: '13900008888', openid: 'op-zheng' }); // takes the place
    e.t.clock.advance(31_000);
    await reconcileOnce(e.t.app.deps); // WeChat says paid: no place left
    expect(await e.t.db.one('SELECT state, pay_flag FROM orders WHERE id = $1', [late.id])).toEqual({ state: 'E', pay_flag: 'T' });
    const id = `order:${late.id}`;
    expect(await one(id, 'open')).toMatchObject({
      kind: 'late_paid', kindLabel: '超时后付款', refund: 'none', refundLabel: '待退款', outTradeNo: trade, amountCents: 19900,
      provider: '支付超时且号源已满，请联系工作人员退款', refundable: true,
    });
    const r = json<OpsRefundRes>(await refund(id, 19900));
    expect(r).toMatchObject({ outcome: 'SUCCESS', anomaly: { kind: 'late_paid', refund: 'refunded' } });
    expect(await e.t.db.one('SELECT state, pay_flag, errmsg FROM orders WHERE id = $1', [late.id])).toEqual({ state: 'Refund', pay_flag: 'TJServeERR', errmsg: '已退款' });
    expect(await e.t.db.one('SELECT purpose, ref, state FROM pay_refunds WHERE out_trade_no = $1', [trade])).toEqual({ purpose: 'order', ref: late.id, state: 'SUCCESS' });
    expect(await one(id, 'resolved')).toMatchObject({ kind: 'late_paid', refundBy: { by: 'yunying' } });
  });

  it('标记已处理 needs a note; it is kept with who and when, audited, and ends the actions', async () => {
    const ord = await book(e.t, D(), { name: '钱多', idCard: uniqueId(1), tel: '13900009999', openid: 'op-qian' }, true);
    e.pay.next.push({ code: 'SYSTEM_ERROR', message: '系统繁忙' });
    expect((await e.t.call('PersonOrderRefund', { id: ord.id, idCard: ord.idCard, type: 'person' })).body.success).toBe(false);
    const id = `order:${ord.id}`;
    expect(await one(id, 'open')).toMatchObject({ kind: 'refund_failed', kindLabel: '退款失败', refund: 'refund_failed', provider: 'SYSTEM_ERROR 系统繁忙' });
    const before = await moneyRows(e.t);
    for (const [note, error] of [['', '请填写处理说明'], ['   ', '请填写处理说明'], [undefined, '请填写处理说明'], ['长'.repeat(201), '处理说明最多 200 个字']] as const) {
      const r = await resolve(id, note);
      expect([r.statusCode, r.json()]).toEqual([422, { error }]);
    }
    expect(await moneyRows(e.t)).toBe(before);
    const ok = await resolve(id, ' 已于柜台现金退回，顾客签字 ');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<{ anomaly: OpsAnomaly }>(ok).anomaly.resolved).toMatchObject({ by: 'yunying', note: '已于柜台现金退回，顾客签字' });
    expect(await one(id, 'open')).toBeUndefined();
    expect(await one(id, 'resolved')).toMatchObject({ refund: 'refund_failed', refundable: false, resolved: { by: 'yunying' } });
    expect((await resolve(id, '再来一次')).json()).toEqual({ error: '该异常已标记为已处理' });
    expect((await refund(id, 19900)).json()).toEqual({ error: '该异常已标记为已处理' });
    expect(await e.t.db.one('SELECT state, pay_flag FROM orders WHERE id = $1', [ord.id])).toEqual({ state: 'Refund', pay_flag: 'RefundERR' });
    expect((await audits()).map((a) => [a.actor, a.action, a.entity_key])).toEqual([
      ['yunying', 'refund', `pay:${cancelled.trade}`],
      ['yunying', 'refund', expect.stringMatching(/^pay:/)],
      ['yunying', 'refund', expect.stringMatching(/^order:/)],
      ['yunying', 'resolve', id],
    ]);
    expect((await audits())[3].summary).toBe(`异常订单标记已处理（退款失败，订单 ${ord.id}）：已于柜台现金退回，顾客签字`);
  });
});

describe('search', () => {
  const hitIds = async (q: string, who = e.ops) => {
    const r = await search(q, who);
    expect(r.statusCode, `${q}: ${r.body}`).toBe(200);
    return json<OpsSearchRes>(r).hits.map((h) => h.orderId);
  };

  it('by name (or part of it), phone, ID (whole or its last 4+), order number, trade number', async () => {
    expect(await hitIds('王芳')).toEqual([ids.wang]);
    expect(await hitIds('李雷')).toEqual([ids.li]);
    expect(await hitIds(WANG.tel)).toEqual([ids.wang]);
    expect(await hitIds(ZHANG.idCard)).toEqual([ids.zhang]);
    expect(await hitIds(ZHANG.idCard.toLowerCase())).toEqual([ids.zhang]);
    expect(await hitIds(ZHAO.idCard.slice(-6))).toContain(ids.zhao);
    expect(await hitIds(ZHAO.idCard.slice(-4))).toContain(ids.zhao);
    expect(await hitIds(ids.li)).toEqual([ids.li]);
    expect(await hitIds(await tradeOf(e.t, ids.zhang))).toEqual([ids.zhang]);
    expect(await hitIds('没有这个人')).toEqual([]);
    expect(await hitIds('%_')).toEqual([]); // LIKE's own characters are taken literally
    const hit = json<OpsSearchRes>(await search('张伟')).hits[0];
    expect(hit).toMatchObject({ name: '张伟', idCard: ZHANG.idCard, tel: ZHANG.tel, kind: '入职体检', packageName: '入职体检加强套餐', examDay: addDays(today, 1), amountCents: 26000, stateLabel: '预约成功', payLabel: '已支付' });
  });

  it('masked for 只读; at least 2 characters; at most 50 results', async () => {
    const ro = json<OpsSearchRes>(await search(WANG.tel, e.reader));
    expect(ro.masked).toBe(true);
    expect(ro.hits[0]).toMatchObject({ orderId: ids.wang, name: '王*', tel: '138****1111' });
    expect(JSON.stringify(ro)).not.toContain(WANG.idCard);
    for (const q of ['', ' 王 ', 'x']) expect([(await search(q)).statusCode, (await search(q)).json()]).toEqual([400, { error: '请至少输入 2 个字符' }]);
    const now = e.t.clock.now();
    for (let i = 0; i < 51; i++)
      await e.t.db.run(
        `INSERT INTO orders (id, openid, id_card, name, tel, type, clus_code, clus_name, begin_time, scope, sumtime_code, sumtime_name, price_cents, state, idem_key, created_at, created_time, updated_at)
         VALUES ($1, 'op-many', $2, '批量测试', '13700000000', 'person', 'P4005', '入门通用体检套餐', $3, 'P:person', '01', '07:30-08:30', 19900, 'C', $1, $4, '', $4)`,
        [`BULK${String(i).padStart(3, '0')}`, uniqueId(1), addDays(today, 9), now + i],
      );
    const many = json<OpsSearchRes>(await search('批量测试'));
    expect(many.hits).toHaveLength(50);
    expect(many.more).toBe(true);
    expect(many.hits[0].orderId).toBe('BULK050'); // newest first
  });

  it('the words searched for are never logged', async () => {
    let logs = '';
    const stream = new Writable({ write: (c, _e, cb) => ((logs += String(c)), cb()) });
    const app = await buildServer({ db: e.t.db, config: { ...e.t.config, logLevel: 'trace' }, clock: e.t.clock, sweep: false, flowConfig: flowConfig(), logger: { stream } });
    try {
      await app.ready();
      const admin = await signIn(app);
      const words = [WANG.tel, WANG.idCard, '王芳'];
      for (const q of words) expect((await admin.post('/api/studio/operations/search', { q })).statusCode).toBe(200);
      expect(logs).toContain('studio: order search');
      expect(logs).toContain('incoming request'); // the request log was on
      for (const q of words) expect(logs).not.toContain(q);
    } finally {
      await app.close();
    }
  });
});

describe('退款 through WeChat Pay v3 (the double): PROCESSING, then the refund notify settles it', () => {
  let v: V3Env;
  beforeAll(async () => {
    v = await startV3({ refunds: 'manual' });
  });
  afterAll(async () => v?.close());

  it('a refused refund of a paid-after-cancel payment, asked again: signed request, 退款中, REFUND.SUCCESS → 已退款', async () => {
    const ord = await newOrder(v, 'v3-ops-1');
    const { outTradeNo } = await openTrade(v, ord);
    expect((await v.t.call('PersonOrderCancel', { id: ord.id, idCard: ord.idCard })).body.returnMsg).toBe('撤销成功');
    v.dbl.failNext('/v3/refund/domestic/refunds', { status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足' });
    expect((await v.dbl.pay(outTradeNo))!.status).toBeLessThan(300);
    const id = `pay:${outTradeNo}`;
    expect(await loadAnomaly(v.t.db, id, false)).toMatchObject({ refund: 'refund_failed', provider: 'NOT_ENOUGH 基本账户余额不足', refundable: true });
    const r = await refundAnomaly(v.t.app.deps, id, 'yunying', 19900, false);
    expect(r).toMatchObject({ outcome: 'PROCESSING', anomaly: { refund: 'refunding', refundable: false } });
    const asked = [...v.dbl.refunds.values()].filter((x) => x.outTradeNo === outTradeNo);
    expect(asked.map((x) => [x.refund, x.total, x.state, x.reason])).toEqual([[19900, 19900, 'PROCESSING', '异常订单退款']]);
    expect(v.dbl.requests.filter((q) => q.path === '/v3/refund/domestic/refunds').every((q) => q.authOk)).toBe(true);
    expect((await v.dbl.settleRefund(asked[0].outRefundNo, 'SUCCESS'))!.status).toBeLessThan(300);
    await until('the refund notify settles the anomaly', async () => (await loadAnomaly(v.t.db, id, false))?.refund === 'refunded');
    expect(await v.t.db.one('SELECT state FROM pay_refunds WHERE out_refund_no = $1', [asked[0].outRefundNo])).toEqual({ state: 'SUCCESS' });
  });
});
