/**
 * encryStr bodies (after-booking spec §7, "nocrypt option"). When config.crypto.enabled,
 * a body `{ encryStr }` is decrypted with src/contract/rules/encry.ts and replaces the
 * body; plain JSON bodies are still accepted (the app's nocrypt option). A body that
 * does not decrypt is refused (`请求解密失败`).
 */
import type { FastifyInstance } from 'fastify';
import { decryptBody } from '../../contract/rules/encry';
import { ApiError } from './call';

export function unwrapEncryBody(app: FastifyInstance, body: Record<string, unknown>): Record<string, unknown> {
  const c = app.deps.config.crypto;
  if (!c.enabled || typeof body.encryStr !== 'string') return body;
  const out = decryptBody<Record<string, unknown>>(body.encryStr, { keySeed: c.keySeed, substitution: c.substitution }, app.deps.clock.now());
  if (!out || typeof out !== 'object' || Array.isArray(out)) throw new ApiError('请求解密失败', { status: 400 });
  return out;
}
