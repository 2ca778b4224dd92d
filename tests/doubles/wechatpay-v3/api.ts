/**
 * The control surface of the local WeChat Pay API v3 double (tests only; never imported by src/).
 * The double is a real HTTP server on 127.0.0.1 that answers as api.mch.weixin.qq.com does:
 * it verifies our `Authorization: WECHATPAY2-SHA256-RSA2048 …` with the merchant public key,
 * signs its answers with a platform key generated per run, and posts signed, AES-256-GCM
 * encrypted notifies to the notify_url our prepay gave it. Tests drive it through this API.
 */

export interface MerchantKeys {
  /** 商户API证书序列号 (upper-case hex), as WECHAT_PAY_MCH_SERIAL. */
  serial: string;
  /** PKCS#8 PEM, what apiclient_key.pem holds (WECHAT_PAY_PRIVATE_KEY_PATH points at a file with it). */
  privateKeyPem: string;
  publicKeyPem: string;
}

export interface WechatPayDoubleOptions {
  mchid: string;
  appid: string;
  /** 32 ASCII characters. */
  apiV3Key: string;
  merchant: { serial: string; publicKeyPem: string };
  /**
   * How the double signs answers and notifies: 'certificate' = the platform certificate (Wechatpay-Serial is its
   * serial; GET /v3/certificates lists it, encrypted with the APIv3 key); 'publicKey' = the WeChat Pay public key
   * (Wechatpay-Serial is its PUB_KEY_ID_…).
   */
  verifyWith: 'certificate' | 'publicKey';
  /** 'auto' (default): a new refund answers PROCESSING, then settles SUCCESS and its notify is posted; 'manual': settleRefund() does it. */
  refunds?: 'auto' | 'manual';
  /** The double's clock (epoch ms) for timestamps it signs and checks; default Date.now. */
  now?: () => number;
}

export interface DoubleTrade {
  outTradeNo: string;
  appid: string;
  mchid: string;
  openid: string;
  description: string;
  total: number;
  notifyUrl: string;
  prepayId: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND' | 'USERPAYING' | 'PAYERROR';
  transactionId?: string;
  successTime?: string;
  /** (Added) attach as our prepay sent it; echoed in the query answer and the pay notify. */
  attach?: string;
}

export interface DoubleRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  refund: number;
  total: number;
  notifyUrl?: string;
  state: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  /** (Added) reason as our refund request sent it. */
  reason?: string;
  /** (Added) RFC 3339 (+08:00) times as WeChat reports them; successTime only once SUCCESS. */
  createTime?: string;
  successTime?: string;
}

/** Ways to spoil a notify (each reproduces something an attacker or a broken network does). */
export interface Spoil {
  /** A signature that does not verify. */
  badSignature?: boolean;
  /** Wechatpay-Serial of a key we do not know. */
  serial?: string;
  /** Wechatpay-Timestamp moved by this many seconds (e.g. -600: ten minutes stale). */
  timestampOffsetSec?: number;
  /** A ciphertext whose GCM tag no longer matches (re-signed, so only decryption catches it). */
  tamperCiphertext?: boolean;
  /** Fields of the decrypted resource replaced (e.g. amount.total, mchid, appid, out_trade_no, trade_state). */
  resource?: Record<string, unknown>;
  /** Send exactly the bytes and headers of the last notify of this trade/refund again (a replay). */
  replayLast?: boolean;
}

export interface NotifyAnswer {
  status: number;
  body: string;
}

export interface RecordedRequest {
  method: string;
  /** Path with query string. */
  path: string;
  body: unknown;
  /** The Authorization header verified with the merchant public key (and its timestamp within 5 minutes). */
  authOk: boolean;
  authError?: string;
}

/** (Added) One notify the double posted (pay(), settleRefund(), sendPayNotify(), sendRefundNotify(), auto refunds). */
export interface NotifyRecord {
  kind: 'pay' | 'refund';
  /** out_trade_no or out_refund_no. */
  key: string;
  eventType: string;
  url: string;
  spoiled: boolean;
  /** Our server's answer; status 0 with the error text when the post itself failed (connection refused…). */
  answer: NotifyAnswer;
}

/** (Added) One getBrandWCPayRequest the bridge stand-in forwarded to the double. */
export interface BridgeRecord {
  params: Record<string, unknown>;
  ok: boolean;
  /** Why the double refused it (English, for test failure messages). */
  error?: string;
}

export interface WechatPayDouble {
  /** http://127.0.0.1:<port> — what WECHAT_PAY_BASE_URL is set to. */
  baseUrl: string;
  /** The platform certificate (certificate mode): its serial and PEM, what WECHAT_PAY_PLATFORM_CERT_PATH would hold. */
  platform: { serial: string; certificatePem: string };
  /** The WeChat Pay public key (public-key mode): WECHAT_PAY_PUBLIC_KEY_ID and the PEM of WECHAT_PAY_PUBLIC_KEY_PATH. */
  publicKey: { id: string; pem: string };
  /** Every request received, in order. */
  requests: RecordedRequest[];
  trades: Map<string, DoubleTrade>;
  refunds: Map<string, DoubleRefund>;
  /** (Added) Every notify posted, in order, with our server's answer — e.g. to wait for an auto-settled refund's notify. */
  notifies?: NotifyRecord[];
  /** (Added) Every payment the bridge stand-in asked for, in order. */
  bridgeRequests?: BridgeRecord[];
  /**
   * The payer confirms in WeChat (what getBrandWCPayRequest does): the trade becomes SUCCESS and its notify is posted
   * to notify_url unless notify is false (a lost notify). Resolves with our server's answer (null when not sent).
   */
  pay(outTradeNoOrPrepayId: string, opts?: { notify?: boolean }): Promise<NotifyAnswer | null>;
  /** (Re)sends the payment notify of a paid trade, optionally spoiled. */
  sendPayNotify(outTradeNo: string, spoil?: Spoil): Promise<NotifyAnswer>;
  /** (Re)sends the refund notify of a refund, optionally spoiled. */
  sendRefundNotify(outRefundNo: string, spoil?: Spoil): Promise<NotifyAnswer>;
  /** Settles a PROCESSING refund (manual mode) and posts its notify unless notify is false. */
  settleRefund(outRefundNo: string, outcome: 'SUCCESS' | 'ABNORMAL' | 'CLOSED', opts?: { notify?: boolean }): Promise<NotifyAnswer | null>;
  /** The next request whose path matches answers this error, as WeChat does (HTTP status + {code, message}). */
  failNext(path: string | RegExp, error: { status: number; code: string; message: string }): void;
  /** A new platform certificate (certificate mode): /v3/certificates lists old and new; answers are signed with the new one. */
  rotatePlatformCertificate(): void;
  /**
   * A script for page.addInitScript(): window.WeixinJSBridge whose invoke('getBrandWCPayRequest', params, cb) posts
   * the params to the double, which checks paySign (RSA-SHA256 by the merchant key over appId\ntimeStamp\nnonceStr\npackage\n)
   * and the prepay id, then pays the trade and posts the notify; cb gets {err_msg:'get_brand_wcpay_request:ok'}
   * (or ':fail' when the check fails). `choice: 'cancel'` makes the stand-in answer ':cancel' without paying.
   */
  bridgeScript(opts?: { choice?: 'ok' | 'cancel'; notify?: boolean }): string;
  close(): Promise<void>;
}

export type StartWechatPayDouble = (opts: WechatPayDoubleOptions) => Promise<WechatPayDouble>;
