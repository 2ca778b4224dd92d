/**
 * The anomaly queue: money that is somewhere it should not be, gathered from where the payment
 * services keep it — nothing is copied:
 *  - 'pay:<trade>': a payment an order could not take (payment_anomalies; services/orders/anomalies.ts
 *    recorded it and asked for its refund on arrival; refund_state follows pay_refunds);
 *  - 'order:<id>': an order holding money it should not — paid after its hold ran out with no place
 *    left or another booking (E / C with pay_flag T), or whose refund the gateway refused (RefundERR) —
 *    and any order staff acted on here (ops_anomalies remembers what it was).
 * Open: the money is not back and nobody marked it handled. Resolved: refunded, or marked 已处理.
 */
import type { Queryable, SqlValue } from '../../../db/types';
import {
  OPS_ANOMALY_KIND_LABEL,
  OPS_ANOMALY_MAX,
  OPS_REFUND_LABEL,
  type OpsAnomaly,
  type OpsAnomalyKind,
  type OpsRefundState,
} from '../../../../contract/api/backoffice/operations';
import { personOf } from './labels';

interface OpsRow {
  x_kind: string | null;
  x_arose_at: number | string | null;
  refund_by: string | null;
  refund_at: number | string | null;
  resolved_by: string | null;
  resolved_at: number | string | null;
  x_note: string | null;
}

const OPS_COLS = `x.kind AS x_kind, x.arose_at AS x_arose_at, x.refund_by, x.refund_at, x.resolved_by, x.resolved_at, x.note AS x_note`;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
/** The gateway's words as refunds.ts keeps them ('CODE message'; the v3 client's message repeats the code: 'CODE CODE: message'). */
const said = (note: string) => note.replace(/^(\S+) \1: /, '$1 ');

function staffOf(r: OpsRow): Pick<OpsAnomaly, 'refundBy' | 'resolved'> {
  return {
    refundBy: r.refund_at !== null && r.refund_at !== undefined ? { by: r.refund_by ?? '', at: iso(r.refund_at) } : null,
    resolved: r.resolved_at !== null && r.resolved_at !== undefined ? { by: r.resolved_by ?? '', at: iso(r.resolved_at), note: r.x_note ?? '' } : null,
  };
}

function finish(a: Omit<OpsAnomaly, 'kindLabel' | 'refundLabel' | 'refundable'>): OpsAnomaly {
  return {
    ...a,
    kindLabel: OPS_ANOMALY_KIND_LABEL[a.kind] ?? a.kind,
    refundLabel: OPS_REFUND_LABEL[a.refund],
    refundable: !a.resolved && (a.refund === 'none' || a.refund === 'refund_failed') && a.outTradeNo !== '',
  };
}

// ——— stray payments (payment_anomalies) ———

interface StrayRow extends OpsRow {
  out_trade_no: string;
  kind: string;
  ref: string;
  amount_cents: number | string;
  refund_state: string;
  refund_note: string;
  created_at: number | string;
  r_note: string | null;
  o_id: string | null;
  name: string | null;
  id_card: string | null;
  tel: string | null;
  clus_name: string | null;
  begin_time: string | null;
}

const STRAY_SELECT = `SELECT a.out_trade_no, a.kind, a.ref, a.amount_cents, a.refund_state, a.refund_note, a.created_at,
    r.note AS r_note, o.id AS o_id, o.name, o.id_card, o.tel, o.clus_name, o.begin_time, ${OPS_COLS}
  FROM payment_anomalies a
  LEFT JOIN pay_refunds r ON r.purpose = 'anomaly' AND r.ref = a.out_trade_no
  LEFT JOIN orders o ON o.id = a.ref
  LEFT JOIN ops_anomalies x ON x.id = 'pay:' || a.out_trade_no`;

const STRAY_REFUND: Record<string, OpsRefundState> = { refunding: 'refunding', refunded: 'refunded', refund_failed: 'refund_failed' };

function strayOf(r: StrayRow, masked: boolean): OpsAnomaly {
  const kind = (r.kind in OPS_ANOMALY_KIND_LABEL ? r.kind : 'unknown_trade') as OpsAnomalyKind;
  return finish({
    id: `pay:${r.out_trade_no}`,
    kind,
    orderId: r.o_id ?? '',
    outTradeNo: r.out_trade_no,
    person: r.o_id ? personOf({ name: r.name ?? '', id_card: r.id_card ?? '', tel: r.tel ?? '' }, masked) : null,
    packageName: r.clus_name ?? '',
    examDay: r.begin_time ?? '',
    amountCents: Number(r.amount_cents),
    at: iso(r.created_at),
    refund: STRAY_REFUND[r.refund_state] ?? 'refund_failed',
    provider: said(r.r_note || r.refund_note || ''),
    ...staffOf(r),
  });
}

// ——— orders holding money ———

interface OrderAnomalyRow extends OpsRow {
  id: string;
  name: string;
  id_card: string;
  tel: string;
  clus_name: string;
  begin_time: string;
  price_cents: number | string;
  state: string;
  pay_flag: string;
  errmsg: string;
  updated_at: number | string;
}

/** Orders whose state holds money staff must give back (or look at). */
export const ORDER_ANOMALY_WHERE = `o.price_cents > 0 AND ((o.state IN ('E', 'C') AND o.pay_flag = 'T') OR (o.state = 'Refund' AND o.pay_flag = 'RefundERR'))`;

const ORDER_SELECT = `SELECT o.id, o.name, o.id_card, o.tel, o.clus_name, o.begin_time, o.price_cents, o.state, o.pay_flag, o.errmsg, o.updated_at, ${OPS_COLS}
  FROM orders o LEFT JOIN ops_anomalies x ON x.id = 'order:' || o.id`;

