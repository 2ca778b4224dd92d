/** Groups: companies and the member's team login. */
import type { OrderView } from './orders';

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
