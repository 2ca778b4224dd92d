/**
 * encryStr bodies (after-booking spec §7, "nocrypt option"). When config.crypto.enabled,
 * a body `{ encryStr }` is decrypted and replaces the body; plain JSON bodies are still
 * accepted (the app's nocrypt option). A body that does not decrypt is refused
 * (`请求解密失败`).
 *
 * The scheme is src/contract/rules/encry.ts's (the app encrypts with it); the server
 * decrypts with Node's native AES instead of crypto-js, and cheaply: a string that is
 * not Base64 of whole AES blocks is refused before any key is tried, and each key window
 * (current, previous, next) first decrypts one block only — a JSON body starts with "{"
 * — so garbage costs three one-block decryptions, not three full ones.
 */
import { createDecipheriv, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BASE64_ALPHABET, DEFAULT_WINDOW_MS, type EncryKey } from '../../contract/rules/encry';
import { ApiError } from './api-error';

export const MSG_DECRYPT = '请求解密失败';

function keyFor(seed: string, window: number): { key: Buffer; iv: Buffer } {
  const keyHex = createHash('sha256').update(`${seed}:${window}`).digest('hex');
  return { key: Buffer.from(keyHex, 'hex'), iv: createHash('md5').update(keyHex).digest() };
}

/** The substitution's inverse as a char-code table (identity when none). */
const inverseCache = new Map<string, Uint8Array>();
function inverseOf(sub: string | undefined): Uint8Array | null {
  if (!sub) return null;
  let t = inverseCache.get(sub);
  if (!t) {
    t = new Uint8Array(128);
    for (let i = 0; i < sub.length; i++) t[sub.charCodeAt(i)] = BASE64_ALPHABET.charCodeAt(i);
    inverseCache.set(sub, t);
  }
  return t;
}

function unsubstitute(s: string, inv: Uint8Array | null): string | null {
  if (!inv) return s;
  const out = Buffer.allocUnsafe(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const m = c < 128 ? inv[c] : 0;
    if (!m) return null; // not a character of the substituted alphabet
    out[i] = m;
  }
  return out.toString('latin1');
}

const BASE64_BLOCKS = /^[A-Za-z0-9+/]+={0,2}$/;

/** The decrypted body, or undefined when it is malformed or no window's key opens it. */
export function decryptBodyNative<T = unknown>(encryStr: string, k: EncryKey, nowMs: number): T | undefined {
  if (typeof encryStr !== 'string' || encryStr.length < 24 || encryStr.length % 4 !== 0) return undefined;
  const inv = inverseOf(k.substitution);
  // The first 24 Base64 characters hold the first 16-byte block: enough to find the key window.
  const head = unsubstitute(encryStr.slice(0, 24), inv);
  if (head === null || !BASE64_BLOCKS.test(head)) return undefined;
  const first = Buffer.from(head, 'base64').subarray(0, 16);
  const w = Math.floor(nowMs / (k.windowMs ?? DEFAULT_WINDOW_MS));
  let cipher: Buffer | null | undefined;
  for (const window of [w, w - 1, w + 1]) {
    const { key, iv } = keyFor(k.keySeed, window);
    const probe = createDecipheriv('aes-256-cbc', key, iv).setAutoPadding(false).update(first);
    if (probe[0] !== 0x7b /* { */) continue;
    // Only now is the whole string worth reading.
    if (cipher === undefined) {
      const b64 = unsubstitute(encryStr, inv);
      cipher = b64 !== null && BASE64_BLOCKS.test(b64) ? Buffer.from(b64, 'base64') : null;
      if (cipher && cipher.length % 16 !== 0) cipher = null;
    }
    if (!cipher) return undefined;
    try {
      const d = createDecipheriv('aes-256-cbc', key, iv);
      return JSON.parse(Buffer.concat([d.update(cipher), d.final()]).toString('utf8')) as T;
    } catch {
      /* bad padding or not JSON: try the next window */
    }
  }
  return undefined;
}

export function unwrapEncryBody(app: FastifyInstance, body: Record<string, unknown>): Record<string, unknown> {
  const c = app.deps.config.crypto;
  if (!c.enabled || typeof body.encryStr !== 'string') return body;
  const out = decryptBodyNative<Record<string, unknown>>(body.encryStr, { keySeed: c.keySeed, substitution: c.substitution }, app.deps.clock.now());
  if (!out || typeof out !== 'object' || Array.isArray(out)) throw new ApiError(MSG_DECRYPT, { status: 400 });
  return out;
}
