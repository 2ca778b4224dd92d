/**
 * The HTTP contract between the app and a centre's back end: every call of both
 * spec documents (section 7), by name. Client (request layer, flow checker) and
 * reference server import this one table, so a call cannot exist on one side only.
 *
 * Paths are under `/api/`. Where the spec gives a path (booking journey §7) it is
 * used verbatim; where it says "path names come from a constants table that is not
 * shown" the controller prefix is our decision (docs/decisions.md).
 */

export interface CallDef {
  /** Path below /api/ */
  path: string;
  /** GET for the OAuth redirect only; everything else is POST JSON. */
  method: 'POST' | 'GET';
  /** Which bearer the server demands: service token (GetToken), none, report token, approver token. */
  auth: 'service' | 'none' | 'report' | 'approver';
  /**
   * Per-user call: whose data it reads or changes. 'openid' / 'openId' = the body
   * field naming the user; 'order' = the owner of the order named by body.id. The
   * server answers only a service token bound to that openid (userOpenid /
   * GetToken by openid, after OAuth); a client-credentials token gets 401, another
   * user's token 403. 'regno' = the exam number body.regno: the token's openid
   * must hold a grant for it (TeamLogin as that member under this openid, or the
   * openid's own user record is that person; server/services/groups/regno-grants.ts),
   * else 403. Calls without it are public (catalogue, calendars, notices…).
   */
  owner?: 'openid' | 'openId' | 'order' | 'regno';
  /**
   * Reads the centre's public catalogue (packages, items, day capacities, notices): the same answer
   * for anyone, nothing changes. Only such a call may the server make itself, to draw a landing
   * screen with its data (app/ssr/entry-seed.ts, server/plugins/ssr-calls.ts).
   */
  catalogue?: true;
  /** returnData is JSON text (a string the client must JSON.parse). */
  jsonText?: boolean;
  /** Spec section the call comes from, for readers. */
  spec: string;
}

