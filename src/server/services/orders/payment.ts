/** Payment: starting a payment, marking it paid (verified notify, query, or sandbox) exactly once, abandoned payments. */
import { ApiError, type ServerDeps } from '../../plugins/call';
import { takePlace } from '../booking/calendar';
import { refundStrayPayment, type AnomalyKind } from './anomalies';
import { CANCELLED_BY_USER, MSG, OrderRow } from './model';
import { countPayment } from '../platform/metrics';

export async function startPayment(deps: ServerDeps, o: OrderRow, clientIp: string, notifyUrl: string, onProviderError?: (err: unknown) => void) {
  const { db, config, clock, providers } = deps;
  if (!config.isUsePay) throw new ApiError(MSG.payOff);
  const now = clock.now();
  if (o.pay_flag === 'T') throw new ApiError(MSG.alreadyPaid);
  if (Number(o.price_cents) <= 0) throw new ApiError(MSG.noNeedPay);
  if (o.state !== 'S' || (o.hold_until !== null && Number(o.hold_until) <= now)) throw new ApiError(MSG.expired);
  // One trade per order: every attempt (a retry, a second tap, another phone) pays the same trade
  // number, so the provider can take the money once only. Its price never changes after creation.
  const outTradeNo = orderTradeNo(o.id);
  const n = await db.run(`UPDATE orders SET pay_flag = 'EING', updated_at = $2 WHERE id = $1 AND state = 'S' AND pay_flag IN ('F', 'EING')`, [o.id, now]);
  if (n !== 1) throw new ApiError(MSG.expired);
  await db.run(
    `INSERT INTO payments (out_trade_no, order_id, amount_cents, state, created_at, updated_at) VALUES ($1, $2, $3, 'EING', $4, $4)
     ON CONFLICT (out_trade_no) DO UPDATE SET state = 'EING', updated_at = excluded.updated_at WHERE payments.state <> 'T'`,
    [outTradeNo, o.id, Number(o.price_cents), now],
  );
  let params;
  try {
    params = await providers.pay.jsapiPay({
      outTradeNo,
      totalFee: Number(o.price_cents),
      body: `体检-${o.clus_name}`,
      openid: o.openid,
      notifyUrl,
      clientIp,
    });
  } catch (err) {
    // WeChat refused or could not be reached: nothing is paying; the examinee may try again (same trade).
    onProviderError?.(err);
    await db.run(`UPDATE payments SET state = 'FAIL', updated_at = $2 WHERE out_trade_no = $1 AND state = 'EING'`, [outTradeNo, now]);
    await db.run(`UPDATE orders SET pay_flag = 'F', updated_at = $2 WHERE id = $1 AND pay_flag = 'EING'`, [o.id, now]);
    throw new ApiError(MSG.payFailed);
  }
  await db.run('UPDATE payments SET prepay_id = $2 WHERE out_trade_no = $1', [outTradeNo, params.package.replace(/^prepay_id=/, '')]);
  return params;
}

/**
 * A successful payment (verified notify, WeChat's answer to a query or close, or the sandbox). Idempotent; refuses an amount that is
 * not the order's. An order whose hold already expired takes its place back when
 * one is left, else becomes E (异常订单) for a manual refund.
 */
export async function markPaid(deps: ServerDeps, outTradeNo: string, totalFee: number, transactionId: string): Promise<{ ok: boolean; reason?: string; stray?: AnomalyKind }> {
  const now = deps.clock.now();
  const r = await markPaidTx(deps, outTradeNo, totalFee, transactionId, now);
  if (r.stray) {
    // Outside the transaction: the provider call may be slow; the anomaly row makes it happen once.
    await refundStrayPayment(deps, { outTradeNo, kind: r.stray, ref: r.orderId ?? '', totalFee, transactionId });
  }
  countPayment(deps, r);
  return { ok: r.ok, reason: r.reason, stray: r.stray };
}

