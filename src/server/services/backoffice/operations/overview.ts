/**
 * The operations overview: for each day of the next weeks, places against what is booked per
 * calendar (calendar_slots: booked = total − surplus, the ledger the booking server keeps) and
 * the active bookings from orders; tomorrow's arrivals by time slot; money in and out per day
 * (payments and scan-code bills by the time they were marked paid, refunds by the time they
 * succeeded), bucketed by the centre's day, never the host's.
 */
import type { Queryable } from '../../../db/types';
import {
  OPS_ALL_SCOPES,
  OPS_MONEY_DAYS,
  OPS_WEEKS_DEFAULT,
  OPS_WEEKS_MAX,
  type OpsArrivalSlot,
  type OpsDayLoad,
  type OpsMoneyDay,
  type OpsOverviewRes,
  type OpsScopeLoad,
} from '../../../../contract/api/backoffice/operations';
import { addDays, centreDay, centreDayStart, centreMs } from '../../../../contract/rules/centre-day';
import type { OrderRow } from '../../orders/model';
import { StudioFailure } from '../../studio/live-sync';
import { orderCard, scopeLabels } from './labels';

/** The order states that hold a place on their day (待支付 with a hold, 预约成功, 已导入). */
export const ACTIVE_STATES = `('S', 'F', 'export')`;

/** from / weeks as typed in the query → checked values (400 with the reason otherwise). */
export function overviewRange(q: { from?: unknown; weeks?: unknown }, today: string): { from: string; weeks: number } {
  const from = q.from === undefined || q.from === '' ? today : String(q.from);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || Number.isNaN(centreMs(from))) throw new StudioFailure(400, '开始日期格式应为 YYYY-MM-DD');
  const weeks = q.weeks === undefined || q.weeks === '' ? OPS_WEEKS_DEFAULT : Number(q.weeks);
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > OPS_WEEKS_MAX) throw new StudioFailure(400, `周数应为 1 到 ${OPS_WEEKS_MAX}`);
  return { from, weeks };
}

const SCOPE_ORDER = ['P:person', 'P:staff', 'P:vehicle', 'P:healthCertificate', 'T:total'];
const rank = (s: string) => (SCOPE_ORDER.includes(s) ? SCOPE_ORDER.indexOf(s) : SCOPE_ORDER.length);

async function loads(db: Queryable, from: string, to: string, days: string[]): Promise<OpsScopeLoad[]> {
  const slots = await db.all<{ scope: string; day: string; places: number | string; booked: number | string }>(
    `SELECT scope, day, SUM(total) AS places, SUM(total - surplus) AS booked FROM calendar_slots WHERE day >= $1 AND day <= $2 GROUP BY scope, day`,
    [from, to],
  );
  const flags = await db.all<{ scope: string; day: string; flag: string }>(`SELECT scope, day, flag FROM calendar_days WHERE day >= $1 AND day <= $2`, [from, to]);
  const orders = await db.all<{ scope: string; day: string; n: number | string; unpaid: number | string }>(
    `SELECT scope, begin_time AS day, COUNT(*) AS n, SUM(CASE WHEN state = 'S' THEN 1 ELSE 0 END) AS unpaid
       FROM orders WHERE begin_time >= $1 AND begin_time <= $2 AND state IN ${ACTIVE_STATES} GROUP BY scope, begin_time`,
    [from, to],
  );
  const cell = new Map<string, OpsDayLoad>();
  const at = (scope: string, day: string) => {
    const k = `${scope}|${day}`;
    let c = cell.get(k);
    if (!c) cell.set(k, (c = { day, places: 0, booked: 0, orders: 0, unpaid: 0, holiday: false }));
    return c;
  };
  const used = new Set<string>();
  for (const r of slots) {
    const c = at(r.scope, r.day);
    c.places = Number(r.places);
    c.booked = Number(r.booked);
    if (c.places || c.booked) used.add(r.scope);
  }
  for (const r of orders) {
    const c = at(r.scope, r.day);
    c.orders = Number(r.n);
    c.unpaid = Number(r.unpaid);
    used.add(r.scope);
  }
  const holidays = new Map<string, { all: number; off: number }>();
  for (const f of flags) {
    if (f.flag === 'T') at(f.scope, f.day).holiday = true;
    const h = holidays.get(f.day) ?? { all: 0, off: 0 };
    h.all += 1;
    if (f.flag === 'T') h.off += 1;
    holidays.set(f.day, h);
  }
  const scopes = [...used].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const labels = await scopeLabels(db, scopes);
  const per: OpsScopeLoad[] = scopes.map((scope) => ({
    scope,
    label: labels.get(scope) ?? scope,
    days: days.map((d) => ({ ...(cell.get(`${scope}|${d}`) ?? { day: d, places: 0, booked: 0, orders: 0, unpaid: 0, holiday: false }) })),
  }));
  const sum: OpsScopeLoad = {
    scope: OPS_ALL_SCOPES,
    label: '全部',
    days: days.map((d, i) => {
      const h = holidays.get(d);
      const one = { day: d, places: 0, booked: 0, orders: 0, unpaid: 0, holiday: !!h && h.all > 0 && h.off === h.all };
      for (const s of per) {
        one.places += s.days[i].places;
        one.booked += s.days[i].booked;
        one.orders += s.days[i].orders;
        one.unpaid += s.days[i].unpaid;
      }
      return one;
    }),
  };
  return [sum, ...per];
}

