/**
 * How the back office words an order — its type, its state, its payment flag —
 * in the examinee app's words (src/app/functions.ts; the contract's
 * OPS_ORDER_STATE_LABEL and OPS_PAY_FLAG_LABEL): one source for the operations
 * view and the exports.
 */
import { OPS_ORDER_STATE_LABEL, OPS_PAY_FLAG_LABEL } from '../../../contract/api/backoffice/operations';

/** Order type → what the app calls it (flows' titles). */
export const ORDER_TYPE_LABEL: Record<string, string> = {
  person: '健康体检',
  question: '个性化体检',
  staff: '入职体检',
  vehicle: '驾驶证体检',
  healthCertificate: '健康证体检',
  group: '团队体检',
};

/** Order state as the app shows it: S is 待支付 with online payment on, 现场缴费 without. */
export function orderStateLabel(state: string, usePay = true): string {
  if (state === 'S' && !usePay) return '已预约（现场缴费）';
  return OPS_ORDER_STATE_LABEL[state] ?? state;
}

export const payFlagLabel = (flag: string): string => OPS_PAY_FLAG_LABEL[flag] ?? flag;
