/**
 * Payment records and scan-code payment (after-booking spec §2 Payment
 * records / Scan-code payment, §5, §7). A scan-code record (pay_records) is
 * created by the centre for an exam number with the amount due and an expiry;
 * the examinee scans, sees it (GetInforMation) and pays (SweepCodePay). The
 * amount is always the record's, never the client's; an expired record is
 * refused with 订单已过期.
 */
import { serverTexts } from '../../messages';
import type { Db } from '../../db/types';
import type { InforMationRow, PayRecord, SweepCodePayRes } from '../../../contract/api/payments';
import type { PayProvider } from '../../providers/wechat/types';
import { formatCents, tryCents } from '../../../contract/rules/money';
import { newId } from '../platform/ids';

export const PAY_MSG = serverTexts('payments', {
  unknown: '该体检人不存在',
  expired: '订单已过期',
  paid: '该订单已支付',
  amount: '金额异常',
  payFailed: '支付下单失败，请稍后再试',
} as const);

export class PayRecordError extends Error {}

/** The examinee-not-found row the client recognises (a first row with only Info). */
export const UNKNOWN_EXAMINEE_ROW = { Info: PAY_MSG.unknown } as const;

interface PayRow {
  id: string;
  reg_no: string;
  openid: string | null;
  name: string;
  createtime: string;
  clus_name: string;
  amount_cents: number | string;
  tj_date: string;
  expires_at: number | string;
  pay_state: string;
  out_trade_no: string | null;
}

const flagOf = (s: string): 'F' | 'EING' | 'T' => (s === 'T' ? 'T' : s === 'EING' ? 'EING' : 'F');

/**
 * Records of an openid: its scan-code records plus the booking orders it paid — refunded
 * ones as refunds. An order with nothing to pay (a group package without extras) is no
 * payment and is not listed.
 */
export async function listPayRecords(db: Db, openid: string): Promise<PayRecord[]> {
  const own = await db.all<PayRow>(`SELECT * FROM pay_records WHERE openid = $1`, [openid]);
  const orders = await db.all<{ regno: string; id: string; name: string; created_time: string; clus_name: string; price_cents: number | string; tj_date: string; begin_time: string; pay_flag: string }>(
    `SELECT id, regno, name, created_time, clus_name, price_cents, tj_date, begin_time, pay_flag FROM orders
      WHERE openid = $1 AND price_cents > 0 AND pay_flag IN ('T', 'TJServeERR', 'RefundERR')`,
    [openid],
  );
  const out: PayRecord[] = [
    ...own.map((r) => ({
      regno: r.reg_no,
      name: r.name,
      createtime: r.createtime,
      clus_name: r.clus_name,
      PayAmount: formatCents(Number(r.amount_cents)),
      pay_flag: flagOf(r.pay_state),
      tj_date: r.tj_date,
    })),
    ...orders.map((o) => ({
      regno: o.regno,
      name: o.name,
      createtime: o.created_time,
      clus_name: o.clus_name,
      PayAmount: formatCents(Number(o.price_cents)),
      pay_flag: o.pay_flag === 'TJServeERR' ? ('Refund' as const) : o.pay_flag === 'RefundERR' ? ('RefundERR' as const) : ('T' as const),
      tj_date: o.tj_date || o.begin_time,
    })),
  ];
  return out.sort((a, b) => (a.createtime < b.createtime ? 1 : a.createtime > b.createtime ? -1 : 0));
}

/**
 * The examinee's name as the scan-code page shows it to whoever scanned: first
 * character + '*' (张伟 → 张*, 欧阳娜娜 → 欧*; the length is not shown either).
 * GetInforMation is open to any logged-in payer (docs/decisions-server.md).
 */
export function maskName(name: string): string {
  const chars = Array.from(String(name ?? '').trim());
  return chars.length ? `${chars[0]}*` : '';
}

/**
 * GetInforMation: what paying needs and nothing more — exam number, masked
 * name, package, amount, exam date, state. No ID number, phone or company.
 */
export async function getInformation(db: Db, regno: string, now: number): Promise<Array<InforMationRow | typeof UNKNOWN_EXAMINEE_ROW>> {
  const r = await db.one<PayRow>(`SELECT * FROM pay_records WHERE reg_no = $1`, [regno]);
  if (!r) return [UNKNOWN_EXAMINEE_ROW];
  return [
    {
      regno: r.reg_no,
      name: maskName(r.name),
      createtime: r.createtime,
      clus_name: r.clus_name,
      PayAmount: formatCents(Number(r.amount_cents)),
      tj_date: r.tj_date,
      expired: r.pay_state !== 'T' && Number(r.expires_at) <= now,
      pay_flag: flagOf(r.pay_state),
    },
  ];
}

