/**
 * The anomaly queue's two actions (运营):
 *  - 退款: gives the anomaly's payment back through the payment provider, by the same service
 *    every refund takes (services/orders/refunds.ts requestRefund: a pay_refunds row per
 *    out_refund_no = R + the trade, so WeChat's notify or the reconciler settles a PROCESSING
 *    answer, and a refund asked twice is one refund). The anomaly is claimed first, in one
 *    transaction with its audit entry: a conditional UPDATE from the state that may be refunded
 *    (a stray payment: refund_failed → refunding; an order: E / C paid → Refund, or RefundERR →
 *    processing), so of two clicks at once one asks the provider and the other is told 退款中.
 *  - 标记已处理: a note (required) on an anomaly whose money is not being refunded right now.
 * Both take the anomaly's ops_anomalies row first (an upsert: a row lock on PostgreSQL), so two
 * actions on one anomaly run one after the other and each sees what the other did.
 */
import type { ServerDeps } from '../../../plugins/call';
import type { Queryable } from '../../../db/types';
import { opsNoteProblem, type OpsAnomaly, type OpsRefundRes, type OpsResolveRes } from '../../../../contract/api/backoffice/operations';
import { formatCents } from '../../../../contract/rules/money';
import { recordAudit } from '../../studio/audit';
import { StudioFailure } from '../../studio/live-sync';
import { refundNoOf, requestRefund, type RefundOutcome } from '../../orders/refunds';
import { loadAnomaly } from './anomalies';

type Deps = Pick<ServerDeps, 'db' | 'providers' | 'clock' | 'config'>;

export const MSG_NO_ANOMALY = '没有这条异常记录';
export const MSG_RESOLVED = '该异常已标记为已处理';
export const MSG_REFUNDED = '该笔款项已退款';
export const MSG_REFUNDING = '退款处理中，请等待微信支付的结果';
export const MSG_AMOUNT_CHANGED = '金额与页面显示的不一致，请刷新后再确认';
export const MSG_NO_TRADE = '找不到这笔款项的支付记录，无法原路退款：请核实后标记已处理';

const yuan = (cents: number) => `¥${formatCents(cents)}`;
const what = (a: OpsAnomaly) => `${a.kindLabel}${a.orderId ? `，订单 ${a.orderId}` : `，交易 ${a.outTradeNo}`}`;
/** What the audit keeps of an anomaly: its money and state, never the person. */
const auditView = (a: OpsAnomaly) => ({ kind: a.kind, orderId: a.orderId, outTradeNo: a.outTradeNo, amountCents: a.amountCents, refund: a.refund, resolved: !!a.resolved });

async function mustLoad(db: Queryable, id: string): Promise<OpsAnomaly> {
  const a = await loadAnomaly(db, id, false);
  if (!a) throw new StudioFailure(404, MSG_NO_ANOMALY);
  return a;
}

/** Takes the anomaly's row (serialises actions on it) without changing what it records. */
async function lockRow(tx: Queryable, a: OpsAnomaly, now: number): Promise<void> {
  await tx.run(
    `INSERT INTO ops_anomalies (id, kind, arose_at, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at`,
    [a.id, a.kind, Date.parse(a.at), now],
  );
}

function refusal(a: OpsAnomaly): string | null {
  if (a.resolved) return MSG_RESOLVED;
  if (a.refund === 'refunded') return MSG_REFUNDED;
  if (a.refund === 'refunding') return MSG_REFUNDING;
  return null;
}

/** The conditional claim: 1 when this call moved the anomaly from a refundable state to "refunding". */
async function claim(tx: Queryable, a: OpsAnomaly, now: number): Promise<number> {
  if (a.id.startsWith('pay:'))
    return tx.run(`UPDATE payment_anomalies SET refund_state = 'refunding', refund_note = '', updated_at = $2 WHERE out_trade_no = $1 AND refund_state = 'refund_failed'`, [a.outTradeNo, now]);
  // an order: the place was never taken (E) or already given back (C), so nothing to release
  if (a.refund === 'none')
    return tx.run(
      `UPDATE orders SET state = 'Refund', pay_flag = 'T', errmsg = '退款处理中', hold_until = NULL, updated_at = $2 WHERE id = $1 AND state IN ('E', 'C') AND pay_flag = 'T'`,
      [a.orderId, now],
    );
  return tx.run(`UPDATE orders SET pay_flag = 'T', errmsg = '退款处理中', updated_at = $2 WHERE id = $1 AND state = 'Refund' AND pay_flag = 'RefundERR'`, [a.orderId, now]);
}

