/** Orders: creation (personal and group), the order as the app sees it, payment, cancel and refund.
 * Amounts in answers are strings with 2 decimals ('128.00'); in bodies a string or a number: the server
 * recomputes every total in integer cents (src/contract/rules/money.ts). Dates 'YYYY-MM-DD';
 * timestamps 'YYYY-MM-DD HH:mm:ss' on the centre's clock. Personal order types: person | question |
 * staff | vehicle | healthCertificate; group: 'group'. */
import type { UserInfo } from './auth';

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
  /** WeChat Pay API v3: paySign is RSA-SHA256 by the merchant key over appId, timeStamp, nonceStr and package. */
  signType: 'RSA';
  paySign: string;
}
export interface SandboxPayResultBody {
  id: string;
  outcome: 'ok' | 'cancel' | 'fail';
}
export interface FindByOrderListBody {
  openid: string;
}
