/**
 * The app's expression functions (pure, total: bad input gives null/''/false,
 * never a throw). Flows call them by name; the checker learns the names from
 * APP_FUNCTION_NAMES (src/contract/vocabulary), which this table must match
 * exactly (typed below). `fmtMoney` is the engine's.
 */
import dayjs from 'dayjs';
import type { AppFunctionName } from '../contract/vocabulary';
import { checkIdCard } from '../contract/rules/idcard';
import { isPhone } from '../contract/rules/phone';
import { cancelCutoffMs, centreMs } from '../contract/rules/centre-day';

type Fn = (...args: unknown[]) => unknown;

const ID_RE = /^\d{17}[\dXx]$/;

/** 1 (male) when the 17th digit is odd, 2 (female) when even; null for a malformed id. */
export function idCardSex(id: unknown): 1 | 2 | null {
  if (typeof id !== 'string' || !ID_RE.test(id)) return null;
  return Number(id[16]) % 2 === 1 ? 1 : 2;
}

/** The first failing ID-card message (booking spec §5 order), or null when valid. */
export function idCardError(id: unknown): string | null {
  return checkIdCard(typeof id === 'string' ? id.trim() : id);
}

/** 11 digits, 1 then 3-9. */
export function phoneOk(tel: unknown): boolean {
  return isPhone(typeof tel === 'string' ? tel.trim() : tel);
}

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

function toDay(v: unknown) {
  if (typeof v === 'number' && Number.isFinite(v)) return dayjs(v);
  if (typeof v !== 'string' || v.trim() === '') return null;
  const d = dayjs(v.trim().replace(/\//g, '-'));
  return d.isValid() ? d : null;
}

/** '2024-06-03' → '星期一'; '' for junk. */
export function weekday(date: unknown): string {
  const d = toDay(date);
  return d ? WEEKDAYS[d.day()] : '';
}

/** Order state label (after-booking §4). Unknown states show the raw code. */
export function orderStateLabel(state: unknown, IsUsePay: unknown): string {
  switch (state) {
    case 'F':
      return '预约成功';
    case 'S':
      return IsUsePay === true || IsUsePay === 'true' || IsUsePay === 1 || IsUsePay === '1' ? '已预约（待支付）' : '已预约（现场缴费）';
    case 'C':
      return '已撤销';
    case 'export':
      return '已导入';
    case 'E':
      return '异常订单';
    case 'Refund':
      return '已退费';
    default:
      return state === null || state === undefined ? '' : String(state);
  }
}

const PAY_FLAGS: Record<string, string> = {
  F: '待支付',
  EING: '支付中',
  TJServeERR: '已退款',
  RefundERR: '退款失败',
  T: '已支付',
};

/** Payment flag label (after-booking §4); unknown flags show the raw code. */
export function payFlagLabel(flag: unknown): string {
  if (typeof flag !== 'string') return flag === null || flag === undefined ? '' : String(flag);
  return PAY_FLAGS[flag] ?? flag;
}

/**
 * Cancellation cut-off (after-booking §4): 00:00 of the day that is
 * (startDays − 1) days before the checkup date; `now` must be strictly earlier.
 * startDays 1 → until 00:00 of the checkup day; 2 → until 00:00 of the day before.
 * `now`: epoch ms or a date(-time) string; omitted → the current time.
 */
export function canCancel(beginDate: unknown, startDays: unknown, now?: unknown): boolean {
  const day = toDay(beginDate);
  const n = typeof startDays === 'string' && startDays.trim() !== '' ? Number(startDays) : startDays;
  if (!day || typeof n !== 'number' || !Number.isFinite(n)) return false;
  // The centre's clock (src/contract/rules/centre-day.ts), as the server decides it: a phone in
  // another time zone, or with its clock set by hand to a zone, sees the same cut-off.
  const t = now === undefined || now === null ? Date.now() : typeof now === 'number' ? now : centreMs(String(now).trim().replace(/\//g, '-'));
  if (!Number.isFinite(t)) return false;
  return t < cancelCutoffMs(day.format('YYYY-MM-DD'), n);
}

/** Name → function, for createFunctionRegistry(appFunctions). */
export const appFunctions: Record<AppFunctionName, Fn> = {
  idCardSex,
  idCardError,
  phoneOk,
  weekday,
  orderStateLabel,
  payFlagLabel,
  canCancel,
};

export { APP_FUNCTION_NAMES } from '../contract/vocabulary/functions';
