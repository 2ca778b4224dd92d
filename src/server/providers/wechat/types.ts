/** Payment + OAuth provider (WeChat official account / JSAPI pay, or the sandbox). */
import type { PayParams } from '../../../contract/api/orders';
import type { MpProvider } from '../wechat-mp/types';

/** The in-app payment parameters: the contract's PayParams, one definition for client and server. */
export type JsapiParams = PayParams;

export interface NotifyResult {
  ok: boolean;
  outTradeNo?: string;
  totalFee?: number;
  transactionId?: string;
  reason?: string;
}

export interface PayProvider {
  readonly name: 'sandbox' | 'wechat';
  /** Creates the prepay order and returns the parameters for WeixinJSBridge getBrandWCPayRequest. */
  jsapiPay(p: { outTradeNo: string; totalFee: number; body: string; openid: string; notifyUrl: string; clientIp: string }): Promise<JsapiParams>;
  /** Verifies a pay notification (XML/JSON fields); ok when signature and result are good. */
  verifyNotify(fields: Record<string, string>): NotifyResult;
  /** Refunds a paid order. */
  refund(p: { outTradeNo: string; outRefundNo: string; totalFee: number; refundFee: number }): Promise<{ ok: boolean; reason?: string }>;
}

/** Providers reachable as app.deps.providers; other areas add theirs (e.g. `sms`) under their own key. */
export interface Providers {
  pay: PayProvider;
  /** The official account: OAuth login, JS-SDK (providers/wechat-mp). */
  mp: MpProvider;
  [name: string]: unknown;
}
