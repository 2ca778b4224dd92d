/**
 * Who is pushing: the four headers, checked in this order — present and well
 * formed, a known client not revoked, a timestamp within 5 minutes of the
 * server's clock, the HMAC-SHA256 signature (compared in constant time), and
 * last a nonce this client has not used in the window (a replay is refused even
 * with a good signature). Only then is the body looked at.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Queryable } from '../../../db/types';
import { REPORT_PUSH_HEADERS as H, REPORT_PUSH_SKEW_MS, reportPushSigningString } from '../../../../contract/api/report-push';
import { centreDateTime } from '../../../../contract/rules/centre-day';
import { clientSecret, findClient, type ClientRow } from './keys';
import { PushFailure } from './errors';

/** Nonces are remembered this long: a signed timestamp is good for ±5 minutes, so a replay is possible for at most 10 after its first use. */
export const NONCE_KEEP_MS = 15 * 60_000;

const FORMATS: Array<[keyof typeof H, RegExp, string]> = [
  ['client', /^[A-Za-z0-9._-]{1,64}$/, 'X-His-Client-Id'],
  ['timestamp', /^\d{1,12}$/, 'X-His-Timestamp'],
  ['nonce', /^[A-Za-z0-9_-]{16,64}$/, 'X-His-Nonce'],
  ['signature', /^[0-9a-fA-F]{64}$/, 'X-His-Signature'],
];

const MISSING_HINT: Record<keyof typeof H, string> = {
  client: '客户端编号',
  timestamp: 'Unix 秒',
  nonce: '16–64 位字母、数字、- 或 _',
  signature: '64 位十六进制 HMAC-SHA256',
};

export interface PushRequest {
  method: string;
  /** The path as requested, without the query. */
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  now: number;
}

function header(h: IncomingHttpHeaders, name: string): string {
  const v = h[name];
  return typeof v === 'string' ? v.trim() : '';
}

export function expectedSignature(secret: string, r: Pick<PushRequest, 'method' | 'path' | 'raw'>, timestamp: string, nonce: string): string {
  const bodyHash = createHash('sha256').update(r.raw).digest('hex');
  return createHmac('sha256', secret).update(reportPushSigningString(r.method, r.path, timestamp, nonce, bodyHash)).digest('hex');
}

export async function authenticate(db: Queryable, master: string, r: PushRequest): Promise<ClientRow> {
  const v = {} as Record<keyof typeof H, string>;
  for (const [key, re, label] of FORMATS) {
    v[key] = header(r.headers, H[key]);
    if (!re.test(v[key])) throw new PushFailure('MISSING_AUTH', `缺少或格式错误的请求头 ${label}（${MISSING_HINT[key]}）`, label);
  }
  const client = await findClient(db, v.client);
  if (!client) throw new PushFailure('UNKNOWN_CLIENT', '客户端不存在');
  if (client.revoked_at !== null && client.revoked_at !== undefined) throw new PushFailure('CLIENT_REVOKED', '客户端已停用');
  const at = Number(v.timestamp) * 1000;
  if (Math.abs(r.now - at) > REPORT_PUSH_SKEW_MS)
    throw new PushFailure('BAD_TIMESTAMP', `时间戳与服务器时间相差超过 5 分钟（服务器时间 ${centreDateTime(r.now)}，Unix 秒 ${Math.floor(r.now / 1000)}）`);
  const want = Buffer.from(expectedSignature(clientSecret(master, client.id, client.key_salt), r, v.timestamp, v.nonce), 'hex');
  const got = Buffer.from(v.signature.toLowerCase(), 'hex');
  if (got.length !== want.length || !timingSafeEqual(got, want)) throw new PushFailure('BAD_SIGNATURE', '签名错误');
  await db.run(`DELETE FROM report_push_nonces WHERE seen_at < $1`, [r.now - NONCE_KEEP_MS]);
  const fresh = await db.run(`INSERT INTO report_push_nonces (client_id, nonce, seen_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [client.id, v.nonce, r.now]);
  if (fresh === 0) throw new PushFailure('NONCE_REUSED', '该 nonce 已使用过（重放的请求）；每个请求须用新的 nonce 重新签名');
  await db.run(`UPDATE report_clients SET last_used_at = $2 WHERE id = $1`, [client.id, r.now]);
  return client;
}
