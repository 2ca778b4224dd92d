/**
 * The two halves of APIv3 signing: checking our `Authorization` (merchant key) and signing what the
 * double sends (answers and notifies) with the platform certificate's key or the WeChat Pay public key's.
 */
import { createPublicKey, randomBytes, sign, verify } from 'node:crypto';
import { nowSec, type DoubleContext } from './context.ts';

const SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** WeChat Pay rejects a request whose timestamp is more than five minutes off. */
const MAX_SKEW_SEC = 300;

export type AuthCheck = { ok: true } | { ok: false; reason: string; message: string };

export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header || !header.startsWith(`${SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const m of header.slice(SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields[m[1]] = m[2];
  return fields;
}

/** Verifies `METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n` against the merchant public key. */
export function checkAuthorization(ctx: DoubleContext, method: string, path: string, body: string, header: string | undefined): AuthCheck {
  const fail = (reason: string, message: string): AuthCheck => ({ ok: false, reason, message });
  const f = parseAuthorization(header);
  if (!f) return fail('missing or malformed Authorization (expected WECHATPAY2-SHA256-RSA2048 …)', '错误的签名认证方式，请检查Authorization头');
  for (const k of ['mchid', 'nonce_str', 'signature', 'timestamp', 'serial_no']) {
    if (!f[k]) return fail(`Authorization lacks ${k}`, `Authorization中缺少${k}`);
  }
  if (f.mchid !== ctx.opts.mchid) return fail(`mchid ${f.mchid} is not ${ctx.opts.mchid}`, '商户号mchid有误');
  if (f.serial_no !== ctx.opts.merchant.serial) return fail(`serial_no ${f.serial_no} is not the merchant certificate serial`, '商户证书序列号有误');
  const ts = Number(f.timestamp);
  if (!/^\d+$/.test(f.timestamp) || Math.abs(nowSec(ctx) - ts) > MAX_SKEW_SEC) {
    return fail(`timestamp ${f.timestamp} is more than ${MAX_SKEW_SEC}s from ${nowSec(ctx)}`, '签名中的时间戳已过期或无效');
  }
  const message = `${method}\n${path}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`;
  let good = false;
  try {
    good = verify('sha256', Buffer.from(message, 'utf8'), createPublicKey(ctx.opts.merchant.publicKeyPem), Buffer.from(f.signature, 'base64'));
  } catch {
    good = false;
  }
  if (!good) return fail('signature does not verify with the merchant public key', '签名错误，请检查后再试');
  return { ok: true };
}

export function randomNonce(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** The key answers and notifies are signed with now, and the serial that names it. */
export function currentSigner(ctx: DoubleContext): { serial: string; privateKey: import('node:crypto').KeyObject } {
  if (ctx.opts.verifyWith === 'publicKey') return { serial: ctx.publicKey.id, privateKey: ctx.publicKey.privateKey };
  const p = ctx.platforms[ctx.platforms.length - 1];
  return { serial: p.serial, privateKey: p.privateKey };
}

export interface SignOverrides {
  timestamp?: number;
  serial?: string;
  badSignature?: boolean;
}

/** Wechatpay-* headers over `timestamp\nnonce\nbody\n`. */
export function signedHeaders(ctx: DoubleContext, body: string, o: SignOverrides = {}): Record<string, string> {
  const signer = currentSigner(ctx);
  const timestamp = String(o.timestamp ?? nowSec(ctx));
  const nonce = randomNonce();
  const sig = sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`, 'utf8'), signer.privateKey);
  if (o.badSignature) sig[sig.length >> 1] ^= 0xff; // still well-formed base64 of the right length, just wrong
  return {
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Serial': o.serial ?? signer.serial,
    'Wechatpay-Signature': sig.toString('base64'),
    'Wechatpay-Signature-Type': SCHEMA,
  };
}
