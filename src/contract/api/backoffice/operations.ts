/**
 * The back office's operations view (issue 23), under /api/studio/operations/:
 * bookings against capacity for the next weeks, tomorrow's arrivals, money in
 * and out per day, the anomaly queue with its two actions, and the order
 * search. Reads are open to every signed-in admin; names, ID and phone numbers
 * come masked unless the admin has 运营 (the server decides: `masked`). The
 * actions need 运营 (403 otherwise) and write their audit entry in the same
 * transaction as their change. Money is integer cents; days are the centre's.
 */

// GET /api/studio/operations/overview?from=YYYY-MM-DD&weeks=1..12 → OpsOverviewRes
//   from: default the centre's today; weeks: default OPS_WEEKS_DEFAULT | 400 { error }
export const OPS_WEEKS_DEFAULT = 4;
export const OPS_WEEKS_MAX = 12;
/** How many days back the money table goes (today included). */
export const OPS_MONEY_DAYS = 14;
/** The scope of the sum over every calendar. */
export const OPS_ALL_SCOPES = 'all';

export interface OpsDayLoad {
  day: string;
  /** Places on the day's slots (0 on a closed day or a holiday). */
  places: number;
  /** Places taken: Σ (total − surplus) of the slots. */
  booked: number;
  /** Active bookings on the day (orders 待支付, 预约成功, 已导入); the unpaid ones among them. */
  orders: number;
  unpaid: number;
  holiday: boolean;
}

export interface OpsScopeLoad {
  /** 'P:person', 'T:total', 'T:<company code>', or OPS_ALL_SCOPES (first). */
  scope: string;
  label: string;
  days: OpsDayLoad[];
}

export interface OpsPerson {
  /** Masked (张*) unless the admin has 运营. */
  name: string;
  /** Masked (110101********123X) unless the admin has 运营. */
  idCard: string;
  /** Masked (139****1111) unless the admin has 运营. */
  tel: string;
}

export interface OpsArrival extends OpsPerson {
  orderId: string;
  /** '健康体检', '入职体检', '团检·某公司'. */
  kind: string;
  packageName: string;
  /** Chinese: 预约成功 / 已预约（待支付） / 已导入. */
  stateLabel: string;
  paid: boolean;
}

export interface OpsArrivalSlot {
  /** The slot's time as the examinee booked it ('07:30-08:30'). */
  slot: string;
  count: number;
  people: OpsArrival[];
}

export interface OpsMoneyDay {
  day: string;
  /** Payments that succeeded that day (orders and scan-code bills), and their sum. */
  payments: number;
  paymentCents: number;
  /** Refunds that succeeded that day, and their sum. */
  refunds: number;
  refundCents: number;
}

export interface OpsOverviewRes {
  today: string;
  from: string;
  weeks: number;
  /** The sum first (OPS_ALL_SCOPES), then each calendar with places or bookings in the range. */
  scopes: OpsScopeLoad[];
  tomorrow: { day: string; count: number; slots: OpsArrivalSlot[] };
  /** OPS_MONEY_DAYS days, oldest first, today last. */
  money: OpsMoneyDay[];
  masked: boolean;
}

// GET /api/studio/operations/anomalies?state=open|resolved → OpsAnomaliesRes (open: default)
//   open: the money is not back and nobody marked it handled; resolved: refunded, or marked 已处理
//   (newest first, at most OPS_ANOMALY_MAX).
export const OPS_ANOMALY_MAX = 300;

/**
 * What went wrong. The first four are payments the order could not take (payment_anomalies:
 * recorded, and refunded on arrival through the provider); the last three are orders that
 * hold money they should not (found in orders).
 */
export type OpsAnomalyKind =
  | 'order_cancelled'
  | 'order_already_paid'
  | 'order_refunded'
  | 'unknown_trade'
  | 'late_paid'
  | 'order_exception'
  | 'refund_failed';

export const OPS_ANOMALY_KIND_LABEL: Record<OpsAnomalyKind, string> = {
  order_cancelled: '撤销后付款',
  order_already_paid: '重复付款',
  order_refunded: '退费后又付款',
  unknown_trade: '无对应订单的付款',
  late_paid: '超时后付款',
  order_exception: '异常订单（已付款）',
  refund_failed: '退款失败',
};

/** Where the money is: not asked back yet, asked (WeChat processing), back, or the gateway refused. */
export type OpsRefundState = 'none' | 'refunding' | 'refunded' | 'refund_failed';

export const OPS_REFUND_LABEL: Record<OpsRefundState, string> = {
  none: '待退款',
  refunding: '退款中',
  refunded: '已退款',
  refund_failed: '退款失败',
};

