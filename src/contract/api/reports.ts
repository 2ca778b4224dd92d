/** Reports: the SMS login, the report list and detail, imaging and the PDF. "JSON text": returnData is a string the client must JSON.parse (CALLS[x].jsonText). */

export interface SendVerifyCodeReq { tel: string }
/** returnMsg 验证码发送成功，5分钟内有效。 returnData null. */
export type SendVerifyCodeRes = null;

/**
 * name and idCard are optional: when present the report session is bound to
 * that person at once (they must match a person with reports who has this
 * phone); otherwise it is bound by the first GetReportList.
 */
export interface CheckVerifyCodeReq { tel: string; code: string; name?: string; idCard?: string }
/** Send `token` in header x-report-token (REPORT_TOKEN_HEADER). expires_in in seconds. */
export interface CheckVerifyCodeRes { token: string; expires_in: number; token_type: 'report' }

export interface GetReportListReq { idCard: string; name: string; tel: string }
export interface ReportListEntry { report_Name: string; report_No: string; report_Date: string; hosp_code: string }
export interface ReportListGroup { years: string; listData: ReportListEntry[] }
export type GetReportListRes = ReportListGroup[];

export interface GetReportDetailReq { regNo: string }
export type CheckCls = '0' | '1' | '2' | '*';
export interface ReportDetailRow {
  item_name: string;
  rec_result: string;
  /** '↑' above range, '↓' below, '' normal (or a text hint such as '异常'). */
  hint: string;
  unit: string;
  ref_lower: string;
  ref_upper: string;
}
export interface ReportItem {
  check_cls: CheckCls;
  comb_name: string;
  res_tag: string;
  dept_doct: string;
  /** Imaging (check_cls '1') items: the PACS accession number for GetPacsPhotoUrl. */
  accessionNumber?: string;
  detailList: ReportDetailRow[];
}
export interface ReportDetail {
  name: string;
  sex: 1 | 2;
  age: number;
  regno: string;
  reg_date: string;
  sumup: string;
  sugg_tag: string;
  doc_name: string;
  tj_cls: string;
  itemlist: ReportItem[];
}
/** returnData: JSON text of ReportDetail. */
export type GetReportDetailRes = string;

export interface GetPacsPhotoUrlReq { accessionNumber: string }
/** resultCode 0 = found; 1 = no image. photoUrl is a short-lived link (relative to the API host). */
export interface GetPacsPhotoUrlRes { resultCode: number; resultData: { photoUrl: string }; resultMsg: string }

export interface GetReportPDFUrlReq { kw?: string | number; regno: string }
/** returnData: a short-lived link (relative to the API host), e.g. /report-files/pdf?code=… */
export type GetReportPDFUrlRes = string;