/** The trade number of an order's payment (one per order). */
export const orderTradeNo = (orderId: string) => `${orderId}_1`.slice(0, 32);

async function markPaidTx(
  deps: ServerDeps,
  outTradeNo: string,
  totalFee: number,
  transactionId: string,
  now: number,
): Promise<{ ok: boolean; reason?: string; stray?: AnomalyKind; orderId?: string }> {
  return deps.db.transaction(async (tx) => {
    const pay = await tx.one<{ order_id: string; amount_cents: number; state: string }>('SELECT * FROM payments WHERE out_trade_no = $1', [outTradeNo]);
    if (!pay) return { ok: false, reason: 'unknown out_trade_no' };
    if (Number(pay.amount_cents) !== Number(totalFee)) return { ok: false, reason: 'amount mismatch' };
    if (pay.state === 'T') return { ok: true };
    // Conditional: of two concurrent deliveries (PostgreSQL, READ COMMITTED) the second waits for the first's row
    // lock, then finds the payment T and stops here — it must not go on to see the order paid and call it stray.
    const claimed = await tx.run(`UPDATE payments SET state = 'T', transaction_id = $2, updated_at = $3 WHERE out_trade_no = $1 AND state <> 'T'`, [outTradeNo, transactionId, now]);
    if (claimed !== 1) return { ok: true };
    const o = await tx.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [pay.order_id]);
    if (!o) return { ok: true };
    // Money the order cannot take: recorded (this payment row is T), refunded and flagged by the caller.
    const stray: AnomalyKind | null =
      o.pay_flag === 'T' ? 'order_already_paid' : o.state === 'Refund' ? 'order_refunded' : o.state === 'C' && o.errmsg === CANCELLED_BY_USER ? 'order_cancelled' : null;
    if (stray) return { ok: true, stray, orderId: o.id };
    if (o.state === 'S') {
      await tx.run(`UPDATE orders SET state = 'F', pay_flag = 'T', hold_until = NULL, errmsg = '', updated_at = $2 WHERE id = $1`, [o.id, now]);
    } else if (o.state === 'C' && o.pay_flag !== 'T') {
      const other = await tx.one(`SELECT id FROM orders WHERE id_card = $1 AND type = $2 AND state <> 'C' AND state <> 'Refund' AND id <> $3`, [o.id_card, o.type, o.id]);
      if (!other && (await takePlace(tx, o.scope, o.begin_time, o.sumtime_code))) {
        await tx.run(`UPDATE orders SET state = 'F', pay_flag = 'T', hold_until = NULL, errmsg = '', updated_at = $2 WHERE id = $1`, [o.id, now]);
      } else if (!other) {
        await tx.run(`UPDATE orders SET state = 'E', pay_flag = 'T', errmsg = '支付超时且号源已满，请联系工作人员退款', updated_at = $2 WHERE id = $1`, [o.id, now]);
      } else {
        await tx.run(`UPDATE orders SET pay_flag = 'T', errmsg = '支付超时，请联系工作人员退款', updated_at = $2 WHERE id = $1`, [o.id, now]);
      }
    } else {
      await tx.run(`UPDATE orders SET pay_flag = 'T', updated_at = $2 WHERE id = $1 AND pay_flag IN ('F', 'EING')`, [o.id, now]);
    }
    return { ok: true };
  });
}

/** The user closed or failed the payment sheet: EING → F (the hold keeps running). */
export async function markPayAbandoned(deps: ServerDeps, orderId: string, outcome: 'cancel' | 'fail'): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.run(`UPDATE payments SET state = $2, updated_at = $3 WHERE order_id = $1 AND state = 'EING'`, [orderId, outcome === 'cancel' ? 'C' : 'FAIL', now]);
    await tx.run(`UPDATE orders SET pay_flag = 'F', updated_at = $2 WHERE id = $1 AND pay_flag = 'EING'`, [orderId, now]);
  });
}
