/**
 * Reports: SendVerifyCode, CheckVerifyCode, GetReportList, GetReportDetail,
 * GetPacsPhotoUrl, GetReportPDFUrl, and the GET file links /home/pdf and
 * /home/pacs (a short-lived code in the query, since a navigation or an <img>
 * cannot carry the report token header).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, boundOpenid, defineCall } from '../../plugins/call';
import { createSmsProvider, type SmsProvider } from '../../providers/sms';
import { checkVerifyCode, sendVerifyCode, SMS_MSG } from '../../services/reports/sms';
import {
  getPacsPhotoUrl,
  getReportDetail,
  getReportPdfUrl,
  issueReportToken,
  listReports,
  loadReportSession,
  openReportFile,
  purgeExpiredReportState,
  REPORT_FILE_PATHS,
  REPORT_MSG,
  type ReportSession,
} from '../../services/reports/reports';
import type { CheckVerifyCodeReq, GetPacsPhotoUrlReq, GetReportDetailReq, GetReportListReq, GetReportPDFUrlReq, SendVerifyCodeReq } from '../../../contract/api/reports';
import { expireScanPays } from '../../services/orders/payrecords';
import { business } from './errors';

export interface ReportRoutesOptions {
  sms?: SmsProvider;
}

export function reportRoutesWith(opts: ReportRoutesOptions = {}) {
  return async function reportRoutes(app: FastifyInstance): Promise<void> {
    const sms = opts.sms ?? createSmsProvider(process.env, (line, level = 'info') => app.log[level](line));
    const now = () => app.deps.clock.now();

    /** The session behind the checked report token (defineCall has verified the token; its subject is the session id). */
    async function session(req: FastifyRequest): Promise<ReportSession> {
      const s = await loadReportSession(app.deps.db, req.authSubject, now());
      if (!s) throw new ApiError(REPORT_MSG.noSession, { status: 401 });
      return s;
    }
    const origin = () => app.deps.config.publicUrl ?? '';

    // Periodic housekeeping (rows only; any instance may run it).
    const timer = setInterval(() => {
      Promise.all([purgeExpiredReportState(app.deps.db, now()), expireScanPays(app.deps.db, now())]).catch((err) =>
        app.log.warn({ err }, 'after-booking purge failed'),
      );
    }, 10 * 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    defineCall<SendVerifyCodeReq>(app, 'SendVerifyCode', {
      handler: async (body, req) =>
        business(async () => {
          await sendVerifyCode(app.deps.db, body.tel, {
            now: now(),
            provider: sms,
            client: { ip: req.ip, openid: boundOpenid(req.authSubject) },
            quotas: app.deps.config.smsQuota,
            onBudgetAlarm: (used, budget) => req.log.warn({ used, budget }, `SMS budget alarm: ${used} of today's ${budget} codes sent (80 %)`),
          });
          return { returnMsg: SMS_MSG.sent, returnData: null };
        }),
    });

    defineCall<CheckVerifyCodeReq>(app, 'CheckVerifyCode', {
      handler: async (body) =>
        business(async () => {
          await checkVerifyCode(app.deps.db, body.tel, body.code, { now: now() });
          return issueReportToken(app.deps.db, body.tel, { now: now(), name: body.name, idCard: body.idCard });
        }),
    });

    defineCall<GetReportListReq>(app, 'GetReportList', {
      handler: async (body, req) => business(async () => listReports(app.deps.db, await session(req), body)),
    });

    defineCall<GetReportDetailReq>(app, 'GetReportDetail', {
      handler: async (body, req) =>
        business(async () => JSON.stringify(await getReportDetail(app.deps.db, await session(req), body.regNo))),
    });

    defineCall<GetPacsPhotoUrlReq>(app, 'GetPacsPhotoUrl', {
      handler: async (body, req) =>
        business(async () => getPacsPhotoUrl(app.deps.db, await session(req), body.accessionNumber, now(), origin())),
    });

    defineCall<GetReportPDFUrlReq>(app, 'GetReportPDFUrl', {
      handler: async (body, req) =>
        business(async () => getReportPdfUrl(app.deps.db, await session(req), body.regno, now(), origin())),
    });

    for (const kind of ['pdf', 'pacs'] as const) {
      app.get(REPORT_FILE_PATHS[kind], async (req, reply) => {
        const code = (req.query as Record<string, unknown> | undefined)?.code;
        const file = await openReportFile(app.deps.db, kind, code, now());
        reply.header('cache-control', 'no-store');
        if (!file) return reply.code(404).send({ success: false, returnMsg: '链接已失效，请重新打开报告', returnData: null });
        reply
          .type(file.contentType)
          .header('content-disposition', `inline; filename="${file.fileName}"`)
          .header('x-content-type-options', 'nosniff');
        // An SVG served from our origin must not run script.
        if (kind === 'pacs') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
        return reply.send(file.body);
      });
    }
  };
}

export const reportRoutes = reportRoutesWith();
