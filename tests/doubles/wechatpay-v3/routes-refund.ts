/** 申请退款 and 查询单笔退款 (/v3/refund/domestic/refunds). */
import type { DoubleRefund, DoubleTrade } from './api.ts';
import { fail, notifyUrlProblem, obj, paramError, type RouteAnswer, type RouteRequest } from './answers.ts';
import { markSettled, newRefundId, refundable } from './books.ts';
import { rfc3339, track, type DoubleContext } from './context.ts';
import { sendRefundNotify } from './notifies.ts';
import { refundAnswer } from './resources.ts';

const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/;

interface RefundAsk {
  outRefundNo: string;
  outTradeNo?: string;
  transactionId?: string;
  refund: number;
  total: number;
  reason?: string;
  notifyUrl?: string;
}

function readRefund(body: unknown): RefundAsk | RouteAnswer {
  const b = obj(body);
  const amount = obj(b.amount);
  if (typeof b.out_refund_no !== 'string' || !OUT_REFUND_NO.test(b.out_refund_no)) return paramError('out_refund_no须为1-64位数字、大小写字母或_-|*@');
  const hasTradeNo = typeof b.out_trade_no === 'string' && b.out_trade_no.length > 0;
  const hasTxId = typeof b.transaction_id === 'string' && b.transaction_id.length > 0;
  if (!hasTradeNo && !hasTxId) return paramError('transaction_id和out_trade_no必须二选一');
  if (b.reason !== undefined && (typeof b.reason !== 'string' || b.reason.length > 80)) return paramError('reason不超过80个字符');
  if (b.notify_url !== undefined) {
    const problem = notifyUrlProblem(b.notify_url);
    if (problem) return paramError(problem);
  }
  if (!Number.isInteger(amount.refund) || (amount.refund as number) <= 0) return paramError('amount.refund须为大于0的整数（单位：分）');
  if (!Number.isInteger(amount.total) || (amount.total as number) <= 0) return paramError('amount.total须为大于0的整数（单位：分）');
  if (amount.currency !== 'CNY') return paramError('amount.currency必填，仅支持CNY');
  return {
    outRefundNo: b.out_refund_no,
    ...(hasTradeNo ? { outTradeNo: b.out_trade_no as string } : {}),
    ...(hasTxId ? { transactionId: b.transaction_id as string } : {}),
    refund: amount.refund as number,
    total: amount.total as number,
    ...(typeof b.reason === 'string' ? { reason: b.reason } : {}),
    ...(typeof b.notify_url === 'string' ? { notifyUrl: b.notify_url } : {}),
  };
}

function tradeOf(ctx: DoubleContext, ask: RefundAsk): DoubleTrade | undefined {
  if (ask.transactionId) return [...ctx.trades.values()].find((t) => t.transactionId === ask.transactionId);
  return ctx.trades.get(ask.outTradeNo ?? '');
}

export function createRefund(ctx: DoubleContext, req: RouteRequest): RouteAnswer {
  const ask = readRefund(req.body);
  if ('status' in ask) return ask;
  const trade = tradeOf(ctx, ask);
  const existing = ctx.refunds.get(ask.outRefundNo);
  if (existing) {
    // A retry with the same out_refund_no is how WeChat wants failures retried: it gets the same refund back.
    const sameTrade = trade?.outTradeNo === existing.outTradeNo;
    if (!sameTrade || existing.refund !== ask.refund || existing.total !== ask.total) return fail(400, 'INVALID_REQUEST', '订单金额或退款金额与之前请求不一致，请核实后再试');
    return { status: 200, body: refundAnswer(ctx, existing) };
  }
  // Only paid trades exist as transactions for WeChat's refund service.
  if (!trade || (trade.state !== 'SUCCESS' && trade.state !== 'REFUND')) return fail(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
  if (ask.total !== trade.total) return fail(400, 'INVALID_REQUEST', '订单金额total与原订单金额不一致');
  if (ask.refund > refundable(ctx, trade.outTradeNo)) return fail(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
  const refund: DoubleRefund = {
    outRefundNo: ask.outRefundNo,
    outTradeNo: trade.outTradeNo,
    refundId: newRefundId(ctx),
    refund: ask.refund,
    total: ask.total,
    state: 'PROCESSING',
    createTime: rfc3339(ctx.now()),
    ...(ask.notifyUrl ? { notifyUrl: ask.notifyUrl } : {}),
    ...(ask.reason ? { reason: ask.reason } : {}),
  };
  ctx.refunds.set(refund.outRefundNo, refund);
  trade.state = 'REFUND';
  if ((ctx.opts.refunds ?? 'auto') === 'auto') {
    // Settle after this answer has gone out, as the real service does a moment later.
    track(ctx, async () => {
      if (refund.state !== 'PROCESSING') return;
      markSettled(ctx, refund, 'SUCCESS');
      if (refund.notifyUrl) await sendRefundNotify(ctx, refund.outRefundNo);
    });
  }
  return { status: 200, body: refundAnswer(ctx, refund) };
}

export function queryRefund(ctx: DoubleContext, req: RouteRequest): RouteAnswer {
  const r = ctx.refunds.get(decodeURIComponent(req.params[0]));
  if (!r) return fail(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
  return { status: 200, body: refundAnswer(ctx, r) };
}
