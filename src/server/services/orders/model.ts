/** The order row, its view for the app, the messages every order rule answers with, and lookups. */
import type { Queryable } from '../../db/types';
import { ApiError } from '../../plugins/api-error';
import { serverTexts } from '../../messages';
import { formatCents } from '../../../contract/rules/money';
import type { UserInfo } from '../../../contract/api/auth';
import type { ChosenItem, OrderView } from '../../../contract/api/orders';
import { centreDateTime } from '../../../contract/rules/centre-day';

/** What the booking and order rules answer with (the spec's words; flows/messages.yaml `server` overrides). */
export const MSG = serverTexts('orders', {
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
  payFailed: '微信支付下单失败，请稍后再试',
  noNeedPay: '该订单无需支付',
  alreadyPaid: '订单已支付',
  refundFailed: '退款失败，请联系工作人员',
  booked: '预约成功',
} as const);

/** errmsg of an order the examinee cancelled (a payment arriving after it is refunded, not taken). */
export const CANCELLED_BY_USER = '用户撤销';

/** Where WeChat Pay posts the notifies of order payments and of every refund (routes/orders/notify.ts mounts it). */
export const ORDER_PAY_NOTIFY_PATH = '/api/PayApi/WxNotify';

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
export const fmtTime = centreDateTime;


export async function userOf(db: Queryable, openid: string): Promise<UserInfo> {
  const u = await db.one<{ openid: string; name: string; id_card: string; tel: string; tag: string }>('SELECT * FROM users WHERE openid = $1', [openid]);
  return { openid, name: u?.name ?? '', idCard: u?.id_card ?? '', tel: u?.tel ?? '', tag: u?.tag ?? '0' };
}
export async function findOrder(db: Queryable, id: string, idCard?: string): Promise<OrderRow> {
  const o = await db.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [String(id ?? '')]);
  if (!o || (idCard !== undefined && normId(idCard) !== normId(o.id_card))) throw new ApiError(MSG.orderMissing);
  return o;
}
