/**
 * 预约订单 export: one row per order whose exam day is in [from, to] (the
 * centre's days), every state, in exam-day and slot order — what the front desk
 * plans by. Labels are the app's words (after-booking spec §4).
 */
import type { Queryable } from '../../../db/types';
import { BOOKING_EXPORT_HEADERS } from '../../../../contract/api/backoffice/exports';
import { addDays, centreDateTime } from '../../../../contract/rules/centre-day';
import { numbersFor, sheetXlsx, type Cell } from './workbook';

/** Order type → what the app calls it (flows' titles). */
export const ORDER_TYPE_LABEL: Record<string, string> = {
  person: '健康体检',
  question: '个性化体检',
  staff: '入职体检',
  vehicle: '驾驶证体检',
  healthCertificate: '健康证体检',
  group: '团队体检',
};

/** Order state as the app shows it (S depends on whether online payment is on). */
export function orderStateLabel(state: string, usePay: boolean): string {
  const labels: Record<string, string> = { F: '预约成功', S: usePay ? '已预约（待支付）' : '已预约（现场缴费）', C: '已撤销', export: '已导入', E: '异常订单', Refund: '已退费' };
  return labels[state] ?? state;
}

export const PAY_FLAG_LABEL: Record<string, string> = { F: '待支付', EING: '支付中', TJServeERR: '已退款', RefundERR: '退款失败', T: '已支付' };

interface Row {
  id: string;
  name: string;
  id_card: string;
  tel: string;
  type: string;
  clus_name: string;
  begin_time: string;
  sumtime_name: string;
  price_cents: number | string;
  state: string;
  pay_flag: string;
  company_name: string;
  created_at: number | string;
}

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
    PAY_FLAG_LABEL[r.pay_flag] ?? r.pay_flag,
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
