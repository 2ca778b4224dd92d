/**
 * Posting notifies as WeChat Pay does: JSON with an AEAD_AES_256_GCM resource, signed Wechatpay-* headers,
 * to the notify_url; spoiled on request (api.ts Spoil) to reproduce attackers and broken networks.
 */
import { randomUUID } from 'node:crypto';
import type { NotifyAnswer, Spoil } from './api.ts';
import { aeadEncrypt, aeadNonce } from './aead.ts';
import { nowSec, rfc3339, type DoubleContext, type SentNotify } from './context.ts';
import { refundResource, transactionResource } from './resources.ts';
import { signedHeaders } from './signing.ts';

const REFUND_EVENTS = { SUCCESS: ['REFUND.SUCCESS', '退款成功'], ABNORMAL: ['REFUND.ABNORMAL', '退款异常'], CLOSED: ['REFUND.CLOSED', '退款关闭'] } as const;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Spoil.resource: nested objects merge; a dotted key ("amount.total") replaces that one field. */
export function applyResourceSpoil(resource: Record<string, unknown>, spoil: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(resource);
  for (const [key, value] of Object.entries(spoil)) {
    const path = key.split('.');
    let node: Record<string, unknown> = out;
    for (const p of path.slice(0, -1)) {
      if (!isPlainObject(node[p])) node[p] = {};
      node = node[p] as Record<string, unknown>;
    }
    const last = path[path.length - 1];
    node[last] = isPlainObject(value) && isPlainObject(node[last]) ? applyResourceSpoil(node[last] as Record<string, unknown>, value) : value;
  }
  return out;
}

async function post(n: SentNotify): Promise<NotifyAnswer> {
  try {
    // WeChat gives up after a few seconds; a busy test machine needs far longer, so wait generously.
    const res = await fetch(n.url, { method: 'POST', headers: n.headers, body: n.body, signal: AbortSignal.timeout(60_000) });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    return { status: 0, body: String(err) };
  }
}

interface NotifyInput {
  kind: 'pay' | 'refund';
  key: string;
  url: string;
  eventType: string;
  summary: string;
  originalType: 'transaction' | 'refund';
  resource: Record<string, unknown>;
}

async function send(ctx: DoubleContext, input: NotifyInput, spoil: Spoil = {}): Promise<NotifyAnswer> {
  const lastKey = `${input.kind === 'pay' ? 'trade' : 'refund'}:${input.key}`;
  let sent: SentNotify;
  if (spoil.replayLast) {
    const last = ctx.lastNotify.get(lastKey);
    if (!last) throw new Error(`wechatpay double: no earlier notify of ${lastKey} to replay`);
    sent = last;
  } else {
    const resource = spoil.resource ? applyResourceSpoil(input.resource, spoil.resource) : input.resource;
    const nonce = aeadNonce();
    let ciphertext = aeadEncrypt(ctx.opts.apiV3Key, nonce, input.originalType, JSON.stringify(resource));
    if (spoil.tamperCiphertext) {
      const raw = Buffer.from(ciphertext, 'base64');
      raw[0] ^= 0x01;
      ciphertext = raw.toString('base64');
    }
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: rfc3339(ctx.now()),
      resource_type: 'encrypt-resource',
      event_type: input.eventType,
      summary: input.summary,
      resource: { original_type: input.originalType, algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: input.originalType, nonce },
    });
    const headers = {
      'Content-Type': 'application/json',
      'Request-ID': randomUUID(),
      ...signedHeaders(ctx, body, {
        timestamp: spoil.timestampOffsetSec ? nowSec(ctx) + spoil.timestampOffsetSec : undefined,
        serial: spoil.serial,
        badSignature: spoil.badSignature,
      }),
    };
    sent = { url: input.url, headers, body };
    ctx.lastNotify.set(lastKey, sent);
  }
  const answer = await post(sent);
  const spoiled = Object.values(spoil).some((v) => v !== undefined && v !== false);
  ctx.notifies.push({ kind: input.kind, key: input.key, eventType: input.eventType, url: sent.url, spoiled, answer });
  return answer;
}

export async function sendPayNotify(ctx: DoubleContext, outTradeNo: string, spoil?: Spoil): Promise<NotifyAnswer> {
  const t = ctx.trades.get(outTradeNo);
  if (!t) throw new Error(`wechatpay double: no trade ${outTradeNo}`);
  if (t.state !== 'SUCCESS' && t.state !== 'REFUND') throw new Error(`wechatpay double: trade ${outTradeNo} is ${t.state}, not paid`);
  return send(ctx, { kind: 'pay', key: outTradeNo, url: t.notifyUrl, eventType: 'TRANSACTION.SUCCESS', summary: '支付成功', originalType: 'transaction', resource: transactionResource(t) }, spoil);
}

export async function sendRefundNotify(ctx: DoubleContext, outRefundNo: string, spoil?: Spoil): Promise<NotifyAnswer> {
  const r = ctx.refunds.get(outRefundNo);
  if (!r) throw new Error(`wechatpay double: no refund ${outRefundNo}`);
  if (r.state === 'PROCESSING') throw new Error(`wechatpay double: refund ${outRefundNo} is still PROCESSING (settle it first)`);
  if (!r.notifyUrl) throw new Error(`wechatpay double: refund ${outRefundNo} has no notify_url`);
  const [eventType, summary] = REFUND_EVENTS[r.state];
  return send(ctx, { kind: 'refund', key: outRefundNo, url: r.notifyUrl, eventType, summary, originalType: 'refund', resource: refundResource(ctx, r) }, spoil);
}
