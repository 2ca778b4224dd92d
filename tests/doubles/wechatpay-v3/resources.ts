/** What WeChat Pay reports about a trade or a refund: query answers and the plaintext of notify resources. */
import type { DoubleRefund, DoubleTrade } from './api.ts';
import type { DoubleContext } from './context.ts';

const TRADE_STATE_DESC: Record<DoubleTrade['state'], string> = {
  SUCCESS: '支付成功',
  NOTPAY: '订单未支付',
  CLOSED: '订单已关闭',
  REFUND: '订单发生过退款',
  USERPAYING: '用户支付中',
  PAYERROR: '支付失败',
};

/** GET /v3/pay/transactions/out-trade-no/{no}: unpaid trades have no transaction_id, payer_total or success_time. */
export function tradeQueryAnswer(t: DoubleTrade): Record<string, unknown> {
  const paid = t.state === 'SUCCESS' || t.state === 'REFUND';
  return {
    appid: t.appid,
    mchid: t.mchid,
    out_trade_no: t.outTradeNo,
    ...(t.transactionId ? { transaction_id: t.transactionId } : {}),
    trade_type: 'JSAPI',
    trade_state: t.state,
    trade_state_desc: TRADE_STATE_DESC[t.state],
    ...(paid ? { bank_type: 'OTHERS', success_time: t.successTime } : {}),
    attach: t.attach ?? '',
    payer: { openid: t.openid },
    amount: paid ? { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' } : { total: t.total, currency: 'CNY', payer_currency: 'CNY' },
  };
}

/** The decrypted resource of TRANSACTION.SUCCESS (支付成功通知). */
export function transactionResource(t: DoubleTrade): Record<string, unknown> {
  return {
    appid: t.appid,
    mchid: t.mchid,
    out_trade_no: t.outTradeNo,
    transaction_id: t.transactionId,
    trade_type: 'JSAPI',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    attach: t.attach ?? '',
    success_time: t.successTime,
    payer: { openid: t.openid },
    amount: { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' },
  };
}

function transactionIdOf(ctx: DoubleContext, r: DoubleRefund): string {
  return ctx.trades.get(r.outTradeNo)?.transactionId ?? '';
}

/** POST/GET /v3/refund/domestic/refunds answer. */
export function refundAnswer(ctx: DoubleContext, r: DoubleRefund): Record<string, unknown> {
  return {
    refund_id: r.refundId,
    out_refund_no: r.outRefundNo,
    transaction_id: transactionIdOf(ctx, r),
    out_trade_no: r.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    ...(r.state === 'SUCCESS' ? { success_time: r.successTime } : {}),
    create_time: r.createTime,
    status: r.state,
    funds_account: 'AVAILABLE',
    amount: {
      total: r.total,
      refund: r.refund,
      from: [],
      payer_total: r.total,
      payer_refund: r.refund,
      settlement_refund: r.refund,
      settlement_total: r.total,
      discount_refund: 0,
      currency: 'CNY',
      refund_fee: 0,
    },
    promotion_detail: [],
  };
}

/** The decrypted resource of REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED (退款结果通知). */
export function refundResource(ctx: DoubleContext, r: DoubleRefund): Record<string, unknown> {
  return {
    mchid: ctx.opts.mchid,
    out_trade_no: r.outTradeNo,
    transaction_id: transactionIdOf(ctx, r),
    out_refund_no: r.outRefundNo,
    refund_id: r.refundId,
    refund_status: r.state,
    ...(r.state === 'SUCCESS' ? { success_time: r.successTime } : {}),
    user_received_account: '支付用户零钱',
    amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
  };
}
