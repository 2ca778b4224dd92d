/**
 * WeChat Pay API v3, payments: the real server and client against the local v3 double (certificate
 * mode, the platform certificate downloaded from /v3/certificates). Prepay and the bridge's RSA paySign,
 * the notify (verified, decrypted, checked against our records; answered as v3 wants), duplicates,
 * spoiled and replayed notifies, a lost notify recovered by SyncOrderById, prepay failures. Both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicKey, verify } from 'node:crypto';
import { APPID, FAIL_BODY, MCHID, expectAllAuthOk, newOrder, openTrade, orderRow, startV3, type V3Env } from './wechatpay-v3-helpers';
import type { Spoil } from '../doubles/wechatpay-v3/api';

let e: V3Env;
beforeAll(async () => {
  e = await startV3();
});
afterAll(async () => e?.close());

const paymentRow = (no: string) => e.t.db.one<{ state: string; transaction_id: string }>('SELECT state, transaction_id FROM payments WHERE out_trade_no = $1', [no]);

describe('prepay and the WeixinJSBridge parameters', () => {
  it('PersonOrderPay opens the JSAPI trade at WeChat and signs the bridge params RSA with the merchant key', async () => {
    const ord = await newOrder(e);
    const { params, outTradeNo } = await openTrade(e, ord);
    const trade = e.dbl.trades.get(outTradeNo)!;
    expect(trade).toMatchObject({ appid: APPID, mchid: MCHID, openid: 'wx-payer-1', total: 19900, state: 'NOTPAY' });
    expect(trade.notifyUrl).toBe(`${e.t.app.deps.config.publicUrl}/api/PayApi/WxNotify`);
    expect(params).toMatchObject({ appid: APPID, package: `prepay_id=${trade.prepayId}`, signType: 'RSA' });
    const msg = `${params.appid}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(verify('sha256', Buffer.from(msg), createPublicKey(e.merchantPublicKeyPem), Buffer.from(params.paySign, 'base64'))).toBe(true);
    // the certificate was downloaded (no file configured) and every call we made was signed
    expect(e.dbl.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v3/certificates'))).toBe(true);
    expectAllAuthOk(e.dbl);
  });
});

describe('the payment notify', () => {
  it('a good notify marks the order paid (F/T), answered 2xx without a FAIL body', async () => {
    const ord = await newOrder(e);
    const { outTradeNo } = await openTrade(e, ord);
    const ans = await e.dbl.pay(outTradeNo);
    expect(ans!.status).toBeGreaterThanOrEqual(200);
    expect(ans!.status).toBeLessThan(300);
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'F', pay_flag: 'T' });
    expect(await paymentRow(outTradeNo)).toMatchObject({ state: 'T', transaction_id: e.dbl.trades.get(outTradeNo)!.transactionId });
    expectAllAuthOk(e.dbl);
  });

  it('duplicate and concurrent duplicate notifies pay once', async () => {
    const ord = await newOrder(e);
    const { outTradeNo } = await openTrade(e, ord);
    await e.dbl.pay(outTradeNo, { notify: false });
    const answers = await Promise.all(Array.from({ length: 8 }, () => e.dbl.sendPayNotify(outTradeNo)));
    for (const a of answers) expect(a.status).toBeLessThan(300);
    expect((await e.dbl.sendPayNotify(outTradeNo)).status).toBeLessThan(300);
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'F', pay_flag: 'T' });
    expect(await e.t.db.all('SELECT out_trade_no FROM payment_anomalies WHERE out_trade_no = $1', [outTradeNo])).toHaveLength(0);
    expect([...e.dbl.refunds.values()].filter((r) => r.outTradeNo === outTradeNo)).toHaveLength(0);
  });

  const refusals: Array<[string, Spoil]> = [
    ['a tampered signature', { badSignature: true }],
    ['an unknown serial', { serial: '7132D72A03E93CDDF8C03BBD1F37EEDF9638C4D5' }],
    ['a stale timestamp (10 minutes)', { timestampOffsetSec: -600 }],
    ['a timestamp 10 minutes ahead', { timestampOffsetSec: 600 }],
    ['a tampered ciphertext', { tamperCiphertext: true }],
    ['a wrong amount', { resource: { amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } } }],
    ['a wrong mchid', { resource: { mchid: '1900000999' } }],
    ['a wrong appid', { resource: { appid: 'wx0000000000000000' } }],
    ['an unknown out_trade_no', { resource: { out_trade_no: 'NOT-OURS-0001' } }],
    ['a trade_state that is not SUCCESS', { resource: { trade_state: 'NOTPAY' } }],
  ];
  for (const [name, spoil] of refusals) {
    it(`refused: ${name} (4xx with FAIL, order unpaid)`, async () => {
      const ord = await newOrder(e);
      const { outTradeNo } = await openTrade(e, ord);
      await e.dbl.pay(outTradeNo, { notify: false });
      const a = await e.dbl.sendPayNotify(outTradeNo, spoil);
      expect(a.status).toBeGreaterThanOrEqual(400);
      expect(a.status).toBeLessThan(500);
      expect(JSON.parse(a.body)).toEqual(FAIL_BODY);
      expect(await orderRow(e, ord.id)).toMatchObject({ state: 'S', pay_flag: 'EING' });
      expect((await paymentRow(outTradeNo))!.state).toBe('EING');
      // the genuine notify is still taken afterwards
      expect((await e.dbl.sendPayNotify(outTradeNo)).status).toBeLessThan(300);
      expect(await orderRow(e, ord.id)).toMatchObject({ state: 'F', pay_flag: 'T' });
    });
  }

  it('a replayed delivery (same bytes and headers) is answered and harmless; the order is paid once', async () => {
    const ord = await newOrder(e);
    const { outTradeNo } = await openTrade(e, ord);
    expect((await e.dbl.pay(outTradeNo))!.status).toBeLessThan(300);
    const seen = await e.t.db.all('SELECT notify_key FROM pay_notifies_seen');
    const replay = await e.dbl.sendPayNotify(outTradeNo, { replayLast: true });
    expect(replay.status).toBeLessThan(300);
    expect(await e.t.db.all('SELECT notify_key FROM pay_notifies_seen')).toHaveLength(seen.length);
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'F', pay_flag: 'T' });
    expect(await e.t.db.all('SELECT out_trade_no FROM payment_anomalies WHERE out_trade_no = $1', [outTradeNo])).toHaveLength(0);
  });
});

describe('a lost notify, and prepay failures', () => {
  it('a lost notify: SyncOrderById asks WeChat and the order ends paid', async () => {
    const ord = await newOrder(e);
    const { outTradeNo } = await openTrade(e, ord);
    expect(await e.dbl.pay(outTradeNo, { notify: false })).toBeNull();
    expect(await orderRow(e, ord.id)).toMatchObject({ pay_flag: 'EING' });
    const s = await e.t.call('SyncOrderById', { id: ord.id, idCard: ord.idCard });
    expect(s.body.returnData).toMatchObject({ state: 'F', pay_flag: 'T' });
    expect(e.dbl.requests.some((r) => r.method === 'GET' && r.path.startsWith(`/v3/pay/transactions/out-trade-no/${outTradeNo}`))).toBe(true);
    expectAllAuthOk(e.dbl);
  });

  for (const failure of [
    { status: 500, code: 'SYSTEM_ERROR', message: '系统错误' },
    { status: 401, code: 'SIGN_ERROR', message: '签名错误' },
  ]) {
    it(`prepay answered ${failure.status} ${failure.code}: a plain Chinese message, nothing paid, payable again`, async () => {
      const ord = await newOrder(e);
      e.dbl.failNext('/v3/pay/transactions/jsapi', failure);
      const r = await e.t.call('PersonOrderPay', ord);
      expect(r.body.success).toBe(false);
      expect(r.body.returnMsg).toBe('微信支付下单失败，请稍后再试');
      expect(await orderRow(e, ord.id)).toMatchObject({ state: 'S', pay_flag: 'F' });
      expect((await e.t.db.one<{ state: string }>('SELECT state FROM payments WHERE order_id = $1', [ord.id]))!.state).toBe('FAIL');
      // the next attempt opens the trade
      const again = await openTrade(e, ord);
      expect(e.dbl.trades.get(again.outTradeNo)).toBeDefined();
    });
  }
});
