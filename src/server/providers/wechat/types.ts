/**
 * The payment provider: WeChat Pay API v3 (JSAPI) or the sandbox. What the order and
 * scan-code services need from it, in the provider's own terms (amounts in cents).
 */
import type { PayParams } from '../../../contract/api/orders';
import type { MpProvider } from '../wechat-mp/types';

/** The in-app payment parameters: the contract's PayParams, one definition for client and server. */
export type JsapiParams = PayParams;

export type TradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';
export type RefundStatus = 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';

/** A trade as WeChat reports it (query answer or the decrypted TRANSACTION.SUCCESS resource). */
export interface Transaction {
  appid: string;
  mchid: string;
  outTradeNo: string;
  transactionId: string;
  tradeState: TradeState;
  /** amount.total, cents. */
  total: number;
  successTime?: string;
}

/** A refund as WeChat reports it (refund answer, query, or the decrypted REFUND.* resource). */
export interface RefundInfo {
  mchid?: string;
  outTradeNo: string;
  outRefundNo: string;
  refundId: string;
  status: RefundStatus;
  /** amount.refund, cents. */
  refund: number;
}

/** A verified, decrypted notify, or why it was refused (`status`: the HTTP status to answer). */
export type NotifyOutcome =
  | { ok: true; kind: 'transaction'; id: string; replayKey: string; tx: Transaction }
  | { ok: true; kind: 'refund'; id: string; replayKey: string; refund: RefundInfo }
  | { ok: false; status: 400 | 401 | 500; reason: string };

/** A refusal by the gateway (its code, e.g. SIGN_ERROR, ORDERPAID, NOT_ENOUGH) or a network/verification failure. */
export interface GatewayRefusal {
  ok: false;
  code: string;
  message: string;
}

export interface PayProvider {
  readonly name: 'sandbox' | 'wechat';
  /** 公众号 appid and 商户号 every notify must carry. */
  readonly appid: string;
  readonly mchid: string;
  /** Opens (or reopens, same outTradeNo) the JSAPI trade and returns the WeixinJSBridge parameters (signType RSA). Throws GatewayError. */
  jsapiPay(p: { outTradeNo: string; totalFee: number; body: string; openid: string; notifyUrl: string; clientIp: string }): Promise<JsapiParams>;
  /** Verifies (signature, serial, timestamp) and decrypts a notify from its headers and raw body bytes. */
  parseNotify(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<NotifyOutcome>;
  /** The trade as WeChat knows it; null when WeChat has none (ORDER_NOT_EXIST). Throws GatewayError. */
  queryTrade(outTradeNo: string): Promise<Transaction | null>;
  /** Closes an unpaid trade. `{ ok:false, code:'ORDERPAID' }` = the money came. */
  closeTrade(outTradeNo: string): Promise<{ ok: true } | GatewayRefusal>;
  /** Asks for a refund; SUCCESS or PROCESSING (pending: the refund notify or queryRefund settles it). */
  refund(p: { outTradeNo: string; outRefundNo: string; total: number; refund: number; notifyUrl?: string; reason?: string }): Promise<{ ok: true; refund: RefundInfo } | GatewayRefusal>;
  /** The refund as WeChat knows it; null when unknown. Throws GatewayError. */
  queryRefund(outRefundNo: string): Promise<RefundInfo | null>;
}

/** A call WeChat refused or that could not be completed (code: the gateway's, or NETWORK / BAD_SIGNATURE). */
export class GatewayError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${code}: ${message}`);
    this.name = 'GatewayError';
  }
}

/** Providers reachable as app.deps.providers; other areas add theirs (e.g. `sms`) under their own key. */
export interface Providers {
  pay: PayProvider;
  /** The official account: OAuth login, JS-SDK (providers/wechat-mp). */
  mp: MpProvider;
  [name: string]: unknown;
}
