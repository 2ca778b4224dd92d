/**
 * GetPayRecordList, GetInforMation, SweepCodePay, and the pay notify URL of
 * scan-code trades (POST /api/PayRecordApi/SweepCodePayNotify, WeChat pay v2
 * XML, verified by the configured pay provider).
 */
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../plugins/call';
import { completeScanPay, getInformation, listPayRecords, sweepCodePay } from '../../services/orders/payrecords';
import { refundStrayPayment } from '../../services/orders/anomalies';
import { parseXml, toXml } from '../../providers/wechat/sign';
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

  app.post(SCAN_PAY_NOTIFY_PATH, async (req, reply) => {
    const raw = (req.body as { __xml?: string } | undefined)?.__xml;
    const fields = typeof raw === 'string' ? parseXml(raw) : {};
    const v = app.deps.providers.pay.verifyNotify(fields);
    let ok = false;
    if (v.ok && v.outTradeNo && v.totalFee !== undefined) {
      ok = await completeScanPay(app.deps.db, v.outTradeNo, v.totalFee, now());
      const bill = ok ? null : await app.deps.db.one<{ reg_no: string }>(`SELECT reg_no FROM pay_records WHERE out_trade_no = $1`, [v.outTradeNo]);
      if (!ok && !bill) {
        // Money for a trade no bill has open (one bill keeps one trade, so this is a trade of an
        // older build or another system): recorded, refunded and flagged — never kept, never lost.
        // A known trade with the wrong amount stays refused (FAIL).
        const state = await refundStrayPayment(
          app.deps.db,
          app.deps.providers.pay,
          { outTradeNo: v.outTradeNo, kind: 'unknown_trade', ref: '', totalFee: v.totalFee, transactionId: v.transactionId ?? '' },
          now(),
        );
        req.log.warn({ outTradeNo: v.outTradeNo, refund: state }, 'scan-code payment for no open bill: refunded');
        ok = true;
      }
    }
    reply.type('text/xml');
    return toXml(ok ? { return_code: 'SUCCESS', return_msg: 'OK' } : { return_code: 'FAIL', return_msg: v.reason ?? 'FAIL' });
  });
}
