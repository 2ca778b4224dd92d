/**
 * Bodies and answers (returnData) of the core + booking calls (src/contract/calls.ts).
 * Conventions of the reference server:
 *  - Amounts in answers are strings with 2 decimals ('128.00'); in bodies a string or a number.
 *    The server recomputes every total in integer cents (src/contract/rules/money.ts).
 *  - Dates 'YYYY-MM-DD'; timestamps 'YYYY-MM-DD HH:mm:ss' (centre-local time).
 *  - Personal order types: person | question | staff | vehicle | healthCertificate; group: 'group'.
 */

// ---------- auth ----------
export interface GetTokenPasswordBody {
  grant_type: 'password';
  client_id: string;
  client_secret: string;
  name: string;
  password: string;
  scope: 'api1';
}
export interface GetTokenOpenidBody {
  openid: string;
}
export interface TokenInfo {
  token_type: 'Bearer';
  access_token: string;
  /** Seconds. */
  expires_in: number;
}
/** User cookie object (booking spec §3) plus the openid. tag "1" = approver tiles. */
export interface UserInfo {
  openid: string;
  name: string;
  idCard: string;
  tel: string;
  tag: string;
}
export interface UserOpenidBody {
  openid: string;
}
export interface UserOpenidAnswer {
  tokenInfo: TokenInfo;
  /** Empty name/idCard/tel until the first order is created. */
  user: UserInfo;
  registered: boolean;
}
/**
 * GET /api/OAuthApi/toWeChatOauth?targetUrl=<url>  → 302 to targetUrl with
 * `success=true&type=oauth&returnMsg=&returnData=<openid>&openid=<openid>` appended
 * (or success=false&returnMsg=微信授权失败). targetUrl must be relative or on an allowed origin.
 */
export interface OAuthRedirectParams {
  success: 'true' | 'false';
  type: string;
  returnMsg: string;
  returnData: string;
  openid: string;
}

// ---------- catalogue ----------
export interface PackageCard {
  clus_Code: string;
  clus_Name: string;
  clus_Note: string;
  price: string;
  /** '1' male, '2' female, '3' either. */
  sex: '1' | '2' | '3';
  /** '2' = married-only. */
  marr_status: string;
  /** Detail tabs (introduction, notice) — HTML-free text. */
  intro: string;
  notice: string;
}
export interface SexLists {
  m: PackageCard[];
  w: PackageCard[];
}
export interface GetClusItemListBody {
  clus_type: '4';
}
export interface GetStaffClusItemBody {
  clus_type: '1';
}
export interface GetVehicleClusItemBody {
  clus_type: '6' | '5';
  sex?: '1' | '2' | '3';
}
export interface GetItemCombListBody {
  comb_code: string;
}
export interface PackageItem {
  comb_Code: string;
  comb_code: string;
  comb_Name: string;
  comb_Price: string;
  note: string;
}
export interface AddClusItemBody {
  code: string;
}
export interface AddItemNode {
  comb_code: string;
  comb_name: string;
  price: string;
  clus_code: string;
  id: string;
  text: string;
  note: string;
}
export interface AddItemCategory {
  id: string;
  text: string;
  children: AddItemNode[];
}
/** AddClusItem returnData is JSON text of AddItemCategory[]. GetAddClusItemList returnData: */
export type OnsiteOnlyList = Array<{ comb_code: string; comb_name: string }>;

// ---------- calendars ----------
export interface GetPersonSumListBody {
  /** Order type (person, vehicle, …) or clus_type code ('4','1','6','5'). */
  type: string;
  start: string;
  end: string;
  hospCode?: string;
}
export interface PersonDay {
  person_Date: string;
  /** 'T' holiday, 'F' working day. */
  person_Flag: string;
  person_Sum: number;
  person_Surplus: number;
}
export interface GetSumTimeListBody {
  date_Time: string;
  type: string;
}
export interface PersonSlot {
  sumtime_Name: string;
  sumtime_Code: string;
  person_Surplus: number;
}
export interface GetTeamSumListBody {
  lnccode: string;
  start: string;
  end: string;
  hospCode?: string;
}
export interface TeamDay {
  team_Date: string;
  team_Flag: string;
  /** 'total' when the company books from the shared pool, else its lnc_code. */
  spType: string;
  team_Sum: number;
  team_Surplus: number;
  /** 星期一 … 星期日 */
  week: string;
}
export interface GetTeamSumTimeListBody {
  date_Time: string;
  lnccode: string;
}
export interface TeamSlot {
  sumtime_Name: string;
  sumtime_Code: string;
  team_Surplus: number;
}

