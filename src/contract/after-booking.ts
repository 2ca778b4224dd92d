/**
 * Request and response shapes of the after-booking calls served by
 * src/server/routes/{notice,reports,approvals,questionnaires,payrecords}.
 * Every answer is wrapped in the Envelope of ./calls.ts; "JSON text" means
 * returnData is a string the client must JSON.parse (CALLS[x].jsonText).
 */

// ---------------------------------------------------------------- notice
export interface GetNoticeInfoReq { titleName: string }
/** content is HTML (trusted, from the centre's notice table). */
export interface GetNoticeInfoRes { content: string; titleName: string }

// ---------------------------------------------------------------- reports
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

export interface GetReportPDFUrlReq { kw?: string; regno: string }
/** returnData: a short-lived link (relative to the API host), e.g. /report-files/pdf?code=… */
export type GetReportPDFUrlRes = string;

// ---------------------------------------------------------------- questionnaires
export interface GetPatientinfoReq { regno: string }
export interface PatientInfo { name: string; tel: string; lncName: string; idcard: string; age: number; sex: boolean; regno: string; flag: string }
/** returnData: JSON text of PatientInfo[] (empty list for an unknown regno). */
export type GetPatientinfoRes = string;

/** Optional beside every answer text: which questionnaire and schema version it was given in. */
export interface SchemaTag { schemaId?: string; schemaVersion?: string }

export interface GetQuestionReq { openId: string }
/** Each field is the saved JSON text, or '' when none was saved. */
export interface GetQuestionRes {
  occupationalDiseasesQs: string;
  ordinaryQs: string;
  /** The archived schema each text was given in (`versions/<schemaId>@<hash>.json`), '' when unknown. */
  occupationalDiseasesQsSchema?: string;
  ordinaryQsSchema?: string;
}

/** One saved answer by id (view mode); only the owner's openId may read it. */
export interface GetQuestionByIdReq { openId: string; id: string }
export interface GetQuestionByIdRes {
  id: string;
  title: string;
  kind: QuestionnaireKind;
  status: QuestionnaireStatus;
  submitTime: string;
  /** The saved JSON text ('' while pending). */
  body: string;
  schemaId: string | null;
  schemaVersion: string | null;
  /** Path below /schemas/ of the archived schema it was answered in, or null (then the current one). */
  schemaPath: string | null;
}

export interface SaveGetQuestionReq extends SchemaTag { openId: string; ordinaryQs?: string; occupationalDiseasesQs?: string }
export interface SaveGetQuestionRes { success: true }

export interface SaveQuestionsReq extends SchemaTag { regno: string; kw: string; questionZC: string }
export interface SaveQuestionsRes { success: true }

export interface GetQuestionListReq { openId: string }
export type QuestionnaireKind = 'health' | 'occupational' | 'other';
export type QuestionnaireStatus = 'completed' | 'pending' | 'processing';
export interface QuestionListItem {
  id: string;
  title: string;
  /** 'YYYY-MM-DD HH:mm' (Asia/Shanghai), '' while pending. */
  submitTime: string;
  status: QuestionnaireStatus;
  kind: QuestionnaireKind;
  schemaId: string | null;
  schemaVersion: string | null;
}
export type GetQuestionListRes = QuestionListItem[];

// ---------------------------------------------------------------- approvals
export interface VerifyDirectorReviewPwdReq { id: number | string; pwd: string }
/** Truthy on success: send `token` in header x-approver-token (APPROVER_TOKEN_HEADER). */
export interface VerifyDirectorReviewPwdRes { token: string; expires_in: number; name: string }

export type FreePersonIsPay = 'F' | 'T' | '0';
export interface FreePerson {
  regNo: string; patName: string; position: string; party: string; idcard: string; tel: string;
  addr: string; lncName: string; amt: string; Sqdate: string; isPay: FreePersonIsPay;
}
/** returnData: JSON text of FreePerson[] (pending first). */
export type GetFreePersonRes = string;
export interface UpdateFreePersonStateReq { regno: string; status: '1' | '0'; kw?: string; startDate?: string }
export interface UpdateFreePersonStateRes { regNo: string; isPay: FreePersonIsPay; approver: string }

export type CardStatus = '0' | '1' | '2';
export interface TokenCard { card_no: string; name: string; par_value: string; oper: string; ddrq: string; status: CardStatus }
/** returnData: JSON text of TokenCard[] (pending first). */
export type GetCardPersonRes = string;
export interface UpdateCardPersonReq { idCard: string; name?: string; status: 'T' | 'F' }
export interface UpdateCardPersonRes { card_no: string; status: CardStatus; approver: string }

// ---------------------------------------------------------------- pay records
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
export interface SweepCodePayRes { appid: string; timeStamp: string; nonceStr: string; package: string; signType: 'MD5'; paySign: string }
