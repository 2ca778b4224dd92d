/**
 * The merchant's half of APIv3, written straight on node:crypto and fetch, independent of the double's own
 * code: the double's self-test uses it to check the double from the outside. Also handy for other tests
 * that want to talk to the double or read its notifies without the server.
 */
import { createDecipheriv, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MerchantIdentity {
  mchid: string;
  serial: string;
  privateKeyPem: string;
}

export interface SignedCallOptions {
  /** Seconds added to the real time in the Authorization (e.g. -600: stale). */
  timestampOffsetSec?: number;
  serial?: string;
  mchid?: string;
  /** Sign with another key (a signature that does not verify). */
  privateKeyPem?: string;
  /** Leave the Authorization header out. */
  noAuth?: boolean;
}

export interface SignedAnswer {
  status: number;
  text: string;
  json: any;
  headers: Headers;
}

/** One APIv3 call as the merchant makes it: Authorization over METHOD\nURL\ntimestamp\nnonce\nbody\n. */
export async function callV3(baseUrl: string, me: MerchantIdentity, method: string, path: string, body?: unknown, o: SignedCallOptions = {}): Promise<SignedAnswer> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000) + (o.timestampOffsetSec ?? 0));
  const nonce = randomBytes(16).toString('hex');
  const signature = sign('sha256', Buffer.from(`${method}\n${path}\n${timestamp}\n${nonce}\n${text}\n`), o.privateKeyPem ?? me.privateKeyPem).toString('base64');
  const auth = `WECHATPAY2-SHA256-RSA2048 mchid="${o.mchid ?? me.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${o.serial ?? me.serial}"`;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!o.noAuth) headers.Authorization = auth;
  if (text) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: text || undefined });
  const out = await res.text();
  return { status: res.status, text: out, json: out ? JSON.parse(out) : undefined, headers: res.headers };
}

export interface SignatureCheck {
  serial: string | null;
  timestampFresh: boolean;
  signatureOk: boolean;
}

/** Checks Wechatpay-* headers over `timestamp\nnonce\nbody\n` with the given public key. */
export function checkSignature(headers: Headers | Record<string, string | string[] | undefined>, body: string, key: KeyObject | string): SignatureCheck {
  const get = (name: string): string | null => {
    if (headers instanceof Headers) return headers.get(name);
    const v = headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : (v ?? null);
  };
  const timestamp = get('Wechatpay-Timestamp') ?? '';
  const nonce = get('Wechatpay-Nonce') ?? '';
  const signature = get('Wechatpay-Signature') ?? '';
  const publicKey = typeof key === 'string' ? createPublicKey(key) : key;
  let signatureOk = false;
  try {
    signatureOk = verify('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    signatureOk = false;
  }
  return { serial: get('Wechatpay-Serial'), timestampFresh: Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300, signatureOk };
}

/** AEAD_AES_256_GCM decryption with the APIv3 key; throws when the tag does not match. */
export function decryptResource(apiV3Key: string, r: { nonce: string; associated_data: string; ciphertext: string }): string {
  const raw = Buffer.from(r.ciphertext, 'base64');
  const d = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(r.nonce));
  d.setAAD(Buffer.from(r.associated_data));
  d.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([d.update(raw.subarray(0, raw.length - 16)), d.final()]).toString('utf8');
}

export interface ReceivedNotify {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A notify_url to post to: records what arrives and answers `answer` (default 204, as our server should). */
export async function startNotifyReceiver(answer: { status: number; body?: string } = { status: 204 }) {
  const received: ReceivedNotify[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answer.status, answer.body ? { 'Content-Type': 'application/json' } : {});
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
