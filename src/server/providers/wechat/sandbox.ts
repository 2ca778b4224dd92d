/**
 * Sandbox provider (default, no secrets): OAuth returns a demo openid at once; pay
 * returns correctly signed (with a sandbox key) JSAPI params; the app's sandbox
 * sheet reports the outcome via SandboxPayResult. Refunds always succeed unless the
 * amount is 0.01 (a way to exercise RefundERR in demos/tests).
 */
import type { PayProvider } from './types';
import { paySign, signV2, verifyV2 } from './sign';
import { nonce } from '../../services/platform/ids';

export const SANDBOX_APPID = 'wx-sandbox-appid';
export const SANDBOX_KEY = 'sandbox-key-not-secret-000000000';

export function sandboxProvider(opts: { now?: () => number } = {}): PayProvider {
  const now = opts.now ?? Date.now;
  return {
    name: 'sandbox',
    async jsapiPay(p) {
      const pkg = `prepay_id=sandbox_${p.outTradeNo}`;
      const timeStamp = String(Math.floor(now() / 1000));
      const nonceStr = nonce();
      return {
        appid: SANDBOX_APPID,
        timeStamp,
        nonceStr,
        package: pkg,
        signType: 'MD5',
        paySign: paySign({ appId: SANDBOX_APPID, timeStamp, nonceStr, package: pkg, signType: 'MD5' }, SANDBOX_KEY),
      };
    },
    verifyNotify(f) {
      if (!verifyV2(f, SANDBOX_KEY)) return { ok: false, reason: 'sign' };
      if (f.return_code !== 'SUCCESS' || f.result_code !== 'SUCCESS') return { ok: false, reason: 'result' };
      return { ok: true, outTradeNo: f.out_trade_no, totalFee: Number(f.total_fee), transactionId: f.transaction_id };
    },
    async refund(p) {
      return p.refundFee === 1 ? { ok: false, reason: 'sandbox refund failure (0.01)' } : { ok: true };
    },
  };
}

/** A notify body as WeChat would send it, signed with the sandbox key (tests, SandboxPayResult). */
export function sandboxNotifyFields(outTradeNo: string, totalFee: number, transactionId: string): Record<string, string> {
  const f: Record<string, string> = {
    appid: SANDBOX_APPID,
    mch_id: 'sandbox-mch',
    nonce_str: nonce(),
    result_code: 'SUCCESS',
    return_code: 'SUCCESS',
    out_trade_no: outTradeNo,
    total_fee: String(totalFee),
    transaction_id: transactionId,
    trade_type: 'JSAPI',
  };
  f.sign = signV2(f, SANDBOX_KEY);
  return f;
}
