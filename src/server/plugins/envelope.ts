/**
 * One central error handler: every failure (ApiError, bad JSON, unsupported media
 * type, too large, 404, unexpected exceptions) answers with the envelope
 * `{ success:false, returnMsg:'<中文>', returnData:null }` — HTTP 200 for business
 * failures and internal errors (logged, never a stack trace in the body), 4xx for
 * protocol failures (400 bad body, 401 auth, 404, 413, 415).
 * Also registers the form-encoded body parser (GetToken). The pay notifies read raw bytes in their own scope (routes/orders/notify.ts).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

export const MSG_INTERNAL = '系统繁忙！请稍后再试';

export function envelopePlugin(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65536 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) {
      if (err.status >= 500) req.log.error({ err }, 'api error');
      return reply.code(err.status).send({ success: false, returnMsg: err.message, returnData: err.returnData });
    }
    const code = (err as FastifyError).code ?? '';
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send({ success: false, returnMsg: '请求内容过大', returnData: null });
    if (status === 415 || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.code(415).send({ success: false, returnMsg: '请求格式错误', returnData: null });
    if (status >= 400 && status < 500) {
      req.log.info({ code }, 'bad request');
      return reply.code(status === 404 ? 404 : 400).send({ success: false, returnMsg: '请求格式错误', returnData: null });
    }
    req.log.error({ err }, 'unexpected error');
    return reply.code(200).send({ success: false, returnMsg: MSG_INTERNAL, returnData: null });
  });

  app.setNotFoundHandler((_req, reply) => {
    reply.code(404).send({ success: false, returnMsg: '接口不存在', returnData: null });
  });
}
