/**
 * WeChat Pay API v3, the keys that verify WeChat: the WeChat Pay public key (PUB_KEY_ID_… serial), and
 * platform certificates from a configured folder with a rotation (a new certificate downloaded from
 * /v3/certificates when a notify or an answer names it). Real server and client against the v3 double; both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAllAuthOk, newOrder, openTrade, orderRow, startV3, type V3Env } from './wechatpay-v3-helpers';

describe('public-key mode (微信支付公钥)', () => {
  let e: V3Env;
  beforeAll(async () => {
    e = await startV3({ verifyWith: 'publicKey' });
  });
  afterAll(async () => e?.close());

  it('answers and notifies verified with the public key by its PUB_KEY_ID_ serial; no certificate download', async () => {
    expect(e.dbl.publicKey.id).toMatch(/^PUB_KEY_ID_/);
    const ord = await newOrder(e);
    const { outTradeNo } = await openTrade(e, ord);
    expect((await e.dbl.pay(outTradeNo))!.status).toBeLessThan(300);
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'F', pay_flag: 'T' });
    expect(e.dbl.requests.some((r) => r.path.startsWith('/v3/certificates'))).toBe(false);
    expectAllAuthOk(e.dbl);
  });

  it('a notify signed by another key under an unknown serial is refused', async () => {
    const ord = await newOrder(e, 'pk-2');
    const { outTradeNo } = await openTrade(e, ord);
    await e.dbl.pay(outTradeNo, { notify: false });
    const a = await e.dbl.sendPayNotify(outTradeNo, { serial: 'PUB_KEY_ID_0000000000000000000000000000' });
    expect(a.status).toBeGreaterThanOrEqual(400);
    expect((await e.dbl.sendPayNotify(outTradeNo, { badSignature: true })).status).toBeGreaterThanOrEqual(400);
    expect(await orderRow(e, ord.id)).toMatchObject({ pay_flag: 'EING' });
  });
});

describe('certificate mode: certificate file, then a rotation', () => {
  let e: V3Env;
  beforeAll(async () => {
    e = await startV3({ verifyWith: 'certificate', certFile: true });
  });
  afterAll(async () => e?.close());

  it('the configured certificate verifies answers and notifies', async () => {
    const ord = await newOrder(e);
    const { outTradeNo } = await openTrade(e, ord);
    expect((await e.dbl.pay(outTradeNo))!.status).toBeLessThan(300);
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'F', pay_flag: 'T' });
  });

  it('after a rotation the new certificate is downloaded and verified; notifies and answers signed with it are accepted', async () => {
    const old = e.dbl.platform.serial;
    e.dbl.rotatePlatformCertificate();
    expect(e.dbl.platform.serial).not.toBe(old);
    // an answer signed with the new certificate (prepay)
    const ord = await newOrder(e, 'rot-1');
    const { outTradeNo } = await openTrade(e, ord);
    expect(e.dbl.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v3/certificates'))).toBe(true);
    // a notify signed with it
    expect((await e.dbl.pay(outTradeNo))!.status).toBeLessThan(300);
    expect(await orderRow(e, ord.id)).toMatchObject({ state: 'F', pay_flag: 'T' });
    expectAllAuthOk(e.dbl);
  });
});