export const CALLS = {
  // ---- booking journey §7 (paths from the spec) ----
  GetNoticeInfo: { path: 'BackProtectApi/GetNoticeInfo', method: 'POST', auth: 'service', catalogue: true, spec: 'booking §7' },
  GetClusItemList: { path: 'UserInfoApi/GetClusItemList', method: 'POST', auth: 'service', catalogue: true, spec: 'booking §7' },
  GetVehicleClusItem: { path: 'UserInfoApi/GetVehicleClusItem', method: 'POST', auth: 'service', catalogue: true, spec: 'booking §7' },
  GetStaffClusItem: { path: 'UserInfoApi/GetStaffClusItem', method: 'POST', auth: 'service', catalogue: true, spec: 'booking §7' },
  GetItemCombList: { path: 'UserInfoApi/GetItemCombList', method: 'POST', auth: 'service', catalogue: true, spec: 'booking §7' },
  GetPersonSumList: { path: 'PersonSumApi/GetPersonSumList', method: 'POST', auth: 'service', catalogue: true, spec: 'booking §7' },
  GetSumTimeList: { path: 'PersonSumApi/GetSumTimeList', method: 'POST', auth: 'service', catalogue: true, spec: 'booking §7' },
  GetTeamSumList: { path: 'TeamSumApi/GetTeamSumList', method: 'POST', auth: 'service', spec: 'booking §7' },
  PersonOrderAdd: { path: 'OrderListApi/PersonOrderAdd', method: 'POST', auth: 'service', owner: 'openid', spec: 'booking §7' },
  PersonOrderPay: { path: 'OrderListApi/PersonOrderPay', method: 'POST', auth: 'service', owner: 'order', spec: 'booking §7' },
  SyncOrderById: { path: 'OrderListApi/SyncOrderById', method: 'POST', auth: 'service', owner: 'order', spec: 'booking §7' },
  GetTjLncListByName: { path: 'UserInfoApi/GetTjLncListByName', method: 'POST', auth: 'service', spec: 'booking §7' },
  GetTjLncList: { path: 'UserInfoApi/GetTjLncList', method: 'POST', auth: 'service', spec: 'booking §7' },
  TeamLogin: { path: 'UserInfoApi/TeamLogin', method: 'POST', auth: 'service', spec: 'booking §7' },

  // ---- after-booking §7 (controller prefixes decided by us) ----
  GetTeamSumTimeList: { path: 'TeamSumApi/GetTeamSumTimeList', method: 'POST', auth: 'service', spec: 'after §7' },
  TeamOrderAdd: { path: 'OrderListApi/TeamOrderAdd', method: 'POST', auth: 'service', owner: 'openid', spec: 'after §7' },
  AddClusItem: { path: 'UserInfoApi/AddClusItem', method: 'POST', auth: 'service', jsonText: true, spec: 'after §7' },
  GetAddClusItemList: { path: 'UserInfoApi/GetAddClusItemList', method: 'POST', auth: 'service', catalogue: true, spec: 'after §7' },
  FindByOrderList: { path: 'OrderListApi/FindByOrderList', method: 'POST', auth: 'service', owner: 'openid', spec: 'after §7' },
  PersonOrderRefund: { path: 'OrderListApi/PersonOrderRefund', method: 'POST', auth: 'service', owner: 'order', spec: 'after §7' },
  TeamOrderCancel: { path: 'OrderListApi/TeamOrderCancel', method: 'POST', auth: 'service', owner: 'order', spec: 'after §7' },
  PersonOrderCancel: { path: 'OrderListApi/PersonOrderCancel', method: 'POST', auth: 'service', owner: 'order', spec: 'after §7' },
  GetPayRecordList: { path: 'PayRecordApi/GetPayRecordList', method: 'POST', auth: 'service', owner: 'openid', spec: 'after §7' },
  SendVerifyCode: { path: 'ReportApi/SendVerifyCode', method: 'POST', auth: 'service', spec: 'after §7' },
  CheckVerifyCode: { path: 'ReportApi/CheckVerifyCode', method: 'POST', auth: 'service', spec: 'after §7' },
  toWeChatOauth: { path: 'OAuthApi/toWeChatOauth', method: 'GET', auth: 'none', spec: 'after §7' },
  /** Not in the spec: the wx.config signature for a page of this app (server-side, jsapi_ticket cached in the database). */
  JsSdkConfig: { path: 'OAuthApi/JsSdkConfig', method: 'POST', auth: 'service', spec: 'decision' },
  userOpenid: { path: 'UserInfoApi/userOpenid', method: 'POST', auth: 'service', spec: 'after §7' },
  GetReportList: { path: 'ReportApi/GetReportList', method: 'POST', auth: 'report', spec: 'after §7' },
  GetReportDetail: { path: 'ReportApi/GetReportDetail', method: 'POST', auth: 'report', jsonText: true, spec: 'after §7' },
  GetPacsPhotoUrl: { path: 'ReportApi/GetPacsPhotoUrl', method: 'POST', auth: 'report', spec: 'after §7' },
  GetReportPDFUrl: { path: 'ReportApi/GetReportPDFUrl', method: 'POST', auth: 'report', spec: 'after §7' },
  GetPatientinfo: { path: 'QuestionApi/GetPatientinfo', method: 'POST', auth: 'service', owner: 'regno', jsonText: true, spec: 'after §7' },
  GetQuestion: { path: 'QuestionApi/GetQuestion', method: 'POST', auth: 'service', owner: 'openId', spec: 'after §7' },
  SaveQuestions: { path: 'QuestionApi/SaveQuestions', method: 'POST', auth: 'service', owner: 'regno', spec: 'after §7' },
  SaveGetQuestion: { path: 'QuestionApi/SaveGetQuestion', method: 'POST', auth: 'service', owner: 'openId', spec: 'after §7' },
  /** Not in the spec (its list was hard-coded samples): the real "my questionnaires" list. */
  GetQuestionList: { path: 'QuestionApi/GetQuestionList', method: 'POST', auth: 'service', owner: 'openId', spec: 'decision' },
  /** Not in the spec: one saved questionnaire by id (view mode, with the archived schema it was answered in). */
  SaveQuestionnaire: { path: 'QuestionApi/SaveQuestionnaire', method: 'POST', auth: 'service', owner: 'openId', spec: 'decision' },
  GetQuestionnaire: { path: 'QuestionApi/GetQuestionnaire', method: 'POST', auth: 'service', owner: 'openId', spec: 'decision' },
  GetQuestionById: { path: 'QuestionApi/GetQuestionById', method: 'POST', auth: 'service', owner: 'openId', spec: 'decision' },
  VerifyDirectorReviewPwd: { path: 'BackProtectApi/VerifyDirectorReviewPwd', method: 'POST', auth: 'service', spec: 'after §7' },
  GetFreePerson: { path: 'BackProtectApi/GetFreePerson', method: 'POST', auth: 'approver', jsonText: true, spec: 'after §7' },
  UpdateFreePersonState: { path: 'BackProtectApi/UpdateFreePersonState', method: 'POST', auth: 'approver', spec: 'after §7' },
  GetCardPerson: { path: 'BackProtectApi/GetCardPerson', method: 'POST', auth: 'approver', jsonText: true, spec: 'after §7' },
  UpdateCardPerson: { path: 'BackProtectApi/UpdateCardPerson', method: 'POST', auth: 'approver', spec: 'after §7' },
  GetInforMation: { path: 'PayRecordApi/GetInforMation', method: 'POST', auth: 'service', jsonText: true, spec: 'after §7' },
  SweepCodePay: { path: 'PayRecordApi/SweepCodePay', method: 'POST', auth: 'service', owner: 'openid', spec: 'after §7' },
  GetToken: { path: 'TokenApi/GetToken', method: 'POST', auth: 'none', spec: 'after §7' },
  /** Sandbox payment provider: the app's sandbox sheet reports the outcome the user chose. */
  SandboxPayResult: { path: 'PayApi/SandboxPayResult', method: 'POST', auth: 'service', owner: 'order', spec: 'decision' },
} as const satisfies Record<string, CallDef>;

