/** The capacity calls (contract/api/backoffice/capacity.ts) and the close the server wants confirmed. */
import {
  CAPACITY_CONFIRM_CLOSE,
  type CapacityCloseRes,
  type CapacityDayRes,
  type CapacityMonthRes,
  type CapacityOpenRes,
  type CapacityRule,
  type CapacityRuleApplyRes,
  type CapacityRulePreviewRes,
  type CapacityScopesRes,
  type CapacitySlotDraft,
} from '../../../contract/api/backoffice/capacity';
import { StudioApiError, studioCall } from '../../api';

const enc = encodeURIComponent;

export const capacityApi = {
  scopes: () => studioCall<CapacityScopesRes>('GET', '/capacity/scopes'),
  month: (scope: string, month: string) => studioCall<CapacityMonthRes>('GET', `/capacity/month?scope=${enc(scope)}&month=${enc(month)}`),
  day: (scope: string, day: string) => studioCall<CapacityDayRes>('GET', `/capacity/day?scope=${enc(scope)}&day=${enc(day)}`),
  saveDay: (scope: string, day: string, slots: CapacitySlotDraft[]) => studioCall<CapacityDayRes>('POST', '/capacity/day', { scope, day, slots }),
  close: (scopes: string[], from: string, to: string, note: string, keepBookings = false) =>
    studioCall<CapacityCloseRes>('POST', '/capacity/close', { scopes, from, to, note, ...(keepBookings ? { keepBookings } : {}) }),
  open: (scopes: string[], from: string, to: string) => studioCall<CapacityOpenRes>('POST', '/capacity/open', { scopes, from, to }),
  preview: (rule: CapacityRule) => studioCall<CapacityRulePreviewRes>('POST', '/capacity/rule/preview', { rule }),
  apply: (rule: CapacityRule) => studioCall<CapacityRuleApplyRes>('POST', '/capacity/rule/apply', { rule }),
};

/** A close the server wants confirmed (days with bookings): its question, else null. */
export function closeQuestion(e: unknown): string | null {
  return e instanceof StudioApiError && e.status === 409 && e.message.endsWith(CAPACITY_CONFIRM_CLOSE) ? e.message : null;
}
