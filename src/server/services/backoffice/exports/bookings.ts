/**
 * 预约订单 export: one row per order whose exam day is in [from, to] (the
 * centre's days), every state, in exam-day and slot order — what the front desk
 * plans by. Labels are the app's words (after-booking spec §4).
 */
import type { Queryable } from '../../../db/types';
import { BOOKING_EXPORT_HEADERS } from '../../../../contract/api/backoffice/exports';
import { addDays, centreDateTime } from '../../../../contract/rules/centre-day';
import type { OrderRow } from '../../orders/model';
import { ORDER_TYPE_LABEL, orderStateLabel, payFlagLabel } from '../order-labels';
import { numbersFor, sheetXlsx, type Cell } from './workbook';

type Row = Pick<OrderRow, 'id' | 'name' | 'id_card' | 'tel' | 'type' | 'clus_name' | 'begin_time' | 'sumtime_name' | 'price_cents' | 'state' | 'pay_flag' | 'company_name' | 'created_at'>;

export async function bookingRows(db: Queryable, from: string, to: string, full: boolean, usePay: boolean): Promise<Cell[][]> {
  const rows = await db.all<Row>(
    `SELECT id, name, id_card, tel, type, clus_name, begin_time, sumtime_name, price_cents, state, pay_flag, company_name, created_at
       FROM orders WHERE begin_time >= $1 AND begin_time < $2 ORDER BY begin_time, sumtime_code, created_at, id`,
    [from, addDays(to, 1)],
  );
  const n = numbersFor(full);
  return rows.map((r) => [
    r.id,
    r.name,
    n.id(r.id_card),
    n.phone(r.tel),
    ORDER_TYPE_LABEL[r.type] ?? r.type,
    r.clus_name,
    r.begin_time.slice(0, 10),
    r.sumtime_name,
    Number(r.price_cents) / 100,
    orderStateLabel(r.state, usePay),
    payFlagLabel(r.pay_flag),
    r.company_name,
    centreDateTime(Number(r.created_at)),
  ]);
}

export async function bookingsXlsx(db: Queryable, from: string, to: string, full: boolean, usePay: boolean): Promise<Buffer> {
  const rows = await bookingRows(db, from, to, full, usePay);
  return sheetXlsx(
    '预约订单',
    BOOKING_EXPORT_HEADERS.map((header) => (header === '金额(元)' ? { header, numFmt: '0.00' } : { header })),
    rows,
  );
}