export interface SweepInput {
  regno: string;
  openid: string;
  price?: string | number;
  now: number;
  clientIp: string;
  notifyUrl: string;
  /** Told about a provider failure (the caller logs it; the examinee sees PAY_MSG.payFailed). */
  onProviderError?: (e: unknown) => void;
}

export async function sweepCodePay(db: Db, pay: PayProvider, q: SweepInput): Promise<SweepCodePayRes> {
  const r = await db.one<PayRow>(`SELECT * FROM pay_records WHERE reg_no = $1`, [q.regno]);
  if (!r) throw new PayRecordError(PAY_MSG.unknown);
  if (r.pay_state === 'T') throw new PayRecordError(PAY_MSG.paid);
  if (Number(r.expires_at) <= q.now) throw new PayRecordError(PAY_MSG.expired);
  const cents = Number(r.amount_cents);
  if (q.price !== undefined && q.price !== '' && tryCents(q.price) !== cents) throw new PayRecordError(PAY_MSG.amount);
  // One trade per bill: the first attempt names it, every later one (a retry, another phone) pays
  // the same trade, so the bill can be paid once only. Conditional: a record paid or expired in
  // between is not re-opened.
  const n = await db.run(
    `UPDATE pay_records SET pay_state = 'EING', out_trade_no = COALESCE(out_trade_no, $2), openid = COALESCE(openid, $3), updated_at = $4
      WHERE id = $1 AND pay_state <> 'T' AND expires_at > $4`,
    [r.id, newId('SC'), q.openid, q.now],
  );
  if (n === 0) throw new PayRecordError(PAY_MSG.expired);
  const outTradeNo = (await db.one<{ out_trade_no: string }>(`SELECT out_trade_no FROM pay_records WHERE id = $1`, [r.id]))!.out_trade_no;
  try {
    const p = await pay.jsapiPay({
      outTradeNo,
      totalFee: cents,
      body: `体检费-${r.clus_name}`.slice(0, 120),
      openid: q.openid,
      notifyUrl: q.notifyUrl,
      clientIp: q.clientIp,
    });
    return { appid: p.appid, timeStamp: p.timeStamp, nonceStr: p.nonceStr, package: p.package, signType: p.signType, paySign: p.paySign };
  } catch (e) {
    q.onProviderError?.(e);
    await db.run(`UPDATE pay_records SET pay_state = 'F', updated_at = $2 WHERE id = $1 AND pay_state = 'EING'`, [r.id, q.now]);
    throw new PayRecordError(PAY_MSG.payFailed);
  }
}

/** A verified pay notification (or sandbox result) for a scan-code trade: marks it paid when the amount matches. */
export async function completeScanPay(db: Db, outTradeNo: string, totalFee: number, now: number): Promise<boolean> {
  const n = await db.run(
    `UPDATE pay_records SET pay_state = 'T', updated_at = $3 WHERE out_trade_no = $1 AND amount_cents = $2 AND pay_state <> 'T'`,
    [outTradeNo, totalFee, now],
  );
  if (n > 0) return true;
  return !!(await db.one(`SELECT id FROM pay_records WHERE out_trade_no = $1 AND pay_state = 'T'`, [outTradeNo]));
}

export const isScanPayTrade = (outTradeNo: string) => outTradeNo.startsWith('SC');

/**
 * Sandbox only: completes the open scan-code trade of a regno as the sandbox sheet's "ok" would,
 * through completeScanPay (what a verified notify applies). For the core's SandboxPayResult: when
 * its id is not an order, call this with the regno. Returns false when there is no open trade.
 */
export async function sandboxCompleteScanPay(db: Db, pay: PayProvider, regno: string, now: number): Promise<boolean> {
  if (pay.name !== 'sandbox') return false;
  const r = await db.one<PayRow>(`SELECT * FROM pay_records WHERE reg_no = $1 AND pay_state = 'EING'`, [regno]);
  if (!r?.out_trade_no) return false;
  return completeScanPay(db, r.out_trade_no, Number(r.amount_cents), now);
}

/** The sheet was closed or failed (sandbox): the bill is payable again, with the same trade. */
export async function abandonScanPay(db: Db, regno: string, now: number): Promise<boolean> {
  return (await db.run(`UPDATE pay_records SET pay_state = 'F', updated_at = $2 WHERE reg_no = $1 AND pay_state = 'EING'`, [regno, now])) > 0;
}

/** Housekeeping: abandons paying (EING) scan-code trades whose record expired. */
export async function expireScanPays(db: Db, now: number): Promise<number> {
  return db.run(`UPDATE pay_records SET pay_state = 'F', updated_at = $1 WHERE pay_state = 'EING' AND expires_at <= $1`, [now]);
}
