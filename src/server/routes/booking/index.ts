/**
 * Booking-area calls: catalogue, calendars, personal/group order creation, payment,
 * sync, order list, cancel/refund, companies and team login, plus the pay notify.
 */
import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { formMessage } from '../../services/form-rules';
import { ApiError, boundOpenid, defineCall } from '../../plugins/call';
import { grantRegnos, mayActForRegno } from '../../services/regno-grants';
import { DEFAULT_LOGIN_LIMIT, anyLocked, clearFailures, countFailure } from '../../services/login-limits';

export const TEAM_LOGIN_LOCKED = '尝试次数过多，请15分钟后再试';
export const TEAM_LOGIN_FIRST = '请先登录团检信息';
/** One caller (openid, else IP) may mistype for several members before it is locked. */
const TEAM_CALLER_LIMIT = { ...DEFAULT_LOGIN_LIMIT, maxFailures: 20 };
import { addItemTree, getPackage, listPackages, onsiteOnlyItems, packageItems } from '../../services/catalog';
import { PERSON_TYPES, listDays, listSlots, personTypeOf, teamScope, todayOf, weekOf } from '../../services/calendar';
import {
  MSG,
  cancelOrder,
  checkDay,
  checkIdAndPhone,
  checkPrice,
  checkSex,
  createOrder,
  findOrder,
  markPaid,
  markPayAbandoned,
  normId,
  orderView,
  refundOrder,
  releaseExpiredLazy,
  resolveExtras,
  startPayment,
  userOf,
  type OrderRow,
} from '../../services/orders';
import { parseXml, toXml } from '../../providers/wechat/sign';
import { sandboxNotifyFields } from '../../providers/wechat/sandbox';
import { nonce } from '../../services/ids';
import { formatCents } from '../../../contract/rules/money';
import { abandonScanPay, sandboxCompleteScanPay } from '../../services/payrecords';
import type {
  GetPersonSumListBody,
  GetSumTimeListBody,
  GetTeamSumListBody,
  GetTeamSumTimeListBody,
  OrderRefBody,
  PersonDay,
  PersonOrderAddBody,
  PersonSlot,
  SandboxPayResultBody,
  TeamDay,
  TeamLoginBody,
  TeamMemberRecord,
  TeamOrderAddBody,
  TeamSlot,
} from '../../../contract/booking';

const MAX_RANGE_DAYS = 120;

function range(start: string, end: string): [string, string] {
  const s = dayjs(start);
  const e = dayjs(end);
  if (!s.isValid() || !e.isValid() || e.isBefore(s)) throw new ApiError('日期范围错误');
  if (e.diff(s, 'day') > MAX_RANGE_DAYS) throw new ApiError('日期范围过大');
  return [s.format('YYYY-MM-DD'), e.format('YYYY-MM-DD')];
}