export type CallName = keyof typeof CALLS;
export const CALL_NAMES = Object.keys(CALLS) as CallName[];

/** The contract's call of that name, if any (a name from config or a request: no prototype key counts). */
export function callDefOf(name: string): CallDef | undefined {
  return Object.hasOwn(CALLS, name) ? (CALLS as Record<string, CallDef>)[name] : undefined;
}

/**
 * A read of the public catalogue the server may make itself, for anyone (`catalogue`): also a service
 * call with no owner, so a slip in the table cannot make the server fetch someone's data.
 */
export function isCatalogueCall(name: string): boolean {
  const def = callDefOf(name);
  return !!def && def.catalogue === true && def.auth === 'service' && def.method === 'POST' && !def.owner;
}

/** Every answer of every call. */
export interface Envelope<T = unknown> {
  success: boolean;
  returnMsg: string;
  returnData: T;
}

/** Whether a parsed answer is an envelope (anything else is a broken or foreign answer). */
export function isEnvelope(d: unknown): d is Envelope {
  return !!d && typeof d === 'object' && typeof (d as Envelope).success === 'boolean';
}

/** A `jsonText` call's returnData as the app reads it: '' is null, text that is not JSON stays text. */
export function jsonTextValue(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Extra request headers for the non-service bearers. */
export const REPORT_TOKEN_HEADER = 'x-report-token';
export const APPROVER_TOKEN_HEADER = 'x-approver-token';

/** The start-up configuration file (GET /config.json?t=<now>). */
export interface StartupConfig {
  apiHost: string;
  version: string;
  IsUsePay: boolean;
  IsAddClusItem: boolean;
  /** Calendar bounds: days from today of the first and last bookable day shown. */
  calendarStartDays: number;
  calendarEndDays: number;
  /** Cancellation cut-off start days (personal, group). */
  cancelStartDaysPerson: number;
  cancelStartDaysTeam: number;
  /** encryStr wrapping on/off, and the key material (deployment config, never in the bundle). */
  crypto: { enabled: boolean; keySeed?: string; substitution?: string };
  /** Client identity for the GetToken password grant, from deployment config. */
  tokenClient: { client_id: string; client_secret: string; name: string; password: string };
  /** Payment provider: 'sandbox' shows the in-app sandbox sheet; 'wechat' calls WeixinJSBridge. */
  payProvider: 'sandbox' | 'wechat';
  branches: Array<{ hospCode: string; hospName: string; hospTel: string; hospAddr: string }>;
  banners: string[];
  /** The centre's time zone (IANA name): the app's "today" and cut-offs follow it (contract/rules/centre-day.ts). */
  centreTz: string;
}
