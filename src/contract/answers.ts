/**
 * What each call answers, as the app's flows see it: the shape of `returnData`
 * (a jsonText call's after JSON.parse). The config checker types
 * `result.returnData` and what `keep` stores from it (`data.x`, `session.x`).
 * A call left out answers `any`: the checker says nothing about it.
 * The shapes are tied to the interfaces of src/contract/api (answer-shapes.ts).
 */
import type { CallName } from './calls';
import * as A from './answer-shapes';
import { anyOf, list, obj, type Shape } from './shapes';

export const CALL_ANSWERS: Partial<Record<CallName, Shape>> = {
  GetNoticeInfo: A.NoticeShape,
  GetClusItemList: A.SexListsShape,
  GetStaffClusItem: A.SexListsShape,
  GetVehicleClusItem: list(A.PackageCardShape),
  GetItemCombList: list(A.PackageItemShape),
  AddClusItem: list(A.AddItemCategoryShape),
  GetAddClusItemList: list(A.OnsiteOnlyShape),
  GetPersonSumList: list(A.PersonDayShape),
  GetSumTimeList: list(A.PersonSlotShape),
  GetTeamSumList: list(A.TeamDayShape),
  GetTeamSumTimeList: list(A.TeamSlotShape),
  PersonOrderAdd: A.OrderAddAnswerShape,
  TeamOrderAdd: A.OrderAddAnswerShape,
  PersonOrderPay: A.PayParamsShape,
  SyncOrderById: A.OrderViewShape,
  PersonOrderCancel: A.OrderViewShape,
  PersonOrderRefund: A.OrderViewShape,
  TeamOrderCancel: A.OrderViewShape,
  FindByOrderList: list(A.OrderViewShape),
  GetTjLncListByName: list(A.CompanyShape),
  GetTjLncList: list(A.CompanyShape),
  // Found: the member's records; not found: [{ err }] (TeamLoginErr), as JSON text (this server) or a list (the spec's).
  TeamLogin: anyOf(list(A.TeamMemberRecordShape), list(A.TeamLoginErrShape), 'string'),
  GetPayRecordList: list(A.PayRecordShape),
  SendVerifyCode: 'null',
  CheckVerifyCode: A.CheckVerifyCodeResShape,
  userOpenid: A.UserOpenidAnswerShape,
  GetToken: A.TokenInfoShape,
  GetReportList: list(A.ReportListGroupShape),
  GetReportDetail: A.ReportDetailShape,
  GetPacsPhotoUrl: A.PacsPhotoShape,
  GetReportPDFUrl: 'string',
  GetPatientinfo: list(A.PatientInfoShape),
  GetQuestion: A.GetQuestionResShape,
  GetQuestionList: list(A.QuestionListItemShape),
  GetQuestionById: A.QuestionByIdShape,
  GetQuestionnaire: A.QuestionByIdShape,
  SaveQuestionnaire: A.SaveQuestionnaireResShape,
  SaveGetQuestion: obj({ success: 'boolean' }),
  SaveQuestions: obj({ success: 'boolean' }),
  VerifyDirectorReviewPwd: A.ApproverTokenShape,
  GetFreePerson: list(A.FreePersonShape),
  UpdateFreePersonState: A.FreePersonDecisionShape,
  GetCardPerson: list(A.TokenCardShape),
  UpdateCardPerson: A.TokenCardDecisionShape,
  // An unknown exam number answers [{ Info: '该体检人不存在' }].
  GetInforMation: list(anyOf(A.InforMationRowShape, obj({ Info: 'string' }))),
  SweepCodePay: A.SweepCodePayResShape,
  JsSdkConfig: A.JsSdkConfigShape,
};

/** The start-up config (`config.*` in expressions). */
export const STARTUP_CONFIG_SHAPE: Shape = A.StartupConfigShape;
