/** JSAPI下单, 查询订单, 关闭订单 (/v3/pay/transactions/…). */
import { randomBytes } from 'node:crypto';
import type { DoubleTrade } from './api.ts';
import { fail, notifyUrlProblem, obj, paramError, type RouteAnswer, type RouteRequest } from './answers.ts';
import { rfc3339, type DoubleContext } from './context.ts';
import { tradeQueryAnswer } from './resources.ts';

const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;

function prepayId(ctx: DoubleContext): string {
  // wx + Beijing yyyyMMddHHmmss + hex, 36 characters like the real ones.
  const stamp = rfc3339(ctx.now()).slice(0, 19).replace(/[-T:]/g, '');
  return `wx${stamp}${randomBytes(10).toString('hex')}`;
}

/** Validates a JSAPI prepay body; returns the trade it asks for, or the PARAM_ERROR/APPID_MCHID_NOT_MATCH answer. */
function readPrepay(ctx: DoubleContext, body: unknown): Omit<DoubleTrade, 'prepayId' | 'state'> | RouteAnswer {
  const b = obj(body);
  const amount = obj(b.amount);
  const payer = obj(b.payer);
  if (typeof b.appid !== 'string' || !b.appid) return paramError('appid必填');
  if (typeof b.mchid !== 'string' || !b.mchid) return paramError('mchid必填');
  if (b.mchid !== ctx.opts.mchid) return paramError('mchid与发起请求的商户号不一致');
  if (b.appid !== ctx.opts.appid) return fail(400, 'APPID_MCHID_NOT_MATCH', 'AppID和mch_id不匹配');
  if (typeof b.description !== 'string' || b.description.length === 0 || b.description.length > 127) return paramError('description必填，且不超过127个字符');
  if (typeof b.out_trade_no !== 'string' || !OUT_TRADE_NO.test(b.out_trade_no)) return paramError('out_trade_no须为6-32位数字、大小写字母或_-|*');
  const urlProblem = notifyUrlProblem(b.notify_url);
  if (urlProblem) return paramError(urlProblem);
  if (!Number.isInteger(amount.total) || (amount.total as number) <= 0) return paramError('amount.total须为大于0的整数（单位：分）');
  if (amount.currency !== undefined && amount.currency !== 'CNY') return paramError('amount.currency仅支持CNY');
  if (typeof payer.openid !== 'string' || !payer.openid) return paramError('payer.openid必填');
  if (b.attach !== undefined && (typeof b.attach !== 'string' || b.attach.length > 128)) return paramError('attach不超过128个字符');
  return {
    outTradeNo: b.out_trade_no,
    appid: b.appid,
    mchid: b.mchid,
    openid: payer.openid,
    description: b.description,
    total: amount.total as number,
    notifyUrl: b.notify_url as string,
    ...(typeof b.attach === 'string' ? { attach: b.attach } : {}),
  };
}

const SAME_FIELDS = ['appid', 'mchid', 'openid', 'description', 'total', 'notifyUrl', 'attach'] as const;

export function prepay(ctx: DoubleContext, req: RouteRequest): RouteAnswer {
  const asked = readPrepay(ctx, req.body);
  if ('status' in asked) return asked;
  const existing = ctx.trades.get(asked.outTradeNo);
  if (existing) {
    if (existing.state === 'SUCCESS' || existing.state === 'REFUND') return fail(400, 'ORDERPAID', '该订单已支付');
    if (existing.state === 'CLOSED') return fail(400, 'ORDER_CLOSED', '订单已关闭');
    const same = SAME_FIELDS.every((k) => existing[k] === (asked as Record<string, unknown>)[k]);
    // Same parameters again: the same prepay (WeChat keeps it for 2 hours). Different ones: the number is taken.
    if (!same) return fail(400, 'INVALID_REQUEST', '201 商户订单号重复');
    return { status: 200, body: { prepay_id: existing.prepayId } };
  }
  const trade: DoubleTrade = { ...asked, prepayId: prepayId(ctx), state: 'NOTPAY' };
  ctx.trades.set(trade.outTradeNo, trade);
  return { status: 200, body: { prepay_id: trade.prepayId } };
}

function checkMchidQuery(ctx: DoubleContext, req: RouteRequest): RouteAnswer | null {
  const mchid = req.query.get('mchid');
  if (!mchid) return paramError('mchid必填');
  if (mchid !== ctx.opts.mchid) return paramError('mchid与发起请求的商户号不一致');
  return null;
}

export function queryByOutTradeNo(ctx: DoubleContext, req: RouteRequest): RouteAnswer {
  const bad = checkMchidQuery(ctx, req);
  if (bad) return bad;
  const t = ctx.trades.get(decodeURIComponent(req.params[0]));
  if (!t) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
  return { status: 200, body: tradeQueryAnswer(t) };
}

export function queryByTransactionId(ctx: DoubleContext, req: RouteRequest): RouteAnswer {
  const bad = checkMchidQuery(ctx, req);
  if (bad) return bad;
  const id = decodeURIComponent(req.params[0]);
  const t = [...ctx.trades.values()].find((x) => x.transactionId === id);
  if (!t) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
  return { status: 200, body: tradeQueryAnswer(t) };
}

export function closeTrade(ctx: DoubleContext, req: RouteRequest): RouteAnswer {
  const mchid = obj(req.body).mchid;
  if (typeof mchid !== 'string' || !mchid) return paramError('mchid必填');
  if (mchid !== ctx.opts.mchid) return paramError('mchid与发起请求的商户号不一致');
  const t = ctx.trades.get(decodeURIComponent(req.params[0]));
  if (!t) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
  if (t.state === 'SUCCESS' || t.state === 'REFUND') return fail(400, 'ORDERPAID', '订单已支付');
  // Closing a closed trade again answers 204 as well: the call is idempotent.
  t.state = 'CLOSED';
  return { status: 204 };
}
