/**
 * The app's expression function names (flows call them by name). The
 * implementations are src/app/functions.ts, typed against this list, so the
 * two cannot drift; the engine's built-ins (fmtMoney, …) are not listed here.
 */
import type { FunctionSignature } from '../shapes';

export const APP_FUNCTION_NAMES = ['idCardSex', 'idCardError', 'phoneOk', 'weekday', 'orderStateLabel', 'payFlagLabel', 'canCancel'] as const;

export type AppFunctionName = (typeof APP_FUNCTION_NAMES)[number];

/**
 * Each app function's arguments and answer (the checker refuses a call with
 * the wrong number or kind of arguments; the studio shows them). Typed against
 * the list, so a function cannot be added without its signature.
 */
export const APP_FUNCTION_SIGNATURES: Record<AppFunctionName, FunctionSignature> = {
  idCardSex: { params: [{ name: 'idCard', kind: 'text' }], returns: { anyOf: [{ enum: [1, 2] }, 'null'] }, doc: '身份证号的性别：1 男，2 女（号码不对时为 null）' },
  idCardError: { params: [{ name: 'idCard', kind: 'text' }], returns: { anyOf: ['string', 'null'] }, doc: '身份证号哪里不对（没问题时为 null）' },
  phoneOk: { params: [{ name: 'tel', kind: 'text' }], returns: 'boolean', doc: '是不是 11 位手机号' },
  weekday: { params: [{ name: 'date', kind: 'date' }], returns: 'string', doc: '日期是星期几（"星期一"）' },
  orderStateLabel: { params: [{ name: 'state', kind: 'text' }, { name: 'IsUsePay', kind: 'any' }], returns: 'string', doc: '订单状态的文字（预约成功、已撤销…）' },
  payFlagLabel: { params: [{ name: 'flag', kind: 'text' }], returns: 'string', doc: '支付状态的文字（待支付、已支付…）' },
  canCancel: {
    params: [{ name: 'beginDate', kind: 'date' }, { name: 'startDays', kind: 'number' }, { name: 'now', kind: 'date', optional: true }],
    returns: 'boolean',
    doc: '现在还能不能取消（体检日前 startDays 天的 0 点之前）',
  },
};
