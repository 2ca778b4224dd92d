/**
 * Orders: creation (personal and group), payment hold and its expiry, payment
 * marking (notify / sandbox), cancellation and refund. Every place change is a
 * conditional UPDATE inside a transaction; every state change is conditional on
 * the state it leaves, so concurrent requests and several instances stay correct.
 */
import { createHash } from 'node:crypto';
import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import { isUniqueViolation } from '../db/index';
import { ApiError, type ServerDeps } from '../plugins/call';
import { formatCents, tryCents } from '../../contract/rules/money';
import { checkIdCard, idCardSex } from '../../contract/rules/idcard';
import { checkPhone } from '../../contract/rules/phone';
import type { ChosenItem, OrderView, UserInfo } from '../../contract/booking';
import { itemFitsSex, itemsByCodes, getPackage, type PackageRow } from './catalog';
import { releasePlace, takePlace, todayOf } from './calendar';
import { newId } from './ids';
import { refundStrayPayment, type AnomalyKind } from './payment-anomalies';
import { addDays, cancelCutoffMs, centreDateTime } from '../../contract/rules/centre-day';

export const MSG = {
  sexMismatch: '请选择对应性别的套餐！',
  marriedOnly: '该套餐为已婚套餐，未婚人士不可预约',
  dayBefore: '请至少提前一天预约',
  notOpen: '该日期暂未开放预约',
  holiday: '该日为休假日，不可预约',
  slotMissing: '请选择报到时间',
  slotFull: '该时段已无号源！请选择其他时段',
  priceMismatch: '金额异常',
  onsiteOnly: '该项目需要到现场增加',
  itemMissing: '所选项目不存在',
  itemInPackage: '所选项目已包含在套餐中',
  itemSex: '所选项目与套餐性别不符',
  branchMissing: '请先选择体检院区',
  addItemOff: '暂不支持线上加项',
  duplicate: '您已有该类型的有效预约，请勿重复预约',
  packageMissing: '套餐不存在',
  orderMissing: '订单不存在',
  cutoff: '已过有效取消时间，无法取消！',
  alreadyCancelled: '订单已撤销，请勿重复操作',
  exported: '订单已导入体检系统，无法线上撤销，请联系工作人员',
  paidUseRefund: '订单已支付，请申请退费',
  notPaid: '订单未支付，无需退费',
  expired: '订单已过期',
  payOff: '暂未开通线上支付',
  noNeedPay: '该订单无需支付',
  alreadyPaid: '订单已支付',
  refundFailed: '退款失败，请联系工作人员',
  booked: '预约成功',
} as const;

/** errmsg of an order the examinee cancelled (a payment arriving after it is refunded, not taken). */
export const CANCELLED_BY_USER = '用户撤销';

export interface OrderRow {
  id: string;
  openid: string;
  id_card: string;
  name: string;
  tel: string;
  type: string;
  clus_code: string;
  clus_name: string;
  begin_time: string;
  scope: string;
  sumtime_code: string;
  sumtime_name: string;
  price_cents: number;
  state: string;
  errmsg: string;
  pay_flag: string;
  choose_comb_code: string;
  company_name: string;
  lnc_code: string;
  regno: string;
  tj_date: string;
  hosp_code: string;
  idem_key: string;
  hold_until: number | null;
  created_at: number;
  created_time: string;
}

export function orderView(r: OrderRow): OrderView {
  let items: ChosenItem[] = [];
  try {
    items = JSON.parse(r.choose_comb_code || '[]');
  } catch {
    items = [];
  }
  return {
    id: r.id,
    idCard: r.id_card,
    name: r.name,
    tel: r.tel,
    type: r.type,
    clus_Code: r.clus_code,
    clus_Name: r.clus_name,
    begin_Time: r.begin_time,
    sumtime_Name: r.sumtime_name,
    sumtime_Code: r.sumtime_code,
    price: formatCents(Number(r.price_cents)),
    state: r.state as OrderView['state'],
    errmsg: r.errmsg,
    created_Time: r.created_time,
    choose_comb_code: items,
    company_Name: r.company_name,
    regno: r.regno,
    pay_flag: r.pay_flag as OrderView['pay_flag'],
    tj_date: r.tj_date,
    hospCode: r.hosp_code,
    lnc_Code: r.lnc_code,
    hold_until: r.hold_until === null || r.hold_until === undefined ? null : Number(r.hold_until),
  };
}

