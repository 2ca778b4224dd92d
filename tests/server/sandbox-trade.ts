/**
 * What a verified WeChat Pay notify applies, for sandbox tests: a SUCCESS transaction of the sandbox
 * merchant handed to applyPaidTrade (the notify routes' own path after verification and decryption).
 * The notify endpoints themselves (signatures, raw bytes, answers) are tested against the v3 double
 * (wechatpay-v3*.test.ts). `body` is 'SUCCESS' or 'FAIL' like the old v2 answer.
 */
import type { FastifyInstance } from 'fastify';
import { applyPaidTrade } from '../../src/server/services/orders/pay-sync';
import { SANDBOX_APPID, SANDBOX_MCHID } from '../../src/server/providers/wechat/sandbox';
import { SCAN_PAY_NOTIFY_PATH } from '../../src/server/routes/payrecords/index';

export async function sandboxPaid(app: FastifyInstance, outTradeNo: string, cents: number, transactionId: string, url = '/api/PayApi/WxNotify'): Promise<{ ok: boolean; body: string }> {
  const r = await applyPaidTrade(
    app.deps,
    { appid: SANDBOX_APPID, mchid: SANDBOX_MCHID, outTradeNo, transactionId, tradeState: 'SUCCESS', total: cents },
    { unknownTrade: url === SCAN_PAY_NOTIFY_PATH ? 'refund' : 'refuse' },
  );
  return { ok: r.ok, body: r.ok ? 'SUCCESS' : `FAIL ${r.reason}` };
}
