/**
 * Self-test of the WeChat Pay v3 double (tests/doubles/wechatpay-v3), from the merchant's side only:
 * node:crypto + fetch, no server code, no database — so it runs the same on both stores.
 */
import { X509Certificate, generateKeyPairSync, sign } from 'node:crypto';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMerchantKeys, startWechatPayDouble, type WechatPayDouble } from '../doubles/wechatpay-v3/index.ts';
import { callV3, checkSignature, decryptResource, startNotifyReceiver, type MerchantIdentity } from '../doubles/wechatpay-v3/merchant-side.ts';

const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const API_V3_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
const merchant = makeMerchantKeys();
const me: MerchantIdentity = { mchid: MCHID, serial: merchant.serial, privateKeyPem: merchant.privateKeyPem };
const otherKeyPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let seq = 0;
const tradeNo = () => `T${Date.now()}${++seq}`.slice(0, 32);

function prepayBody(outTradeNo: string, notifyUrl: string, over: Record<string, unknown> = {}) {
  return { appid: APPID, mchid: MCHID, description: '体检套餐A', out_trade_no: outTradeNo, notify_url: notifyUrl, amount: { total: 59900, currency: 'CNY' }, payer: { openid: 'o-openid-1' }, ...over };
}

async function waitFor<T>(what: string, probe: () => T | undefined | null | false): Promise<T> {
  for (let i = 0; i < 2000; i++) {
    const v = probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function start(verifyWith: 'certificate' | 'publicKey', refunds: 'auto' | 'manual' = 'auto') {
  return startWechatPayDouble({ mchid: MCHID, appid: APPID, apiV3Key: API_V3_KEY, merchant: { serial: merchant.serial, publicKeyPem: merchant.publicKeyPem }, verifyWith, refunds });
}

describe('wechatpay v3 double, certificate mode', () => {
  let d: WechatPayDouble;
  let rx: Awaited<ReturnType<typeof startNotifyReceiver>>;
  const platformKey = () => new X509Certificate(d.platform.certificatePem).publicKey;

  beforeAll(async () => {
    d = await start('certificate');
    rx = await startNotifyReceiver();
  });
  afterAll(async () => {
    await d.close();
    await rx.close();
  });

  it('answers a correctly signed JSAPI prepay with a prepay_id, signed by the platform certificate', async () => {
    const no = tradeNo();
    const res = await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no, `${rx.url}/pay`));
    expect(res.status).toBe(200);
    expect(res.json.prepay_id).toMatch(/^wx\d{14}[0-9a-f]{20}$/);
    expect(res.headers.get('Request-ID')).toBeTruthy();
    const check = checkSignature(res.headers, res.text, platformKey());
    expect(check).toEqual({ serial: d.platform.serial, timestampFresh: true, signatureOk: true });
    expect(d.trades.get(no)?.state).toBe('NOTPAY');
    expect(d.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/jsapi', authOk: true });
  });

  it('refuses a bad signature, a wrong serial, a stale timestamp, a wrong mchid and no Authorization with 401 SIGN_ERROR', async () => {
    const path = `/v3/pay/transactions/out-trade-no/${tradeNo()}?mchid=${MCHID}`;
    const cases = [{ privateKeyPem: otherKeyPem }, { serial: 'ABCDEF0123456789ABCDEF0123456789ABCDEF01' }, { timestampOffsetSec: -301 }, { timestampOffsetSec: 400 }, { mchid: '1900000999' }, { noAuth: true }];
    for (const o of cases) {
      const before = d.requests.length;
      const res = await callV3(d.baseUrl, me, 'GET', path, undefined, o);
      expect(res.status, JSON.stringify(o)).toBe(401);
      expect(res.json.code).toBe('SIGN_ERROR');
      expect(res.json.message).toBeTruthy();
      expect(checkSignature(res.headers, res.text, platformKey()).signatureOk).toBe(true);
      expect(d.requests.length).toBe(before + 1);
      expect(d.requests.at(-1)?.authOk).toBe(false);
      expect(d.requests.at(-1)?.authError).toBeTruthy();
    }
    // The same call correctly signed gets through to the route (an unknown trade).
    const good = await callV3(d.baseUrl, me, 'GET', path);
    expect([good.status, good.json.code]).toEqual([404, 'ORDER_NOT_EXIST']);
    expect(d.requests.at(-1)?.authOk).toBe(true);
  });

  it('validates the prepay and answers PARAM_ERROR / APPID_MCHID_NOT_MATCH', async () => {
    const url = `${rx.url}/pay`;
    const bad: Array<[Record<string, unknown>, number, string]> = [
      [{ out_trade_no: 'abc12' }, 400, 'PARAM_ERROR'],
      [{ out_trade_no: 'x'.repeat(33) }, 400, 'PARAM_ERROR'],
      [{ description: '' }, 400, 'PARAM_ERROR'],
      [{ notify_url: 'http://example.com/notify' }, 400, 'PARAM_ERROR'],
      [{ notify_url: `${url}?a=1` }, 400, 'PARAM_ERROR'],
      [{ amount: { total: 0, currency: 'CNY' } }, 400, 'PARAM_ERROR'],
      [{ amount: { total: 100, currency: 'USD' } }, 400, 'PARAM_ERROR'],
      [{ payer: {} }, 400, 'PARAM_ERROR'],
      [{ mchid: '1900000999' }, 400, 'PARAM_ERROR'],
      [{ appid: 'wx0000000000000000' }, 400, 'APPID_MCHID_NOT_MATCH'],
    ];
    for (const [over, status, code] of bad) {
      const res = await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(tradeNo(), url, over));
      expect([res.status, res.json.code], JSON.stringify(over)).toEqual([status, code]);
      expect(res.json.message).toBeTruthy();
    }
    const https = await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(tradeNo(), 'https://pay.example.com/notify'));
    expect(https.status).toBe(200);
  });

  it('handles a repeated out_trade_no: same prepay, INVALID_REQUEST, ORDERPAID, ORDER_CLOSED', async () => {
    const url = `${rx.url}/pay`;
    const no = tradeNo();
    const first = await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no, url));
    const again = await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no, url));
    expect(again.json.prepay_id).toBe(first.json.prepay_id);
    const changed = await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no, url, { amount: { total: 1, currency: 'CNY' } }));
    expect([changed.status, changed.json.code]).toEqual([400, 'INVALID_REQUEST']);
    expect(changed.json.message).toContain('商户订单号重复');
    await d.pay(no, { notify: false });
    const paid = await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no, url));
    expect([paid.status, paid.json.code]).toEqual([400, 'ORDERPAID']);
    const no2 = tradeNo();
    await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no2, url));
    const close = await callV3(d.baseUrl, me, 'POST', `/v3/pay/transactions/out-trade-no/${no2}/close`, { mchid: MCHID });
    expect(close.status).toBe(204);
    expect(close.text).toBe('');
    expect(checkSignature(close.headers, '', platformKey()).signatureOk).toBe(true);
    const closed = await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no2, url));
    expect([closed.status, closed.json.code]).toEqual([400, 'ORDER_CLOSED']);
  });

  it('queries a trade as WeChat reports it, closes only unpaid ones', async () => {
    const no = tradeNo();
    await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no, `${rx.url}/pay`, { attach: 'order-7' }));
    const q = (n: string) => callV3(d.baseUrl, me, 'GET', `/v3/pay/transactions/out-trade-no/${n}?mchid=${MCHID}`);
    const unpaid = await q(no);
    expect(unpaid.json).toMatchObject({ appid: APPID, mchid: MCHID, out_trade_no: no, trade_type: 'JSAPI', trade_state: 'NOTPAY', payer: { openid: 'o-openid-1' }, amount: { total: 59900 } });
    expect(unpaid.json.transaction_id).toBeUndefined();
    await d.pay(no, { notify: false });
    const paid = await q(no);
    expect(paid.json).toMatchObject({ trade_state: 'SUCCESS', trade_state_desc: '支付成功', attach: 'order-7', amount: { total: 59900, payer_total: 59900, currency: 'CNY', payer_currency: 'CNY' } });
    expect(paid.json.transaction_id).toMatch(/^\d{28}$/);
    expect(paid.json.success_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    expect(checkSignature(paid.headers, paid.text, platformKey()).signatureOk).toBe(true);
    const missing = await q('NOSUCH000001');
    expect([missing.status, missing.json.code]).toEqual([404, 'ORDER_NOT_EXIST']);
    const close = await callV3(d.baseUrl, me, 'POST', `/v3/pay/transactions/out-trade-no/${no}/close`, { mchid: MCHID });
    expect([close.status, close.json.code]).toEqual([400, 'ORDERPAID']);
  });

  it('lists the platform certificate encrypted with the APIv3 key; rotation adds one and signs with it', async () => {
    const list = async () => (await callV3(d.baseUrl, me, 'GET', '/v3/certificates')).json.data as any[];
    const [entry] = await list();
    expect(entry.encrypt_certificate).toMatchObject({ algorithm: 'AEAD_AES_256_GCM', associated_data: 'certificate' });
    const cert = new X509Certificate(decryptResource(API_V3_KEY, entry.encrypt_certificate));
    expect(cert.serialNumber).toBe(entry.serial_no);
    expect(entry.serial_no).toBe(d.platform.serial);
    expect(cert.publicKey.equals(platformKey())).toBe(true);
    const old = d.platform.serial;
    d.rotatePlatformCertificate();
    expect(d.platform.serial).not.toBe(old);
    const after = await callV3(d.baseUrl, me, 'GET', '/v3/certificates');
    expect((after.json.data as any[]).map((e) => e.serial_no)).toEqual([old, d.platform.serial]);
    expect(checkSignature(after.headers, after.text, platformKey())).toMatchObject({ serial: d.platform.serial, signatureOk: true });
  });

  it('posts a pay notify that decrypts and verifies; each spoil breaks exactly what it should', async () => {
    const no = tradeNo();
    await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no, `${rx.url}/pay`));
    rx.received.length = 0;
    expect(await d.pay(no)).toEqual({ status: 204, body: '' });
    const read = (i: number) => {
      const n = rx.received[i];
      const body = JSON.parse(n.body);
      let resource: any = null;
      try {
        resource = JSON.parse(decryptResource(API_V3_KEY, body.resource));
      } catch {
        resource = null;
      }
      return { n, body, check: checkSignature(n.headers, n.body, platformKey()), resource };
    };
    const genuine = read(0);
    expect(genuine.n.path).toBe('/pay');
    expect(genuine.body).toMatchObject({ event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource', resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', associated_data: 'transaction' } });
    expect(genuine.check).toEqual({ serial: d.platform.serial, timestampFresh: true, signatureOk: true });
    expect(genuine.resource).toMatchObject({ appid: APPID, mchid: MCHID, out_trade_no: no, trade_type: 'JSAPI', trade_state: 'SUCCESS', payer: { openid: 'o-openid-1' }, amount: { total: 59900, payer_total: 59900, currency: 'CNY', payer_currency: 'CNY' } });
    expect(genuine.resource.transaction_id).toBe(d.trades.get(no)?.transactionId);

    await d.sendPayNotify(no, { badSignature: true });
    expect(read(1).check).toEqual({ serial: d.platform.serial, timestampFresh: true, signatureOk: false });
    expect(read(1).resource).toEqual(genuine.resource);
    await d.sendPayNotify(no, { serial: 'DEADBEEF' });
    expect(read(2).check).toEqual({ serial: 'DEADBEEF', timestampFresh: true, signatureOk: true });
    await d.sendPayNotify(no, { timestampOffsetSec: -600 });
    expect(read(3).check).toEqual({ serial: d.platform.serial, timestampFresh: false, signatureOk: true });
    await d.sendPayNotify(no, { tamperCiphertext: true });
    expect(read(4).check.signatureOk).toBe(true);
    expect(read(4).resource).toBeNull();
    await d.sendPayNotify(no, { resource: { 'amount.total': 1, mchid: '1900000999' } });
    expect(read(5).check.signatureOk).toBe(true);
    expect(read(5).resource).toEqual({ ...genuine.resource, mchid: '1900000999', amount: { ...genuine.resource.amount, total: 1 } });
    await d.sendPayNotify(no, { replayLast: true });
    expect(rx.received[6].body).toBe(rx.received[5].body);
    expect(rx.received[6].headers['wechatpay-signature']).toBe(rx.received[5].headers['wechatpay-signature']);
    expect(d.notifies?.length).toBeGreaterThanOrEqual(7);
  });

  it('returns our server answer, whatever it is', async () => {
    const failing = await startNotifyReceiver({ status: 500, body: '{"code":"FAIL","message":"失败"}' });
    const no = tradeNo();
    await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no, `${failing.url}/n`));
    expect(await d.pay(no)).toEqual({ status: 500, body: '{"code":"FAIL","message":"失败"}' });
    await failing.close();
  });

  it('refunds: PROCESSING then SUCCESS with its notify; retries, over-refunds, mismatches and unknowns', async () => {
    const no = tradeNo();
    await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no, `${rx.url}/pay`));
    await d.pay(no, { notify: false });
    const ask = (outRefundNo: string, refund: number, total = 59900, over: Record<string, unknown> = {}) =>
      callV3(d.baseUrl, me, 'POST', '/v3/refund/domestic/refunds', { out_trade_no: no, out_refund_no: outRefundNo, reason: '改期取消', notify_url: `${rx.url}/refund`, amount: { refund, total, currency: 'CNY' }, ...over });
    const r1 = await ask(`R${no}`, 20000);
    expect(r1.status).toBe(200);
    expect(r1.json).toMatchObject({ out_refund_no: `R${no}`, out_trade_no: no, status: 'PROCESSING', amount: { refund: 20000, total: 59900 } });
    expect(checkSignature(r1.headers, r1.text, platformKey()).signatureOk).toBe(true);
    const n = await waitFor('refund notify', () => rx.received.find((x) => x.path === '/refund' && JSON.parse(x.body).event_type === 'REFUND.SUCCESS'));
    const resource = JSON.parse(decryptResource(API_V3_KEY, JSON.parse(n.body).resource));
    expect(resource).toMatchObject({ mchid: MCHID, out_trade_no: no, out_refund_no: `R${no}`, refund_id: r1.json.refund_id, refund_status: 'SUCCESS', user_received_account: '支付用户零钱', amount: { total: 59900, refund: 20000, payer_total: 59900, payer_refund: 20000 } });
    expect(resource.transaction_id).toBe(d.trades.get(no)?.transactionId);
    const again = await ask(`R${no}`, 20000);
    expect([again.status, again.json.refund_id, again.json.status]).toEqual([200, r1.json.refund_id, 'SUCCESS']);
    const query = await callV3(d.baseUrl, me, 'GET', `/v3/refund/domestic/refunds/R${no}`);
    expect(query.json).toMatchObject({ status: 'SUCCESS', refund_id: r1.json.refund_id });
    expect(query.json.success_time).toBeTruthy();
    expect((await ask(`R${no}`, 100)).json.code).toBe('INVALID_REQUEST');
    const over = await ask(`X${no}`, 40000);
    expect([over.status, over.json.code]).toEqual([400, 'INVALID_REQUEST']);
    const mismatch = await ask(`Y${no}`, 100, 100);
    expect([mismatch.status, mismatch.json.code]).toEqual([400, 'INVALID_REQUEST']);
    const unknown = await ask(`Z${no}`, 100, 59900, { out_trade_no: 'NOSUCH000001' });
    expect([unknown.status, unknown.json.code]).toEqual([404, 'RESOURCE_NOT_EXISTS']);
    const noRefund = await callV3(d.baseUrl, me, 'GET', '/v3/refund/domestic/refunds/NOSUCH');
    expect([noRefund.status, noRefund.json.code]).toEqual([404, 'RESOURCE_NOT_EXISTS']);
    expect(d.trades.get(no)?.state).toBe('REFUND');
  });

  it('failNext answers the next matching request with the given error, once', async () => {
    d.failNext(/\/v3\/refund\/domestic\/refunds/, { status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足，请充值后重新发起' });
    const res = await callV3(d.baseUrl, me, 'GET', '/v3/refund/domestic/refunds/ANY');
    expect([res.status, res.json]).toEqual([403, { code: 'NOT_ENOUGH', message: '基本账户余额不足，请充值后重新发起' }]);
    expect(checkSignature(res.headers, res.text, platformKey()).signatureOk).toBe(true);
    expect((await callV3(d.baseUrl, me, 'GET', '/v3/refund/domestic/refunds/ANY')).json.code).toBe('RESOURCE_NOT_EXISTS');
  });

  it('the bridge endpoint checks paySign and the prepay, pays, notifies; the script drives it like WeChat', async () => {
    const no = tradeNo();
    const prepayId = (await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no, `${rx.url}/pay`))).json.prepay_id;
    const params = (pkg: string, key = merchant.privateKeyPem) => {
      const p = { appId: APPID, timeStamp: String(Math.floor(Date.now() / 1000)), nonceStr: 'n0nce', package: pkg, signType: 'RSA' };
      return { ...p, paySign: sign('sha256', Buffer.from(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`), key).toString('base64') };
    };
    const pre = await fetch(`${d.baseUrl}/__double/bridge/pay`, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:5555', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5555');
    // Run the stand-in in a bare context: fetch is Node's own, the callback is what a page would get.
    const run = async (choice: 'ok' | 'cancel', p: unknown) => {
      const listeners: Array<() => void> = [];
      const sandbox: any = { fetch, setTimeout, JSON, String, Event: class { constructor(public type: string) {} }, document: { readyState: 'complete', dispatchEvent: () => listeners.forEach((f) => f()), addEventListener: () => {} } };
      sandbox.window = sandbox;
      vm.runInNewContext(d.bridgeScript({ choice }), sandbox);
      const res = await new Promise<any>((resolve) => sandbox.WeixinJSBridge.invoke('getBrandWCPayRequest', p, resolve));
      const other = await new Promise<any>((resolve) => sandbox.WeixinJSBridge.invoke('closeWindow', {}, resolve));
      return { res, other, calls: sandbox.__wxBridgeCalls.map((c: any) => c.name) };
    };
    expect((await run('cancel', params(`prepay_id=${prepayId}`))).res.err_msg).toBe('get_brand_wcpay_request:cancel');
    expect(d.trades.get(no)?.state).toBe('NOTPAY');
    expect((await run('ok', params(`prepay_id=${prepayId}`, otherKeyPem))).res.err_msg).toBe('get_brand_wcpay_request:fail');
    expect((await run('ok', params('prepay_id=wx000'))).res.err_msg).toBe('get_brand_wcpay_request:fail');
    rx.received.length = 0;
    const good = await run('ok', params(`prepay_id=${prepayId}`));
    expect(good.res.err_msg).toBe('get_brand_wcpay_request:ok');
    expect(good.other.err_msg).toBe('closeWindow:ok');
    expect(good.calls).toEqual(['getBrandWCPayRequest', 'closeWindow']);
    expect(d.trades.get(no)?.state).toBe('SUCCESS');
    expect(rx.received).toHaveLength(1); // the notify was answered before the page heard back
    expect(d.bridgeRequests?.map((b) => b.ok)).toEqual([false, false, true]);
  });
});

describe('wechatpay v3 double, public-key mode and manual refunds', () => {
  let d: WechatPayDouble;
  let rx: Awaited<ReturnType<typeof startNotifyReceiver>>;
  beforeAll(async () => {
    d = await start('publicKey', 'manual');
    rx = await startNotifyReceiver();
  });
  afterAll(async () => {
    await d.close();
    await rx.close();
  });

  it('signs answers and notifies with the WeChat Pay public key, named by its PUB_KEY_ID', async () => {
    expect(d.publicKey.id).toMatch(/^PUB_KEY_ID_\d+$/);
    const no = tradeNo();
    const res = await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no, `${rx.url}/pay`));
    expect(checkSignature(res.headers, res.text, d.publicKey.pem)).toEqual({ serial: d.publicKey.id, timestampFresh: true, signatureOk: true });
    await d.pay(res.json.prepay_id);
    const n = rx.received.at(-1)!;
    expect(checkSignature(n.headers, n.body, d.publicKey.pem)).toEqual({ serial: d.publicKey.id, timestampFresh: true, signatureOk: true });
  });

  it('keeps refunds PROCESSING until settled; ABNORMAL and CLOSED post their own events', async () => {
    const no = tradeNo();
    await callV3(d.baseUrl, me, 'POST', '/v3/pay/transactions/jsapi', prepayBody(no, `${rx.url}/pay`, { amount: { total: 1000, currency: 'CNY' } }));
    await d.pay(no, { notify: false });
    const ask = (r: string, refund: number) => callV3(d.baseUrl, me, 'POST', '/v3/refund/domestic/refunds', { out_trade_no: no, out_refund_no: r, notify_url: `${rx.url}/refund`, amount: { refund, total: 1000, currency: 'CNY' } });
    expect((await ask(`A${no}`, 1000)).json.status).toBe('PROCESSING');
    expect(d.refunds.get(`A${no}`)?.state).toBe('PROCESSING');
    expect((await ask(`B${no}`, 1)).json.code).toBe('INVALID_REQUEST'); // nothing left while A is pending
    expect(await d.settleRefund(`A${no}`, 'CLOSED')).toEqual({ status: 204, body: '' });
    expect(JSON.parse(rx.received.at(-1)!.body).event_type).toBe('REFUND.CLOSED');
    expect((await ask(`B${no}`, 600)).json.status).toBe('PROCESSING'); // a closed refund gives its amount back
    await d.settleRefund(`B${no}`, 'ABNORMAL');
    const body = JSON.parse(rx.received.at(-1)!.body);
    expect(body.event_type).toBe('REFUND.ABNORMAL');
    expect(JSON.parse(decryptResource(API_V3_KEY, body.resource)).refund_status).toBe('ABNORMAL');
    await expect(d.settleRefund(`B${no}`, 'SUCCESS')).rejects.toThrow(/not PROCESSING/);
  });

  it('checks and signs timestamps by its own clock (opts.now)', async () => {
    const skewed = await startWechatPayDouble({ mchid: MCHID, appid: APPID, apiV3Key: API_V3_KEY, merchant: { serial: merchant.serial, publicKeyPem: merchant.publicKeyPem }, verifyWith: 'publicKey', now: () => Date.now() + 3_600_000 });
    try {
      const path = `/v3/pay/transactions/out-trade-no/NOSUCH000001?mchid=${MCHID}`;
      expect((await callV3(skewed.baseUrl, me, 'GET', path)).json.code).toBe('SIGN_ERROR');
      const res = await callV3(skewed.baseUrl, me, 'GET', path, undefined, { timestampOffsetSec: 3600 });
      expect(res.json.code).toBe('ORDER_NOT_EXIST');
      expect(Number(res.headers.get('Wechatpay-Timestamp')) - Date.now() / 1000).toBeGreaterThan(3500);
    } finally {
      await skewed.close();
    }
  });
});