/** What an order's anomaly is, from its state now (an order staff refunded keeps the kind it had: ops_anomalies.kind). */
export function orderKindOf(o: { state: string; pay_flag: string; errmsg: string }): OpsAnomalyKind {
  if (o.state === 'E') return o.errmsg.startsWith('支付超时') ? 'late_paid' : 'order_exception';
  if (o.state === 'C') return 'late_paid';
  return 'refund_failed';
}

export function orderRefundState(o: { state: string; pay_flag: string }): OpsRefundState {
  if (o.state !== 'Refund') return 'none';
  return o.pay_flag === 'TJServeERR' ? 'refunded' : o.pay_flag === 'RefundERR' ? 'refund_failed' : 'refunding';
}

const list = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `$${i + from}`).join(', ');

/** The trade each order was paid by (its own, never a stray one) and its latest refund's note. */
async function moneyOf(db: Queryable, ids: string[]): Promise<{ trade: Map<string, { no: string; cents: number }>; note: Map<string, string> }> {
  const trade = new Map<string, { no: string; cents: number }>();
  const note = new Map<string, string>();
  if (!ids.length) return { trade, note };
  const pays = await db.all<{ order_id: string; out_trade_no: string; amount_cents: number | string }>(
    `SELECT order_id, out_trade_no, amount_cents FROM payments WHERE order_id IN (${list(ids.length)}) AND state = 'T'
        AND out_trade_no NOT IN (SELECT out_trade_no FROM payment_anomalies) ORDER BY updated_at DESC`,
    ids,
  );
  for (const p of pays) if (!trade.has(p.order_id)) trade.set(p.order_id, { no: p.out_trade_no, cents: Number(p.amount_cents) });
  const refunds = await db.all<{ ref: string; note: string }>(
    `SELECT ref, note FROM pay_refunds WHERE purpose = 'order' AND ref IN (${list(ids.length)}) ORDER BY updated_at DESC`,
    ids,
  );
  for (const r of refunds) if (!note.has(r.ref)) note.set(r.ref, r.note);
  return { trade, note };
}

async function ordersOf(db: Queryable, rows: OrderAnomalyRow[], masked: boolean): Promise<OpsAnomaly[]> {
  const { trade, note } = await moneyOf(db, rows.map((r) => r.id));
  return rows.map((o) => {
    const t = trade.get(o.id);
    const refund = orderRefundState(o);
    return finish({
      id: `order:${o.id}`,
      kind: o.x_kind && o.x_kind in OPS_ANOMALY_KIND_LABEL ? (o.x_kind as OpsAnomalyKind) : orderKindOf(o),
      orderId: o.id,
      outTradeNo: t?.no ?? '',
      person: personOf(o, masked),
      packageName: o.clus_name,
      examDay: o.begin_time,
      amountCents: t?.cents ?? Number(o.price_cents),
      at: iso(o.x_arose_at ?? o.updated_at),
      refund,
      // the gateway's last word on a refund, else what the order says (支付超时且号源已满…)
      provider: said(note.get(o.id) ?? '') || (refund === 'refunded' ? '' : o.errmsg),
      ...staffOf(o),
    });
  });
}

const isResolved = (a: OpsAnomaly) => !!a.resolved || a.refund === 'refunded';
const newestFirst = (a: OpsAnomaly, b: OpsAnomaly) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id);

/** The queue, open or resolved, newest first. */
export async function listAnomalies(db: Queryable, state: 'open' | 'resolved', masked: boolean): Promise<OpsAnomaly[]> {
  const strays = await db.all<StrayRow>(
    state === 'open'
      ? `${STRAY_SELECT} WHERE a.refund_state <> 'refunded' AND x.resolved_at IS NULL ORDER BY a.created_at DESC LIMIT ${OPS_ANOMALY_MAX}`
      : `${STRAY_SELECT} WHERE a.refund_state = 'refunded' OR x.resolved_at IS NOT NULL ORDER BY a.created_at DESC LIMIT ${OPS_ANOMALY_MAX}`,
  );
  const orderRows = await db.all<OrderAnomalyRow>(
    `${ORDER_SELECT} WHERE (${ORDER_ANOMALY_WHERE}) OR o.id IN (SELECT SUBSTR(id, 7) FROM ops_anomalies WHERE id LIKE 'order:%')`,
  );
  const all = [...strays.map((r) => strayOf(r, masked)), ...(await ordersOf(db, orderRows, masked))];
  return all.filter((a) => isResolved(a) === (state === 'resolved')).sort(newestFirst).slice(0, OPS_ANOMALY_MAX);
}

/** One anomaly by its id, or null when there is none (an order that holds no money it should not, and staff never touched). */
export async function loadAnomaly(db: Queryable, id: string, masked: boolean): Promise<OpsAnomaly | null> {
  if (id.startsWith('pay:')) {
    const r = await db.one<StrayRow>(`${STRAY_SELECT} WHERE a.out_trade_no = $1`, [id.slice(4)]);
    return r ? strayOf(r, masked) : null;
  }
  if (id.startsWith('order:')) {
    const params: SqlValue[] = [id.slice(6)];
    const r = await db.one<OrderAnomalyRow>(`${ORDER_SELECT} WHERE o.id = $1 AND ((${ORDER_ANOMALY_WHERE}) OR x.id IS NOT NULL)`, params);
    return r ? (await ordersOf(db, [r], masked))[0] : null;
  }
  return null;
}
