import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { makeTestApp, personBody, plusDays, setDay, slotSurplus, uniqueId, type TestApp } from './core-helpers';
import { MEMBERS } from '../../src/server/seed/index';
import { sandboxPaid } from './sandbox-trade';
import { TEAM_LOGIN_FIRST } from '../../src/server/routes/groups/index';
import { centreDayStart, centreMs } from '../../src/contract/rules/centre-day';

let t: TestApp;
let D: string; // bookable day, today + 3
const S = 'P:person';

beforeAll(async () => {
  t = await makeTestApp();
  D = plusDays(t.today, 3);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  t.clock.set(centreMs(`${t.today} 10:00`));
  await t.renew();
  await setDay(t.db, S, D, [{ code: '01', total: 50 }, { code: '02', total: 1 }]);
});

const fail = (r: { body: { success: boolean; returnMsg: string } }, msg: string) => {
  expect(r.body.success).toBe(false);
  expect(r.body.returnMsg).toBe(msg);
};

describe('PersonOrderAdd', () => {
  it('creates the order: ord + uid, holds one place for the payment window', async () => {
    const body = personBody(D);
    const r = await t.call('PersonOrderAdd', body);
    expect(r.body.success).toBe(true);
    expect(r.body.returnMsg).toBe('预约成功');
    const { ord, uid } = r.body.returnData;
    expect(ord).toMatchObject({ idCard: body.idCard, name: '测试人', begin_Time: D, clus_Name: '入门通用体检套餐', price: '199.00', state: 'S', pay_flag: 'F', sumtime_Code: '01', type: 'person' });
    expect(ord.id).toEqual(expect.any(String));
    expect(ord.created_Time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(ord.hold_until).toBe(t.clock.now() + 1_800_000);
    expect(uid).toEqual({ openid: body.openid, name: '测试人', idCard: body.idCard, tel: body.tel, tag: '0' });
    expect(await slotSurplus(t.db, S, D, '01')).toBe(49);
  });

  it('validates name, ID (spec order), phone and health-certificate fields', async () => {
    fail(await t.call('PersonOrderAdd', personBody(D, { name: '' })), '请输入姓名');
    fail(await t.call('PersonOrderAdd', personBody(D, { name: '   ' })), '请输入姓名');
    // the limit and its text live in the form schema only (forms/person-order.json)
    fail(await t.call('PersonOrderAdd', personBody(D, { name: '名'.repeat(21) })), '姓名不能超过20个字');
    const twenty = await t.call('PersonOrderAdd', personBody(D, { name: '阿'.repeat(20), tel: '13900000020', idCard: '110105199001010018' }));
    expect(twenty.body.returnMsg).not.toMatch(/姓名/);
    fail(await t.call('PersonOrderAdd', personBody(D, { idCard: '' })), '请输入身份证件号码'); // the form schema: an empty field is a missing one
    fail(await t.call('PersonOrderAdd', personBody(D, { idCard: '12345' })), '你输入的身份证长度或格式错误');
    fail(await t.call('PersonOrderAdd', personBody(D, { idCard: '991305194913310021' })), '你的身份证地区非法');
    fail(await t.call('PersonOrderAdd', personBody(D, { idCard: '110105194902300021' })), '身份证上的出生日期非法');
    fail(await t.call('PersonOrderAdd', personBody(D, { idCard: '110105194912310021' })), '你输入的身份证号非法');
    fail(await t.call('PersonOrderAdd', personBody(D, { tel: '12345678901' })), '手机号码格式错误');
    const { idCard: _omit, ...noId } = personBody(D);
    fail(await t.call('PersonOrderAdd', noId), '请输入身份证件号码');
    await setDay(t.db, 'P:healthCertificate', D, [{ code: '01', total: 5 }]);
    const hc = personBody(D, { type: 'healthCertificate', clus_Code: 'H5001', price: '80.00' });
    fail(await t.call('PersonOrderAdd', hc), '请输入健康证类型');
    fail(await t.call('PersonOrderAdd', { ...hc, hflag: 'T' }), '请输入职业');
    expect((await t.call('PersonOrderAdd', { ...hc, hflag: 'T', job: '01' })).body.success).toBe(true);
  });

  it('package sex must match the 17th ID digit', async () => {
    fail(await t.call('PersonOrderAdd', personBody(D, { clus_Code: 'P4001', price: '298.00', idCard: uniqueId(2) })), '请选择对应性别的套餐！');
    fail(await t.call('PersonOrderAdd', personBody(D, { clus_Code: 'P4003', price: '328.00', idCard: uniqueId(1) })), '请选择对应性别的套餐！');
    expect((await t.call('PersonOrderAdd', personBody(D, { clus_Code: 'P4001', price: '298.00', idCard: uniqueId(1) }))).body.success).toBe(true);
    expect((await t.call('PersonOrderAdd', personBody(D, { clus_Code: 'P4005', idCard: uniqueId(2) }))).body.success).toBe(true);
  });

  it('married-only packages are refused for marr_status "1"', async () => {
    fail(await t.call('PersonOrderAdd', personBody(D, { clus_Code: 'P4004', price: '1280.00', idCard: uniqueId(2), marr_status: '1' })), '该套餐为已婚套餐，未婚人士不可预约');
    expect((await t.call('PersonOrderAdd', personBody(D, { clus_Code: 'P4004', price: '1280.00', idCard: uniqueId(2), marr_status: '2' }))).body.success).toBe(true);
  });

  it('one active order per ID number per type', async () => {
    const id = uniqueId(1);
    expect((await t.call('PersonOrderAdd', personBody(D, { idCard: id }))).body.success).toBe(true);
    fail(await t.call('PersonOrderAdd', personBody(D, { idCard: id, sumtime_Code: '02' })), '您已有该类型的有效预约，请勿重复预约');
    // lower-case x normalised: same person
    await setDay(t.db, 'P:staff', D, [{ code: '01', total: 5 }]);
    expect((await t.call('PersonOrderAdd', personBody(D, { idCard: id, type: 'staff', clus_Code: 'S1003', price: '260.00' }))).body.success).toBe(true);
  });

  it('booking at the latest one day before; holidays, not-open and full days refused', async () => {
    await setDay(t.db, S, t.today, [{ code: '01', total: 5 }]);
    fail(await t.call('PersonOrderAdd', personBody(t.today)), '请至少提前一天预约');
    fail(await t.call('PersonOrderAdd', personBody(plusDays(t.today, -1))), '请至少提前一天预约');
    const tomorrow = plusDays(t.today, 1);
    await setDay(t.db, S, tomorrow, [{ code: '01', total: 5 }]);
    expect((await t.call('PersonOrderAdd', personBody(tomorrow))).body.success).toBe(true);
    const h = plusDays(t.today, 4);
    await setDay(t.db, S, h, [{ code: '01', total: 5 }], 'T');
    fail(await t.call('PersonOrderAdd', personBody(h)), '该日为休假日，不可预约');
    const closed = plusDays(t.today, 5);
    await setDay(t.db, S, closed, [{ code: '01', total: 0 }]);
    fail(await t.call('PersonOrderAdd', personBody(closed)), '该日期暂未开放预约');
    const full = plusDays(t.today, 6);
    await setDay(t.db, S, full, [{ code: '01', total: 8, surplus: 0 }]);
    fail(await t.call('PersonOrderAdd', personBody(full)), '该时段已无号源！请选择其他时段');
    fail(await t.call('PersonOrderAdd', personBody(D, { sumtime_Code: '09' })), '请选择报到时间');
    fail(await t.call('PersonOrderAdd', personBody(plusDays(t.today, 61))), '该日期暂未开放预约');
  });

  it('price recomputed in cents: extras add up, a different client price → 金额异常', async () => {
    const items = JSON.parse((await t.call('AddClusItem', { code: 'P4005' })).body.returnData).flatMap((c: any) => c.children);
    const onsite = new Set((await t.call('GetAddClusItemList', {})).body.returnData.map((i: any) => i.comb_code));
    const picks = items.filter((i: any) => !onsite.has(i.comb_code)).slice(0, 3);
    const cents = 19900 + picks.reduce((a: number, i: any) => a + Math.round(Number(i.price) * 100), 0);
    const codes = picks.map((i: any) => i.comb_code).join(',');
    fail(await t.call('PersonOrderAdd', personBody(D, { choose_comb_code: codes, price: '199.00' })), '金额异常');
    fail(await t.call('PersonOrderAdd', personBody(D, { price: '198.99' })), '金额异常');
    fail(await t.call('PersonOrderAdd', personBody(D, { price: 'abc' })), '金额异常');
    const ok = await t.call('PersonOrderAdd', personBody(D, { choose_comb_code: codes, price: (cents / 100).toFixed(2) }));
    expect(ok.body.success).toBe(true);
    expect(ok.body.returnData.ord.choose_comb_code.map((i: any) => i.comb_code)).toEqual(picks.map((i: any) => i.comb_code));
    // numeric price accepted
    expect((await t.call('PersonOrderAdd', personBody(D, { price: 199 }))).body.success).toBe(true);
    // an item already in the package, and an unknown one
    const own = (await t.call('GetItemCombList', { comb_code: 'P4005' })).body.returnData[0].comb_code;
    fail(await t.call('PersonOrderAdd', personBody(D, { choose_comb_code: own })), '所选项目已包含在套餐中');
    fail(await t.call('PersonOrderAdd', personBody(D, { choose_comb_code: 'NOPE' })), '所选项目不存在');
  });

  it('on-site-only items are refused', async () => {
    const onsite = (await t.call('GetAddClusItemList', {})).body.returnData[0].comb_code;
    fail(await t.call('PersonOrderAdd', personBody(D, { choose_comb_code: onsite, price: '9999.00' })), '该项目需要到现场增加');
  });

  it('idempotent: a double tap and a retried request create one order', async () => {
    const body = personBody(D);
    const before = await slotSurplus(t.db, S, D, '01');
    const [a, b] = await Promise.all([t.call('PersonOrderAdd', body), t.call('PersonOrderAdd', body)]);
    const c = await t.call('PersonOrderAdd', body);
    expect([a.body.returnMsg, b.body.returnMsg, c.body.returnMsg]).toEqual(['预约成功', '预约成功', '预约成功']);
    expect(b.body.returnData.ord.id).toBe(a.body.returnData.ord.id);
    expect(c.body.returnData.ord.id).toBe(a.body.returnData.ord.id);
    expect(await slotSurplus(t.db, S, D, '01')).toBe(before - 1);
    const withReq = personBody(D, { requestId: 'req-123' });
    const x = await t.call('PersonOrderAdd', withReq);
    const y = await t.call('PersonOrderAdd', { ...withReq, sumtime_Code: '02' });
    expect(y.body.returnData.ord.id).toBe(x.body.returnData.ord.id);
  });

  // On a UTC host, 00:30 and 07:59 in Beijing are still "yesterday" for the host's clock.
  for (const time of ['00:30', '07:59'])
    it(`the centre's clock rules booking and cancelling at ${time} Beijing time, whatever the host's zone`, async () => {
      const today = plusDays(t.today, 2);
      const tomorrow = plusDays(today, 1);
      await setDay(t.db, S, today, [{ code: '01', total: 5 }]);
      await setDay(t.db, S, tomorrow, [{ code: '01', total: 5 }]);
      // an order for `today`, made the day before
      t.clock.set(centreMs(`${plusDays(today, -1)} 10:00`));
      await t.renew();
      const early = (await t.call('PersonOrderAdd', personBody(today))).body.returnData.ord;
      await t.db.run(`UPDATE orders SET hold_until = NULL WHERE id = $1`, [early.id]);
      t.clock.set(centreMs(`${today} ${time}`));
      await t.renew();
      // today is no longer bookable; tomorrow is
      fail(await t.call('PersonOrderAdd', personBody(today)), '请至少提前一天预约');
      const next = await t.call('PersonOrderAdd', personBody(tomorrow));
      expect(next.body.returnMsg).toBe('预约成功');
      // today's order is past its cut-off (00:00 today); tomorrow's is not
      fail(await t.call('PersonOrderCancel', { id: early.id, idCard: early.idCard }), '已过有效取消时间，无法取消！');
      expect((await t.call('PersonOrderCancel', { id: next.body.returnData.ord.id, idCard: next.body.returnData.ord.idCard })).body.returnMsg).toBe('撤销成功');
    });

  it('20 identical concurrent taps are all answered with the one order made (either store)', async () => {
    for (let round = 0; round < 3; round++) {
      const body = personBody(D);
      const before = await slotSurplus(t.db, S, D, '01');
      const rs = await Promise.all(Array.from({ length: 20 }, () => t.call('PersonOrderAdd', body)));
      expect(rs.map((r) => r.body.returnMsg)).toEqual(Array(20).fill('预约成功'));
      expect(new Set(rs.map((r) => r.body.returnData.ord.id)).size).toBe(1);
      const rows = await t.db.all('SELECT id FROM orders WHERE id_card = $1', [body.idCard]);
      expect(rows).toHaveLength(1);
      expect(await slotSurplus(t.db, S, D, '01')).toBe(before - 1);
    }
  });

  it('an unpaid order releases its place when the payment window ends (injected clock)', async () => {
    const r = await t.call('PersonOrderAdd', personBody(D, { sumtime_Code: '02' }));
    expect(r.body.success).toBe(true);
    expect(await slotSurplus(t.db, S, D, '02')).toBe(0);
    fail(await t.call('PersonOrderAdd', personBody(D, { sumtime_Code: '02' })), '该时段已无号源！请选择其他时段');
    t.clock.advance(29 * 60_000);
    await t.call('GetSumTimeList', { date_Time: D, type: 'person' });
    expect(await slotSurplus(t.db, S, D, '02')).toBe(0);
    t.clock.advance(60_000 + 1);
    const slots = await t.call('GetSumTimeList', { date_Time: D, type: 'person' });
    expect(slots.body.returnData.find((s: any) => s.sumtime_Code === '02').person_Surplus).toBe(1);
    const sync = await t.call('SyncOrderById', { id: r.body.returnData.ord.id, idCard: r.body.returnData.ord.idCard });
    expect(sync.body.returnData.state).toBe('C');
    fail(await t.call('PersonOrderPay', r.body.returnData.ord), '订单已过期');
    // the place can be booked again
    expect((await t.call('PersonOrderAdd', personBody(D, { sumtime_Code: '02' }))).body.success).toBe(true);
  });
});

describe('payment', () => {
  it('PersonOrderPay → JSAPI params; sandbox ok → paid (F/T); list and sync show it', async () => {
    const body = personBody(D, { openid: 'pay-openid-1' });
    const ord = (await t.call('PersonOrderAdd', body)).body.returnData.ord;
    const p = await t.call('PersonOrderPay', ord);
    expect(p.body.success).toBe(true);
    expect(Object.keys(p.body.returnData).sort()).toEqual(['appid', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp']);
    expect(p.body.returnData.package).toMatch(/^prepay_id=/);
    const ing = await t.call('SyncOrderById', { id: ord.id, idCard: ord.idCard });
    expect(ing.body.returnData.pay_flag).toBe('EING');
    const ok = await t.call('SandboxPayResult', { id: ord.id, outcome: 'ok' });
    expect(ok.body.returnMsg).toBe('支付成功');
    expect(ok.body.returnData).toMatchObject({ state: 'F', pay_flag: 'T', hold_until: null });
    const list = await t.call('FindByOrderList', { openid: 'pay-openid-1' });
    const o = list.body.returnData.find((x: any) => x.id === ord.id);
    for (const k of ['id', 'idCard', 'name', 'tel', 'type', 'clus_Code', 'clus_Name', 'begin_Time', 'sumtime_Name', 'sumtime_Code', 'price', 'state', 'errmsg', 'created_Time', 'choose_comb_code', 'company_Name', 'regno', 'pay_flag', 'tj_date'])
      expect(o).toHaveProperty(k);
    // paid orders do not expire
    t.clock.advance(3_600_000);
    expect((await t.call('SyncOrderById', { id: ord.id, idCard: ord.idCard })).body.returnData.state).toBe('F');
    fail(await t.call('PersonOrderPay', ord), '订单已支付');
    fail(await t.call('SyncOrderById', { id: ord.id, idCard: uniqueId(1) }), '订单不存在');
  });

  it('sandbox cancel → back to F (待支付), the hold keeps running', async () => {
    const ord = (await t.call('PersonOrderAdd', personBody(D))).body.returnData.ord;
    await t.call('PersonOrderPay', ord);
    const c = await t.call('SandboxPayResult', { id: ord.id, outcome: 'cancel' });
    expect(c.body.returnMsg).toBe('取消支付');
    expect(c.body.returnData).toMatchObject({ state: 'S', pay_flag: 'F' });
  });

  it('a paid trade (what a verified notify applies): amount-checked, idempotent; the sandbox takes no notifies', async () => {
    const ord = (await t.call('PersonOrderAdd', personBody(D))).body.returnData.ord;
    await t.call('PersonOrderPay', ord);
    const pay = await t.db.one<{ out_trade_no: string }>('SELECT out_trade_no FROM payments WHERE order_id = $1', [ord.id]);
    // wrong amount
    expect((await sandboxPaid(t.app, pay!.out_trade_no, 1, 'TX-A')).ok).toBe(false);
    // the notify URL refuses anything when the provider is the sandbox (no v2 XML, no unsigned JSON)
    const posted = await t.app.inject({ method: 'POST', url: '/api/PayApi/WxNotify', payload: { out_trade_no: pay!.out_trade_no, total_fee: '19900' } });
    expect(posted.statusCode).toBe(400);
    expect(posted.json()).toEqual({ code: 'FAIL', message: '失败' });
    expect((await t.call('SyncOrderById', { id: ord.id, idCard: ord.idCard })).body.returnData.pay_flag).toBe('EING');
    expect((await sandboxPaid(t.app, pay!.out_trade_no, 19900, 'TX-B')).ok).toBe(true);
    expect((await sandboxPaid(t.app, pay!.out_trade_no, 19900, 'TX-B')).ok).toBe(true);
    const s = await t.call('SyncOrderById', { id: ord.id, idCard: ord.idCard });
    expect(s.body.returnData).toMatchObject({ state: 'F', pay_flag: 'T' });
  });

  it('IsUsePay off: orders are 现场缴费 (S, no hold) and online pay is refused', async () => {
    const off = await makeTestApp({ isUsePay: false });
    try {
      const day = plusDays(off.today, 3);
      await setDay(off.db, S, day, [{ code: '01', total: 5 }]);
      const ord = (await off.call('PersonOrderAdd', personBody(day))).body.returnData.ord;
      expect(ord).toMatchObject({ state: 'S', pay_flag: 'F', hold_until: null });
      fail(await off.call('PersonOrderPay', ord), '暂未开通线上支付');
    } finally {
      await off.close();
    }
  });
});

describe('cancel and refund', () => {
  it('cancel of an unpaid order: state C, place released', async () => {
    const ord = (await t.call('PersonOrderAdd', personBody(D))).body.returnData.ord;
    const before = await slotSurplus(t.db, S, D, '01');
    const r = await t.call('PersonOrderCancel', { id: ord.id, idCard: ord.idCard });
    expect(r.body.returnMsg).toBe('撤销成功');
    expect(r.body.returnData.state).toBe('C');
    expect(await slotSurplus(t.db, S, D, '01')).toBe(before + 1);
    fail(await t.call('PersonOrderCancel', { id: ord.id, idCard: ord.idCard }), '订单已撤销，请勿重复操作');
    fail(await t.call('PersonOrderCancel', { id: ord.id, idCard: uniqueId(1) }), '订单不存在');
  });

  it('cut-off: 00:00 of the day (start days − 1) before the checkup', async () => {
    const ord = (await t.call('PersonOrderAdd', personBody(D))).body.returnData.ord;
    t.clock.set(centreDayStart(D) - 1);
    await t.renew();
    // keep the order alive past its hold for this check: pay it
    await t.db.run(`UPDATE orders SET hold_until = NULL WHERE id = $1`, [ord.id]);
    const ok = await t.call('PersonOrderCancel', { id: ord.id, idCard: ord.idCard });
    expect(ok.body.returnMsg).toBe('撤销成功');
    t.clock.set(centreMs(`${t.today} 10:00`));
    const ord2 = (await t.call('PersonOrderAdd', personBody(D))).body.returnData.ord;
    await t.db.run(`UPDATE orders SET hold_until = NULL WHERE id = $1`, [ord2.id]);
    t.clock.set(centreDayStart(D));
    await t.renew();
    fail(await t.call('PersonOrderCancel', { id: ord2.id, idCard: ord2.idCard }), '已过有效取消时间，无法取消！');

    const three = await makeTestApp({ cancelStartDaysPerson: 3 });
    try {
      const day = plusDays(three.today, 3);
      await setDay(three.db, S, day, [{ code: '01', total: 5 }]);
      const o = (await three.call('PersonOrderAdd', personBody(day))).body.returnData.ord;
      three.clock.set(centreDayStart(plusDays(day, -2)) + 1);
      await three.renew();
      await three.db.run(`UPDATE orders SET hold_until = NULL WHERE id = $1`, [o.id]);
      fail(await three.call('PersonOrderCancel', { id: o.id, idCard: o.idCard }), '已过有效取消时间，无法取消！');
      three.clock.set(centreDayStart(plusDays(day, -2)) - 1);
      expect((await three.call('PersonOrderCancel', { id: o.id, idCard: o.idCard })).body.success).toBe(true);
    } finally {
      await three.close();
    }
  });

  it('paid: cancel asks for a refund; refund → Refund + TJServeERR, place released; failure → RefundERR', async () => {
    const ord = (await t.call('PersonOrderAdd', personBody(D))).body.returnData.ord;
    await t.call('PersonOrderPay', ord);
    await t.call('SandboxPayResult', { id: ord.id, outcome: 'ok' });
    fail(await t.call('PersonOrderCancel', { id: ord.id, idCard: ord.idCard }), '订单已支付，请申请退费');
    const before = await slotSurplus(t.db, S, D, '01');
    const r = await t.call('PersonOrderRefund', { id: ord.id, idCard: ord.idCard, type: 'person' });
    expect(r.body.success).toBe(true);
    expect(r.body.returnData).toMatchObject({ state: 'Refund', pay_flag: 'TJServeERR' });
    expect(await slotSurplus(t.db, S, D, '01')).toBe(before + 1);
    fail(await t.call('PersonOrderRefund', { id: ord.id, idCard: ord.idCard, type: 'person' }), '订单已撤销，请勿重复操作');
    // unpaid → nothing to refund
    const un = (await t.call('PersonOrderAdd', personBody(D))).body.returnData.ord;
    fail(await t.call('PersonOrderRefund', { id: un.id, idCard: un.idCard, type: 'person' }), '订单未支付，无需退费');
    // the sandbox fails refunds of 0.01
    await t.db.run(`UPDATE orders SET price_cents = 1, state = 'F', pay_flag = 'T' WHERE id = $1`, [un.id]);
    await t.db.run(`INSERT INTO payments (out_trade_no, order_id, amount_cents, state, created_at, updated_at) VALUES ($1, $2, 1, 'T', 0, 0)`, [`${un.id}_x`, un.id]);
    const bad = await t.call('PersonOrderRefund', { id: un.id, idCard: un.idCard, type: 'person' });
    expect(bad.body.success).toBe(false);
    expect(bad.body.returnMsg).toBe('退款失败，请联系工作人员');
    expect((await t.call('SyncOrderById', { id: un.id, idCard: un.idCard })).body.returnData).toMatchObject({ state: 'Refund', pay_flag: 'RefundERR' });
  });

  it('exported orders cannot be cancelled online', async () => {
    const ord = (await t.call('PersonOrderAdd', personBody(D))).body.returnData.ord;
    await t.db.run(`UPDATE orders SET state = 'export', hold_until = NULL WHERE id = $1`, [ord.id]);
    fail(await t.call('PersonOrderCancel', { id: ord.id, idCard: ord.idCard }), '订单已导入体检系统，无法线上撤销，请联系工作人员');
  });
});

describe('group orders', () => {
  const m = MEMBERS.find((x) => x.lnc === 'L0002' && x.flag === '接触噪声作业')!;
  const teamBody = (day: string, over: Record<string, unknown> = {}) => ({
    openid: 'team-openid-1', name: m.name, tel: m.tel, idcard: m.id, clus_code: m.clus, clus_name: 'x', begin_time: day, lnc_Code: m.lnc,
    sumtime_Code: '01', sumtime_Name: '07:30-08:30', company_Name: '', regno: '', choose_comb_code: '', price: '0.00', spType: 'total', questionZC: '', ...over,
  });
  /** TeamLogin as `member` under `openid`'s own token: what the group flow does before booking. */
  const teamLogin = async (openid: string, member: { lnc: string; id: string; tel: string }) =>
    expect((await t.call('TeamLogin', { lnc_Code: member.lnc, idCard: member.id, tel: member.tel }, { token: await t.userToken(openid) })).body.success).toBe(true);
  it('TeamOrderAdd (company pays the package) and TeamOrderCancel', async () => {
    await setDay(t.db, 'T:total', D, [{ code: '01', total: 3 }]);
    // company + ID are not enough: the booker must have logged in as the member (phone)
    fail(await t.call('TeamOrderAdd', teamBody(D)), TEAM_LOGIN_FIRST);
    await teamLogin('team-openid-1', m);
    await teamLogin('team-openid-2', m);
    fail(await t.call('TeamOrderAdd', teamBody(D, { name: '' })), '体检信息不能为空！');
    fail(await t.call('TeamOrderAdd', teamBody(D, { name: '欧阳司马长名字' })), '姓名不能超过6个字');
    fail(await t.call('TeamOrderAdd', teamBody(D, { clus_code: 'T0001' })), '所选套餐与团检信息不符');
    fail(await t.call('TeamOrderAdd', teamBody(D, { price: '10.00' })), '金额异常');
    fail(await t.call('TeamOrderAdd', teamBody(D, { lnc_Code: 'L0003' })), '未查询到您的团检信息');
    const r = await t.call('TeamOrderAdd', teamBody(D));
    expect(r.body.success).toBe(true);
    expect(r.body.returnData.ord).toMatchObject({ type: 'group', price: '0.00', state: 'F', company_Name: '浙江华东建设集团有限公司', lnc_Code: 'L0002' });
    expect(r.body.returnData.ord.regno).not.toBe('');
    expect(await slotSurplus(t.db, 'T:total', D, '01')).toBe(2);
    // the same request again is an idempotent repeat; another request for the same person is refused
    expect((await t.call('TeamOrderAdd', teamBody(D))).body.returnData.ord.id).toBe(r.body.returnData.ord.id);
    fail(await t.call('TeamOrderAdd', teamBody(D, { openid: 'team-openid-2' })), '您已有该类型的有效预约，请勿重复预约');
    fail(await t.call('PersonOrderCancel', r.body.returnData.ord), '订单不存在');
    const c = await t.call('TeamOrderCancel', r.body.returnData.ord);
    expect(c.body.returnMsg).toBe('成功取消！');
    expect(c.body.returnData.state).toBe('C');
    expect(await slotSurplus(t.db, 'T:total', D, '01')).toBe(3);
  });
  it('with extra items the member pays them (S + hold); the own-calendar company books its own pool', async () => {
    const own = MEMBERS.find((x) => x.lnc === 'L0001' && x.name === '李明')!;
    await teamLogin('team-openid-1', own);
    await setDay(t.db, 'T:L0001', D, [{ code: '01', total: 2 }]);
    const items = JSON.parse((await t.call('AddClusItem', { code: own.clus })).body.returnData).flatMap((c: any) => c.children);
    const onsite = new Set((await t.call('GetAddClusItemList', {})).body.returnData.map((i: any) => i.comb_code));
    const pick = items.find((i: any) => !onsite.has(i.comb_code));
    const r = await t.call('TeamOrderAdd', teamBody(D, { name: own.name, tel: own.tel, idcard: own.id, clus_code: own.clus, lnc_Code: 'L0001', choose_comb_code: pick.comb_code, price: pick.price }));
    expect(r.body.success).toBe(true);
    expect(r.body.returnData.ord).toMatchObject({ state: 'S', pay_flag: 'F', price: pick.price });
    expect(await slotSurplus(t.db, 'T:L0001', D, '01')).toBe(1);
  });
});

describe('hold sweep', () => {
  it('two sweepers at once (two instances) release each expired hold exactly once', async () => {
    const { releaseExpired } = await import('../../src/server/services/orders');
    await setDay(t.db, S, D, [{ code: '01', total: 10 }]);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await t.call('PersonOrderAdd', personBody(D))).body.returnData.ord.id);
    expect(await slotSurplus(t.db, S, D, '01')).toBe(5);
    t.clock.advance(t.config.holdMs + 1);
    const [a, b] = await Promise.all([releaseExpired(t.app.deps), releaseExpired(t.app.deps)]);
    expect(a + b).toBeGreaterThanOrEqual(5); // also earlier tests' expired holds
    expect(await slotSurplus(t.db, S, D, '01')).toBe(10);
    for (const id of ids) expect((await t.db.one<{ state: string }>('SELECT state FROM orders WHERE id = $1', [id]))!.state).toBe('C');
  });
});
