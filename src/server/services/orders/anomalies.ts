/**
 * Money is never kept twice: a payment that arrives for something that cannot
 * take it (an order already paid by another trade, refunded, or cancelled by the
 * examinee; a scan-code bill already paid; a trade nobody opened) is recorded
 * once per trade number, refunded through the provider, and flagged for staff
 * (payment_anomalies.refund_state: 'refunding' while WeChat processes it, then
 * 'refunded' or 'refund_failed' with the gateway's code; see refunds.ts).
 * The provider is answered SUCCESS: the money is accounted for, a retry would
 * change nothing.
 */
import type { ServerDeps } from '../../plugins/call';
import { requestRefund } from './refunds';

export type AnomalyKind = 'order_already_paid' | 'order_refunded' | 'order_cancelled' | 'unknown_trade';

export interface StrayPayment {
  outTradeNo: string;
  kind: AnomalyKind;
  /** The order id or exam number it was meant for ('' when unknown). */
  ref: string;
  totalFee: number;
  transactionId: string;
}

type Deps = Pick<ServerDeps, 'db' | 'providers' | 'clock' | 'config'>;

/** Records the stray payment (once per trade) and refunds it; returns the refund state. */
export async function refundStrayPayment(deps: Deps, p: StrayPayment): Promise<'refunded' | 'refunding' | 'refund_failed' | 'already_recorded'> {
  const now = deps.clock.now();
  const inserted = await deps.db.run(
    `INSERT INTO payment_anomalies (out_trade_no, kind, ref, amount_cents, transaction_id, refund_state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'refunding', $6, $6) ON CONFLICT (out_trade_no) DO NOTHING`,
    [p.outTradeNo, p.kind, p.ref, p.totalFee, p.transactionId, now],
  );
  if (inserted === 0) return 'already_recorded'; // a retried notify: refunded (or flagged) the first time
  const r = await requestRefund(deps, { purpose: 'anomaly', ref: p.outTradeNo, outTradeNo: p.outTradeNo, amount: p.totalFee, reason: '重复或无效支付退款' });
  return r.state === 'SUCCESS' ? 'refunded' : r.state === 'PROCESSING' ? 'refunding' : 'refund_failed';
}
