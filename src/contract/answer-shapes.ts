/**
 * The contract's named types as shapes (shapes.ts), each tied at compile time
 * to the interface it describes in src/contract/api: change one without the
 * other and `tsc` fails on the Assert at the bottom. The names are the
 * interfaces' names; flows/app.yaml may name them as session key types
 * (`user: { type: UserInfo }`).
 */
import type { GetQuestionByIdRes, GetQuestionRes, PatientInfo, QuestionListItem, SaveQuestionnaireRes } from './api/questionnaires';
import type { AddItemCategory, AddItemNode, PackageCard, PackageItem, PersonDay, PersonSlot, SexLists, TeamDay, TeamSlot } from './api/booking';
import type { ChosenItem, OrderAddAnswer, OrderView, PayParams } from './api/orders';
import type { Company, TeamLoginErr, TeamMemberRecord } from './api/groups';
import type { TokenInfo, UserInfo, UserOpenidAnswer } from './api/auth';
import type { CheckVerifyCodeRes, GetPacsPhotoUrlRes, ReportDetail, ReportListGroup } from './api/reports';
import type { FreePerson, TokenCard, UpdateCardPersonRes, UpdateFreePersonStateRes, VerifyDirectorReviewPwdRes } from './api/approvals';
import type { GetNoticeInfoRes } from './api/notice';
import type { InforMationRow, PayRecord, SweepCodePayRes } from './api/payments';
import type { JsSdkConfigAnswer } from './api/wechat';
import type { StartupConfig } from './calls';
import { list, nullable, obj, oneOf, opt, type Assert, type Same, type Shape, type TypeOf } from './shapes';

const s = 'string';
const n = 'number';
const b = 'boolean';

export const UserInfoShape = obj({ openid: s, name: s, idCard: s, tel: s, tag: s });
export const TokenInfoShape = obj({ token_type: oneOf('Bearer'), access_token: s, expires_in: n });
export const UserOpenidAnswerShape = obj({ tokenInfo: TokenInfoShape, user: UserInfoShape, registered: b });

export const PackageCardShape = obj({
  clus_Code: s, clus_Name: s, clus_Note: s, price: s, sex: oneOf('1', '2', '3'), marr_status: s, intro: s, notice: s,
});
export const SexListsShape = obj({ m: list(PackageCardShape), w: list(PackageCardShape) });
export const PackageItemShape = obj({ comb_Code: s, comb_code: s, comb_Name: s, comb_Price: s, note: s });
export const AddItemNodeShape = obj({ comb_code: s, comb_name: s, price: s, clus_code: s, id: s, text: s, note: s });
export const AddItemCategoryShape = obj({ id: s, text: s, children: list(AddItemNodeShape) });
export const OnsiteOnlyShape = obj({ comb_code: s, comb_name: s });
export const PersonDayShape = obj({ person_Date: s, person_Flag: s, person_Sum: n, person_Surplus: n });
export const PersonSlotShape = obj({ sumtime_Name: s, sumtime_Code: s, person_Surplus: n });
export const TeamDayShape = obj({ team_Date: s, team_Flag: s, spType: s, team_Sum: n, team_Surplus: n, week: s });
export const TeamSlotShape = obj({ sumtime_Name: s, sumtime_Code: s, team_Surplus: n });

export const ChosenItemShape = obj({ comb_code: s, comb_name: s, price: s });
export const OrderViewShape = obj({
  id: s, idCard: s, name: s, tel: s, type: s, clus_Code: s, clus_Name: s, begin_Time: s, sumtime_Name: s, sumtime_Code: s,
  price: s, state: oneOf('F', 'S', 'C', 'export', 'E', 'Refund'), errmsg: s, created_Time: s, choose_comb_code: list(ChosenItemShape),
  company_Name: s, regno: s, pay_flag: oneOf('F', 'EING', 'T', 'TJServeERR', 'RefundERR'), tj_date: s, hospCode: s, lnc_Code: s,
  hold_until: nullable(n),
});
export const OrderAddAnswerShape = obj({ ord: OrderViewShape, uid: UserInfoShape });
export const PayParamsShape = obj({ appid: s, timeStamp: s, nonceStr: s, package: s, signType: oneOf('RSA'), paySign: s });

export const CompanyShape = obj({ lnc_Code: s, lnc_Name: s });
export const TeamMemberRecordShape = obj({
  pat_name: s, idcard: s, tel: s, clus_code: s, clus_name: s, lnc_code: s, lnc_name: s, reg_no: s, flag: s,
  clus_note: s, clus_price: s, order: nullable(OrderViewShape),
});
export const TeamLoginErrShape = obj({ err: s });

