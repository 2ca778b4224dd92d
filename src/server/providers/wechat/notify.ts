/**
 * A WeChat Pay v3 notify: verified before anything is read, then decrypted.
 * 1. Wechatpay-Timestamp within 5 minutes of our clock (a stale notify is refused: it cannot be a fresh delivery);
 * 2. Wechatpay-Serial names a key we hold (platform certificate or PUB_KEY_ID_…; an unknown certificate serial
 *    triggers one certificate download, see certificates.ts);
 * 3. Wechatpay-Signature = RSA-SHA256 over `timestamp\nnonce\nbody\n` of the RAW body bytes (crypto.verify, no string compare);
 * 4. resource decrypted with AEAD_AES_256_GCM (APIv3 key, its nonce and associated_data): a tampered ciphertext fails its tag.
 * The caller checks the content against our records (mchid, appid, trade, amount).
 */
import type { KeyObject } from 'node:crypto';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import type { PlatformKeys } from './certificates';
import type { NotifyOutcome, RefundStatus, TradeState } from './types';

export const MAX_CLOCK_SKEW_SEC = 300;

/** A Wechatpay-Timestamp (epoch seconds) within MAX_CLOCK_SKEW_SEC of now: answers and notifies alike. */
export const freshTimestamp = (ts: string, nowMs: number): boolean => /^\d{1,12}$/.test(ts) && Math.abs(nowMs / 1000 - Number(ts)) <= MAX_CLOCK_SKEW_SEC;

/** Wechatpay-Signature: RSA-SHA256 by `key` over `timestamp\nnonce\nbody\n`; a malformed signature is false, never a throw. */
export function signedBy(key: KeyObject, ts: string, nonce: string, body: string, signature: string): boolean {
  try {
    return Rsa.verify(Formatter.response(ts, nonce, body), signature, key);
  } catch {
    return false;
  }
}

interface NotifyBody {
  id?: string;
  event_type?: string;
  resource_type?: string;
  resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string };
}

const header = (h: Record<string, string | string[] | undefined>, name: string): string => {
  const v = h[name.toLowerCase()] ?? h[name];
  return String(Array.isArray(v) ? v[0] : (v ?? ''));
};

export async function parseV3Notify(
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
  o: { keys: PlatformKeys; apiV3Key: string; now: () => number },
): Promise<NotifyOutcome> {
  const ts = header(headers, 'Wechatpay-Timestamp');
  const nonce = header(headers, 'Wechatpay-Nonce');
  const serial = header(headers, 'Wechatpay-Serial');
  const signature = header(headers, 'Wechatpay-Signature');
  if (!ts || !nonce || !serial || !signature) return { ok: false, status: 401, reason: 'missing Wechatpay-* headers' };
  if (!freshTimestamp(ts, o.now())) return { ok: false, status: 401, reason: `stale timestamp ${ts}` };
  const key = await o.keys.lookup(serial);
  if (!key) return { ok: false, status: 401, reason: `unknown serial ${serial}` };
  const body = raw.toString('utf8');
  if (!signedBy(key, ts, nonce, body, signature)) return { ok: false, status: 401, reason: 'bad signature' };

  let n: NotifyBody;
  try {
    n = JSON.parse(body) as NotifyBody;
  } catch {
    return { ok: false, status: 400, reason: 'body is not JSON' };
  }
  const r = n.resource;
  if (!r || r.algorithm !== 'AEAD_AES_256_GCM' || !r.ciphertext || !r.nonce) return { ok: false, status: 400, reason: 'no encrypted resource' };
  let plain: Record<string, any>;
  try {
    plain = JSON.parse(Aes.AesGcm.decrypt(r.ciphertext, o.apiV3Key, r.nonce, r.associated_data ?? ''));
  } catch {
    return { ok: false, status: 400, reason: 'resource does not decrypt' };
  }
  const id = String(n.id ?? '');
  // Same nonce and timestamp = the same delivery sent again (WeChat's own retries get new ones).
  const replayKey = `${ts}:${nonce}`;
  const ev = String(n.event_type ?? '');
  if (ev.startsWith('REFUND.')) {
    return {
      ok: true,
      kind: 'refund',
      id,
      replayKey,
      refund: {
        mchid: String(plain.mchid ?? ''),
        outTradeNo: String(plain.out_trade_no ?? ''),
        outRefundNo: String(plain.out_refund_no ?? ''),
        refundId: String(plain.refund_id ?? ''),
        status: String(plain.refund_status ?? ev.slice('REFUND.'.length)) as RefundStatus,
        refund: Number(plain.amount?.refund),
      },
    };
  }
  if (ev !== 'TRANSACTION.SUCCESS') return { ok: false, status: 400, reason: `event ${ev} not handled` };
  return { ok: true, kind: 'transaction', id, replayKey, tx: transactionOf(plain) };
}

/** The fields we use of a transaction object (query answer or notify resource). */
export function transactionOf(t: Record<string, any>) {
  return {
    appid: String(t.appid ?? ''),
    mchid: String(t.mchid ?? ''),
    outTradeNo: String(t.out_trade_no ?? ''),
    transactionId: String(t.transaction_id ?? ''),
    tradeState: String(t.trade_state ?? '') as TradeState,
    total: Number(t.amount?.total),
    successTime: t.success_time ? String(t.success_time) : undefined,
  };
}