type ArrivalRow = Pick<OrderRow, 'id' | 'name' | 'id_card' | 'tel' | 'type' | 'company_name' | 'clus_name' | 'state' | 'pay_flag' | 'price_cents' | 'sumtime_code' | 'sumtime_name'>;

async function arrivals(db: Queryable, day: string, masked: boolean): Promise<OpsArrivalSlot[]> {
  const rows = await db.all<ArrivalRow>(
    `SELECT id, name, id_card, tel, type, company_name, clus_name, state, pay_flag, price_cents, sumtime_code, sumtime_name
       FROM orders WHERE begin_time = $1 AND state IN ${ACTIVE_STATES} ORDER BY sumtime_name, sumtime_code, created_at, id`,
    [day],
  );
  const slots = new Map<string, OpsArrivalSlot>();
  for (const r of rows) {
    const slot = r.sumtime_name || r.sumtime_code || '未定时段';
    let s = slots.get(slot);
    if (!s) slots.set(slot, (s = { slot, count: 0, people: [] }));
    s.count += 1;
    s.people.push({ ...orderCard(r, masked), paid: r.pay_flag === 'T' || Number(r.price_cents) === 0 });
  }
  return [...slots.values()];
}

async function money(db: Queryable, today: string): Promise<OpsMoneyDay[]> {
  const first = addDays(today, -(OPS_MONEY_DAYS - 1));
  const since = centreDayStart(first);
  const days = Array.from({ length: OPS_MONEY_DAYS }, (_, i) => addDays(first, i));
  const out = new Map<string, OpsMoneyDay>(days.map((d) => [d, { day: d, payments: 0, paymentCents: 0, refunds: 0, refundCents: 0 }]));
  type Row = { amount_cents: number | string; updated_at: number | string };
  const paid = [
    ...(await db.all<Row>(`SELECT amount_cents, updated_at FROM payments WHERE state = 'T' AND updated_at >= $1`, [since])),
    ...(await db.all<Row>(`SELECT amount_cents, updated_at FROM pay_records WHERE pay_state = 'T' AND updated_at >= $1`, [since])),
  ];
  for (const r of paid) {
    const d = out.get(centreDay(Number(r.updated_at)));
    if (!d) continue; // later than today (a clock moved back): not in the table
    d.payments += 1;
    d.paymentCents += Number(r.amount_cents);
  }
  for (const r of await db.all<Row>(`SELECT amount_cents, updated_at FROM pay_refunds WHERE state = 'SUCCESS' AND updated_at >= $1`, [since])) {
    const d = out.get(centreDay(Number(r.updated_at)));
    if (!d) continue;
    d.refunds += 1;
    d.refundCents += Number(r.amount_cents);
  }
  return days.map((d) => out.get(d)!);
}

export async function loadOverview(db: Queryable, o: { from: string; weeks: number; nowMs: number; masked: boolean }): Promise<OpsOverviewRes> {
  const today = centreDay(o.nowMs);
  const days = Array.from({ length: o.weeks * 7 }, (_, i) => addDays(o.from, i));
  const tomorrow = addDays(today, 1);
  const slots = await arrivals(db, tomorrow, o.masked);
  return {
    today,
    from: o.from,
    weeks: o.weeks,
    scopes: await loads(db, o.from, days[days.length - 1], days),
    tomorrow: { day: tomorrow, count: slots.reduce((a, s) => a + s.count, 0), slots },
    money: await money(db, today),
    masked: o.masked,
  };
}