export const CheckVerifyCodeResShape = obj({ token: s, expires_in: n, token_type: oneOf('report') });
export const ReportListGroupShape = obj({ years: s, listData: list(obj({ report_Name: s, report_No: s, report_Date: s, hosp_code: s })) });
export const ReportDetailShape = obj({
  name: s, sex: oneOf(1, 2), age: n, regno: s, reg_date: s, sumup: s, sugg_tag: s, doc_name: s, tj_cls: s,
  itemlist: list(obj({
    check_cls: oneOf('0', '1', '2', '*'), comb_name: s, res_tag: s, dept_doct: s, accessionNumber: opt(s),
    detailList: list(obj({ item_name: s, rec_result: s, hint: s, unit: s, ref_lower: s, ref_upper: s })),
  })),
});
export const PacsPhotoShape = obj({ resultCode: n, resultData: obj({ photoUrl: s }), resultMsg: s });

export const PatientInfoShape = obj({ name: s, tel: s, lncName: s, idcard: s, age: n, sex: b, regno: s, flag: s });
export const GetQuestionResShape = obj({
  occupationalDiseasesQs: s, ordinaryQs: s, occupationalDiseasesQsSchema: opt(s), ordinaryQsSchema: opt(s),
});
const QuestionnaireStatusShape = oneOf('completed', 'pending', 'processing');
export const QuestionByIdShape = obj({
  id: s, title: s, kind: s, status: QuestionnaireStatusShape, submitTime: s, body: s, schemaId: nullable(s),
  schemaVersion: nullable(s), schemaPath: nullable(s), score: nullable(n), scoreLabel: s,
});
export const QuestionListItemShape = obj({
  id: s, title: s, submitTime: s, status: QuestionnaireStatusShape, kind: s, schemaId: nullable(s), schemaVersion: nullable(s),
});
export const SaveQuestionnaireResShape = obj({ id: s, score: nullable(n), scoreLabel: s });

export const ApproverTokenShape = obj({ token: s, expires_in: n, name: s });
const FreePersonIsPay = oneOf('F', 'T', '0');
export const FreePersonShape = obj({
  regNo: s, patName: s, position: s, party: s, idcard: s, tel: s, addr: s, lncName: s, amt: s, Sqdate: s, isPay: FreePersonIsPay,
});
export const FreePersonDecisionShape = obj({ regNo: s, isPay: FreePersonIsPay, approver: s });
const CardStatus = oneOf('0', '1', '2');
export const TokenCardShape = obj({ card_no: s, name: s, par_value: s, oper: s, ddrq: s, status: CardStatus });
export const TokenCardDecisionShape = obj({ card_no: s, status: CardStatus, approver: s });

export const NoticeShape = obj({ content: s, titleName: s });
export const PayRecordShape = obj({
  regno: s, name: s, createtime: s, clus_name: s, PayAmount: s, pay_flag: oneOf('F', 'EING', 'T', 'Refund', 'RefundERR'), tj_date: s,
});
export const InforMationRowShape = obj({
  regno: s, name: s, createtime: s, clus_name: s, PayAmount: s, tj_date: s, expired: b, pay_flag: oneOf('F', 'EING', 'T'),
});
export const SweepCodePayResShape = PayParamsShape;
export const JsSdkConfigShape = obj({ appId: s, timestamp: n, nonceStr: s, signature: s });

export const BranchShape = obj({ hospCode: s, hospName: s, hospTel: s, hospAddr: s });
export const StartupConfigShape = obj({
  apiHost: s, version: s, IsUsePay: b, IsAddClusItem: b, calendarStartDays: n, calendarEndDays: n,
  cancelStartDaysPerson: n, cancelStartDaysTeam: n,
  crypto: obj({ enabled: b, keySeed: opt(s), substitution: opt(s) }),
  tokenClient: obj({ client_id: s, client_secret: s, name: s, password: s }),
  payProvider: oneOf('sandbox', 'wechat'), branches: list(BranchShape), banners: list(s), centreTz: s,
});

