/**
 * WeChat Pay API v3: refunds (PROCESSING, then the refund notify), a refusal, a payment for a cancelled
 * order refunded through WeChat and flagged, the hold's expiry closing the trade (and a close answered
 * ORDERPAID applied as a late payment), the scan-code notify, and the reconciler recovering a lost
 * notify. Real server and client against the v3 double; both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAllAuthOk, newOrder, openTrade, orderRow, startV3, until, type V3Env } from './wechatpay-v3-helpers';
import { releaseExpired } from '../../src/server/services/orders/holds';
import { SCAN_PAY_NOTIFY_PATH } from '../../src/server/routes/payrecords/index';

let e: V3Env;

describe('refunds, anomalies, closes (auto-settling refunds)', () => {
  beforeAll(async () => {
    e = await startV3({ holdMs: 60_000 });
  });
  afterAll(async () => e?.close());

  async function paidOrder(openid: string) {
    const ord = await newOrder(e, openid);
    const { outTradeNo } = await openTrade(e, ord);
    expect((await e.dbl.pay(outTradeNo))!.status).toBeLessThan(300);
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'F', pay_flag: 'T' });
    return { ord, outTradeNo };
  }

  it('PersonOrderRefund: the refund goes to WeChat, answered PROCESSING, settled by the refund notify (TJServeERR)', async () => {
    const { ord, outTradeNo } = await paidOrder('refund-1');
    const r = await e.t.call('PersonOrderRefund', { id: ord.id, idCard: ord.idCard, type: 'person' });
    expect(r.body.success).toBe(true);
    const refund = [...e.dbl.refunds.values()].find((x) => x.outTradeNo === outTradeNo)!;
    expect(refund).toMatchObject({ refund: 19900, total: 19900 });
    expect(refund.notifyUrl).toBe(`${e.t.app.deps.config.publicUrl}/api/PayApi/WxNotify`);
    await until('the refund notify', async () => (await orderRow(e, ord.id)).pay_flag === 'TJServeERR');
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'Refund', pay_flag: 'TJServeERR', errmsg: '已退款' });
    expect(await e.t.db.one('SELECT state FROM pay_refunds WHERE out_refund_no = $1', [refund.outRefundNo])).toMatchObject({ state: 'SUCCESS' });
    // a duplicate refund notify changes nothing
    expect((await e.dbl.sendRefundNotify(refund.outRefundNo)).status).toBeLessThan(300);
    expect(await orderRow(e, ord.id)).toMatchObject({ pay_flag: 'TJServeERR' });
    expectAllAuthOk(e.dbl);
  });

  it('a refund WeChat refuses: RefundERR and 退款失败 (the gateway code in the log)', async () => {
    const { ord } = await paidOrder('refund-2');
    e.dbl.failNext('/v3/refund/domestic/refunds', { status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足' });
    const r = await e.t.call('PersonOrderRefund', { id: ord.id, idCard: ord.idCard, type: 'person' });
    expect(r.body.success).toBe(false);
    expect(r.body.returnMsg).toBe('退款失败，请联系工作人员');
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'Refund', pay_flag: 'RefundERR' });
    expect(await e.t.db.one<{ state: string; note: string }>('SELECT state, note FROM pay_refunds WHERE ref = $1', [ord.id])).toMatchObject({ state: 'FAILED', note: expect.stringContaining('NOT_ENOUGH') });
  });

  it('a payment for an order the examinee cancelled is refunded through WeChat and flagged', async () => {
    const ord = await newOrder(e, 'cancel-1');
    const { outTradeNo } = await openTrade(e, ord);
    expect((await e.t.call('PersonOrderCancel', { id: ord.id, idCard: ord.idCard })).body.returnMsg).toBe('撤销成功');
    expect((await e.dbl.pay(outTradeNo))!.status).toBeLessThan(300);
    const anomaly = () => e.t.db.one<{ kind: string; refund_state: string }>('SELECT kind, refund_state FROM payment_anomalies WHERE out_trade_no = $1', [outTradeNo]);
    expect(await anomaly()).toMatchObject({ kind: 'order_cancelled' });
    expect([...e.dbl.refunds.values()].find((x) => x.outTradeNo === outTradeNo)).toMatchObject({ refund: 19900 });
    await until('the stray refund settled', async () => (await anomaly())?.refund_state === 'refunded');
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'C' });
  });

  it('the hold runs out: the trade is closed at WeChat', async () => {
    const ord = await newOrder(e, 'hold-1');
    const { outTradeNo } = await openTrade(e, ord);
    e.t.clock.advance(61_000);
    expect(await releaseExpired(e.t.app.deps)).toBeGreaterThanOrEqual(1);
    expect(e.dbl.trades.get(outTradeNo)!.state).toBe('CLOSED');
    expect(e.dbl.requests.some((r) => r.method === 'POST' && r.path === `/v3/pay/transactions/out-trade-no/${outTradeNo}/close`)).toBe(true);
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'C', pay_flag: 'F' });
    expect(await e.t.db.one('SELECT state FROM payments WHERE out_trade_no = $1', [outTradeNo])).toMatchObject({ state: 'CLOSED' });
  });

  it('a close answered ORDERPAID is applied as a late payment (the place is taken back)', async () => {
    const ord = await newOrder(e, 'hold-2');
    const { outTradeNo } = await openTrade(e, ord);
    await e.dbl.pay(outTradeNo, { notify: false });
    e.t.clock.advance(61_000);
    expect(await releaseExpired(e.t.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'F', pay_flag: 'T' });
  });

  it('scan-code bills: SweepCodePay opens a v3 trade; its notify marks the bill paid', async () => {
    await e.t.db.run(
      `INSERT INTO pay_records (id, reg_no, openid, name, createtime, clus_name, amount_cents, tj_date, expires_at, pay_state, out_trade_no, updated_at)
       VALUES ('pr-v3', 'V3-0001', NULL, '李明', $1, '入职体检套餐', 26800, $2, $3, 'F', NULL, 0)`,
      [`${e.t.today} 08:30:00`, e.day, e.t.clock.now() + 86_400_000],
    );
    const tok = await e.t.userToken('scan-v3');
    const r = await e.t.call('SweepCodePay', { regno: 'V3-0001', openid: 'scan-v3', price: '268.00' }, { token: tok });
    expect(r.body.success, r.body.returnMsg).toBe(true);
    expect(r.body.returnData.signType).toBe('RSA');
    const no = (await e.t.db.one<{ out_trade_no: string }>(`SELECT out_trade_no FROM pay_records WHERE reg_no = 'V3-0001'`))!.out_trade_no;
    expect(e.dbl.trades.get(no)!.notifyUrl).toBe(`${e.t.app.deps.config.publicUrl}${SCAN_PAY_NOTIFY_PATH}`);
    await e.dbl.pay(no, { notify: false });
    // the wrong amount is refused (FAIL, WeChat retries), the bill stays unpaid
    const bad = await e.dbl.sendPayNotify(no, { resource: { amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } } });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(await e.t.db.one(`SELECT pay_state FROM pay_records WHERE reg_no = 'V3-0001'`)).toMatchObject({ pay_state: 'EING' });
    expect((await e.dbl.sendPayNotify(no)).status).toBeLessThan(300);
    expect(await e.t.db.one(`SELECT pay_state FROM pay_records WHERE reg_no = 'V3-0001'`)).toMatchObject({ pay_state: 'T' });
  });
});

describe('manual refunds and the reconciler', () => {
  beforeAll(async () => {
    e = await startV3({ refunds: 'manual', reconcileIntervalMs: 200 });
  });
  afterAll(async () => e?.close());

  it('a PROCESSING refund shows 退款处理中; REFUND.ABNORMAL → RefundERR', async () => {
    const ord = await newOrder(e, 'manual-1');
    const { outTradeNo } = await openTrade(e, ord);
    expect((await e.dbl.pay(outTradeNo))!.status).toBeLessThan(300);
    const r = await e.t.call('PersonOrderRefund', { id: ord.id, idCard: ord.idCard, type: 'person' });
    expect(r.body.success).toBe(true);
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'Refund', pay_flag: 'T', errmsg: '退款处理中' });
    const refund = [...e.dbl.refunds.values()].find((x) => x.outTradeNo === outTradeNo)!;
    expect(refund.state).toBe('PROCESSING');
    expect((await e.dbl.settleRefund(refund.outRefundNo, 'ABNORMAL'))!.status).toBeLessThan(300);
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'Refund', pay_flag: 'RefundERR' });
  });

  it('a lost refund notify: the reconciler asks and settles it (TJServeERR)', async () => {
    const ord = await newOrder(e, 'manual-2');
    const { outTradeNo } = await openTrade(e, ord);
    expect((await e.dbl.pay(outTradeNo))!.status).toBeLessThan(300);
    await e.t.call('PersonOrderRefund', { id: ord.id, idCard: ord.idCard, type: 'person' });
    const refund = [...e.dbl.refunds.values()].find((x) => x.outTradeNo === outTradeNo)!;
    expect(await e.dbl.settleRefund(refund.outRefundNo, 'SUCCESS', { notify: false })).toBeNull();
    await until('the reconciler settles the refund', async () => (await orderRow(e, ord.id)).pay_flag === 'TJServeERR');
  });

  it('a lost payment notify: the reconciler asks WeChat and the order ends paid', async () => {
    const ord = await newOrder(e, 'recon-1');
    const { outTradeNo } = await openTrade(e, ord);
    expect(await e.dbl.pay(outTradeNo, { notify: false })).toBeNull();
    // past the grace period the notify is given before the reconciler asks
    e.t.clock.advance(31_000);
    await until('the reconciler applies the payment', async () => (await orderRow(e, ord.id)).pay_flag === 'T');
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'F', pay_flag: 'T' });
    expectAllAuthOk(e.dbl);
  });
});
