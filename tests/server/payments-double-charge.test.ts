/**
 * Money is taken once: one trade number per order and per scan-code bill, however
 * often the examinee taps 去缴费 / 确认支付; a correctly signed payment that arrives
 * for an order already paid (by an older trade), refunded or cancelled, or for a
 * trade no bill has open, is recorded, refunded through the provider and flagged
 * (payment_anomalies) — and answered SUCCESS, so the provider does not retry.
 * Both stores (TEST_DB).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, personBody, plusDays, setDay, type TestApp } from './core-helpers';
import { sandboxPaid } from './sandbox-trade';
import { SCAN_PAY_NOTIFY_PATH } from '../../src/server/routes/payrecords/index';
import { centreMs } from '../../src/contract/rules/centre-day';

let t: TestApp;
let D: string;
const S = 'P:person';

beforeAll(async () => {
  t = await makeTestApp();
  D = plusDays(t.today, 3);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  t.clock.set(centreMs(`${t.today} 10:00`));
  await t.renew();
  await setDay(t.db, S, D, [{ code: '01', total: 50 }]);
});

const notify = (outTradeNo: string, cents: number, tx: string, url = '/api/PayApi/WxNotify') => sandboxPaid(t.app, outTradeNo, cents, tx, url);
const trades = (orderId: string) => t.db.all<{ out_trade_no: string; state: string }>('SELECT out_trade_no, state FROM payments WHERE order_id = $1 ORDER BY created_at', [orderId]);
const anomaly = (outTradeNo: string) => t.db.one<{ kind: string; refund_state: string; amount_cents: number }>('SELECT * FROM payment_anomalies WHERE out_trade_no = $1', [outTradeNo]);

async function newOrder(over: Record<string, unknown> = {}) {
  const r = await t.call('PersonOrderAdd', personBody(D, { openid: 'payer-1', ...over }));
  expect(r.body.returnMsg).toBe('预约成功');
  return r.body.returnData.ord as { id: string; idCard: string; price: string };
}

describe('one trade per order', () => {
  it('paying twice (and again after a cancelled sheet) uses one trade number', async () => {
    const ord = await newOrder();
    const a = await t.call('PersonOrderPay', ord);
    const b = await t.call('PersonOrderPay', ord);
    expect(a.body.success && b.body.success).toBe(true);
    expect(await trades(ord.id)).toHaveLength(1);
    await t.call('SandboxPayResult', { id: ord.id, outcome: 'cancel' });
    await t.call('PersonOrderPay', ord);
    const rows = await trades(ord.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].state).toBe('EING');
    // concurrent taps too
    await Promise.all([t.call('PersonOrderPay', ord), t.call('PersonOrderPay', ord), t.call('PersonOrderPay', ord)]);
    expect(await trades(ord.id)).toHaveLength(1);
  });
});

describe('a payment the order cannot take is recorded, refunded and flagged', () => {
  it('an older trade paid after the order was paid', async () => {
    const ord = await newOrder();
    await t.call('PersonOrderPay', ord);
    const [own] = await trades(ord.id);
    // an older, still-open trade of the same order (a database from before one-trade-per-order)
    await t.db.run(`INSERT INTO payments (out_trade_no, order_id, amount_cents, state, created_at, updated_at) VALUES ($1, $2, 19900, 'C', 1, 1)`, ['OLD-TRADE-1', ord.id]);
    expect((await notify(own.out_trade_no, 19900, 'TX-OWN')).body).toContain('SUCCESS');
    const stray = await notify('OLD-TRADE-1', 19900, 'TX-OLD');
    expect(stray.body).toContain('SUCCESS');
    expect(await anomaly('OLD-TRADE-1')).toMatchObject({ kind: 'order_already_paid', refund_state: 'refunded', amount_cents: 19900 });
    // a retried notify changes nothing (no second refund)
    expect((await notify('OLD-TRADE-1', 19900, 'TX-OLD')).body).toContain('SUCCESS');
    expect(await t.db.all('SELECT out_trade_no FROM payment_anomalies WHERE out_trade_no = $1', ['OLD-TRADE-1'])).toHaveLength(1);
    const o = (await t.call('SyncOrderById', { id: ord.id, idCard: ord.idCard })).body.returnData;
    expect(o).toMatchObject({ state: 'F', pay_flag: 'T' });
    // refunding the order refunds its own payment, not the stray one (already refunded)
    const refund = await t.call('PersonOrderRefund', { id: ord.id, idCard: ord.idCard, type: 'person' });
    expect(refund.body.success).toBe(true);
    expect((await t.db.one<{ pay_flag: string }>('SELECT pay_flag FROM orders WHERE id = $1', [ord.id]))!.pay_flag).toBe('TJServeERR');
  });

  it('a payment for a refunded order', async () => {
    const ord = await newOrder();
    await t.call('PersonOrderPay', ord);
    const [own] = await trades(ord.id);
    await notify(own.out_trade_no, 19900, 'TX-1');
    await t.call('PersonOrderRefund', { id: ord.id, idCard: ord.idCard, type: 'person' });
    await t.db.run(`INSERT INTO payments (out_trade_no, order_id, amount_cents, state, created_at, updated_at) VALUES ($1, $2, 19900, 'C', 1, 1)`, ['OLD-TRADE-2', ord.id]);
    expect((await notify('OLD-TRADE-2', 19900, 'TX-2')).body).toContain('SUCCESS');
    expect(await anomaly('OLD-TRADE-2')).toMatchObject({ kind: 'order_refunded', refund_state: 'refunded' });
    expect((await t.db.one<{ state: string }>('SELECT state FROM orders WHERE id = $1', [ord.id]))!.state).toBe('Refund');
  });

  it('a payment for an order the examinee cancelled', async () => {
    const ord = await newOrder();
    await t.call('PersonOrderPay', ord);
    const [own] = await trades(ord.id);
    await t.call('SandboxPayResult', { id: ord.id, outcome: 'cancel' });
    expect((await t.call('PersonOrderCancel', { id: ord.id, idCard: ord.idCard })).body.returnMsg).toBe('撤销成功');
    expect((await notify(own.out_trade_no, 19900, 'TX-3')).body).toContain('SUCCESS');
    expect(await anomaly(own.out_trade_no)).toMatchObject({ kind: 'order_cancelled', refund_state: 'refunded' });
    const o = (await t.db.one<{ state: string; pay_flag: string }>('SELECT state, pay_flag FROM orders WHERE id = $1', [ord.id]))!;
    expect(o.state).toBe('C');
    expect(o.pay_flag).not.toBe('T');
  });

  it('a refund the provider refuses stays flagged for staff', async () => {
    const ord = await newOrder();
    await t.call('PersonOrderPay', ord);
    await notify((await trades(ord.id))[0].out_trade_no, 19900, 'TX-4');
    await t.db.run(`INSERT INTO payments (out_trade_no, order_id, amount_cents, state, created_at, updated_at) VALUES ($1, $2, 1, 'C', 1, 1)`, ['OLD-TRADE-CENT', ord.id]);
    // the sandbox refuses refunds of exactly 0.01
    expect((await notify('OLD-TRADE-CENT', 1, 'TX-5')).body).toContain('SUCCESS');
    expect(await anomaly('OLD-TRADE-CENT')).toMatchObject({ kind: 'order_already_paid', refund_state: 'refund_failed' });
  });
});

describe('scan-code bills', () => {
  const bill = async (regno: string, cents = 26800) => {
    await t.db.run(
      `INSERT INTO pay_records (id, reg_no, openid, name, createtime, clus_name, amount_cents, tj_date, expires_at, pay_state, out_trade_no, updated_at)
       VALUES ($1, $2, NULL, '李明', $3, '入职体检套餐（男）', $4, $5, $6, 'F', NULL, 0)`,
      [`pr-${regno}`, regno, `${t.today} 08:30:00`, cents, D, t.clock.now() + 3 * 86_400_000],
    );
  };
  const scanTrade = async (regno: string) => (await t.db.one<{ out_trade_no: string; pay_state: string }>('SELECT out_trade_no, pay_state FROM pay_records WHERE reg_no = $1', [regno]))!;

  it('confirming twice pays one trade; the sandbox sheet completes it; an unknown trade is refunded', async () => {
    await bill('S0001');
    const tok = await t.userToken('scan-payer');
    const pay = (openid = 'scan-payer') => t.call('SweepCodePay', { regno: 'S0001', openid, price: '268.00' }, { token: tok });
    expect((await pay()).body.success).toBe(true);
    const first = (await scanTrade('S0001')).out_trade_no;
    expect((await pay()).body.success).toBe(true);
    expect((await scanTrade('S0001')).out_trade_no).toBe(first);
    // the sandbox sheet's 确认支付 (before: 订单不存在)
    const ok = await t.call('SandboxPayResult', { id: 'S0001', outcome: 'ok' }, { token: tok });
    expect(ok.body.returnMsg).toBe('支付成功');
    expect((await scanTrade('S0001')).pay_state).toBe('T');
    // paid: refused before any trade is opened
    expect((await pay()).body.returnMsg).toBe('该订单已支付');
    // a signed payment for a trade no bill has open: recorded, refunded, flagged, answered SUCCESS (before: FAIL "unknown trade")
    const stray = await notify('SC-NOBODY-1', 26800, 'TX-S1', SCAN_PAY_NOTIFY_PATH);
    expect(stray.body).toContain('SUCCESS');
    expect(await anomaly('SC-NOBODY-1')).toMatchObject({ kind: 'unknown_trade', refund_state: 'refunded' });
  });

  it('the sandbox sheet cancelled leaves the bill payable with the same trade', async () => {
    await bill('S0002');
    const tok = await t.userToken('scan-payer-2');
    await t.call('SweepCodePay', { regno: 'S0002', openid: 'scan-payer-2', price: '268.00' }, { token: tok });
    const trade = (await scanTrade('S0002')).out_trade_no;
    expect((await t.call('SandboxPayResult', { id: 'S0002', outcome: 'cancel' }, { token: tok })).body.returnMsg).toBe('取消支付');
    expect((await scanTrade('S0002')).pay_state).toBe('F');
    await t.call('SweepCodePay', { regno: 'S0002', openid: 'scan-payer-2', price: '268.00' }, { token: tok });
    expect((await scanTrade('S0002')).out_trade_no).toBe(trade);
    expect((await notify(trade, 26800, 'TX-S2', SCAN_PAY_NOTIFY_PATH)).body).toContain('SUCCESS');
    expect((await scanTrade('S0002')).pay_state).toBe('T');
  });
});
