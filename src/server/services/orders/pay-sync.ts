/**
 * What WeChat says about a trade, applied to our records — the one path for a verified notify, an
 * answer to a query (SyncOrderById, the reconciler), a close answered ORDERPAID, and the sandbox:
 * the trade must be SUCCESS, for our merchant and appid, a trade we opened, for its amount; then
 * markPaid (orders, a conditional transaction) or completeScanPay (scan-code bills) applies it once.
 */
import type { ServerDeps } from '../../plugins/call';
import type { Transaction } from '../../providers/wechat/types';
import { refundStrayPayment } from './anomalies';
import { markPaid } from './payment';
import { completeScanPay } from './payrecords';

type Deps = ServerDeps;
export type ApplyResult = { ok: true } | { ok: false; reason: string };

/**
 * unknownTrade: what a SUCCESS for a trade number we never opened means — 'refuse' (the orders notify: not ours,
 * answered FAIL) or 'refund' (the scan-code notify: money for a trade of an older build, refunded and flagged).
 */
export async function applyPaidTrade(deps: Deps, tx: Transaction, opts: { unknownTrade: 'refuse' | 'refund' } = { unknownTrade: 'refuse' }): Promise<ApplyResult> {
  const pay = deps.providers.pay;
  if (tx.mchid !== pay.mchid) return { ok: false, reason: `mchid ${tx.mchid} is not ours` };
  if (tx.appid !== pay.appid) return { ok: false, reason: `appid ${tx.appid} is not ours` };
  if (tx.tradeState !== 'SUCCESS') return { ok: false, reason: `trade_state ${tx.tradeState}` };
  if (!Number.isSafeInteger(tx.total) || tx.total <= 0) return { ok: false, reason: 'no amount' };
  const order = await deps.db.one<{ amount_cents: number }>('SELECT amount_cents FROM payments WHERE out_trade_no = $1', [tx.outTradeNo]);
  if (order) {
    const r = await markPaid(deps, tx.outTradeNo, tx.total, tx.transactionId);
    return r.ok ? { ok: true } : { ok: false, reason: r.reason ?? 'not applied' };
  }
  const bill = await deps.db.one<{ reg_no: string }>('SELECT reg_no FROM pay_records WHERE out_trade_no = $1', [tx.outTradeNo]);
  if (bill) return (await completeScanPay(deps.db, tx.outTradeNo, tx.total, deps.clock.now())) ? { ok: true } : { ok: false, reason: 'amount mismatch' };
  if (opts.unknownTrade === 'refuse') return { ok: false, reason: `unknown out_trade_no ${tx.outTradeNo}` };
  // One bill keeps one trade, so this is a trade of an older build or another system: never kept, never lost.
  await refundStrayPayment(deps, { outTradeNo: tx.outTradeNo, kind: 'unknown_trade', ref: '', totalFee: tx.total, transactionId: tx.transactionId });
  return { ok: true };
}

/** Asks WeChat about one open trade and applies a SUCCESS. Returns the trade state ('' when WeChat has none). */
export async function syncTrade(deps: Deps, outTradeNo: string): Promise<string> {
  const tx = await deps.providers.pay.queryTrade(outTradeNo);
  if (!tx) return '';
  if (tx.tradeState === 'SUCCESS') {
    const r = await applyPaidTrade(deps, tx);
    if (!r.ok) throw new Error(`trade ${outTradeNo} paid but not applied: ${r.reason}`);
  }
  return tx.tradeState;
}

/**
 * Closes the open trades of orders whose hold ran out (outside any transaction: a network call).
 * A close answered ORDERPAID means the money came: applied as a late payment (markPaid's rules).
 * A failed close leaves the payment EING: the reconciler asks again.
 */
export async function closeTrades(deps: Deps, orderIds: string[], log?: (msg: string, extra: object) => void): Promise<void> {
  for (const id of orderIds) {
    const pays = await deps.db.all<{ out_trade_no: string }>(`SELECT out_trade_no FROM payments WHERE order_id = $1 AND state IN ('EING', 'C', 'FAIL')`, [id]);
    for (const p of pays) await closeOne(deps, p.out_trade_no, log);
  }
}

async function closeOne(deps: Deps, outTradeNo: string, log?: (msg: string, extra: object) => void): Promise<void> {
  const r = await deps.providers.pay.closeTrade(outTradeNo);
  if (r.ok) {
    await deps.db.run(`UPDATE payments SET state = 'CLOSED', updated_at = $2 WHERE out_trade_no = $1 AND state IN ('EING', 'C', 'FAIL')`, [outTradeNo, deps.clock.now()]);
    return;
  }
  if (r.code === 'ORDERPAID') {
    log?.('close answered ORDERPAID: applying the late payment', { outTradeNo });
    await syncTrade(deps, outTradeNo);
    return;
  }
  if (r.code === 'ORDER_NOT_EXIST' || r.code === 'ORDER_CLOSED') {
    await deps.db.run(`UPDATE payments SET state = 'CLOSED', updated_at = $2 WHERE out_trade_no = $1 AND state IN ('EING', 'C', 'FAIL')`, [outTradeNo, deps.clock.now()]);
    return;
  }
  log?.('trade close failed', { outTradeNo, code: r.code, message: r.message });
}