export interface OpsAnomaly {
  /** 'pay:<trade number>' (a stray payment) or 'order:<order id>'. */
  id: string;
  kind: OpsAnomalyKind;
  kindLabel: string;
  /** '' when the payment names no order we know. */
  orderId: string;
  /** The trade the money came by ('' when the order has none on record: nothing to refund through). */
  outTradeNo: string;
  person: OpsPerson | null;
  packageName: string;
  /** The exam day booked ('' unknown). */
  examDay: string;
  amountCents: number;
  /** When it arose (ISO 8601). */
  at: string;
  refund: OpsRefundState;
  refundLabel: string;
  /** What the payment provider answered last ('NOT_ENOUGH 基本账户余额不足'), or the order's own message. */
  provider: string;
  /** 退款 may be asked now (运营 only; the page hides it otherwise). */
  refundable: boolean;
  /** Who asked for the refund in the studio, and when (ISO). */
  refundBy: { by: string; at: string } | null;
  /** Marked 已处理: by whom, when (ISO), with what note. */
  resolved: { by: string; at: string; note: string } | null;
}

export interface OpsAnomaliesRes {
  state: 'open' | 'resolved';
  anomalies: OpsAnomaly[];
  masked: boolean;
}

// POST /api/studio/operations/anomalies/:id/refund { amountCents } (运营) → OpsRefundRes
//   amountCents: the amount the admin confirmed (must be the anomaly's: 409 otherwise).
//   The refund goes through the payment provider (out_refund_no = R + the trade: asked twice, refunded once);
//   a PROCESSING answer leaves it 退款中 until WeChat's notify or the reconciler settles it.
//   | 404 unknown | 409 already refunding / refunded / handled / amount changed | 422 no trade to refund through
export interface OpsRefundReq {
  amountCents: number;
}
export interface OpsRefundRes {
  /** SUCCESS: back at once; PROCESSING: WeChat is on it; FAILED: the gateway refused (message says why). */
  outcome: 'SUCCESS' | 'PROCESSING' | 'FAILED';
  message: string;
  anomaly: OpsAnomaly;
}

// POST /api/studio/operations/anomalies/:id/resolve { note } (运营) → OpsResolveRes
//   | 404 unknown | 409 already handled / a refund still processing | 422 note missing or too long
export const OPS_NOTE_MAX = 200;
export interface OpsResolveReq {
  note: string;
}
export interface OpsResolveRes {
  anomaly: OpsAnomaly;
}

// POST /api/studio/operations/search { q } (every admin) → OpsSearchRes | 400 { error }
//   A POST, not a GET: the words searched for (names, ID and phone numbers: health-related personal
//   data) never travel in a URL, so no access log — ours or a reverse proxy's — keeps them.
//   q: a name (or part of one), a mobile number, an ID number (whole, or its last 4+ characters),
//   an order number, an exam number or a trade number; at least OPS_SEARCH_MIN characters.
export const OPS_SEARCH_MIN = 2;
export const OPS_SEARCH_QMAX = 40;
export const OPS_SEARCH_MAX = 50;
export interface OpsSearchReq {
  q: string;
}

export interface OpsOrderHit extends OpsPerson {
  orderId: string;
  kind: string;
  packageName: string;
  examDay: string;
  slot: string;
  amountCents: number;
  state: string;
  stateLabel: string;
  payLabel: string;
  company: string;
  /** When it was booked (the centre's wall clock, 'YYYY-MM-DD HH:mm:ss'). */
  createdTime: string;
}

export interface OpsSearchRes {
  hits: OpsOrderHit[];
  /** More matched than OPS_SEARCH_MAX (the list is cut: search more precisely). */
  more: boolean;
  masked: boolean;
}

/** The search's rule, for the page and the server alike: null when the query may be sent, else why not. */
export function opsSearchProblem(q: unknown): string | null {
  if (typeof q !== 'string') return `请至少输入 ${OPS_SEARCH_MIN} 个字符`;
  const n = Array.from(q.trim()).length;
  if (n < OPS_SEARCH_MIN) return `请至少输入 ${OPS_SEARCH_MIN} 个字符`;
  if (n > OPS_SEARCH_QMAX) return `最多输入 ${OPS_SEARCH_QMAX} 个字符`;
  return null;
}

/** The note's rule (标记已处理), for the page and the server alike. */
export function opsNoteProblem(note: unknown): string | null {
  if (typeof note !== 'string' || !note.trim()) return '请填写处理说明';
  if (Array.from(note.trim()).length > OPS_NOTE_MAX) return `处理说明最多 ${OPS_NOTE_MAX} 个字`;
  return null;
}

/** Order state and payment flag as the examinee's app words them (src/app/functions.ts). */
export const OPS_ORDER_STATE_LABEL: Record<string, string> = {
  F: '预约成功',
  S: '已预约（待支付）',
  C: '已撤销',
  export: '已导入',
  E: '异常订单',
  Refund: '已退费',
};
export const OPS_PAY_FLAG_LABEL: Record<string, string> = {
  F: '待支付',
  EING: '支付中',
  T: '已支付',
  TJServeERR: '已退款',
  RefundERR: '退款失败',
};
