/**
 * The reconciler: a lost notify never loses a payment. Every PAY_RECONCILE_MS each instance asks
 * WeChat about the open trades (payments and scan-code bills paying, EING, for longer than a grace
 * period that lets the notify arrive first), applies a SUCCESS through the notify's own path, closes
 * the trades of orders whose hold ran out, and settles refunds still PROCESSING. Safe with several
 * instances: every effect is conditional (markPaid's transaction, settleRefund's PROCESSING guard),
 * so two instances asking about the same trade apply it once.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../plugins/call';
import { closeTrades, syncTrade } from './pay-sync';
import { reconcileRefunds } from './refunds';

/** How long a fresh trade is left to its notify before we ask. */
export const RECONCILE_GRACE_MS = 30_000;
const NOTIFY_SEEN_KEEP_MS = 24 * 3600_000;

export async function reconcileOnce(deps: ServerDeps, log: (msg: string, extra: object) => void = () => undefined, limit = 100): Promise<{ asked: number; paid: number }> {
  const now = deps.clock.now();
  const before = now - RECONCILE_GRACE_MS;
  const trades = await deps.db.all<{ out_trade_no: string; order_id: string; order_state: string | null }>(
    `SELECT p.out_trade_no, p.order_id, o.state AS order_state FROM payments p LEFT JOIN orders o ON o.id = p.order_id
      WHERE p.state = 'EING' AND p.updated_at <= $1 ORDER BY p.updated_at LIMIT ${Number(limit)}`,
    [before],
  );
  const bills = await deps.db.all<{ out_trade_no: string }>(
    `SELECT out_trade_no FROM pay_records WHERE pay_state = 'EING' AND out_trade_no IS NOT NULL AND updated_at <= $1 ORDER BY updated_at LIMIT ${Number(limit)}`,
    [before],
  );
  let paid = 0;
  const all: Array<{ out_trade_no: string; order_id?: string; order_state?: string | null }> = [...trades, ...bills];
  for (const t of all) {
    try {
      const state = await syncTrade(deps, t.out_trade_no);
      if (state === 'SUCCESS') paid++;
      // An order cancelled by its hold whose close failed earlier: close it now.
      else if (t.order_id && t.order_state === 'C' && (state === 'NOTPAY' || state === ''))
        await closeTrades(deps, [t.order_id], log);
    } catch (err) {
      log('reconcile: trade query failed', { outTradeNo: t.out_trade_no, err: String((err as Error)?.message ?? err) });
    }
  }
  await reconcileRefunds(deps).catch((err) => log('reconcile: refund query failed', { err: String((err as Error)?.message ?? err) }));
  await deps.db.run('DELETE FROM pay_notifies_seen WHERE seen_at < $1', [now - NOTIFY_SEEN_KEEP_MS]);
  return { asked: trades.length + bills.length, paid };
}

/** Started like the hold sweeper (app.ts); the timer does not keep the process alive. */
export function startReconciler(app: FastifyInstance): () => void {
  let running = false;
  const t = setInterval(() => {
    if (running) return; // a slow round (WeChat slow to answer) is not overlapped by the next
    running = true;
    reconcileOnce(app.deps, (msg, extra) => app.log.warn(extra, msg))
      .catch((err) => app.log.warn({ err }, 'pay reconcile failed'))
      .finally(() => (running = false));
  }, app.deps.config.wechatPay.reconcileIntervalMs);
  t.unref();
  return () => clearInterval(t);
}