// ---------- orders ----------
export interface PersonOrderAddBody {
  openid: string;
  name: string;
  idCard: string;
  tel: string;
  clus_Name?: string;
  clus_Code: string;
  begin_Time: string;
  type: string;
  sumtime_Code: string;
  sumtime_Name?: string;
  price: string | number;
  /** Comma-joined extra item codes ('' for none). */
  choose_comb_code?: string;
  /** Health-certificate type T/P/S/O (required for healthCertificate). */
  hflag?: string;
  /** Job code (required for healthCertificate). */
  job?: string;
  hospCode?: string;
  /** '1' unmarried, '2' married. */
  marr_status?: string;
  /** The questionnaire answers the order carries: JSON text, or the answers themselves (stored as JSON text). */
  questionZC?: string | Record<string, unknown> | unknown[] | null;
  /** Optional idempotency key; a repeat with the same key returns the same order. */
  requestId?: string;
}
export interface TeamOrderAddBody {
  openid: string;
  name: string;
  tel: string;
  idcard: string;
  clus_code: string;
  clus_name?: string;
  begin_time: string;
  lnc_Code: string;
  sumtime_Code: string;
  sumtime_Name?: string;
  company_Name?: string;
  regno?: string;
  choose_comb_code?: string;
  /** Extra items only: the group package is paid by the company. */
  price: string | number;
  spType?: string;
  /** The questionnaire answers the order carries: JSON text, or the answers themselves (stored as JSON text). */
  questionZC?: string | Record<string, unknown> | unknown[] | null;
  requestId?: string;
}
export type OrderState = 'F' | 'S' | 'C' | 'export' | 'E' | 'Refund';
export type PayFlag = 'F' | 'EING' | 'T' | 'TJServeERR' | 'RefundERR';
export interface ChosenItem {
  comb_code: string;
  comb_name: string;
  price: string;
}
/** All Order fields of after-booking spec §3, plus hold/expiry helpers. */
export interface OrderView {
  id: string;
  idCard: string;
  name: string;
  tel: string;
  type: string;
  clus_Code: string;
  clus_Name: string;
  begin_Time: string;
  sumtime_Name: string;
  sumtime_Code: string;
  price: string;
  state: OrderState;
  errmsg: string;
  created_Time: string;
  choose_comb_code: ChosenItem[];
  company_Name: string;
  regno: string;
  pay_flag: PayFlag;
  tj_date: string;
  hospCode: string;
  lnc_Code: string;
  /** Epoch ms until which an unpaid order holds its place (null: no hold). */
  hold_until: number | null;
}
export interface OrderAddAnswer {
  ord: OrderView;
  uid: UserInfo;
}
export interface OrderRefBody {
  id: string;
  idCard?: string;
  idcard?: string;
  type?: string;
}
export interface PayParams {
  appid: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'MD5';
  paySign: string;
}
export interface SandboxPayResultBody {
  id: string;
  outcome: 'ok' | 'cancel' | 'fail';
}
export interface FindByOrderListBody {
  openid: string;
}

// ---------- groups ----------
export interface Company {
  lnc_Code: string;
  lnc_Name: string;
}
export interface TeamLoginBody {
  lnc_Code: string;
  idCard: string;
  tel: string;
}
export interface TeamMemberRecord {
  pat_name: string;
  idcard: string;
  tel: string;
  clus_code: string;
  clus_name: string;
  lnc_code: string;
  lnc_name: string;
  reg_no: string;
  /** 普通体检 or an occupational type (接触噪声作业, 粉尘作业, …). */
  flag: string;
  /** The package's description and price (yuan, paid by the company) for 套餐简介. */
  clus_note: string;
  clus_price: string;
  /** The member's active booking for this exam, if any: shown (and cancellable) instead of booking again. */
  order: OrderView | null;
}
/** TeamLogin not found: success true, returnData = JSON text of [{ err: '<message>' }]. */
export type TeamLoginErr = Array<{ err: string }>;
