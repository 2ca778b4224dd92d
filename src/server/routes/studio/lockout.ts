/**
 * The studio's 429 for a locked name or client address (sign-in and the
 * password change share the lock-out of services/studio/admins.ts
 * verifyStudioPassword): the text says how many minutes, `retryAfterSec` and
 * the Retry-After header how many seconds.
 */
import type { FastifyReply } from 'fastify';

export const lockedMessage = (sec: number) => `登录失败次数过多，请${Math.max(1, Math.ceil(sec / 60))}分钟后再试`;

export function replyLocked(reply: FastifyReply, ms: number): FastifyReply {
  const retryAfterSec = Math.ceil(ms / 1000);
  reply.header('retry-after', String(retryAfterSec));
  return reply.code(429).send({ error: lockedMessage(retryAfterSec), retryAfterSec });
}
