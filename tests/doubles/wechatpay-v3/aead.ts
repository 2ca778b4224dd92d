/** AEAD_AES_256_GCM with the APIv3 key: what notifies' resources and /v3/certificates carry. */
import { createCipheriv, createDecipheriv, randomInt } from 'node:crypto';

const NONCE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** WeChat's nonces are 12 printable characters, used as the 12-byte GCM IV. */
export function aeadNonce(): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += NONCE_CHARS[randomInt(NONCE_CHARS.length)];
  return s;
}

/** Returns base64(ciphertext || 16-byte tag), the `ciphertext` field's format. */
export function aeadEncrypt(apiV3Key: string, nonce: string, associatedData: string, plaintext: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([body, cipher.getAuthTag()]).toString('base64');
}

export function aeadDecrypt(apiV3Key: string, nonce: string, associatedData: string, ciphertextB64: string): string {
  const raw = Buffer.from(ciphertextB64, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString('utf8');
}
