/**
 * GetPayRecordList, GetInforMation, SweepCodePay, and the pay notify URL of
 * scan-code trades (POST /api/PayRecordApi/SweepCodePayNotify, a WeChat Pay v3
 * notify verified by the configured pay provider; see routes/orders/notify.ts).
 */
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../plugins/call';
import { getInformation, listPayRecords, sweepCodePay } from '../../services/orders/payrecords';
import { mountPayNotify } from '../orders/notify';
import type { GetInforMationReq, GetPayRecordListReq, SweepCodePayReq } from '../../../contract/api/payments';
import { business } from '../reports/errors';

export const SCAN_PAY_NOTIFY_PATH = '/api/PayRecordApi/SweepCodePayNotify';

export async function payRecordRoutes(app: FastifyInstance): Promise<void> {
  const now = () => app.deps.clock.now();

  defineCall<GetPayRecordListReq>(app, 'GetPayRecordList', {
    handler: async (body) => listPayRecords(app.deps.db, body.openid),
  });

  defineCall<GetInforMationReq>(app, 'GetInforMation', {
    handler: async (body) => JSON.stringify(await getInformation(app.deps.db, body.regno, now())),
  });

  defineCall<SweepCodePayReq>(app, 'SweepCodePay', {
    handler: async (body, req) =>
      business(async () => {
        const base = app.deps.config.publicUrl || `${req.protocol}://${req.host}`;
        return sweepCodePay(app.deps.db, app.deps.providers.pay, {
          regno: body.regno,
          openid: body.openid,
          price: body.price,
          now: now(),
          clientIp: req.ip,
          notifyUrl: `${base}${SCAN_PAY_NOTIFY_PATH}`,
          onProviderError: (err) => req.log.error({ err }, 'scan-code pay: provider failed'),
        });
      }),
  });

  // A SUCCESS for a trade no bill has open (a trade of an older build or another system) is
  // recorded, refunded and flagged — never kept, never lost; a known trade with the wrong amount is refused.
  mountPayNotify(app, SCAN_PAY_NOTIFY_PATH, 'refund');
}