export async function bookingRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const { db } = deps;

  // ---------------- catalogue ----------------
  const sexLists = async (clusType: string) => ({ m: await listPackages(db, clusType, 1), w: await listPackages(db, clusType, 2) });
  defineCall(app, 'GetClusItemList', { handler: async (b: { clus_type: string }) => sexLists(b.clus_type) });
  defineCall(app, 'GetStaffClusItem', { handler: async (b: { clus_type: string }) => sexLists(b.clus_type) });
  defineCall(app, 'GetVehicleClusItem', {
    handler: async (b: { clus_type: string; sex?: string }) => listPackages(db, b.clus_type, Number(b.sex ?? 3)),
  });
  defineCall(app, 'GetItemCombList', {
    handler: async (b: { comb_code: string }) => {
      const items = await packageItems(db, b.comb_code);
      if (items.length === 0) throw new ApiError('暂无项目数据');
      return items;
    },
  });
  defineCall(app, 'AddClusItem', {
    handler: async (b: { code: string }) => {
      if (!(await getPackage(db, b.code))) throw new ApiError(MSG.packageMissing);
      return JSON.stringify(await addItemTree(db, b.code));
    },
  });
  defineCall(app, 'GetAddClusItemList', { handler: async () => onsiteOnlyItems(db) });

  // ---------------- calendars ----------------
  defineCall(app, 'GetPersonSumList', {
    handler: async (b: GetPersonSumListBody): Promise<PersonDay[]> => {
      const t = personTypeOf(b.type);
      if (!t) throw new ApiError('体检类型错误');
      const [s, e] = range(b.start, b.end);
      await releaseExpiredLazy(deps);
      return (await listDays(db, PERSON_TYPES[t].scope, s, e)).map((d) => ({
        person_Date: d.day,
        person_Flag: d.flag,
        person_Sum: Number(d.total),
        person_Surplus: Number(d.surplus),
      }));
    },
  });
  defineCall(app, 'GetSumTimeList', {
    handler: async (b: GetSumTimeListBody): Promise<PersonSlot[]> => {
      const t = personTypeOf(b.type);
      if (!t) throw new ApiError('体检类型错误');
      await releaseExpiredLazy(deps);
      return (await listSlots(db, PERSON_TYPES[t].scope, b.date_Time)).map((s) => ({
        sumtime_Name: s.name,
        sumtime_Code: s.code,
        person_Surplus: Number(s.surplus),
      }));
    },
  });
  defineCall(app, 'GetTeamSumList', {
    handler: async (b: GetTeamSumListBody): Promise<TeamDay[]> => {
      const [s, e] = range(b.start, b.end);
      const { scope, spType } = await teamScope(db, b.lnccode);
      await releaseExpiredLazy(deps);
      return (await listDays(db, scope, s, e)).map((d) => ({
        team_Date: d.day,
        team_Flag: d.flag,
        spType,
        team_Sum: Number(d.total),
        team_Surplus: Number(d.surplus),
        week: weekOf(d.day),
      }));
    },
  });
  defineCall(app, 'GetTeamSumTimeList', {
    handler: async (b: GetTeamSumTimeListBody): Promise<TeamSlot[]> => {
      const { scope } = await teamScope(db, b.lnccode);
      await releaseExpiredLazy(deps);
      return (await listSlots(db, scope, b.date_Time)).map((s) => ({ sumtime_Name: s.name, sumtime_Code: s.code, team_Surplus: Number(s.surplus) }));
    },
  });

  // ---------------- order creation ----------------
  defineCall(app, 'PersonOrderAdd', {
    handler: async (b: PersonOrderAddBody) => {
      const { config, clock } = deps;
      const now = clock.now();
      const t = personTypeOf(b.type);
      if (!t) throw new ApiError('体检类型错误');
      // The order form's own schema decides name, ID, phone (and certificate type, job).
      const formMsg = formMessage(
        t === 'healthCertificate' ? 'forms/person-order-hc.json' : 'forms/person-order.json',
        { name: b.name, idCard: b.idCard, tel: b.tel, hflag: b.hflag, job: b.job },
        deps.formSchemas,
      );
      if (formMsg) throw new ApiError(formMsg);
      // Every booking belongs to a branch (the app chooses one before it books).
      if (!b.hospCode || !(await db.one('SELECT hosp_code FROM branches WHERE hosp_code = $1', [String(b.hospCode)]))) throw new ApiError(MSG.branchMissing);
      const idCard = normId(b.idCard);
      const pkg = await getPackage(db, b.clus_Code);
      if (!pkg || pkg.clus_type !== PERSON_TYPES[t].clusType) throw new ApiError(MSG.packageMissing);
      checkSex(pkg, idCard);
      if (pkg.marr_status === '2' && b.marr_status === '1') throw new ApiError(MSG.marriedOnly);
      checkDay(b.begin_Time, now, config.calendarEndDays);
      const extras = await resolveExtras(db, b.choose_comb_code, pkg.clus_code, config.isAddClusItem);
      const total = Number(pkg.price_cents) + extras.cents;
      checkPrice(b.price, total);
      await releaseExpiredLazy(deps);
      const { order, repeat } = await createOrder(deps, {
        openid: b.openid,
        idCard,
        name: b.name.trim(),
        tel: b.tel,
        type: t,
        clusCode: pkg.clus_code,
        clusName: pkg.clus_name,
        day: b.begin_Time,
        scope: PERSON_TYPES[t].scope,
        slotCode: b.sumtime_Code,
        priceCents: total,
        items: extras.items,
        hospCode: b.hospCode,
        marrStatus: b.marr_status,
        hflag: b.hflag,
        job: b.job,
        questionZC: typeof b.questionZC === 'string' ? b.questionZC : b.questionZC ? JSON.stringify(b.questionZC) : '',
        requestId: b.requestId,
      });
      if (repeat) app.log.info({ order: order.id }, 'idempotent repeat of PersonOrderAdd');
      return { returnMsg: MSG.booked, returnData: { ord: orderView(order), uid: await userOf(db, b.openid) } };
    },
  });

  defineCall(app, 'TeamOrderAdd', {
    handler: async (b: TeamOrderAddBody) => {
      const { config, clock } = deps;
      const now = clock.now();
      if (!String(b.name ?? '').trim() || !b.idcard || !b.tel) throw new ApiError('体检信息不能为空！');
      checkIdAndPhone(b.idcard, b.tel, todayOf(now));
      const idCard = normId(b.idcard);
      const member = await db.one<TeamMemberRecord & { lnc_name: string }>(
        `SELECT m.*, c.lnc_name FROM team_members m JOIN companies c ON c.lnc_code = m.lnc_code
          WHERE m.lnc_code = $1 AND UPPER(m.idcard) = $2 ORDER BY m.reg_no`,
        [b.lnc_Code, idCard],
      );
      if (!member) throw new ApiError('未查询到您的团检信息');
      // Company + ID alone are not proof: the booker must have passed TeamLogin (phone) as this member.
      if (!(await mayActForRegno(db, b.openid, member.reg_no))) throw new ApiError(TEAM_LOGIN_FIRST);
      if (member.clus_code !== b.clus_code) throw new ApiError('所选套餐与团检信息不符');
      const pkg = await getPackage(db, b.clus_code);
      if (pkg) checkSex(pkg, idCard);
      checkDay(b.begin_time, now, config.calendarEndDays);
      const extras = await resolveExtras(db, b.choose_comb_code, b.clus_code, config.isAddClusItem);
      checkPrice(b.price, extras.cents);
      const { scope, spType } = await teamScope(db, b.lnc_Code);
      await releaseExpiredLazy(deps);
      const { order } = await createOrder(deps, {
        openid: b.openid,
        idCard,
        name: b.name.trim(),
        tel: b.tel,
        type: 'group',
        clusCode: member.clus_code,
        clusName: member.clus_name,
        day: b.begin_time,
        scope,
        slotCode: b.sumtime_Code,
        priceCents: extras.cents,
        items: extras.items,
        companyName: member.lnc_name,
        lncCode: member.lnc_code,
        regno: member.reg_no,
        spType,
        questionZC: typeof b.questionZC === 'string' ? b.questionZC : b.questionZC ? JSON.stringify(b.questionZC) : '',
        requestId: b.requestId,
      });
      return { returnMsg: MSG.booked, returnData: { ord: orderView(order), uid: await userOf(db, b.openid) } };
    },
  });

  // ---------------- payment ----------------
  const notifyUrl = (req: { protocol: string; host: string }) => `${deps.config.publicUrl || `${req.protocol}://${req.host}`}/api/PayApi/WxNotify`;

  defineCall(app, 'PersonOrderPay', {
    handler: async (b: OrderRefBody, req) => {
      await releaseExpiredLazy(deps);
      const o = await findOrder(db, b.id, b.idCard ?? b.idcard);
      return startPayment(deps, o, req.ip, notifyUrl(req));
    },
  });

  defineCall(app, 'SandboxPayResult', {
    handler: async (b: SandboxPayResultBody) => {
      if (deps.providers.pay.name !== 'sandbox') throw new ApiError('仅沙箱环境可用');
      // A scan-code bill (its id is the exam number): the sandbox sheet completes or abandons its trade.
      const bill = await db.one<{ reg_no: string; pay_state: string }>(`SELECT reg_no, pay_state FROM pay_records WHERE reg_no = $1`, [String(b.id ?? '')]);
      if (bill && !(await db.one('SELECT id FROM orders WHERE id = $1', [String(b.id)]))) {
        if (bill.pay_state === 'T') throw new ApiError('该订单已支付');
        if (b.outcome === 'ok') {
          if (!(await sandboxCompleteScanPay(db, deps.providers.pay, bill.reg_no, deps.clock.now(), sandboxNotifyFields))) throw new ApiError('支付失败');
        } else await abandonScanPay(db, bill.reg_no, deps.clock.now());
        return { returnMsg: b.outcome === 'ok' ? '支付成功' : b.outcome === 'cancel' ? '取消支付' : '支付失败', returnData: null };
      }
      const o = await findOrder(db, b.id);
      const pay = await db.one<{ out_trade_no: string; amount_cents: number }>(
        `SELECT out_trade_no, amount_cents FROM payments WHERE order_id = $1 AND state = 'EING' ORDER BY created_at DESC`,
        [o.id],
      );
      if (!pay) throw new ApiError(o.pay_flag === 'T' ? MSG.alreadyPaid : MSG.expired);
      if (b.outcome === 'ok') {
        const f = sandboxNotifyFields(pay.out_trade_no, Number(pay.amount_cents), `sandbox-${nonce(12)}`);
        const v = deps.providers.pay.verifyNotify(f);
        const r = v.ok ? await markPaid(deps, v.outTradeNo!, v.totalFee!, v.transactionId!) : { ok: false };
        if (!r.ok) throw new ApiError('支付失败');
      } else {
        await markPayAbandoned(deps, o.id, b.outcome);
      }
      const after = (await db.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [o.id]))!;
      return { returnMsg: b.outcome === 'ok' ? '支付成功' : b.outcome === 'cancel' ? '取消支付' : '支付失败', returnData: orderView(after) };
    },
  });

  // WeChat pay notify (provider-facing: XML in, XML out; JSON accepted too). Not an envelope call.
  app.post('/api/PayApi/WxNotify', async (req, reply) => {
    const raw = req.body as Record<string, unknown> | undefined;
    const fields: Record<string, string> =
      raw && typeof raw.__xml === 'string'
        ? parseXml(raw.__xml)
        : Object.fromEntries(Object.entries(raw ?? {}).map(([k, v]) => [k, String(v ?? '')]));
    const answer = (ok: boolean, msg: string) => reply.type('text/xml').send(toXml({ return_code: ok ? 'SUCCESS' : 'FAIL', return_msg: msg }));
    const v = deps.providers.pay.verifyNotify(fields);
    if (!v.ok) {
      req.log.warn({ reason: v.reason }, 'pay notify refused');
      return answer(false, v.reason ?? 'FAIL');
    }
    const r = await markPaid(deps, v.outTradeNo!, v.totalFee!, v.transactionId ?? '');
    if (!r.ok) req.log.warn({ reason: r.reason, outTradeNo: v.outTradeNo }, 'pay notify not applied');
    return answer(r.ok, r.ok ? 'OK' : (r.reason ?? 'FAIL'));
  });

  // ---------------- order views ----------------
  defineCall(app, 'SyncOrderById', {
    handler: async (b: OrderRefBody) => {
      await releaseExpiredLazy(deps);
      const o = await findOrder(db, b.id, b.idCard ?? b.idcard);
      return { returnMsg: '同步成功', returnData: orderView(o) };
    },
  });
  defineCall(app, 'FindByOrderList', {
    handler: async (b: { openid: string }) => {
      await releaseExpiredLazy(deps);
      const rows = await db.all<OrderRow>('SELECT * FROM orders WHERE openid = $1 ORDER BY created_at DESC LIMIT 200', [b.openid]);
      return upcomingFirst(rows, todayOf(deps.clock.now())).map(orderView);
    },
  });

  // ---------------- cancel / refund ----------------
  defineCall(app, 'PersonOrderCancel', {
    handler: async (b: OrderRefBody) => {
      const o = await findOrder(db, b.id, b.idCard ?? b.idcard);
      if (o.type === 'group') throw new ApiError(MSG.orderMissing);
      return { returnMsg: '撤销成功', returnData: orderView(await cancelOrder(deps, o, false)) };
    },
  });
  defineCall(app, 'PersonOrderRefund', {
    handler: async (b: OrderRefBody) => {
      const o = await findOrder(db, b.id, b.idCard ?? b.idcard);
      return { returnMsg: '退费成功', returnData: orderView(await refundOrder(deps, o, o.type === 'group')) };
    },
  });
  defineCall(app, 'TeamOrderCancel', {
    handler: async (b: OrderRefBody) => {
      const o = await findOrder(db, b.id, b.idCard ?? b.idcard);
      if (o.type !== 'group') throw new ApiError(MSG.orderMissing);
      return { returnMsg: '成功取消！', returnData: orderView(await cancelOrder(deps, o, true)) };
    },
  });

  // ---------------- companies / team login ----------------
  const companies = async (kw: string) => {
    const k = `%${String(kw ?? '').trim().replace(/[%_]/g, '')}%`;
    return db.all<{ lnc_Code: string; lnc_Name: string }>(
      `SELECT lnc_code AS "lnc_Code", lnc_name AS "lnc_Name" FROM companies WHERE lnc_name LIKE $1 OR lnc_code LIKE $1 ORDER BY lnc_code LIMIT 50`,
      [k],
    );
  };
  defineCall(app, 'GetTjLncListByName', { handler: async (b: { lnc_Name?: string }) => companies(b.lnc_Name ?? '') });
  defineCall(app, 'GetTjLncList', { handler: async (b: { kw?: string }) => companies(b.kw ?? '') });

  defineCall(app, 'TeamLogin', {
    handler: async (b: TeamLoginBody, req) => {
      const now = deps.clock.now();
      const openid = boundOpenid(req.authSubject);
      const fail = (err: string) => ({ returnMsg: err, returnData: JSON.stringify([{ err }]) });
      // The phone number is the only secret here: failures are counted per member (company + ID)
      // and, more loosely, per caller (a company's members may share one office network).
      const memberKey = `team:member:${b.lnc_Code.trim()}:${normId(b.idCard)}`;
      const callerKey = `team:caller:${openid ?? req.ip}`;
      if (await anyLocked(db, [memberKey, callerKey], now)) return fail(TEAM_LOGIN_LOCKED);
      const members = await db.all<Omit<TeamMemberRecord, 'clus_price' | 'order'> & { price_cents: number | null }>(
        `SELECT m.pat_name, m.idcard, m.tel, m.clus_code, m.clus_name, m.lnc_code, c.lnc_name, m.reg_no, m.flag,
                COALESCE(p.clus_note, '') AS clus_note, p.price_cents
           FROM team_members m JOIN companies c ON c.lnc_code = m.lnc_code LEFT JOIN packages p ON p.clus_code = m.clus_code
          WHERE m.lnc_code = $1 AND UPPER(m.idcard) = $2 AND m.tel = $3 ORDER BY m.reg_no`,
        [b.lnc_Code.trim(), normId(b.idCard), b.tel.trim()],
      );
      // The member's active booking of this exam (one active order per ID and type): shown instead of booking again.
      const rows: TeamMemberRecord[] = [];
      for (const { price_cents, ...m } of members) {
        const o = await db.one<OrderRow>(
          `SELECT * FROM orders WHERE UPPER(id_card) = $1 AND type = 'group' AND regno = $2 AND state <> 'C' AND state <> 'Refund' ORDER BY created_at DESC`,
          [normId(m.idcard), m.reg_no],
        );
        rows.push({ ...m, clus_price: formatCents(Number(price_cents ?? 0)), order: o ? orderView(o) : null });
      }
      if (rows.length === 0) {
        await countFailure(db, memberKey, now);
        await countFailure(db, callerKey, now, TEAM_CALLER_LIMIT);
        if (await anyLocked(db, [memberKey, callerKey], now)) return fail(TEAM_LOGIN_LOCKED);
        return fail('未查询到您的团检信息，请核对单位、身份证号和手机号');
      }
      await clearFailures(db, [memberKey]);
      // Company + ID + phone proved the member: the openid behind this token may now act for
      // the member's exam numbers (GetPatientinfo / SaveQuestions, CALLS owner 'regno').
      // A client token (no openid) proves nobody and records nothing.
      if (openid) await grantRegnos(db, openid, rows.map((r) => r.reg_no), 'team-login', now);
      return rows;
    },
  });
}

/**
 * 我的预约 order: bookings still ahead (exam day today or later, not cancelled) first, the
 * nearest first; then everything else, the newest booking first.
 */
export function upcomingFirst(rows: OrderRow[], today: string): OrderRow[] {
  const ahead = (o: OrderRow) => o.begin_time >= today && o.state !== 'C' && o.state !== 'Refund';
  return [...rows].sort((a, b) => {
    const A = ahead(a);
    const B = ahead(b);
    if (A !== B) return A ? -1 : 1;
    if (A) return a.begin_time < b.begin_time ? -1 : a.begin_time > b.begin_time ? 1 : 0;
    return Number(b.created_at) - Number(a.created_at);
  });
}
