/**
 * Sandbox provider (default, no secrets, no network): the app's 模拟支付 sheet reports the
 * outcome through SandboxPayResult, which marks the trade paid through the same service
 * function a verified notify uses. There are no sandbox notifies: parseNotify refuses all.
 * JSAPI params are signed RSA like the real ones, with a key made for this process.
 * Refunds succeed at once, except of 0.01 (a way to exercise 退款失败 in demos and tests).
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { PayProvider } from './types';
import { bridgeParams } from './wechat';

export const SANDBOX_APPID = 'wx-sandbox-appid';
export const SANDBOX_MCHID = 'sandbox-mch';

let key: KeyObject | null = null;
const sandboxKey = () => (key ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);

export function sandboxProvider(opts: { now?: () => number } = {}): PayProvider {
  const now = opts.now ?? Date.now;
  return {
    name: 'sandbox',
    appid: SANDBOX_APPID,
    mchid: SANDBOX_MCHID,
    async jsapiPay(p) {
      return bridgeParams(SANDBOX_APPID, `sandbox_${p.outTradeNo}`, sandboxKey(), now());
    },
    async parseNotify() {
      return { ok: false, status: 400, reason: 'the sandbox takes no notifies' };
    },
    async queryTrade() {
      return null;
    },
    async closeTrade() {
      return { ok: true };
    },
    async refund(p) {
      if (p.refund === 1) return { ok: false, code: 'SANDBOX_REFUND_FAILED', message: 'sandbox refund failure (0.01)' };
      return { ok: true, refund: { outTradeNo: p.outTradeNo, outRefundNo: p.outRefundNo, refundId: `sandbox-${p.outRefundNo}`, status: 'SUCCESS', refund: p.refund } };
    },
    async queryRefund() {
      return null;
    },
  };
}