export const normId = (id: string) => String(id ?? '').trim().toUpperCase();
/** Order times as the centre's wall clock (the app reads them as such; the host may run in UTC). */
const fmtTime = centreDateTime;

// ---------------------------------------------------------------- validation

/**
 * ID (spec order of messages) and phone of a group booking. The name's limits
 * live in schemas/api/TeamOrderAdd.json; a personal booking's fields in its
 * form schema (forms/person-order*.json), which the server applies as the app does.
 */
export function checkIdAndPhone(idCard: string, tel: string, today: string): void {
  const idMsg = checkIdCard(idCard, today);
  if (idMsg) throw new ApiError(idMsg);
  const telMsg = checkPhone(tel);
  if (telMsg) throw new ApiError(telMsg);
}

/** Sex parity of the ID's 17th digit vs the package sex (3 = either). */
export function checkSex(pkg: PackageRow, idCard: string): void {
  const sex = Number(pkg.sex);
  if (sex !== 3 && sex !== idCardSex(idCard)) throw new ApiError(MSG.sexMismatch);
}

/** Booking at the latest one day before: the exam day must be after today. */
export function checkDay(day: string, nowMs: number, endDays: number): void {
  const today = todayOf(nowMs);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !dayjs(day).isValid()) throw new ApiError('请选择体检日期');
  if (day <= today) throw new ApiError(MSG.dayBefore);
  if (day > addDays(today, endDays)) throw new ApiError(MSG.notOpen);
}

