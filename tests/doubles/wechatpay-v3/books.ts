/** State changes WeChat Pay makes on its own: the payer pays, a refund settles. */
import type { DoubleRefund, DoubleTrade } from './api.ts';
import { beijingDate, digits, rfc3339, type DoubleContext } from './context.ts';

/** NOTPAY → SUCCESS with a 28-digit transaction_id; a paid trade stays as it is. */
export function markPaid(ctx: DoubleContext, t: DoubleTrade): void {
  if (t.state === 'SUCCESS' || t.state === 'REFUND') return;
  if (t.state === 'CLOSED') throw new Error(`wechatpay double: trade ${t.outTradeNo} is CLOSED and cannot be paid`);
  t.state = 'SUCCESS';
  t.transactionId = `4200${digits(4)}${beijingDate(ctx.now())}${digits(12)}`;
  t.successTime = rfc3339(ctx.now());
}

/** PROCESSING → SUCCESS | ABNORMAL | CLOSED. */
export function markSettled(ctx: DoubleContext, r: DoubleRefund, outcome: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'): void {
  if (r.state !== 'PROCESSING') throw new Error(`wechatpay double: refund ${r.outRefundNo} is ${r.state}, not PROCESSING`);
  r.state = outcome;
  if (outcome === 'SUCCESS') r.successTime = rfc3339(ctx.now());
}

/** What is still refundable: CLOSED refunds give their amount back; ABNORMAL ones hold it (the money is out). */
export function refundable(ctx: DoubleContext, outTradeNo: string): number {
  const t = ctx.trades.get(outTradeNo);
  if (!t) return 0;
  let used = 0;
  for (const r of ctx.refunds.values()) if (r.outTradeNo === outTradeNo && r.state !== 'CLOSED') used += r.refund;
  return t.total - used;
}

export function newRefundId(ctx: DoubleContext): string {
  return `50${digits(6)}${beijingDate(ctx.now())}${digits(13)}`;
}
