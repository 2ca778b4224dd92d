import { randomBytes } from 'node:crypto';

/** App-generated TEXT ids (portable DDL, no sequences): prefix + time (base36) + 64 random bits. */
export function newId(prefix = ''): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(8).toString('hex')}`;
}

/** Opaque bearer token (256 bits). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Random alphanumeric string (nonceStr). */
export function nonce(len = 16): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const b = randomBytes(len);
  let s = '';
  for (let i = 0; i < len; i++) s += chars[b[i] % chars.length];
  return s;
}