/** Parses 'a,b,c' extra codes; refuses unknown, on-site-only and in-package items; returns items + cents. */
export async function resolveExtras(
  db: Queryable,
  raw: string | undefined,
  clusCode: string,
  allowAdd: boolean,
): Promise<{ items: ChosenItem[]; cents: number }> {
  const codes = [...new Set(String(raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (codes.length === 0) return { items: [], cents: 0 };
  if (!allowAdd) throw new ApiError(MSG.addItemOff);
  if (codes.length > 200) throw new ApiError(MSG.itemMissing);
  const rows = await itemsByCodes(db, codes);
  if (rows.length !== codes.length) throw new ApiError(MSG.itemMissing);
  if (rows.some((r) => Number(r.onsite_only) === 1)) throw new ApiError(MSG.onsiteOnly);
  if (rows.some((r) => Number(r.addable) !== 1)) throw new ApiError(MSG.itemMissing);
  const inPkg = await db.all<{ comb_code: string }>(
    `SELECT comb_code FROM package_items WHERE clus_code = $1 AND comb_code IN (${codes.map((_, i) => `$${i + 2}`).join(', ')})`,
    [clusCode, ...codes],
  );
  if (inPkg.length > 0) throw new ApiError(MSG.itemInPackage);
  const pkg = await db.one<{ sex: number }>('SELECT sex FROM packages WHERE clus_code = $1', [clusCode]);
  if (rows.some((r) => !itemFitsSex((r as { sex?: number }).sex, pkg?.sex))) throw new ApiError(MSG.itemSex);
  const byCode = new Map(rows.map((r) => [r.comb_code, r]));
  const items = codes.map((c) => {
    const r = byCode.get(c)!;
    return { comb_code: r.comb_code, comb_name: r.comb_name, price: formatCents(Number(r.price_cents)) };
  });
  return { items, cents: rows.reduce((a, r) => a + Number(r.price_cents), 0) };
}

export function checkPrice(clientPrice: unknown, expectedCents: number): void {
  const c = tryCents(clientPrice as string | number);
  if (c === null || c !== expectedCents) throw new ApiError(MSG.priceMismatch);
}

// ---------------------------------------------------------------- creation

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

export async function userOf(db: Queryable, openid: string): Promise<UserInfo> {
  const u = await db.one<{ openid: string; name: string; id_card: string; tel: string; tag: string }>('SELECT * FROM users WHERE openid = $1', [openid]);
  return { openid, name: u?.name ?? '', idCard: u?.id_card ?? '', tel: u?.tel ?? '', tag: u?.tag ?? '0' };
}

// ---------------------------------------------------------------- hold expiry

let lastLazy = -Infinity;

/** Releases places of unpaid orders whose hold ran out (order → C, surplus + 1). Safe across instances. */
export async function releaseExpired(deps: Pick<ServerDeps, 'db' | 'clock'>, limit = 200): Promise<number> {
  const now = deps.clock.now();
  const rows = await deps.db.all<{ id: string }>(
    `SELECT id FROM orders WHERE state = 'S' AND hold_until IS NOT NULL AND hold_until < $1 ORDER BY hold_until LIMIT ${Number(limit)}`,
    [now],
  );
  let n = 0;
  for (const r of rows) {
    const done = await deps.db.transaction(async (tx) => {
      const o = await tx.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [r.id]);
      if (!o) return false;
      const changed = await tx.run(
        `UPDATE orders SET state = 'C', errmsg = '超时未支付，已自动取消', pay_flag = 'F', updated_at = $2
          WHERE id = $1 AND state = 'S' AND hold_until IS NOT NULL AND hold_until < $2`,
        [r.id, now],
      );
      if (changed !== 1) return false;
      await releasePlace(tx, o.scope, o.begin_time, o.sumtime_code);
      return true;
    });
    if (done) n++;
  }
  return n;
}

/** The lazy variant called on reads: at most once a second per process. */
export async function releaseExpiredLazy(deps: Pick<ServerDeps, 'db' | 'clock'>): Promise<void> {
  const now = deps.clock.now();
  if (Math.abs(now - lastLazy) < 1000) return;
  lastLazy = now;
  await releaseExpired(deps);
}

export function startSweeper(app: FastifyInstance): () => void {
  const t = setInterval(() => {
    releaseExpired(app.deps).catch((err) => app.log.warn({ err }, 'hold sweep failed'));
  }, app.deps.config.sweepIntervalMs);
  t.unref();
  return () => clearInterval(t);
}

// ---------------------------------------------------------------- lookup

export async function findOrder(db: Queryable, id: string, idCard?: string): Promise<OrderRow> {
  const o = await db.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [String(id ?? '')]);
  if (!o || (idCard !== undefined && normId(idCard) !== normId(o.id_card))) throw new ApiError(MSG.orderMissing);
  return o;
}

// ---------------------------------------------------------------- cancel / refund

/** 00:00 at the centre of the day (startDays − 1) days before the checkup date. */
export const cancelCutoff = cancelCutoffMs;

function checkCancellable(o: OrderRow, deps: ServerDeps, group: boolean): void {
  if (o.state === 'C' || o.state === 'Refund') throw new ApiError(MSG.alreadyCancelled);
  if (o.state === 'export') throw new ApiError(MSG.exported);
  const startDays = group ? deps.config.cancelStartDaysTeam : deps.config.cancelStartDaysPerson;
  if (!(deps.clock.now() < cancelCutoff(o.begin_time, startDays))) throw new ApiError(MSG.cutoff);
}

/** Cancel of an unpaid (or nothing-to-pay) order: state C, place released. */
export async function cancelOrder(deps: ServerDeps, o: OrderRow, group: boolean): Promise<OrderRow> {
  checkCancellable(o, deps, group);
  if (o.pay_flag === 'T' && Number(o.price_cents) > 0) {
    if (!group) throw new ApiError(MSG.paidUseRefund);
    return refundOrder(deps, o, true);
  }
  const now = deps.clock.now();
  const ok = await deps.db.transaction(async (tx) => {
    const n = await tx.run(
      `UPDATE orders SET state = 'C', errmsg = $5, hold_until = NULL, updated_at = $3 WHERE id = $1 AND state = $2 AND pay_flag = $4`,
      [o.id, o.state, now, o.pay_flag, CANCELLED_BY_USER],
    );
    if (n !== 1) return false;
    await releasePlace(tx, o.scope, o.begin_time, o.sumtime_code);
    return true;
  });
  if (!ok) throw new ApiError('撤销失败！请稍后再试');
  return (await deps.db.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [o.id]))!;
}

