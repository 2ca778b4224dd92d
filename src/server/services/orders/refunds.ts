/**
 * Refunds through the provider, remembered in pay_refunds (one row per out_refund_no, so a retry asks
 * WeChat for the same refund, never a second one). WeChat answers SUCCESS or PROCESSING; a pending
 * refund is settled by its notify (REFUND.SUCCESS / ABNORMAL / CLOSED) or by the reconciler's query.
 * Settling is conditional on the row still being PROCESSING, so a duplicate notify or a concurrent
 * query changes nothing. What a settled refund changes:
 *  - an order's refund (purpose 'order', ref = order id): pay_flag TJServeERR (已退款) or RefundERR (退款失败);
 *  - a stray payment's refund (purpose 'anomaly', ref = its out_trade_no): payment_anomalies.refund_state.
 */
import type { ServerDeps } from '../../plugins/call';
import type { RefundStatus } from '../../providers/wechat/types';
import { countRefund } from '../platform/metrics';
import { ORDER_PAY_NOTIFY_PATH } from './model';

export type RefundPurpose = 'order' | 'anomaly';
export type RefundOutcome = { state: 'SUCCESS' | 'PROCESSING' } | { state: 'FAILED'; code: string; message: string };

type Deps = Pick<ServerDeps, 'db' | 'providers' | 'clock' | 'config'>;

export const refundNoOf = (outTradeNo: string) => `R${outTradeNo}`.slice(0, 32);
/** Where WeChat posts the refund notify (PUBLIC_URL); without one the reconciler's query settles it. */
export const refundNotifyUrl = (deps: Pick<ServerDeps, 'config'>) => (deps.config.publicUrl ? `${deps.config.publicUrl}${ORDER_PAY_NOTIFY_PATH}` : undefined);

/** Asks for the full refund of a trade and applies the answer when final. */
export async function requestRefund(
  deps: Deps,
  p: { purpose: RefundPurpose; ref: string; outTradeNo: string; amount: number; reason: string; notifyUrl?: string },
): Promise<RefundOutcome> {
  const now = deps.clock.now();
  const outRefundNo = refundNoOf(p.outTradeNo);
  await deps.db.run(
    `INSERT INTO pay_refunds (out_refund_no, out_trade_no, purpose, ref, amount_cents, state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'PROCESSING', $6, $6)
     ON CONFLICT (out_refund_no) DO UPDATE SET state = 'PROCESSING', note = '', updated_at = excluded.updated_at WHERE pay_refunds.state <> 'SUCCESS'`,
    [outRefundNo, p.outTradeNo, p.purpose, p.ref, p.amount, now],
  );
  const res = await deps.providers.pay
    .refund({ outTradeNo: p.outTradeNo, outRefundNo, total: p.amount, refund: p.amount, reason: p.reason, notifyUrl: p.notifyUrl ?? refundNotifyUrl(deps) })
    .catch((e: Error) => ({ ok: false as const, code: 'NETWORK', message: e.message }));
  if (!res.ok) {
    await settleRefund(deps, outRefundNo, 'FAILED', `${res.code} ${res.message}`.trim(), '');
    return { state: 'FAILED', code: res.code, message: res.message };
  }
  if (res.refund.status === 'SUCCESS') await settleRefund(deps, outRefundNo, 'SUCCESS', '', res.refund.refundId);
  else await deps.db.run(`UPDATE pay_refunds SET refund_id = $2 WHERE out_refund_no = $1`, [outRefundNo, res.refund.refundId]);
  return { state: res.refund.status === 'SUCCESS' ? 'SUCCESS' : 'PROCESSING' };
}

/**
 * A final refund outcome (answer, notify or query): PROCESSING → SUCCESS / ABNORMAL / CLOSED / FAILED, once.
 * Returns false when the refund is unknown (not ours); true when applied or already settled.
 */
export async function settleRefund(deps: Deps, outRefundNo: string, status: RefundStatus | 'FAILED', note: string, refundId: string): Promise<boolean> {
  if (status === 'PROCESSING') return !!(await deps.db.one('SELECT out_refund_no FROM pay_refunds WHERE out_refund_no = $1', [outRefundNo]));
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const r = await tx.one<{ purpose: RefundPurpose; ref: string; state: string }>('SELECT purpose, ref, state FROM pay_refunds WHERE out_refund_no = $1', [outRefundNo]);
    if (!r) return false;
    const n = await tx.run(
      `UPDATE pay_refunds SET state = $2, note = $3, refund_id = CASE WHEN $4 = '' THEN refund_id ELSE $4 END, updated_at = $5 WHERE out_refund_no = $1 AND state = 'PROCESSING'`,
      [outRefundNo, status, note.slice(0, 200), refundId, now],
    );
    if (n !== 1) return true; // settled before (a duplicate notify, a concurrent query)
    countRefund(deps, r.purpose, status);
    const ok = status === 'SUCCESS';
    if (r.purpose === 'order') {
      await tx.run(`UPDATE orders SET pay_flag = $2, errmsg = $3, updated_at = $4 WHERE id = $1 AND state = 'Refund'`, [
        r.ref,
        ok ? 'TJServeERR' : 'RefundERR',
        ok ? '已退款' : '退款失败，请联系工作人员',
        now,
      ]);
    } else {
      await tx.run(`UPDATE payment_anomalies SET refund_state = $2, refund_note = $3, updated_at = $4 WHERE out_trade_no = $1`, [
        r.ref,
        ok ? 'refunded' : 'refund_failed',
        ok ? '' : (note || status).slice(0, 200),
        now,
      ]);
    }
    return true;
  });
}

/** The reconciler: asks WeChat about refunds still PROCESSING (a lost refund notify). */
export async function reconcileRefunds(deps: Deps, limit = 100): Promise<number> {
  const rows = await deps.db.all<{ out_refund_no: string }>(`SELECT out_refund_no FROM pay_refunds WHERE state = 'PROCESSING' ORDER BY updated_at LIMIT ${Number(limit)}`);
  let n = 0;
  for (const r of rows) {
    const info = await deps.providers.pay.queryRefund(r.out_refund_no);
    if (info && info.status !== 'PROCESSING' && (await settleRefund(deps, r.out_refund_no, info.status, info.status === 'SUCCESS' ? '' : `REFUND_${info.status}`, info.refundId))) n++;
  }
  return n;
}
