/** Order calls: personal and group order creation, payment (and the WeChat Pay v3 notify), sync (asks WeChat), the order list, cancel and refund. */
import type { FastifyInstance } from 'fastify';
import { formMessage } from '../../services/booking/form-rules';
import { ApiError, defineCall } from '../../plugins/call';
import { mayActForRegno } from '../../services/groups/regno-grants';
import { getPackage } from '../../services/booking/catalog';
import { PERSON_TYPES, personTypeOf, teamScope, todayOf } from '../../services/booking/calendar';
import { MSG, cancelOrder, checkDay, checkIdAndPhone, checkPrice, checkSex, createOrder, findOrder, markPayAbandoned, normId, orderView, refundOrder, releaseExpiredLazy, resolveExtras, startPayment, userOf, type OrderRow } from '../../services/orders';
import { SANDBOX_APPID, SANDBOX_MCHID } from '../../providers/wechat/sandbox';
import { nonce } from '../../services/platform/ids';
import { applyPaidTrade, syncTrade } from '../../services/orders/pay-sync';
import { ORDER_PAY_NOTIFY_PATH, mountPayNotify } from './notify';
import { abandonScanPay, sandboxCompleteScanPay } from '../../services/orders/payrecords';
import type { TeamMemberRecord } from '../../../contract/api/groups';
import type { OrderRefBody, PersonOrderAddBody, SandboxPayResultBody, TeamOrderAddBody } from '../../../contract/api/orders';
import { TEAM_LOGIN_FIRST } from '../groups/index';

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const { db } = deps;

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

  const notifyUrl = (req: { protocol: string; host: string }) => `${deps.config.publicUrl || `${req.protocol}://${req.host}`}${ORDER_PAY_NOTIFY_PATH}`;

  defineCall(app, 'PersonOrderPay', {
    handler: async (b: OrderRefBody, req) => {
      await releaseExpiredLazy(deps);
      const o = await findOrder(db, b.id, b.idCard ?? b.idcard);
      return startPayment(deps, o, req.ip, notifyUrl(req), (err) => req.log.error({ err, code: (err as { code?: string }).code }, 'prepay failed'));
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
          if (!(await sandboxCompleteScanPay(db, deps.providers.pay, bill.reg_no, deps.clock.now()))) throw new ApiError('支付失败');
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
        // What a verified notify carries, applied through the same path.
        const r = await applyPaidTrade(deps, {
          appid: SANDBOX_APPID,
          mchid: SANDBOX_MCHID,
          outTradeNo: pay.out_trade_no,
          transactionId: `sandbox-${nonce(12)}`,
          tradeState: 'SUCCESS',
          total: Number(pay.amount_cents),
        });
        if (!r.ok) throw new ApiError('支付失败');
      } else {
        await markPayAbandoned(deps, o.id, b.outcome);
      }
      const after = (await db.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [o.id]))!;
      return { returnMsg: b.outcome === 'ok' ? '支付成功' : b.outcome === 'cancel' ? '取消支付' : '支付失败', returnData: orderView(after) };
    },
  });

  // WeChat Pay v3 notify (payments of orders, and refunds): unknown trade numbers are refused.
  mountPayNotify(app, ORDER_PAY_NOTIFY_PATH, 'refuse');

  defineCall(app, 'SyncOrderById', {
    handler: async (b: OrderRefBody, req) => {
      await releaseExpiredLazy(deps);
      let o = await findOrder(db, b.id, b.idCard ?? b.idcard);
      // An open trade (the sheet said ok, the notify may be late or lost): ask WeChat.
      const open = await db.one<{ out_trade_no: string }>(`SELECT out_trade_no FROM payments WHERE order_id = $1 AND state = 'EING' ORDER BY created_at DESC`, [o.id]);
      if (open && deps.providers.pay.name === 'wechat') {
        try {
          if ((await syncTrade(deps, open.out_trade_no)) === 'SUCCESS') o = await findOrder(db, o.id);
        } catch (err) {
          req.log.warn({ err, outTradeNo: open.out_trade_no }, 'trade query failed');
        }
      }
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

  defineCall(app, 'PersonOrderCancel', {
    handler: async (b: OrderRefBody) => {
      const o = await findOrder(db, b.id, b.idCard ?? b.idcard);
      if (o.type === 'group') throw new ApiError(MSG.orderMissing);
      return { returnMsg: '撤销成功', returnData: orderView(await cancelOrder(deps, o, false)) };
    },
  });
  defineCall(app, 'PersonOrderRefund', {
    handler: async (b: OrderRefBody, req) => {
      const o = await findOrder(db, b.id, b.idCard ?? b.idcard);
      return { returnMsg: '退费成功', returnData: orderView(await refundOrder(deps, o, o.type === 'group', notifyUrl(req), req.log)) };
    },
  });
  defineCall(app, 'TeamOrderCancel', {
    handler: async (b: OrderRefBody) => {
      const o = await findOrder(db, b.id, b.idCard ?? b.idcard);
      if (o.type !== 'group') throw new ApiError(MSG.orderMissing);
      return { returnMsg: '成功取消！', returnData: orderView(await cancelOrder(deps, o, true)) };
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