/** A refund that could not even be asked (the database failed before the provider was called): back to refundable. */
async function unclaim(deps: Deps, a: OpsAnomaly, why: string): Promise<void> {
  const asked = await deps.db.one<{ state: string }>('SELECT state FROM pay_refunds WHERE out_refund_no = $1', [refundNoOf(a.outTradeNo)]);
  if (asked && asked.state !== 'FAILED') return; // the provider has it: its answer settles it
  const now = deps.clock.now();
  if (a.id.startsWith('pay:'))
    await deps.db.run(`UPDATE payment_anomalies SET refund_state = 'refund_failed', refund_note = $2, updated_at = $3 WHERE out_trade_no = $1 AND refund_state = 'refunding'`, [a.outTradeNo, why, now]);
  else await deps.db.run(`UPDATE orders SET pay_flag = 'RefundERR', errmsg = '退款失败，请联系工作人员', updated_at = $2 WHERE id = $1 AND state = 'Refund' AND pay_flag = 'T'`, [a.orderId, now]);
}

export async function refundAnomaly(deps: Deps, id: string, actor: string, confirmedCents: unknown, masked: boolean): Promise<OpsRefundRes> {
  const seen = await mustLoad(deps.db, id);
  const early = refusal(seen);
  if (early) throw new StudioFailure(409, early);
  if (!seen.outTradeNo) throw new StudioFailure(422, MSG_NO_TRADE);
  if (confirmedCents !== seen.amountCents) throw new StudioFailure(409, MSG_AMOUNT_CHANGED);
  const now = deps.clock.now();
  const a = await deps.db.transaction(async (tx) => {
    await lockRow(tx, seen, now);
    const cur = (await loadAnomaly(tx, id, false))!;
    const late = refusal(cur);
    if (late) throw new StudioFailure(409, late);
    if ((await claim(tx, cur, now)) !== 1) throw new StudioFailure(409, MSG_REFUNDING);
    await tx.run(`UPDATE ops_anomalies SET refund_by = $2, refund_at = $3 WHERE id = $1`, [id, actor, now]);
    await recordAudit(
      tx,
      { actor, action: 'refund', entity: 'anomaly', key: id, summary: `异常订单退款 ${yuan(cur.amountCents)}（${what(cur)}）`, before: auditView(cur), after: { ...auditView(cur), refund: 'refunding' } },
      now,
    );
    return cur;
  });
  let outcome: RefundOutcome;
  try {
    outcome = await requestRefund(deps, {
      purpose: id.startsWith('pay:') ? 'anomaly' : 'order',
      ref: id.startsWith('pay:') ? a.outTradeNo : a.orderId,
      outTradeNo: a.outTradeNo,
      amount: a.amountCents,
      reason: '异常订单退款',
    });
  } catch (e) {
    await unclaim(deps, a, `退款请求未完成：${String((e as Error)?.message ?? e).slice(0, 120)}`).catch(() => undefined);
    throw e;
  }
  const message =
    outcome.state === 'SUCCESS'
      ? `已退款 ${yuan(a.amountCents)}，款项原路退回`
      : outcome.state === 'PROCESSING'
        ? `已向微信支付申请退款 ${yuan(a.amountCents)}，正在处理，结果会自动更新`
        : `退款失败：${outcome.state === 'FAILED' ? `${outcome.code} ${outcome.message}`.trim() : ''}`;
  return { outcome: outcome.state, message, anomaly: (await loadAnomaly(deps.db, id, masked))! };
}

export async function resolveAnomaly(deps: Deps, id: string, actor: string, note: unknown, masked: boolean): Promise<OpsResolveRes> {
  const problem = opsNoteProblem(note);
  if (problem) throw new StudioFailure(422, problem);
  const text = String(note).trim();
  const seen = await mustLoad(deps.db, id);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockRow(tx, seen, now);
    const cur = (await loadAnomaly(tx, id, false))!;
    const late = refusal(cur);
    if (late) throw new StudioFailure(409, late === MSG_REFUNDING ? `${MSG_REFUNDING}，之后再标记` : late);
    await tx.run(`UPDATE ops_anomalies SET resolved_by = $2, resolved_at = $3, note = $4 WHERE id = $1 AND resolved_at IS NULL`, [id, actor, now, text]);
    await recordAudit(
      tx,
      { actor, action: 'resolve', entity: 'anomaly', key: id, summary: `异常订单标记已处理（${what(cur)}）：${text}`, before: auditView(cur), after: { ...auditView(cur), resolved: true, note: text } },
      now,
    );
  });
  return { anomaly: (await loadAnomaly(deps.db, id, masked))! };
}
