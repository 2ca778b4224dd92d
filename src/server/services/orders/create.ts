/** Order creation: one active order per person and package, idempotent repeats, the place taken in the same transaction. */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/types';
import { isUniqueViolation } from '../../db/index';
import { ApiError, type ServerDeps } from '../../plugins/call';
import type { ChosenItem } from '../../../contract/api/orders';
import { takePlace } from '../booking/calendar';
import { newId } from '../platform/ids';
import { MSG, OrderRow, fmtTime } from './model';

export interface NewOrder {
  openid: string;
  idCard: string;
  name: string;
  tel: string;
  type: string;
  clusCode: string;
  clusName: string;
  day: string;
  scope: string;
  slotCode: string;
  priceCents: number;
  items: ChosenItem[];
  companyName?: string;
  lncCode?: string;
  regno?: string;
  hospCode?: string;
  marrStatus?: string;
  hflag?: string;
  job?: string;
  spType?: string;
  questionZC?: string;
  requestId?: string;
}

export function idemKey(o: NewOrder): string {
  const basis = o.requestId
    ? `req|${o.requestId}|${o.idCard}`
    : [o.openid, o.idCard, o.type, o.clusCode, o.day, o.slotCode, o.items.map((i) => i.comb_code).join(',')].join('|');
  return createHash('sha256').update(basis).digest('hex');
}

/** Creates the order (or returns the same order for a repeated request). */
export async function createOrder(deps: ServerDeps, o: NewOrder): Promise<{ order: OrderRow; repeat: boolean }> {
  const { db, config, clock } = deps;
  const now = clock.now();
  const key = idemKey(o);
  const holds = config.isUsePay && o.priceCents > 0;
  const state = holds || (!config.isUsePay && o.priceCents > 0) ? 'S' : 'F';
  // Nothing to pay (group package without extras): marked settled.
  const payFlag = o.priceCents > 0 ? 'F' : 'T';
  const since = now - config.holdMs;
  const isTwin = (r: OrderRow) => r.idem_key === key && Number(r.created_at) >= since;
  const findRepeat = (q: Queryable) =>
    q.one<OrderRow>(
      `SELECT * FROM orders WHERE idem_key = $1 AND state <> 'C' AND state <> 'Refund' AND created_at >= $2 ORDER BY created_at DESC`,
      [key, since],
    );
  try {
    return await db.transaction(async (tx) => {
      const rep = await findRepeat(tx);
      if (rep) return { order: rep, repeat: true };
      // On PostgreSQL (READ COMMITTED) each statement sees what committed before it started:
      // a twin that committed after the look-up above is visible here, and it is this
      // request's order, not another booking.
      const active = await tx.one<OrderRow>(`SELECT * FROM orders WHERE id_card = $1 AND type = $2 AND state <> 'C' AND state <> 'Refund'`, [o.idCard, o.type]);
      if (active && isTwin(active)) return { order: active, repeat: true };
      if (active) throw new ApiError(MSG.duplicate);
      const day = await tx.one<{ flag: string }>('SELECT flag FROM calendar_days WHERE scope = $1 AND day = $2', [o.scope, o.day]);
      if (!day) throw new ApiError(MSG.notOpen);
      if (day.flag === 'T') throw new ApiError(MSG.holiday);
      const slot = await tx.one<{ total: number; name: string }>(
        'SELECT total, name FROM calendar_slots WHERE scope = $1 AND day = $2 AND code = $3',
        [o.scope, o.day, o.slotCode],
      );
      if (!slot) throw new ApiError(MSG.slotMissing);
      if (Number(slot.total) <= 0) throw new ApiError(MSG.notOpen);
      const id = newId(o.type === 'group' ? 'T' : 'P');
      await tx.run(
        `INSERT INTO orders (id, openid, id_card, name, tel, type, clus_code, clus_name, begin_time, scope, sumtime_code, sumtime_name,
           price_cents, state, errmsg, pay_flag, choose_comb_code, company_name, lnc_code, regno, tj_date, hosp_code, marr_status,
           hflag, job, sp_type, question_zc, idem_key, hold_until, created_at, created_time, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, '', $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $29)`,
        [
          id, o.openid, o.idCard, o.name, o.tel, o.type, o.clusCode, o.clusName, o.day, o.scope, o.slotCode, slot.name,
          o.priceCents, state, payFlag, JSON.stringify(o.items), o.companyName ?? '', o.lncCode ?? '', o.regno ?? '', o.day,
          o.hospCode ?? '', o.marrStatus ?? '', o.hflag ?? '', o.job ?? '', o.spType ?? '', o.questionZC ?? '', key,
          holds ? now + config.holdMs : null, now, fmtTime(now),
        ],
      );
      await tx.run(
        `INSERT INTO users (openid, name, id_card, tel, tag, created_at, updated_at) VALUES ($1, $2, $3, $4, '0', $5, $5)
         ON CONFLICT (openid) DO UPDATE SET name = excluded.name, id_card = excluded.id_card, tel = excluded.tel, updated_at = excluded.updated_at`,
        [o.openid, o.name, o.idCard, o.tel, now],
      );
      const order = await tx.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [id]);
      // The place is taken last: on PostgreSQL the slot row stays locked only from here to COMMIT.
      if (!(await takePlace(tx, o.scope, o.day, o.slotCode))) throw new ApiError(MSG.slotFull);
      return { order: order!, repeat: false };
    });
  } catch (e) {
    if (isUniqueViolation(e)) {
      // A concurrent twin won the race (PostgreSQL): answer with its order when it is the same request.
      const rep = await findRepeat(db);
      if (rep) return { order: rep, repeat: true };
      throw new ApiError(MSG.duplicate);
    }
    throw e;
  }
}
