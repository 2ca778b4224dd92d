/**
 * The real server (PAY_PROVIDER=wechat, WeChat Pay API v3 client) against the local v3 double
 * (tests/doubles/wechatpay-v3), on the test store (TEST_DB). The server listens on 127.0.0.1 so the
 * double can post its notifies to the notify_url our prepay gave it (PUBLIC_URL = that address).
 * The test clock starts at the real time: the double signs with real timestamps and the notify check
 * allows 5 minutes (tests move the clock by less than that).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startWechatPayDouble, makeMerchantKeys } from '../doubles/wechatpay-v3/index';
import type { WechatPayDouble, WechatPayDoubleOptions } from '../doubles/wechatpay-v3/api';
import { makeTestApp, personBody, plusDays, setDay, type TestApp } from './core-helpers';
import { loadConfig, type ServerConfig } from '../../src/server/services/platform/config';
import { wechatPayProvider } from '../../src/server/providers/wechat/wechat';
import { sandboxMpProvider } from '../../src/server/providers/wechat-mp/sandbox';

export const MCHID = '1900000109';
export const APPID = 'wx8888888888888888';
export const APIV3_KEY = 'a3Kq8ZrT0pLmN5vXw2YbC7dEf9GhJ4s1'; // 32 ASCII characters
export const SCOPE = 'P:person';

export interface V3Env {
  t: TestApp;
  dbl: WechatPayDouble;
  merchantPublicKeyPem: string;
  /** A bookable day (slot '01', 50 places). */
  day: string;
  dir: string;
  close(): Promise<void>;
}

export interface V3Options {
  verifyWith?: WechatPayDoubleOptions['verifyWith'];
  refunds?: WechatPayDoubleOptions['refunds'];
  /** Certificate mode: give the platform certificate as a file (else it is downloaded from /v3/certificates). */
  certFile?: boolean;
  reconcileIntervalMs?: number;
  holdMs?: number;
}

export async function startV3(o: V3Options = {}): Promise<V3Env> {
  const merchant = await Promise.resolve(makeMerchantKeys());
  const verifyWith = o.verifyWith ?? 'certificate';
  const dbl = await startWechatPayDouble({ mchid: MCHID, appid: APPID, apiV3Key: APIV3_KEY, merchant: { serial: merchant.serial, publicKeyPem: merchant.publicKeyPem }, verifyWith, refunds: o.refunds });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cf-wxpay-'));
  const keyPath = path.join(dir, 'apiclient_key.pem');
  fs.writeFileSync(keyPath, merchant.privateKeyPem);
  let platformCertPath = '';
  let publicKeyPath = '';
  if (verifyWith === 'publicKey') {
    publicKeyPath = path.join(dir, 'pub_key.pem');
    fs.writeFileSync(publicKeyPath, dbl.publicKey.pem);
  } else if (o.certFile) {
    platformCertPath = path.join(dir, 'platform');
    fs.mkdirSync(platformCertPath);
    fs.writeFileSync(path.join(platformCertPath, 'wechatpay.pem'), dbl.platform.certificatePem);
  }
  const base = loadConfig({});
  const overrides: Partial<ServerConfig> = {
    payProvider: 'wechat',
    holdMs: o.holdMs ?? base.holdMs,
    wechat: { ...base.wechat, appid: APPID },
    wechatPay: {
      mchId: MCHID,
      mchSerial: merchant.serial,
      privateKeyPath: keyPath,
      apiV3Key: APIV3_KEY,
      platformCertPath,
      publicKeyPath,
      publicKeyId: verifyWith === 'publicKey' ? dbl.publicKey.id : '',
      baseUrl: dbl.baseUrl,
      reconcileIntervalMs: o.reconcileIntervalMs ?? 0,
    },
  };
  // The real pay provider; the official account stays the sandbox (OAuth is another area's double).
  const t = await makeTestApp(overrides, { providers: (config, clock) => ({ pay: wechatPayProvider(config, { now: () => clock.now() }), mp: sandboxMpProvider() }) });
  t.clock.set(Date.now());
  await t.renew();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.app.deps.config.publicUrl = address.replace('localhost', '127.0.0.1');
  const day = plusDays(t.today, 3);
  await setDay(t.db, SCOPE, day, [{ code: '01', total: 50 }]);
  return {
    t,
    dbl,
    merchantPublicKeyPem: merchant.publicKeyPem,
    day,
    dir,
    async close() {
      await t.close();
      await dbl.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type OrderRef = { id: string; idCard: string; price: string };

/** A personal order (¥199, P4005) for an openid. */
export async function newOrder(e: V3Env, openid = 'wx-payer-1'): Promise<OrderRef> {
  const r = await e.t.call('PersonOrderAdd', personBody(e.day, { openid }));
  expect(r.body.returnMsg).toBe('预约成功');
  return r.body.returnData.ord as OrderRef;
}

/** PersonOrderPay: the trade opened at the double; returns the bridge params and the trade number. */
export async function openTrade(e: V3Env, ord: OrderRef): Promise<{ params: Record<string, string>; outTradeNo: string }> {
  const r = await e.t.call('PersonOrderPay', ord);
  expect(r.body.success, r.body.returnMsg).toBe(true);
  const p = await e.t.db.one<{ out_trade_no: string }>('SELECT out_trade_no FROM payments WHERE order_id = $1', [ord.id]);
  return { params: r.body.returnData, outTradeNo: p!.out_trade_no };
}

export async function orderRow(e: V3Env, id: string) {
  return (await e.t.db.one<{ state: string; pay_flag: string; errmsg: string }>('SELECT state, pay_flag, errmsg FROM orders WHERE id = $1', [id]))!;
}

/** Polls a condition (no fixed sleeps): the double's notifies and the reconciler run on their own. */
export async function until<T>(what: string, f: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every request the double received was signed by us and verified with the merchant public key. */
export function expectAllAuthOk(dbl: WechatPayDouble): void {
  expect(dbl.requests.length).toBeGreaterThan(0);
  for (const r of dbl.requests) expect(r.authOk, `${r.method} ${r.path}: ${r.authError ?? ''}`).toBe(true);
}

export const FAIL_BODY = { code: 'FAIL', message: '失败' };
