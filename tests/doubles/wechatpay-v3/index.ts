/**
 * The local WeChat Pay API v3 double (tests only; never imported by src/). See api.ts for the control surface
 * and README.md for the exact behaviour; this file wires keys, books, the HTTP server and the notifies together.
 */
import type { StartWechatPayDouble, WechatPayDouble } from './api.ts';
import { markPaid, markSettled } from './books.ts';
import { bridgeScript } from './bridge.ts';
import { findTrade, type DoubleContext } from './context.ts';
import { makePlatformCertificate, makeWechatPayPublicKey } from './keys.ts';
import { sendPayNotify, sendRefundNotify } from './notifies.ts';
import { startServer } from './server.ts';

export type * from './api.ts';
export { makeMerchantKeys } from './keys.ts';

export const startWechatPayDouble: StartWechatPayDouble = async (opts) => {
  if (Buffer.byteLength(opts.apiV3Key, 'utf8') !== 32) throw new Error('wechatpay double: apiV3Key must be 32 ASCII characters');
  const now = opts.now ?? Date.now;
  const ctx: DoubleContext = {
    opts,
    now,
    platforms: [makePlatformCertificate(now())],
    publicKey: makeWechatPayPublicKey(),
    trades: new Map(),
    refunds: new Map(),
    requests: [],
    notifies: [],
    bridgeRequests: [],
    failures: [],
    lastNotify: new Map(),
    pending: new Set(),
  };
  const server = await startServer(ctx);
  const currentPlatform = () => ctx.platforms[ctx.platforms.length - 1];

  const double: WechatPayDouble = {
    baseUrl: server.baseUrl,
    get platform() {
      const p = currentPlatform();
      return { serial: p.serial, certificatePem: p.certificatePem };
    },
    publicKey: { id: ctx.publicKey.id, pem: ctx.publicKey.pem },
    requests: ctx.requests,
    trades: ctx.trades,
    refunds: ctx.refunds,
    notifies: ctx.notifies,
    bridgeRequests: ctx.bridgeRequests,
    async pay(outTradeNoOrPrepayId, payOpts) {
      const trade = findTrade(ctx, outTradeNoOrPrepayId);
      if (!trade) throw new Error(`wechatpay double: no trade or prepay ${outTradeNoOrPrepayId}`);
      markPaid(ctx, trade);
      if (payOpts?.notify === false) return null;
      return sendPayNotify(ctx, trade.outTradeNo);
    },
    sendPayNotify: (outTradeNo, spoil) => sendPayNotify(ctx, outTradeNo, spoil),
    sendRefundNotify: (outRefundNo, spoil) => sendRefundNotify(ctx, outRefundNo, spoil),
    async settleRefund(outRefundNo, outcome, settleOpts) {
      const refund = ctx.refunds.get(outRefundNo);
      if (!refund) throw new Error(`wechatpay double: no refund ${outRefundNo}`);
      markSettled(ctx, refund, outcome);
      if (settleOpts?.notify === false || !refund.notifyUrl) return null;
      return sendRefundNotify(ctx, outRefundNo);
    },
    failNext(path, error) {
      ctx.failures.push({ match: path, error });
    },
    rotatePlatformCertificate() {
      ctx.platforms.push(makePlatformCertificate(ctx.now()));
    },
    bridgeScript: (scriptOpts) => bridgeScript(server.baseUrl, scriptOpts),
    async close() {
      await Promise.allSettled([...ctx.pending]);
      await server.close();
    },
  };
  return double;
};
