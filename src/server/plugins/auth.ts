/**
 * Service bearer tokens (rows in `tokens`, with expiry). The per-call check lives in
 * defineCall (requireAuth, by the call's auth kind); this plugin adds the periodic
 * purge of expired tokens and exposes requireAuth for hand-mounted routes.
 */
import type { FastifyInstance } from 'fastify';
import { purgeExpiredTokens } from '../services/platform/tokens';

export { requireAuth, MSG_UNAUTHORIZED } from './call';

export function authPlugin(app: FastifyInstance): void {
  const timer = setInterval(() => {
    purgeExpiredTokens(app.deps.db, app.deps.clock.now()).catch((err) => app.log.warn({ err }, 'token purge failed'));
  }, 10 * 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
