/**
 * The `encryStr` body wrapping (after-booking spec §7: "AES-encrypted with a
 * time-based key, then character-substituted"). Pure and symmetric, so the app
 * (src/app request layer) and the server (src/server/plugins/crypto.ts) share it.
 *
 * Scheme (documented in docs/decisions-server.md):
 *  - window  = floor(nowMs / windowMs)           (default 5 minutes)
 *  - keyHex  = SHA-256(keySeed + ':' + window)   → 32-byte AES-256 key
 *  - ivHex   = MD5(keyHex)                       → 16-byte IV, AES-CBC/PKCS7
 *  - cipher  = Base64(AES(JSON.stringify(body)))
 *  - encryStr = cipher with every char of the Base64 alphabet replaced by the char
 *    at the same position of `substitution` (a permutation of that alphabet).
 * Decryption reverses the substitution and tries the current window and its two
 * neighbours, so clock skew up to one window is tolerated.
 * Key material (keySeed, substitution) is always passed in, never hard-coded.
 */
import CryptoJS from 'crypto-js';

export const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
export const DEFAULT_WINDOW_MS = 5 * 60 * 1000;

export interface EncryKey {
  keySeed: string;
  /** Permutation of BASE64_ALPHABET (65 chars); empty/undefined = identity. */
  substitution?: string;
  windowMs?: number;
}

function keyFor(seed: string, window: number) {
  const keyHex = CryptoJS.SHA256(`${seed}:${window}`).toString(CryptoJS.enc.Hex);
  const key = CryptoJS.enc.Hex.parse(keyHex);
  const iv = CryptoJS.enc.Hex.parse(CryptoJS.MD5(keyHex).toString(CryptoJS.enc.Hex));
  return { key, iv };
}

function substitute(s: string, from: string, to: string): string {
  if (!to || to === from) return s;
  let out = '';
  for (const ch of s) {
    const i = from.indexOf(ch);
    out += i >= 0 ? to[i] : ch;
  }
  return out;
}

/** True when `sub` is a usable permutation of the Base64 alphabet. */
export function isValidSubstitution(sub: string | undefined): boolean {
  if (!sub) return true;
  return sub.length === BASE64_ALPHABET.length && [...sub].sort().join('') === [...BASE64_ALPHABET].sort().join('');
}

export function encryptBody(body: unknown, k: EncryKey, nowMs: number = Date.now()): string {
  const window = Math.floor(nowMs / (k.windowMs ?? DEFAULT_WINDOW_MS));
  const { key, iv } = keyFor(k.keySeed, window);
  const cipher = CryptoJS.AES.encrypt(JSON.stringify(body ?? {}), key, { iv, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 }).toString();
  return substitute(cipher, BASE64_ALPHABET, k.substitution ?? '');
}

/** The decrypted body, or undefined when no window's key opens it. */
export function decryptBody<T = unknown>(encryStr: string, k: EncryKey, nowMs: number = Date.now()): T | undefined {
  if (typeof encryStr !== 'string' || !encryStr) return undefined;
  const cipher = substitute(encryStr, k.substitution ?? '', k.substitution ? BASE64_ALPHABET : '');
  const w = Math.floor(nowMs / (k.windowMs ?? DEFAULT_WINDOW_MS));
  for (const window of [w, w - 1, w + 1]) {
    try {
      const { key, iv } = keyFor(k.keySeed, window);
      const text = CryptoJS.AES.decrypt(cipher, key, { iv, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 }).toString(CryptoJS.enc.Utf8);
      if (text) return JSON.parse(text) as T;
    } catch {
      /* wrong window → try the next */
    }
  }
  return undefined;
}
