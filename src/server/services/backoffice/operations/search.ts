/**
 * The operations search: orders by a person's name (or part of it), mobile number, ID number
 * (whole, or its last 4+ characters), order number, exam number or trade number — whichever the
 * words typed can be. At most OPS_SEARCH_MAX orders, newest first; ID and phone (and the name)
 * masked unless the admin has 运营. The words themselves are health-related personal data: they
 * are never logged, only what kind of key they looked like (searchKinds).
 */
import type { Queryable, SqlValue } from '../../../db/types';
import { OPS_SEARCH_MAX, opsSearchProblem, type OpsSearchRes } from '../../../../contract/api/backoffice/operations';
import type { OrderRow } from '../../orders/model';
import { StudioFailure } from '../../studio/live-sync';
import { payFlagLabel } from '../order-labels';
import { orderCard } from './labels';

type HitRow = Pick<OrderRow, 'id' | 'name' | 'id_card' | 'tel' | 'type' | 'company_name' | 'clus_name' | 'begin_time' | 'sumtime_name' | 'price_cents' | 'state' | 'pay_flag' | 'created_time'>;

/** `LIKE` text with its own % _ \ taken literally. */
const escLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The payment as staff read it: a cancelled booking whose payment sheet was left open is 未支付, not 支付中. */
function payLabel(r: Pick<HitRow, 'price_cents' | 'state' | 'pay_flag'>): string {
  if (Number(r.price_cents) === 0) return '无需支付';
  if ((r.state === 'C' || r.state === 'Refund') && (r.pay_flag === 'F' || r.pay_flag === 'EING')) return '未支付';
  return payFlagLabel(r.pay_flag);
}

/** What the typed words may be: for the log (never the words) and for the query. */
export function searchKinds(q: string): string[] {
  const kinds = ['order'];
  if (/^1[3-9]\d{9}$/.test(q)) kinds.push('phone');
  if (/^\d{3,17}[\dXx]$/.test(q)) kinds.push(q.length >= 15 ? 'idcard' : 'idcard-tail');
  if (!/\d/.test(q)) kinds.push('name');
  return kinds;
}

export async function searchOrders(db: Queryable, raw: unknown, masked: boolean): Promise<OpsSearchRes & { kinds: string[] }> {
  const problem = opsSearchProblem(raw);
  if (problem) throw new StudioFailure(400, problem);
  const q = String(raw).trim();
  const kinds = searchKinds(q);
  const params: SqlValue[] = [];
  const p = (v: SqlValue) => {
    params.push(v);
    return `$${params.length}`;
  };
  const exact = p(q);
  const ors = [
    `o.id = ${exact}`,
    `(o.regno <> '' AND o.regno = ${exact})`,
    `o.id IN (SELECT order_id FROM payments WHERE out_trade_no = ${exact})`,
  ];
  if (kinds.includes('phone')) ors.push(`o.tel = ${exact}`);
  if (kinds.includes('idcard') || kinds.includes('idcard-tail')) {
    if (q.length >= 4) ors.push(`UPPER(o.id_card) LIKE ${p(`%${escLike(q.toUpperCase())}`)} ESCAPE '\\'`);
  }
  if (kinds.includes('name')) ors.push(`o.name LIKE ${p(`%${escLike(q)}%`)} ESCAPE '\\'`);
  const rows = await db.all<HitRow>(
    `SELECT o.id, o.name, o.id_card, o.tel, o.type, o.company_name, o.clus_name, o.begin_time, o.sumtime_name, o.price_cents, o.state, o.pay_flag, o.created_time
       FROM orders o WHERE ${ors.join(' OR ')} ORDER BY o.created_at DESC, o.id LIMIT ${OPS_SEARCH_MAX + 1}`,
    params,
  );
  return {
    hits: rows.slice(0, OPS_SEARCH_MAX).map((r) => ({
      ...orderCard(r, masked),
      examDay: r.begin_time,
      slot: r.sumtime_name,
      amountCents: Number(r.price_cents),
      state: r.state,
      payLabel: payLabel(r),
      company: r.company_name,
      createdTime: r.created_time,
    })),
    more: rows.length > OPS_SEARCH_MAX,
    masked,
    kinds,
  };
}
