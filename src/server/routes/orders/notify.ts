/**
 * The WeChat Pay v3 notify endpoints (provider-facing, not envelope calls). The signature covers the
 * exact body bytes, so these routes, and only these, read the body raw (any content type, 64 kB at most)
 * in their own encapsulated scope; everything else keeps the app's JSON parsing.
 */
import type { FastifyInstance } from 'fastify';
import { handlePayNotify } from '../../services/orders/pay-notify';

export { ORDER_PAY_NOTIFY_PATH } from '../../services/orders/model';

export function mountPayNotify(app: FastifyInstance, path: string, unknownTrade: 'refuse' | 'refund'): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 65_536 }, (_req, body, done) => done(null, body));
    scope.post(path, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const r = await handlePayNotify(scope.deps, req.headers, raw, unknownTrade, req.log);
      // v3: success = 200/204 without a body; failure = 4xx/5xx with {"code":"FAIL","message":"失败"} (WeChat retries).
      if (!r.body) return reply.code(204).send();
      return reply.code(r.status).type('application/json').send(r.body);
    });
  });
}