/** Refund of a paid order: claims it (state → Refund, place released), then asks the provider; pay_flag → TJServeERR or RefundERR. */
export async function refundOrder(deps: ServerDeps, o: OrderRow, group: boolean): Promise<OrderRow> {
  const now = deps.clock.now();
  const retry = o.state === 'Refund' && o.pay_flag === 'RefundERR';
  if (!retry) {
    checkCancellable(o, deps, group);
    if (o.pay_flag !== 'T' || Number(o.price_cents) <= 0) throw new ApiError(MSG.notPaid);
    const claimed = await deps.db.transaction(async (tx) => {
      const n = await tx.run(
        `UPDATE orders SET state = 'Refund', hold_until = NULL, updated_at = $3 WHERE id = $1 AND state = $2 AND pay_flag = 'T'`,
        [o.id, o.state, now],
      );
      if (n !== 1) return false;
      await releasePlace(tx, o.scope, o.begin_time, o.sumtime_code);
      return true;
    });
    if (!claimed) throw new ApiError('撤销失败！请稍后再试');
  }
  const pay = await deps.db.one<{ out_trade_no: string; amount_cents: number }>(
    // The order's own payment, never a stray one already refunded on arrival (payment_anomalies).
    `SELECT out_trade_no, amount_cents FROM payments WHERE order_id = $1 AND state = 'T'
       AND out_trade_no NOT IN (SELECT out_trade_no FROM payment_anomalies) ORDER BY updated_at DESC`,
    [o.id],
  );
  const res = pay
    ? await deps.providers.pay.refund({
        outTradeNo: pay.out_trade_no,
        outRefundNo: `R${pay.out_trade_no}`.slice(0, 32),
        totalFee: Number(pay.amount_cents),
        refundFee: Number(pay.amount_cents),
      })
    : { ok: false, reason: 'no payment record' };
  await deps.db.run(`UPDATE orders SET pay_flag = $2, errmsg = $3, updated_at = $4 WHERE id = $1 AND state = 'Refund'`, [
    o.id,
    res.ok ? 'TJServeERR' : 'RefundERR',
    res.ok ? '已退款' : `退款失败：${res.reason ?? ''}`.slice(0, 200),
    now,
  ]);
  const after = (await deps.db.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [o.id]))!;
  if (!res.ok) throw new ApiError(MSG.refundFailed, { returnData: orderView(after) });
  return after;
}

// ---------------------------------------------------------------- payment

export async function startPayment(deps: ServerDeps, o: OrderRow, clientIp: string, notifyUrl: string) {
  const { db, config, clock, providers } = deps;
  if (!config.isUsePay) throw new ApiError(MSG.payOff);
  const now = clock.now();
  if (o.pay_flag === 'T') throw new ApiError(MSG.alreadyPaid);
  if (Number(o.price_cents) <= 0) throw new ApiError(MSG.noNeedPay);
  if (o.state !== 'S' || (o.hold_until !== null && Number(o.hold_until) <= now)) throw new ApiError(MSG.expired);
  // One trade per order: every attempt (a retry, a second tap, another phone) pays the same trade
  // number, so the provider can take the money once only. Its price never changes after creation.
  const outTradeNo = orderTradeNo(o.id);
  const n = await db.run(`UPDATE orders SET pay_flag = 'EING', updated_at = $2 WHERE id = $1 AND state = 'S' AND pay_flag IN ('F', 'EING')`, [o.id, now]);
  if (n !== 1) throw new ApiError(MSG.expired);
  await db.run(
    `INSERT INTO payments (out_trade_no, order_id, amount_cents, state, created_at, updated_at) VALUES ($1, $2, $3, 'EING', $4, $4)
     ON CONFLICT (out_trade_no) DO UPDATE SET state = 'EING', updated_at = excluded.updated_at WHERE payments.state <> 'T'`,
    [outTradeNo, o.id, Number(o.price_cents), now],
  );
  const params = await providers.pay.jsapiPay({
    outTradeNo,
    totalFee: Number(o.price_cents),
    body: `体检-${o.clus_name}`,
    openid: o.openid,
    notifyUrl,
    clientIp,
  });
  await db.run('UPDATE payments SET prepay_id = $2 WHERE out_trade_no = $1', [outTradeNo, params.package.replace(/^prepay_id=/, '')]);
  return params;
}

/**
 * A successful payment (notify or sandbox). Idempotent; refuses an amount that is
 * not the order's. An order whose hold already expired takes its place back when
 * one is left, else becomes E (异常订单) for a manual refund.
 */
