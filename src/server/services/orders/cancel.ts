/** Cancellation and refund, up to the cut-off before the exam day. */
import { ApiError, type ServerDeps } from '../../plugins/call';
import { releasePlace } from '../booking/calendar';
import { cancelCutoffMs } from '../../../contract/rules/centre-day';
import { CANCELLED_BY_USER, MSG, OrderRow, orderView } from './model';
import { requestRefund } from './refunds';

/** 00:00 at the centre of the day (startDays − 1) days before the checkup date. */
export const cancelCutoff = cancelCutoffMs;

function checkCancellable(o: OrderRow, deps: ServerDeps, group: boolean): void {
  if (o.state === 'C' || o.state === 'Refund') throw new ApiError(MSG.alreadyCancelled);
  if (o.state === 'export') throw new ApiError(MSG.exported);
  const startDays = group ? deps.config.cancelStartDaysTeam : deps.config.cancelStartDaysPerson;
  if (!(deps.clock.now() < cancelCutoff(o.begin_time, startDays))) throw new ApiError(MSG.cutoff);
}

/** Cancel of an unpaid (or nothing-to-pay) order: state C, place released. */
export async function cancelOrder(deps: ServerDeps, o: OrderRow, group: boolean): Promise<OrderRow> {
  checkCancellable(o, deps, group);
  if (o.pay_flag === 'T' && Number(o.price_cents) > 0) {
    if (!group) throw new ApiError(MSG.paidUseRefund);
    return refundOrder(deps, o, true);
  }
  const now = deps.clock.now();
  const ok = await deps.db.transaction(async (tx) => {
    const n = await tx.run(
      `UPDATE orders SET state = 'C', errmsg = $5, hold_until = NULL, updated_at = $3 WHERE id = $1 AND state = $2 AND pay_flag = $4`,
      [o.id, o.state, now, o.pay_flag, CANCELLED_BY_USER],
    );
    if (n !== 1) return false;
    await releasePlace(tx, o.scope, o.begin_time, o.sumtime_code);
    return true;
  });
  if (!ok) throw new ApiError('撤销失败！请稍后再试');
  return (await deps.db.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [o.id]))!;
}

/** Refund of a paid order: claims it (state → Refund, place released), then asks the provider; pay_flag → TJServeERR or RefundERR (now or when a pending refund settles). */
export async function refundOrder(
  deps: ServerDeps,
  o: OrderRow,
  group: boolean,
  notifyUrl?: string,
  log?: { warn(o: object, m: string): void },
): Promise<OrderRow> {
  const now = deps.clock.now();
  const retry = o.state === 'Refund' && o.pay_flag === 'RefundERR';
  if (!retry) {
    checkCancellable(o, deps, group);
    if (o.pay_flag !== 'T' || Number(o.price_cents) <= 0) throw new ApiError(MSG.notPaid);
    const claimed = await deps.db.transaction(async (tx) => {
      const n = await tx.run(
        `UPDATE orders SET state = 'Refund', hold_until = NULL, updated_at = $3 WHERE id = $1 AND state = $2 AND pay_flag = 'T'`,
        [o.id, o.state, now],
      );
      if (n !== 1) return false;
      await releasePlace(tx, o.scope, o.begin_time, o.sumtime_code);
      return true;
    });
    if (!claimed) throw new ApiError('撤销失败！请稍后再试');
  }
  const pay = await deps.db.one<{ out_trade_no: string; amount_cents: number }>(
    // The order's own payment, never a stray one already refunded on arrival (payment_anomalies).
    `SELECT out_trade_no, amount_cents FROM payments WHERE order_id = $1 AND state = 'T'
       AND out_trade_no NOT IN (SELECT out_trade_no FROM payment_anomalies) ORDER BY updated_at DESC`,
    [o.id],
  );
  if (!pay) {
    await deps.db.run(`UPDATE orders SET pay_flag = 'RefundERR', errmsg = $2, updated_at = $3 WHERE id = $1 AND state = 'Refund'`, [o.id, MSG.refundFailed, now]);
  } else {
    // Through pay_refunds: SUCCESS / a refusal settle the order now (TJServeERR / RefundERR), PROCESSING
    // leaves it 退款处理中 until the refund notify or the reconciler's query settles it.
    const r = await requestRefund(deps, { purpose: 'order', ref: o.id, outTradeNo: pay.out_trade_no, amount: Number(pay.amount_cents), reason: '体检预约退费', notifyUrl });
    if (r.state === 'FAILED') log?.warn({ orderId: o.id, code: r.code, message: r.message }, 'refund refused by the gateway');
    if (r.state === 'PROCESSING') await deps.db.run(`UPDATE orders SET pay_flag = 'T', errmsg = '退款处理中', updated_at = $2 WHERE id = $1 AND state = 'Refund' AND pay_flag IN ('T', 'RefundERR')`, [o.id, now]);
  }
  const after = (await deps.db.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [o.id]))!;
  if (after.pay_flag === 'RefundERR') throw new ApiError(MSG.refundFailed, { returnData: orderView(after) });
  return after;
}
