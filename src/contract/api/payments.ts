/** Payment records, the desk's QR lookup and scan-code payment. */

export interface GetPayRecordListReq { openid: string }
export interface PayRecord {
  /** The exam number ('' while the centre has not given one yet — never an internal id). */
  regno: string; name: string; createtime: string; clus_name: string; PayAmount: string;
  /** F to pay, EING paying, T paid, Refund refunded, RefundERR refund failed (staff follow up). */
  pay_flag: 'F' | 'EING' | 'T' | 'Refund' | 'RefundERR';
  tj_date: string;
}
export type GetPayRecordListRes = PayRecord[];

export interface GetInforMationReq { regno: string }
export interface InforMationRow {
  regno: string; name: string; createtime: string; clus_name: string; PayAmount: string; tj_date: string;
  /** true when the scan-code order has expired (the page shows 订单已过期). */
  expired: boolean;
  pay_flag: 'F' | 'EING' | 'T';
}
/** returnData: JSON text of InforMationRow[]; for an unknown regno `[{"Info":"该体检人不存在"}]`. */
export type GetInforMationRes = string;

export interface SweepCodePayReq {
  regno: string; openid: string; price?: string | number; tj_date?: string;
  name?: string; createtime?: string; clus_name?: string; PayAmount?: string | number;
}
export interface SweepCodePayRes { appid: string; timeStamp: string; nonceStr: string; package: string; signType: 'RSA'; paySign: string }