export async function markPaid(deps: ServerDeps, outTradeNo: string, totalFee: number, transactionId: string): Promise<{ ok: boolean; reason?: string; stray?: AnomalyKind }> {
  const now = deps.clock.now();
  const r = await markPaidTx(deps, outTradeNo, totalFee, transactionId, now);
  if (r.stray) {
    // Outside the transaction: the provider call may be slow; the anomaly row makes it happen once.
    await refundStrayPayment(deps.db, deps.providers.pay, { outTradeNo, kind: r.stray, ref: r.orderId ?? '', totalFee, transactionId }, now);
  }
  return { ok: r.ok, reason: r.reason, stray: r.stray };
}

/** The trade number of an order's payment (one per order). */
export const orderTradeNo = (orderId: string) => `${orderId}_1`.slice(0, 32);

async function markPaidTx(
  deps: ServerDeps,
  outTradeNo: string,
  totalFee: number,
  transactionId: string,
  now: number,
): Promise<{ ok: boolean; reason?: string; stray?: AnomalyKind; orderId?: string }> {
  return deps.db.transaction(async (tx) => {
    const pay = await tx.one<{ order_id: string; amount_cents: number; state: string }>('SELECT * FROM payments WHERE out_trade_no = $1', [outTradeNo]);
    if (!pay) return { ok: false, reason: 'unknown out_trade_no' };
    if (Number(pay.amount_cents) !== Number(totalFee)) return { ok: false, reason: 'amount mismatch' };
    if (pay.state === 'T') return { ok: true };
    await tx.run(`UPDATE payments SET state = 'T', transaction_id = $2, updated_at = $3 WHERE out_trade_no = $1`, [outTradeNo, transactionId, now]);
    const o = await tx.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [pay.order_id]);
    if (!o) return { ok: true };
    // Money the order cannot take: recorded (this payment row is T), refunded and flagged by the caller.
    const stray: AnomalyKind | null =
      o.pay_flag === 'T' ? 'order_already_paid' : o.state === 'Refund' ? 'order_refunded' : o.state === 'C' && o.errmsg === CANCELLED_BY_USER ? 'order_cancelled' : null;
    if (stray) return { ok: true, stray, orderId: o.id };
    if (o.state === 'S') {
      await tx.run(`UPDATE orders SET state = 'F', pay_flag = 'T', hold_until = NULL, errmsg = '', updated_at = $2 WHERE id = $1`, [o.id, now]);
    } else if (o.state === 'C' && o.pay_flag !== 'T') {
      const other = await tx.one(`SELECT id FROM orders WHERE id_card = $1 AND type = $2 AND state <> 'C' AND state <> 'Refund' AND id <> $3`, [o.id_card, o.type, o.id]);
      if (!other && (await takePlace(tx, o.scope, o.begin_time, o.sumtime_code))) {
        await tx.run(`UPDATE orders SET state = 'F', pay_flag = 'T', hold_until = NULL, errmsg = '', updated_at = $2 WHERE id = $1`, [o.id, now]);
      } else if (!other) {
        await tx.run(`UPDATE orders SET state = 'E', pay_flag = 'T', errmsg = '支付超时且号源已满，请联系工作人员退款', updated_at = $2 WHERE id = $1`, [o.id, now]);
      } else {
        await tx.run(`UPDATE orders SET pay_flag = 'T', errmsg = '支付超时，请联系工作人员退款', updated_at = $2 WHERE id = $1`, [o.id, now]);
      }
    } else {
      await tx.run(`UPDATE orders SET pay_flag = 'T', updated_at = $2 WHERE id = $1 AND pay_flag IN ('F', 'EING')`, [o.id, now]);
    }
    return { ok: true };
  });
}

/** The user closed or failed the payment sheet: EING → F (the hold keeps running). */
export async function markPayAbandoned(deps: ServerDeps, orderId: string, outcome: 'cancel' | 'fail'): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.run(`UPDATE payments SET state = $2, updated_at = $3 WHERE order_id = $1 AND state = 'EING'`, [orderId, outcome === 'cancel' ? 'C' : 'FAIL', now]);
    await tx.run(`UPDATE orders SET pay_flag = 'F', updated_at = $2 WHERE id = $1 AND pay_flag = 'EING'`, [orderId, now]);
  });
}
