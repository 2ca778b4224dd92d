/**
 * The hospital system's machine API (issue 23): POST /api/his/reports, a report
 * pushed by the hospital's own system (docs/report-push.md). Not an envelope
 * call: the signature covers the exact body bytes, so this route reads the body
 * raw (any content type, up to REPORT_PUSH_BODY_MAX_BYTES — a 20 MB PDF in
 * base64 and the report) in its own encapsulated scope, with its own answers
 * `{ ok, code, message, field? }`; everything else keeps the app's JSON parsing
 * and envelope.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { REPORT_PUSH_BODY_MAX_BYTES, REPORT_PUSH_PATH } from '../../../contract/api/report-push';
import { PushFailure, receiveReportPush, reportPushMasterKey } from '../../services/backoffice/report-push/index';

export async function hisRoutes(app: FastifyInstance): Promise<void> {
  const master = reportPushMasterKey(app.deps.config);
  if (!master && app.deps.config.nodeEnv === 'production')
    app.log.warn('REPORT_PUSH_KEY not set (or shorter than 32 characters): the report push API answers 503');
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: REPORT_PUSH_BODY_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err: FastifyError, req, reply) => {
      const status = err.statusCode ?? 500;
      const f =
        status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? new PushFailure('TOO_LARGE', `请求体超过 ${REPORT_PUSH_BODY_MAX_BYTES / 1024 / 1024} MB`)
          : status >= 400 && status < 500
            ? new PushFailure('INVALID_JSON', '请求格式错误')
            : new PushFailure('INTERNAL', '服务器出错，请稍后重试');
      if (f.code === 'INTERNAL') req.log.error({ err }, 'report push: unexpected error');
      return reply.code(f.status).send(f.body);
    });
    scope.post(REPORT_PUSH_PATH, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const a = await receiveReportPush(scope.deps.db, master, {
        method: req.method,
        path: req.url.split('?')[0],
        headers: req.headers,
        raw,
        now: scope.deps.clock.now(),
      });
      // One line per push: client, number, outcome — never the signature, a secret, an ID or a phone.
      const line = { hisClient: a.client ?? null, reportNo: a.reportNo ?? null, status: a.status, code: a.body.ok ? null : a.body.code };
      if (a.status >= 400) req.log.warn(line, 'report push refused');
      else req.log.info(line, 'report push accepted');
      reply.header('cache-control', 'no-store');
      return reply.code(a.status).send(a.body);
    });
  });
}