/** The names a session key's type may use (flows/app.yaml), each an interface of src/contract/api. */
export const NAMED_SHAPES: Record<string, Shape> = {
  UserInfo: UserInfoShape, TokenInfo: TokenInfoShape, PackageCard: PackageCardShape, PackageItem: PackageItemShape,
  AddItemNode: AddItemNodeShape, ChosenItem: ChosenItemShape, OrderView: OrderViewShape, PayParams: PayParamsShape,
  Company: CompanyShape, TeamMemberRecord: TeamMemberRecordShape, PersonDay: PersonDayShape, PersonSlot: PersonSlotShape,
  TeamDay: TeamDayShape, TeamSlot: TeamSlotShape, CheckVerifyCodeRes: CheckVerifyCodeResShape, ReportListGroup: ReportListGroupShape,
  ReportDetail: ReportDetailShape, PatientInfo: PatientInfoShape, VerifyDirectorReviewPwdRes: ApproverTokenShape,
  FreePerson: FreePersonShape, TokenCard: TokenCardShape, Branch: BranchShape, QuestionListItem: QuestionListItemShape,
};

// Each shape describes exactly its interface (a field added, dropped or retyped on one side fails here).
export type _ShapeChecks = [
  Assert<Same<TypeOf<typeof UserInfoShape>, UserInfo>>,
  Assert<Same<TypeOf<typeof TokenInfoShape>, TokenInfo>>,
  Assert<Same<TypeOf<typeof UserOpenidAnswerShape>, UserOpenidAnswer>>,
  Assert<Same<TypeOf<typeof PackageCardShape>, PackageCard>>,
  Assert<Same<TypeOf<typeof SexListsShape>, SexLists>>,
  Assert<Same<TypeOf<typeof PackageItemShape>, PackageItem>>,
  Assert<Same<TypeOf<typeof AddItemNodeShape>, AddItemNode>>,
  Assert<Same<TypeOf<typeof AddItemCategoryShape>, AddItemCategory>>,
  Assert<Same<TypeOf<typeof PersonDayShape>, PersonDay>>,
  Assert<Same<TypeOf<typeof PersonSlotShape>, PersonSlot>>,
  Assert<Same<TypeOf<typeof TeamDayShape>, TeamDay>>,
  Assert<Same<TypeOf<typeof TeamSlotShape>, TeamSlot>>,
  Assert<Same<TypeOf<typeof ChosenItemShape>, ChosenItem>>,
  Assert<Same<TypeOf<typeof OrderViewShape>, OrderView>>,
  Assert<Same<TypeOf<typeof OrderAddAnswerShape>, OrderAddAnswer>>,
  Assert<Same<TypeOf<typeof PayParamsShape>, PayParams>>,
  Assert<Same<TypeOf<typeof CompanyShape>, Company>>,
  Assert<Same<TypeOf<typeof TeamMemberRecordShape>, TeamMemberRecord>>,
  Assert<Same<Array<TypeOf<typeof TeamLoginErrShape>>, TeamLoginErr>>,
  Assert<Same<TypeOf<typeof CheckVerifyCodeResShape>, CheckVerifyCodeRes>>,
  Assert<Same<TypeOf<typeof ReportListGroupShape>, ReportListGroup>>,
  Assert<Same<TypeOf<typeof ReportDetailShape>, ReportDetail>>,
  Assert<Same<TypeOf<typeof PacsPhotoShape>, GetPacsPhotoUrlRes>>,
  Assert<Same<TypeOf<typeof PatientInfoShape>, PatientInfo>>,
  Assert<Same<TypeOf<typeof GetQuestionResShape>, GetQuestionRes>>,
  Assert<Same<TypeOf<typeof QuestionByIdShape>, GetQuestionByIdRes>>,
  Assert<Same<TypeOf<typeof QuestionListItemShape>, QuestionListItem>>,
  Assert<Same<TypeOf<typeof SaveQuestionnaireResShape>, SaveQuestionnaireRes>>,
  Assert<Same<TypeOf<typeof ApproverTokenShape>, VerifyDirectorReviewPwdRes>>,
  Assert<Same<TypeOf<typeof FreePersonShape>, FreePerson>>,
  Assert<Same<TypeOf<typeof FreePersonDecisionShape>, UpdateFreePersonStateRes>>,
  Assert<Same<TypeOf<typeof TokenCardShape>, TokenCard>>,
  Assert<Same<TypeOf<typeof TokenCardDecisionShape>, UpdateCardPersonRes>>,
  Assert<Same<TypeOf<typeof NoticeShape>, GetNoticeInfoRes>>,
  Assert<Same<TypeOf<typeof PayRecordShape>, PayRecord>>,
  Assert<Same<TypeOf<typeof InforMationRowShape>, InforMationRow>>,
  Assert<Same<TypeOf<typeof SweepCodePayResShape>, SweepCodePayRes>>,
  Assert<Same<TypeOf<typeof JsSdkConfigShape>, JsSdkConfigAnswer>>,
  Assert<Same<TypeOf<typeof StartupConfigShape>, StartupConfig>>,
];
