/**
 * The preview is read-only: the request layer answers every call that is not a
 * read with `{ success: false, returnMsg: '预览中不提交' }` without a request,
 * and the effects that pay, go to OAuth or leave the page say so instead.
 */
import type { Api } from '../../app/api/client';
import { EFFECTS } from '../../app/effects/registry';
import { showAlert } from '../../app/effects/ui';
import type { Envelope } from '../../contract/calls';
import { PREVIEW_REFUSAL } from './protocol';

/**
 * Calls that only read (src/contract/calls.ts, checked against the server's
 * handlers), plus the password-grant token the reads need. Not here: every
 * order, payment, refund, cancel, save or approval; TeamLogin / userOpenid /
 * CheckVerifyCode / VerifyDirectorReviewPwd (they grant something);
 * SendVerifyCode (sends a text message).
 */
export const PREVIEW_READS: ReadonlySet<string> = new Set([
  'GetToken',
  'GetNoticeInfo',
  'GetClusItemList',
  'GetVehicleClusItem',
  'GetStaffClusItem',
  'GetItemCombList',
  'GetPersonSumList',
  'GetSumTimeList',
  'GetTeamSumList',
  'GetTeamSumTimeList',
  'GetTjLncListByName',
  'GetTjLncList',
  'GetAddClusItemList',
  'FindByOrderList',
  'GetPayRecordList',
  'GetReportList',
  'GetReportDetail',
  'GetPacsPhotoUrl',
  'GetReportPDFUrl',
  'GetPatientinfo',
  'GetQuestion',
  'GetQuestionList',
  'GetQuestionnaire',
  'GetQuestionById',
  'GetFreePerson',
  'GetCardPerson',
  'GetInforMation',
]);

export function readOnlyApi(api: Api, onRefused?: (name: string) => void): Api {
  return {
    ...api,
    call<T>(name: string, body?: Record<string, unknown>, opts?: Parameters<Api['call']>[2]): Promise<Envelope<T>> {
      if (PREVIEW_READS.has(name)) return api.call<T>(name, body, opts);
      onRefused?.(name);
      return Promise.resolve({ success: false, returnMsg: PREVIEW_REFUSAL, returnData: null as T });
    },
  };
}

/** What each refused effect says (and the outcome it reports, so the flow goes on as after a cancel). */
const REFUSED_EFFECTS: Record<string, { text: string; outcome: string }> = {
  wechatPay: { text: '预览中不支付', outcome: 'cancel' },
  oauthRedirect: { text: '预览中不跳转到微信授权', outcome: '' },
  openUrl: { text: '预览中不打开外部链接', outcome: '' },
  reload: { text: '预览中不刷新页面', outcome: '' },
};

/** Replaces the effects that pay, redirect or leave the page (the app's registry, in this page only). */
export function disableLeavingEffects(): void {
  for (const [name, r] of Object.entries(REFUSED_EFFECTS)) {
    const e = EFFECTS[name];
    if (!e) continue;
    EFFECTS[name] = {
      outcomes: e.outcomes,
      run: async () => {
        await showAlert(r.text);
        return r.outcome;
      },
    };
  }
}
