/**
 * Money is never kept twice: a payment that arrives for something that cannot
 * take it (an order already paid by another trade, refunded, or cancelled by the
 * examinee; a scan-code bill already paid; a trade nobody opened) is recorded
 * once per trade number, refunded through the provider, and flagged for staff
 * (payment_anomalies.refund_state: 'refunded' or 'refund_failed' with the reason).
 * The provider is answered SUCCESS: the money is accounted for, a retry would
 * change nothing.
 */
import type { Db } from '../../db/types';
import type { PayProvider } from '../../providers/wechat/types';

export type AnomalyKind = 'order_already_paid' | 'order_refunded' | 'order_cancelled' | 'unknown_trade';

export interface StrayPayment {
  outTradeNo: string;
  kind: AnomalyKind;
  /** The order id or exam number it was meant for ('' when unknown). */
  ref: string;
  totalFee: number;
  transactionId: string;
}

/** Records the stray payment (once per trade) and refunds it; returns the refund state. */
export async function refundStrayPayment(db: Db, pay: PayProvider, p: StrayPayment, now: number): Promise<'refunded' | 'refund_failed' | 'already_recorded'> {
  const inserted = await db.run(
    `INSERT INTO payment_anomalies (out_trade_no, kind, ref, amount_cents, transaction_id, refund_state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'refunding', $6, $6) ON CONFLICT (out_trade_no) DO NOTHING`,
    [p.outTradeNo, p.kind, p.ref, p.totalFee, p.transactionId, now],
  );
  if (inserted === 0) return 'already_recorded'; // a retried notify: refunded (or flagged) the first time
  const res = await pay.refund({ outTradeNo: p.outTradeNo, outRefundNo: `R${p.outTradeNo}`.slice(0, 32), totalFee: p.totalFee, refundFee: p.totalFee }).catch((e: Error) => ({
    ok: false,
    reason: e.message,
  }));
  const state = res.ok ? 'refunded' : 'refund_failed';
  await db.run(`UPDATE payment_anomalies SET refund_state = $2, refund_note = $3, updated_at = $4 WHERE out_trade_no = $1`, [
    p.outTradeNo,
    state,
    res.ok ? '' : String(res.reason ?? '').slice(0, 200),
    now,
  ]);
  return state;
}
